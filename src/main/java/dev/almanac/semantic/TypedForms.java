package dev.almanac.semantic;

import static dev.almanac.semantic.PeriodComparison.COMPARE_WORDS;
import static dev.almanac.semantic.QuestionWords.WORD;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Rephrasing.LETTERS;
import static dev.almanac.semantic.Rephrasing.letterRuns;

import dev.almanac.reading.Lexicon;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites of how a question is typed: a contraction without its apostrophe ("whats"), a typist's shorthand ("# of",
 * "w/o", "pls", "cnt"), a unit of time written short ("hrs"), signs ("> 5", "10+", "win %"), amounts ("$2,500", "15k") and
 * ranges of numbers ("5000-10000", "3 or more"), a year written once for two periods ("Q2 vs Q3 2025"), "total" typed last,
 * and a word of the model misspelt, abbreviated, said by its initials' words or as a compound written the other way.
 * The rules that make them, with their examples, are {@link Rephrasing}'s.
 */
final class TypedForms {
    private TypedForms() {}

    private static final Pattern AMOUNT = Pattern.compile("(?i)(?<![\\w.,])\\$?(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?\\s?(k|m|bn)?(?!\\w|,\\d)");

    /**
     * Amounts written as people write them, as the number they are: "$500" is 500, "10k" 10000, "1.5m" 1500000, "1,200"
     * 1200 (a year, "2025", stays as written: it has no sign, separator or suffix).
     */
    public static String amounts(String q) {
        if (q.indexOf('$') < 0 && q.indexOf(',') < 0 && !Pattern.compile("(?i)\\d\\s?(k|m|bn)\\b").matcher(q).find()) return q;
        Matcher m = AMOUNT.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String whole = m.group(1).replace(",", ""), fraction = m.group(2), suffix = m.group(3);
            boolean written = m.group().startsWith("$") || m.group(1).contains(",") || suffix != null;
            if (!written) continue;
            java.math.BigDecimal n = new java.math.BigDecimal(whole + (fraction == null ? "" : fraction));
            if (suffix != null) n = n.multiply(java.math.BigDecimal.TEN.pow(switch (suffix.toLowerCase(Locale.ROOT)) { case "k" -> 3; case "m" -> 6; default -> 9; }));
            String number = n.stripTrailingZeros().toPlainString();
            // "$2,000" keeps its sign where the number could be a year: an amount, never the year 2000
            if (m.group().startsWith("$") && number.matches("(19|20)\\d{2}")) number = "$" + number;
            m.appendReplacement(out, Matcher.quoteReplacement(number));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static final Pattern RANGE = Pattern.compile("(?i)\\b(?:from\\s+)?(\\d+(?:\\.\\d+)?)\\s*(?:-|–|to)\\s*(\\d+(?:\\.\\d+)?)\\b(?![-/.:]\\d)");

    static String numberRange(String q) {
        Matcher m = RANGE.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean years = m.group(1).matches("(?:19|20)\\d{2}") && m.group(2).matches("(?:19|20)\\d{2}"); // a period, read as one
            boolean date = m.start() > 0 && q.charAt(m.start() - 1) == '-' || m.group(1).length() > 4 && m.group(1).startsWith("0");
            if (years || date || new java.math.BigDecimal(m.group(1)).compareTo(new java.math.BigDecimal(m.group(2))) >= 0) continue;
            m.appendReplacement(out, "between " + m.group(1) + " and " + m.group(2));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern OR_MORE_WORDS = Pattern.compile("(?i)\\b(\\d+(?:\\.\\d+)?)\\s+or\\s+(more|greater|higher|above|over|fewer|less|lower|below|under)(?=\\s+\\p{L})(?!\\s+than\\b)");

    static String orMore(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains(" or ")) return q;
        return OR_MORE_WORDS.matcher(q).replaceAll(m -> (Set.of("more", "greater", "higher", "above", "over").contains(m.group(2).toLowerCase(Locale.ROOT))
                ? "at least " : "at most ") + m.group(1));
    }

    /** A number with a plus sign after it and no number after that ("10+", not "3+4"). */
    private static final Pattern NUMBER_PLUS = Pattern.compile("\\b(\\d+(?:\\.\\d+)?)\\+(?!\\s*\\d)");

    static String plusSign(String q) {
        return q.indexOf('+') < 0 ? q : NUMBER_PLUS.matcher(q).replaceAll("at least $1");
    }

    private static final Pattern COMPARISON_SIGN = Pattern.compile("\\s*(>=|=>|<=|=<|!=|<>|>|<|=)\\s*(?=\\$?\\d)");

    static String signs(String q) {
        if (q.indexOf('>') < 0 && q.indexOf('<') < 0 && q.indexOf('=') < 0 && q.indexOf('&') < 0) return q;
        String out = COMPARISON_SIGN.matcher(q).replaceAll(m -> switch (m.group(1)) {
            case ">=", "=>" -> " at least ";
            case "<=", "=<" -> " at most ";
            case "!=", "<>" -> " other than ";
            case ">" -> " greater than ";
            case "<" -> " less than ";
            default -> " ";
        });
        return out.replaceAll("\\s+&\\s+", " and ");
    }

    private static final Pattern NUMBER_SIGN = Pattern.compile("(?i)(?<![\\w#])#\\s*of\\b");
    private static final Pattern WITHOUT_SLASH = Pattern.compile("(?i)(?<!\\w)w/o(?!\\w)");
    private static final Pattern WITH_SLASH = Pattern.compile("(?i)(?<!\\w)w/(?=\\s)");

    /** "# paragraphs": the number sign before a noun, no "of" after it. */
    private static final Pattern NUMBER_SIGN_BARE = Pattern.compile("(?i)(?<![\\w#])#\\s*(?!of\\b)(?=\\p{L})");
    /** A plus sign between words ("names + ages", "names+ages"), never between numbers. */
    private static final Pattern PLUS_BETWEEN_WORDS = Pattern.compile("(?<=\\p{L})(?:\\s+\\+\\s+|\\+)(?=[\\p{L}#])");
    /** "asc" or "desc" ending a question that sorts: the direction. */
    private static final Pattern SHORT_DIRECTION = Pattern.compile("(?i)(\\b(?:(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?)\\s+by|by(?=[^?.!]*\\sasc\\s*[?.!]?\\s*$))\\b[^?.!]*?\\s)(asc|desc)(?=\\s*[?.!]?\\s*$)");
    /** A typist's short words, lower case, for English words (never the model's own: a value "w", a column "govt"). */
    private static final Map<String, String> SHORT_WORDS = Map.of("w", "with", "pls", "please", "plz", "please", "govt", "government", "gov't", "government");

    static String shorthand(QuestionParser reader, String q) {
        String out = q;
        if (q.indexOf('#') >= 0 || q.indexOf('/') >= 0) {
            out = NUMBER_SIGN.matcher(out).replaceAll("number of");
            out = NUMBER_SIGN_BARE.matcher(out).replaceAll("number of ");
            out = WITHOUT_SLASH.matcher(out).replaceAll("without");
            out = WITH_SLASH.matcher(out).replaceAll("with");
        }
        if (out.indexOf('+') >= 0) out = NUMBER_OR_MORE.matcher(PLUS_BETWEEN_WORDS.matcher(out).replaceAll(" and ")).replaceAll("$1 or more");
        out = SHORT_DIRECTION.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + (m.group(2).equalsIgnoreCase("asc") ? "ascending" : "descending")));
        Matcher m = SHORT_WORD.matcher(out);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String w = m.group();
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(w);
            m.appendReplacement(b, ours ? Matcher.quoteReplacement(w) : SHORT_WORDS.get(w));
        }
        return m.appendTail(b).toString();
    }

    /** "2+ courses", "1,000+ employees": a number and a plus sign, before a word, is that number or more. */
    private static final Pattern NUMBER_OR_MORE = Pattern.compile("(?<![\\w.,])(\\d+(?:,\\d{3})*)\\+(?=\\s+\\p{L})");

    /** A word of {@link #SHORT_WORDS} as typed, in lower case, standing alone. */
    private static final Pattern SHORT_WORD = Pattern.compile("(?<![\\w'])(?<!letter\\s)(?<!character\\s)(?:w|pls|plz|govt|gov't)(?![\\w'/])");

    /** English's contractions with "n't" and "'s" of a question word, as they are typed without the apostrophe. */
    private static final Map<String, String> UNMARKED = Map.ofEntries(Map.entry("whats", "what's"), Map.entry("whos", "who's"), Map.entry("wheres", "where's"),
            Map.entry("hows", "how's"), Map.entry("thats", "that's"), Map.entry("dont", "don't"), Map.entry("doesnt", "doesn't"), Map.entry("didnt", "didn't"),
            Map.entry("isnt", "isn't"), Map.entry("arent", "aren't"), Map.entry("wasnt", "wasn't"), Map.entry("werent", "weren't"), Map.entry("havent", "haven't"),
            Map.entry("hasnt", "hasn't"), Map.entry("hadnt", "hadn't"), Map.entry("cant", "can't"), Map.entry("wont", "won't"), Map.entry("couldnt", "couldn't"),
            Map.entry("wouldnt", "wouldn't"), Map.entry("shouldnt", "shouldn't"));

    static String unmarkedContractions(QuestionParser reader, String q) {
        StringBuilder out = null;
        int copied = 0;
        Matcher m = LETTERS.matcher(q);
        while (m.find()) {
            String said = UNMARKED.get(m.group().toLowerCase(Locale.ROOT));
            // a word of the model's own ("cant" of a slope, "wont") stays as written; so does one English has as a noun ("wont")
            if (said == null || reader != null && reader.lexicon.vocabulary().contains(m.group().toLowerCase(Locale.ROOT))
                    || Lexicon.english().partsOfSpeech(m.group().toLowerCase(Locale.ROOT)).contains(dev.almanac.reading.PartOfSpeech.NOUN)) continue;
            if (out == null) out = new StringBuilder();
            out.append(q, copied, m.start()).append(Character.isUpperCase(m.group().charAt(0)) ? Character.toUpperCase(said.charAt(0)) + said.substring(1) : said);
            copied = m.end();
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    private static final Pattern TIME_UNIT_SHORT = Pattern.compile("(?<![\\w'/.-])(mos?|mths?|wks?|hrs?|yrs?|qtrs?|mins|secs)(?![\\w'/-])");
    private static final Pattern RIGHT_NOW_SHORT = Pattern.compile("(?<![\\w'/.-])rn\\s*([?.!]*)\\s*$");

    /** "how many hours did it take": a number of time units a thing took. */
    private static final Pattern UNITS_TAKEN = Pattern.compile("(?i)\\bhow\\s+many\\s+(hours?|days?|minutes?|weeks?|months?|seconds?)\\s+(did|does|do|will|would|has|have|had)\\s+it\\s+(take|took|taken)\\b");

    /**
     * "how many hours did it take to resolve them", "average hours to resolve": how long it took, said in the unit asked
     * ("how long in hours did it take", "average time in hours to resolve"), so that a duration measured in another unit is
     * not read for it.
     */
    static String unitsTaken(String q) {
        return UNITS_AS_TIME.matcher(UNITS_TAKEN.matcher(q).replaceAll("how long in $1 $2 it $3")).replaceAll("$1 time in $2 $3");
    }

    /** "average hours to resolve", "median days until shipped": an aggregate of a time said by its unit, before what takes it. */
    private static final Pattern UNITS_AS_TIME = Pattern.compile("(?i)\\b(average|avg|mean|median)\\s+(hours|days|minutes|weeks|months|seconds)\\s+(to|until|till|before)\\b");

    static String timeUnitsShort(QuestionParser reader, String q) {
        Matcher m = TIME_UNIT_SHORT.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean ours = reader != null && reader.lexicon.namingWords().contains(m.group(1));
            m.appendReplacement(out, ours ? m.group() : Words.ABBREVIATIONS.get(m.group(1)));
        }
        String said = m.appendTail(out).toString();
        Matcher now = RIGHT_NOW_SHORT.matcher(said);
        boolean ours = reader != null && reader.lexicon.namingWords().contains("rn");
        return now.find() && !ours ? said.substring(0, now.start()) + "now" + now.group(1) : said;
    }

    static String compoundSpelling(QuestionParser reader, String q) {
        if (reader == null) return q;
        List<int[]> runs = letterRuns(q);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < runs.size(); i++) {
            String between = q.substring(runs.get(i)[1], runs.get(i + 1)[0]);
            if (!between.equals(" ") && !between.equals("-")) continue;
            String a = q.substring(runs.get(i)[0], runs.get(i)[1]).toLowerCase(Locale.ROOT), b = q.substring(runs.get(i + 1)[0], runs.get(i + 1)[1]).toLowerCase(Locale.ROOT);
            String joined = a + b;
            if (a.length() < 2 || b.length() < 2 || joined.length() < 6 || ourWord(reader, a) && ourWord(reader, b) || !ourWord(reader, joined)) continue;
            out.append(q, copied, runs.get(i)[0]).append(joined);
            copied = runs.get(i + 1)[1];
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    /** Whether a word (or its singular) is one of the model's names' words. */
    private static boolean ourWord(QuestionParser reader, String w) {
        return reader.lexicon.namingWords().contains(w) || reader.lexicon.namingWords().contains(singular(w));
    }

    /** A percent sign after a word, or standing alone ("% of orders"): never after a number ("5%"), which is read as written. */
    private static final Pattern WORD_PERCENT = Pattern.compile("(?<=[\\p{L})])\\s*%|(?<![\\d.\\p{L})%])\\s*%(?=\\s|$)");

    /** A question of words only, "total" last and no other "total" or "in" before it. */
    private static final Pattern TOTAL_AT_END = Pattern.compile("(?i)^\\s*((?:(?!\\b(?:total|in|the|a|running|grand|sub)\\b)[\\p{L}\\d']+\\s+){1,4})total(\\s*[?.!]?)\\s*$");

    static String totalLast(String q) {
        Matcher m = TOTAL_AT_END.matcher(q);
        return m.find() ? "total " + m.group(1).strip() + m.group(2).strip() : q;
    }

    private static final Pattern COUNT_BEFORE = Pattern.compile("(?i)(?<![\\w.])(?:num|nbr|no\\.|cnt)\\s+(?:of\\s+)?(?!(?:by|per|for|in)\\b)(?=\\p{L})");
    private static final Pattern COUNT_AFTER = Pattern.compile("(?i)^\\s*((?!(?:the|what|what's|which|who|how|show|list|give|find|tell|is|are|get|total)\\b)\\p{L}+(?:[\\s/]+\\p{L}+){0,4}?)"
            + "\\s+(?:cnt|num)\\b(\\s+(?:by|per|for|in)\\b.*|\\s*[?.!]?\\s*)$");

    static String countSaidShort(String q) {
        Matcher after = COUNT_AFTER.matcher(q);
        String out = after.matches() ? "number of " + after.group(1) + after.group(2) : q;
        return COUNT_BEFORE.matcher(out).replaceAll("number of ");
    }

    /** A percent sign after a word, not a number, is the word "percent" ("drink revenue %", a metric called so). */
    static String percentSign(String q) {
        return q.indexOf('%') < 0 ? q : WORD_PERCENT.matcher(q).replaceAll(m -> m.start() == 0 ? "percent" : " percent");
    }

    /**
     * Two words the model writes as one ("high schoolers" of a table Highschooler, "work shop" of workshop): joined, when
     * together (in the singular) they are one word of the model's names and neither is one alone.
     */
    static String closedCompounds(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        Set<String> names = reader.lexicon.vocabulary();
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < at.size(); i++) {
            if (at.get(i + 1)[0] != at.get(i)[1] + 1 || q.charAt(at.get(i)[1]) != ' ') continue; // one space between
            String a = q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT), b = q.substring(at.get(i + 1)[0], at.get(i + 1)[1]).toLowerCase(Locale.ROOT);
            if (names.contains(a) || names.contains(singular(a)) || names.contains(singular(b)) || !names.contains(singular(a + b))) continue;
            out.append(q, copied, at.get(i)[1]);
            copied = at.get(i)[1] + 1; // the space dropped
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    private static final Pattern TWO_PERIODS_ONE_YEAR = Pattern.compile("(?i)\\b(q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july|aug(?:ust)?|"
            + "sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(\\s+(?:or|and|to|vs\\.?|versus|against|compared (?:with|to))\\s+)"
            + "(q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|"
            + "dec(?:ember)?)\\s+((?:19|20)\\d{2}|(?:this|last|previous|prior)\\s+(?:year|yr))\\b");

    /** "Q1 or Q2 2026", "from Q1 to Q2 2026": the first period shares the year written once, after the second. */
    static String sharedYear(String q) {
        Matcher m = TWO_PERIODS_ONE_YEAR.matcher(q);
        // only between two periods compared, never inside a list ("April, May and June 2024" is one range)
        if (!m.find() || !COMPARE_WORDS.matcher(q).find() || q.substring(0, m.start()).stripTrailing().endsWith(",")) return q;
        return q.substring(0, m.start()) + m.group(1) + " " + m.group(4) + m.group(2) + m.group(3) + " " + m.group(4) + q.substring(m.end());
    }
    /**
     * "miles per gallon" of a model that says "mpg": a term of several words English has (a WordNet lemma: "miles per
     * gallon", "gross national product") whose initials are a word of the model's names that English does not know as a word,
     * or knows as the initials of that term (WordNet's "gnp"), said as that word. The words are as many as its letters, begin
     * and end with a noun or an adjective and hold no article, pronoun or auxiliary; "money per gallon" is no term, never "mpg".
     */
    static String initials(QuestionParser reader, String q) {
        Set<String> initialisms = reader.lexicon.initialisms();
        if (initialisms.isEmpty()) return q;
        List<int[]> at = new ArrayList<>();
        List<String> lower = new ArrayList<>();
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = QuestionWords.withoutTrailingStops(m.group());
            at.add(new int[] {m.start(), m.start() + w.length()});
            lower.add(w.toLowerCase(Locale.ROOT));
        }
        var lexicon = dev.almanac.reading.Lexicon.english();
        var function = dev.almanac.reading.FunctionWords.english();
        java.util.function.Predicate<String> headWord = w -> w.chars().allMatch(Character::isLetter) && !function.isFunctionWord(w)
                && (lexicon.partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.NOUN) || lexicon.partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE));
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (int i = 0; i < lower.size(); i++) {
            for (String word : initialisms) {
                int n = word.length();
                if (i + n > lower.size() || initialisms.contains(lower.get(i))) continue;
                List<String> phrase = lower.subList(i, i + n);
                boolean initialed = true;
                for (int k = 0; k < n && initialed; k++) initialed = phrase.get(k).charAt(0) == word.charAt(k);
                if (!initialed || !headWord.test(phrase.get(0)) || !headWord.test(phrase.get(n - 1))) continue;
                if (phrase.stream().anyMatch(w -> function.is(w, dev.almanac.reading.FunctionClass.ARTICLE) || function.is(w, dev.almanac.reading.FunctionClass.AUXILIARY)
                        || function.is(w, dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN) || function.is(w, dev.almanac.reading.FunctionClass.POSSESSIVE))) continue;
                String said = String.join(" ", phrase);
                if (!lexicon.knows(said) || lexicon.knows(word) && !lexicon.synonyms(word).contains(said)) continue;
                out.append(q, last, at.get(i)[0]).append(word);
                last = at.get(i + n - 1)[1];
                i += n - 1;
                break;
            }
        }
        if (last == 0) return q;
        return out.append(q.substring(last)).toString();
    }

    /**
     * The words the reader's own rules read, of {@value Lexicon#TYPO_MIN_LETTERS} letters or more: English's function words
     * (the grammar's list) and the words of aggregates, rankings, orders and distinct values. A typo of one letter in one of
     * them ("ordr", "avrage", "betwen") is read as it, as a typo of a model's word is; a typo that fits two words is neither.
     */
    static final Set<String> READER_WORDS = readerWords();

    private static Set<String> readerWords() {
        Set<String> out = new java.util.HashSet<>(dev.almanac.reading.FunctionWords.english().entries().keySet());
        List.of(MeasureFit.AGGREGATES, QuestionFrame.AGGREGATE_WORDS, Ranking.MOST, Ranking.LEAST, OrderWords.ASCENDING, OrderWords.DESCENDING,
                MetricReading.SORTING_VERBS, RecordShapes.DISTINCT_WORDS).forEach(out::addAll);
        out.removeIf(w -> w.length() < Lexicon.TYPO_MIN_LETTERS || !w.chars().allMatch(Character::isLetter));
        return Set.copyOf(out);
    }

    /**
     * The question with each word the model does not know and English does not know either read as the one word of the
     * model it misspells (one letter wrong, missing, extra or swapped, in a word of five letters or more) or abbreviates
     * ("qty", "cust"); a word that could be two of the model's words, a function word, a number and a period's word stay
     * as written (and are placed or reported as such).
     */
    static String spelled(QuestionParser reader, String q) {
        Set<String> vocabulary = reader.lexicon.namingWords();
        var function = dev.almanac.reading.FunctionWords.english();
        java.util.function.Predicate<String> unknown = lower -> lower.chars().allMatch(Character::isLetter) && !reader.ours.contains(lower)
                && !vocabulary.contains(singular(lower)) && !function.isFunctionWord(lower);
        // a schema's usual abbreviation of a word the model's names use ("avg" of "Average order value", "qty" of "Quantity
        // sold"): that word, which the names are matched by
        java.util.function.Predicate<String> shortFor = lower -> lower.length() >= 3 && !function.isFunctionWord(lower)
                && Words.ABBREVIATIONS.containsKey(lower) && !Words.ABBREVIATIONS.get(lower).contains(" ") && vocabulary.contains(Words.ABBREVIATIONS.get(lower));
        // an English word the model's names shorten, as no English word ("independence" of "Indep year"): that shortening
        java.util.function.Predicate<String> shortened = lower -> lower.length() > ReaderLexicon.ABBREVIATION_MAX && !reader.ours.contains(lower) && !vocabulary.contains(singular(lower))
                && reader.lexicon.shortening(lower).isPresent();
        // most questions have no word to read so: the periods are looked for only when one has
        if (tokens(q, false).stream().map(w -> w.toLowerCase(Locale.ROOT)).noneMatch(unknown.or(shortFor).or(shortened))) return q;
        Set<String> periodWords = new java.util.HashSet<>();
        for (String w : tokens(q, false)) periodWords.add(w.toLowerCase(Locale.ROOT));
        periodWords.removeAll(tokens(reader.timeframes().withoutPeriods(q), false).stream().map(w -> w.toLowerCase(Locale.ROOT)).toList());
        Set<String> spelling = new java.util.HashSet<>(); // the model's words and the reader's own, filled when a word needs them
        StringBuilder out = new StringBuilder();
        Matcher m = WORD.matcher(q);
        int last = 0;
        boolean changed = false;
        while (m.find()) {
            String w = m.group();
            String lower = w.toLowerCase(Locale.ROOT);
            String read = null;
            if (!periodWords.contains(lower) && shortFor.test(lower)) {
                read = Words.ABBREVIATIONS.get(lower);
            } else if (!periodWords.contains(lower) && shortened.test(lower)) {
                read = reader.lexicon.shortening(lower).get();
            } else if (!periodWords.contains(lower) && unknown.test(lower)) {
                var lexicon = dev.almanac.reading.Lexicon.english();
                String one = singular(lower); // "emps", "emplyees": the plural of an abbreviation or a misspelling (the model's words are singular)
                if (spelling.isEmpty()) {
                    spelling.addAll(reader.lexicon.spellingWords());
                    spelling.addAll(READER_WORDS);
                }
                if (spelling.contains(one)) continue; // "volvos": the plural of a value, not a misspelling of it
                read = lexicon.typoOf(lower, spelling).or(() -> lexicon.abbreviationOf(lower, vocabulary))
                        .or(() -> one.equals(lower) ? Optional.empty() : lexicon.typoOf(one, spelling).or(() -> lexicon.abbreviationOf(one, vocabulary)))
                        .orElse(null); // the model's word as the model writes it, singular: the reader reads it so
            }
            if (read != null) {
                out.append(q, last, m.start()).append(read);
                last = m.end();
                changed = true;
            }
        }
        if (!changed) return q;
        return out.append(q.substring(last)).toString();
    }
}
