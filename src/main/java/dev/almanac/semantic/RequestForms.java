package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Ranking.LEAST;
import static dev.almanac.semantic.Ranking.MOST;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites of how a request is said: politely or indirectly ("Could you tell me ..."), as an imperative ("Return the
 * names"), implicitly (what is asked for alone), "please" last, the records named first and what to show of them after
 * ("Which students ...? List their names.", "..., names please"), what a thing belongs to ("Which league does X belong
 * to?"), "Among X, ...", and the words a request says nothing more with ("his or her", "either ... or", "along with").
 * The rules that make them, with their examples, are {@link Rephrasing}'s.
 */
final class RequestForms {
    private RequestForms() {}

    /** "Which N ...? List (the, their) A, B and C.": a question that names the records, then a request for what to show of them. */
    private static final Pattern WHICH_THEN_REQUEST = Pattern.compile("(?i)^\\s*which\\s+(.+?)\\s*\\?\\s+((?:list|show|give(?:\\s+me)?|find|tell\\s+me|return)\\s+)"
            + "(?:both\\s+)?(?:(?:the|their|its|his|her)\\s+)?(.+?)\\s*([.?!]?)\\s*$");

    /** "Who is the first student to register? List (the, his or her) A, B and C.": one record named whole, then what to show of it. */
    private static final Pattern WHO_THEN_REQUEST = Pattern.compile("(?i)^\\s*who\\s+(?:is|was)\\s+the\\s+(.+?)\\s*\\?\\s+((?:list|show|give(?:\\s+me)?|find|tell\\s+me|return)\\s+)"
            + "(?:both\\s+)?(?:(?:the|their|its|his|her)\\s+)?(.+?)\\s*([.?!]?)\\s*$");

    /**
     * "Which professionals have done at least two treatments? List their id and role.": said as one request, "list the id and
     * role of the professionals that have done at least two treatments", when the first words after "which" name one
     * dataset's rows and the request names no other records; "the professional's id" is "the id" of them.
     */
    static String whichThenWhatOfThem(QuestionParser reader, String q) {
        Matcher who = WHO_THEN_REQUEST.matcher(q);
        if (who.matches()) {
            // "Who is the first student to register? List the first name.": the records named whole after "who is"
            List<String> said = tokens(who.group(1), true);
            boolean records = false;
            for (int n = Math.min(3, said.size()); n >= 1 && !records; n--) {
                for (int i = 0; i + n <= said.size() && !records; i++) {
                    List<String> noun = said.subList(i, i + n);
                    records = !reader.lexicon.rowsCalled(noun).isEmpty();
                }
            }
            if (!records || who.group(3).isBlank() || who.group(3).matches("(?i)them|it|these|those")) return q;
            String end = who.group(4).isEmpty() ? "?" : who.group(4);
            return who.group(2) + "the " + who.group(3) + " of the " + who.group(1) + end;
        }
        Matcher m = WHICH_THEN_REQUEST.matcher(q);
        if (!m.matches()) return q;
        String[] clause = m.group(1).split("\\s+");
        // "Which shop has the most employees? Give me its name.": the records first by a count, read as said
        for (int i = 0; i < clause.length; i++) {
            String w = clause[i].toLowerCase(Locale.ROOT);
            if ((MOST.contains(w) || LEAST.contains(w)) && !(i > 0 && clause[i - 1].equalsIgnoreCase("at"))) return q; // "at least two" is a count
        }
        for (int n = Math.min(3, clause.length - 1); n >= 1; n--) {
            List<String> noun = tokens(String.join(" ", java.util.Arrays.asList(clause).subList(0, n)), true);
            List<Dataset> named = reader.lexicon.rowsCalled(noun);
            if (named.size() != 1) continue;
            String nounWritten = String.join(" ", java.util.Arrays.asList(clause).subList(0, n));
            String rest = String.join(" ", java.util.Arrays.asList(clause).subList(n, clause.length));
            // "the professional's id": their own attribute
            String shown = m.group(3).replaceAll("(?i)\\b(?:the\\s+)?" + Pattern.quote(String.join(" ", noun)) + "(?:'s|s')\\s+", "");
            if (shown.isBlank() || shown.matches("(?i)them|it|these|those")) return q;
            String end = m.group(4).isEmpty() ? "?" : m.group(4);
            return m.group(2) + "the " + shown + " of the " + nounWritten + " that " + rest + end;
        }
        return q;
    }

    /**
     * The verbs that say a thing is part of, or placed in, what it is said of: "belong to", "affiliated with", "located in",
     * "based in", "situated in", "headquartered in" (Levin's verbs of putting and of spatial configuration said of where a
     * thing is, 1993, 9.1 and 47.6, and of belonging).
     */
    private static final String BELONGS = "(?:(?:belong|belongs|belonged)\\s+to|affiliated\\s+with|(?:located|based|situated|headquartered)\\s+in|(?:come|comes|came|hail|hails|hailed)\\s+from)";

    /** "JetBlue Airways is from which country?", "Anguilla is on what continent?": the thing named first, then what is asked of it. */
    private static final Pattern NAMED_THEN_ASKED = Pattern.compile("(?i)^\\s*(?!(?:which|what|who|how|where|when|why|list|show|give|find|tell|name|return)\\b)"
            + "(.+?)\\s+(?:is|was)\\s+(?:from|in|on|at|part\\s+of|" + BELONGS + ")\\s+(?:which|what)\\s+(.+?)\\s*[?.]?\\s*$");

    /** "Which continent does Anguilla belong to?", "Which country does the airline JetBlue Airways belong to?" */
    private static final Pattern BELONGING_ASKED = Pattern.compile("(?i)^\\s*(?:which|what)\\s+(.+?)\\s+(?:does|do|did|is|are|was|were)\\s+(?:the\\s+)?(.+?)\\s+"
            + BELONGS + "\\s*[?.]?\\s*$");

    /** "What is the continent name which Anguilla belongs to?" */
    private static final Pattern BELONGED_TO = Pattern.compile("(?i)^\\s*what\\s+(?:is|are|was|were)\\s+(?:the\\s+)?(.+?)\\s+(?:which|that)\\s+(?:the\\s+)?(.+?)\\s+"
            + BELONGS + "\\s*[?.]?\\s*$");

    /**
     * What a thing belongs to is its attribute: "Which continent does Anguilla belong to?" asks "What is the continent of
     * Anguilla?", and is read so (the attribute and the record's name then placed as in any question of that form).
     */
    static String belongingAsked(String q) {
        Matcher named = NAMED_THEN_ASKED.matcher(q);
        if (named.matches()) return "What is the " + named.group(2) + " of " + named.group(1) + "?";
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.contains("belong") && !lower.contains("affiliated") && !lower.contains("ated in") && !lower.contains("based in") && !lower.contains("tered in")
                && !lower.contains(" from")) return q;
        for (Pattern p : List.of(BELONGING_ASKED, BELONGED_TO)) {
            Matcher m = p.matcher(q);
            if (m.matches()) return "What is the " + m.group(1) + " of " + m.group(2) + "?";
        }
        return q;
    }

    /**
     * The question with "show" before it when it begins (after "the" or "all") with a phrase naming an attribute of some
     * records and says no question word and no aggregate: what is asked is shown. Else as written.
     */
    static String implicitRequest(QuestionParser reader, String q) {
        List<String> words = tokens(q, true);
        if (words.isEmpty() || words.stream().anyMatch(w -> MeasureFit.asksAggregate(w)
                || dev.almanac.reading.FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.INTERROGATIVE) || w.equals("many"))) return q;
        int start = 0;
        while (start < words.size() && (words.get(start).equals("the") || words.get(start).equals("all") || words.get(start).equals("every")
                || RecordShapes.DISTINCT_WORDS.contains(words.get(start)))) start++;
        // most questions begin with a word the model never says ("list", "show", "which"): nothing more to look up
        if (start == words.size()) return q;
        String first = singular(words.get(start));
        // the vocabulary keeps words of 3 letters or more; an attribute of free text is in no breakdown's words, only in the names'
        if (first.length() >= 3 && !reader.lexicon.namingWords().contains(first)) return q;
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> phrase = words.subList(start, start + n);
            List<String> singular = phrase.stream().map(QuestionWords::singular).toList();
            boolean attribute = reader.model().datasets().stream().anyMatch(d -> {
                Map<List<String>, Object> attributes = reader.lexicon.attributesOf(d);
                return attributes.containsKey(phrase) || attributes.containsKey(singular);
            });
            if (!attribute) continue;
            // the records' own noun ("customers by industry", "customers with more than 5 orders") asks how many, or which, of
            // them: never read as a request for an attribute
            if (!reader.lexicon.rowsCalled(singular).isEmpty()) return q;
            return "show " + q.stripLeading();
        }
        return q;
    }

    /** The words a request for a list begins with ("list", "show", "which", "give"). */
    private static final List<String> LIST_REQUEST_WORDS = List.of("list", "show", "name", "which", "what", "sort", "give", "display", "find", "return", "tell");

    /** A question that asks for a list: one of {@link #LIST_REQUEST_WORDS} first, "please" before it or not. */
    static final Pattern REQUEST_FOR_LIST = Pattern.compile("(?i)^\\s*(please\\s+)?(" + String.join("|", LIST_REQUEST_WORDS) + ")\\b");

    /** The words of a request for a list, "please" too, each on its own. */
    static final Set<String> REQUEST_VERBS = java.util.stream.Stream.concat(LIST_REQUEST_WORDS.stream(), java.util.stream.Stream.of("please"))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** Words that say what of records named first is asked: a sort, a condition on them or on records they relate to. */
    private static final Set<String> SAID_OF_RECORDS = Set.of("with", "without", "whose", "that", "who", "which", "where", "not", "never", "no",
            "ordered", "sorted", "order", "than", "over", "under", "above", "below", "at");

    private static final Pattern MEASURE_COMPARED = Pattern.compile("(?i)\\b(?:" + ComparisonRule.regex(ComparisonRule.Place.NUMBER_AFTER) + ")\\s+\\d");

    /**
     * "airlines with at least 10 flights", "teachers ordered by age", "people not from Russia": a question that begins (after
     * "the", "all", "each") with the noun of some records and then says what of them (a sort or a condition), no question
     * word, no aggregate and no period, as the request to list them it is ("list ..."); null for any other.
     */
    static String listOfRecordsNamedFirst(QuestionParser reader, String q) {
        List<String> words = tokens(q, true);
        if (words.isEmpty() || words.stream().anyMatch(w -> MeasureFit.asksAggregate(w) || w.equals("many") || w.equals("how")
                || FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.INTERROGATIVE) && !Set.of("that", "who", "which", "whose", "where").contains(w))) return null;
        // a period says which rows are counted, not which records are listed, unless a measure compared with a number is
        // measured over it ("customers with MRR over 25000 at the end of June")
        if (reader.timeframes().parse(q).isPresent() && !MEASURE_COMPARED.matcher(q).find()) return null;
        int start = 0;
        // "the 3 countries with ...": how many of them is said before them
        while (start < words.size() && (Set.of("the", "all", "each", "every", "our").contains(words.get(start)) || QuestionWords.smallNumber(words.get(start)))) start++;
        // "every maker and model", "all singers": records said whole with a quantifier ask for them
        if (start > 0 && Set.of("all", "each", "every").contains(words.get(0))) return "list " + q.stripLeading();
        // "non-USA conductors", "asian countries": a noun phrase alone, ending in the records' noun
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> noun = words.subList(words.size() - n, words.size());
            if (words.size() - n > start && !reader.lexicon.rowsCalled(noun).isEmpty()) return (start == 0 ? "list the " : "list ") + q.stripLeading();
        }
        // a sort's direction says a list ("singers by net worth ascending"), where "by" alone may say a breakdown
        if (words.stream().noneMatch(w -> SAID_OF_RECORDS.contains(w) || OrderWords.ASCENDING.contains(w) || OrderWords.DESCENDING.contains(w))) return null;
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> noun = words.subList(start, start + n);
            // "country with the most car makers": the records, as a request says them ("the")
            if (!reader.lexicon.rowsCalled(noun).isEmpty() || !reader.lexicon.rowsCalled(List.of(String.join("", noun))).isEmpty()) {
                return (start == 0 ? "list the " : "list ") + q.stripLeading();
            }
        }
        return null;
    }

    /**
     * "jetblue airways abbreviation?", "abbreviation of jetblue airways": a question that is only a value naming something and
     * an attribute, either way round, as the question it is ("what is the abbreviation of jetblue airways?"); null for any other.
     */
    static String attributeOfNamed(QuestionParser reader, String q) {
        List<String> words = tokens(q, true), said = tokens(q, false);
        if (words.size() < 2 || words.size() != said.size()) return null;
        for (int k = 1; k < words.size(); k++) {
            List<String> left = words.subList(0, k), right = words.subList(k, words.size());
            if (reader.allValuePhrases().containsKey(left) && reader.lexicon.attributePhrases().containsKey(right)) {
                return "what is the " + String.join(" ", said.subList(k, said.size())) + " of " + String.join(" ", said.subList(0, k)) + "?";
            }
            if (k + 1 < words.size() && words.get(k).equals("of") && reader.lexicon.attributePhrases().containsKey(left)
                    && reader.allValuePhrases().containsKey(words.subList(k + 1, words.size()))) {
                return "what is the " + String.join(" ", said) + "?";
            }
        }
        return null;
    }

    /** A question's last part after a dash, a colon or a comma, "please" after it or not: what to show of what is before. */
    private static final Pattern REQUEST_AFTER = Pattern.compile("(?i)^(.+?)\\s*(?:\\s-\\s|:\\s|,\\s)\\s*(?:just\\s+|only\\s+)?([^,:]+?)(?:\\s+only)?(?:\\s*,?\\s*please)?\\s*[?.!]?\\s*$");

    /**
     * "makers that have over 3 models - names and ids", "teachers aged 32, names please", "..., names only": records first, then after a dash,
     * a colon or a comma only the names of attributes to show, as the request it is ("show the names and ids of the makers
     * that have over 3 models"); null for any other.
     */
    static String requestAfter(QuestionParser reader, String q) {
        Matcher m = REQUEST_AFTER.matcher(q.replace(" + ", " and "));
        if (!m.matches()) return null;
        List<String> shown = tokens(m.group(2), true);
        boolean[] placed = new boolean[shown.size()];
        for (QuestionParser.Span span : Spans.spans(shown, reader.lexicon.attributePhrases())) for (int i = span.from(); i < span.to(); i++) placed[i] = true;
        boolean any = false;
        for (int i = 0; i < shown.size(); i++) {
            if (placed[i]) any = true;
            // a word of the model's names ("ids" of car_makers.id) that English has as a noun
            else if (reader.lexicon.vocabulary().contains(shown.get(i)) && Lexicon.english().partsOfSpeech(shown.get(i)).contains(dev.almanac.reading.PartOfSpeech.NOUN)) any = true;
            else if (!Set.of("and", "the", "their", "its", "also").contains(shown.get(i))) return null;
        }
        if (!any) return null;
        String records = m.group(1).strip().replaceFirst("(?i)^(?:the|all)\\s+", "");
        Matcher which = WHICH_RECORDS.matcher(records);
        if (which.matches()) { // "which museum has no visits, name": the records the question names, and what is said of them
            List<String> words = List.of(which.group(1).split("\\s+"));
            records = null;
            for (int n = Math.min(3, words.size() - 1); n >= 1 && records == null; n--) {
                if (reader.lexicon.rowsCalled(tokens(String.join(" ", words.subList(0, n)), true)).isEmpty()) continue;
                records = String.join(" ", words.subList(0, n)) + " that " + String.join(" ", words.subList(n, words.size()));
            }
            if (records == null) return null;
        }
        return "show the " + m.group(2).strip() + " of the " + records;
    }

    private static final Pattern WHICH_RECORDS = Pattern.compile("(?i)^(?:which|what)\\s+(.+)$");

    private static final Pattern EITHER_PERSON_PRONOUN = Pattern.compile("(?i)\\b(?:(his\\s+or\\s+her|her\\s+or\\s+his|his/her)|(he\\s+or\\s+she|she\\s+or\\s+he|he/she)"
            + "|(him\\s+or\\s+her|her\\s+or\\s+him|him/her))\\b");

    /** "his or her", "he or she", "him or her": one person of either sex, said as English's "their", "they", "them" (not two conditions). */
    static String eitherPerson(String q) {
        Matcher m = EITHER_PERSON_PRONOUN.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) m.appendReplacement(out, m.group(1) != null ? "their" : m.group(2) != null ? "they" : "them");
        return m.appendTail(out).toString();
    }

    /** "please" ending the question ("pls" and "plz" are "please" by then: {@link Rephrasing#SHORTHAND}). */
    private static final Pattern PLEASE_AT_END = Pattern.compile("(?i)\\s*,?\\s*\\bplease\\b\\s*([?.!]*)\\s*$");
    /** After the question, a few words that name what to show, no verb of a request of their own. */
    private static final Pattern SHORT_REQUEST_AFTER = Pattern.compile("(?i)\\?\\s+(?:(?:just|only)\\s+(?:the\\s+|their\\s+|its\\s+)?)?((?!(?:list|show|give|find|tell|return|display|what|which|who|how|just|only)\\b)"
            + "\\p{L}+(?:\\s*(?:,|and|&)?\\s*\\p{L}+){0,4})$");

    static String pleaseLast(String q) {
        Matcher m = PLEASE_AT_END.matcher(q);
        if (!m.find()) return q;
        String rest = q.substring(0, m.start());
        Matcher after = SHORT_REQUEST_AFTER.matcher(rest);
        if (after.find()) return rest.substring(0, after.start()) + "? give the " + after.group(1) + ".";
        return rest + m.group(1);
    }

    private static final Pattern AMONG = Pattern.compile("(?i)\\bamong\\s+((?:the|all|all\\s+the)\\s+)?(\\p{L}+(?:\\s+\\p{L}+){0,2}?)(?=\\s*[?.!]?\\s*$)");

    /** "Among poker players earning less than 200000, what is ...": records said first, then the question about them. */
    private static final Pattern AMONG_FIRST = Pattern.compile("(?i)^\\s*among\\s+((?:the|all|all\\s+the)\\s+)?(\\p{L}+)([^,]*),\\s*"
            + "(?=(?:what|which|how|who|list|show|give|find|tell)\\b)");

    /** Whether the first one to three words name some records. */
    private static boolean recordsFirst(QuestionParser reader, List<String> words) {
        for (int n = Math.min(3, words.size()); n >= 1; n--) {
            if (!reader.lexicon.rowsCalled(words.subList(0, n).stream().map(QuestionWords::singular).toList()).isEmpty()) return true;
        }
        return false;
    }

    /** "among the conductors" ending the question, the conductors being records: "of the conductors"; said first, "For ...". */
    static String amongRecords(QuestionParser reader, String q) {
        Matcher first = AMONG_FIRST.matcher(q);
        // "Among X, what ...": the records the question is about, said first, as "For X, what ..." is
        if (first.find() && recordsFirst(reader, tokens(first.group(2) + first.group(3), true))) {
            return "For " + q.substring(q.toLowerCase(Locale.ROOT).indexOf("among") + "among".length()).strip();
        }
        Matcher m = AMONG.matcher(q);
        if (!m.find() || reader.lexicon.rowsCalled(tokens(m.group(2), true).stream().map(QuestionWords::singular).toList()).isEmpty()) return q;
        return q.substring(0, m.start()) + "of the " + m.group(2) + q.substring(m.end());
    }

    /**
     * A verb that opens a question in the imperative, its object's determiner or pronoun after it ("Return the names ...",
     * "Provide all ..."): a request to show, read as "show" is. A noun in the same place ("return rate by month") has no
     * determiner after it and stays as written.
     */
    private static final Pattern REQUEST_VERB = Pattern.compile("(?i)^(\\s*(?:for\\s+(?:each|every)\\s+[^,?.!]+,\\s*)?(?:please\\s+)?)(?:return|provide|output|retrieve|report|produce|fetch|name)(?=\\s+(?:me\\s+|us\\s+)?"
            + "(?:the|all|each|every|a|an|their|its|his|her|what|which|who|how|those|these)\\b)");

    /** Where a sentence starts: the text's start, or after the end of another sentence. */
    private static final String SENTENCE_START = "(?:^|(?<=[.?!]\\s))\\s*";
    private static final String WH = "(?=(?:what|what's|which|who|whom|whose|when|where|how|whether|if)\\b)";
    private static final String YOU = "(?:could|can|would|will)\\s+(?:you|u)\\s+(?:please\\s+)?";
    private static final String I_WOULD = "i(?:'d|\\s+would|\\s+will)?\\s+(?:like|love|need|want)\\s+";
    /** The frames, each with what it becomes, in the order tried (a longer frame before one it begins with). */
    private static final List<Map.Entry<Pattern, String>> POLITE_FRAMES = List.of(
            frame(YOU + "(?:tell|let)\\s+me(?:\\s+know)?\\s+" + WH, ""),
            frame(YOU + "(?:check|find\\s+out|look\\s+up|see|figure\\s+out|say)\\s+" + WH, ""),
            frame("(?:do|does)\\s+(?:you|anyone)\\s+know\\s+" + WH, ""),
            frame(I_WOULD + "to\\s+(?:know|find\\s+out|understand|learn|check)\\s+" + WH, ""),
            frame(I_WOULD + "to\\s+(?:know|find\\s+out|learn)\\s+(?=the\\b)", "what is "),
            frame(YOU + "(?:tell|let)\\s+me(?:\\s+know)?\\s+", "show "),
            frame(YOU + "(?:give|show|send|get|pull(?:\\s+up)?|provide|display|return|identify|look\\s+up|find|check|share)\\s+(?:me\\s+|us\\s+)?(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(YOU + "(?=(?:list|count|sort|rank|break|order)\\b)", ""),
            frame("(?:could|can|may)\\s+(?:i|we)\\s+(?:please\\s+)?(?:get|have|see|obtain)\\s+(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(I_WOULD + "to\\s+(?:see|get|have|view)\\s+(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(I_WOULD + "a\\s+list\\s+of\\s+", "list "),
            frame(I_WOULD + "(?=(?:the|a|an|all|each|every|their|its|his|her)\\b)", "show "),
            frame("i(?:'m|\\s+am)\\s+looking\\s+for\\s+", "show "),
            frame("(?:please\\s+)?(?:include|add)\\s+(?=(?:the|their|its|his|her|each|every)\\b)", "list "),
            frame("just\\s+(?=(?:the|their|its|his|her)\\b)", "list "));
    /** "would be fine", "please" after a request made with "just" ("Just their names would be fine."). */
    private static final Pattern WOULD_BE_FINE = Pattern.compile("(?i)\\s*(?:would\\s+be\\s+(?:fine|great|enough|good|perfect)|will\\s+do|,?\\s*please)\\s*([.!?]?)\\s*$");

    private static final Pattern OF_ANY = Pattern.compile("(?i)\\bof\\s+any\\s+(?=\\p{L})");
    private static final Pattern EITHER_OR = Pattern.compile("(?i)\\beither\\s+(?=(?:[^\\s?.!,]+\\s+){1,5}?or\\b)");
    private static final Pattern ALONG_WITH = Pattern.compile("(?i)\\s*,?\\s+along\\s+with\\s+");

    static String looseDeterminers(String q) {
        String out = OF_ANY.matcher(q).replaceAll("of ");
        out = EITHER_OR.matcher(out).replaceAll("");
        return ALONG_WITH.matcher(out).replaceAll(" and ");
    }

    private static Map.Entry<Pattern, String> frame(String regex, String said) {
        return Map.entry(Pattern.compile("(?i)" + SENTENCE_START + regex), said);
    }

    static String politeRequest(String q) {
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.matches("(?s).*\\b(?:could|can|would|will|may|do|does|i'd|i|i'm|please|include|add|just)\\b.*")) return q;
        String out = q;
        boolean just = false;
        for (var f : POLITE_FRAMES) {
            Matcher m = f.getKey().matcher(out);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                just |= f.getKey().pattern().contains("just");
                m.appendReplacement(b, Matcher.quoteReplacement(m.group().startsWith(" ") ? " " + f.getValue() : f.getValue()));
            }
            out = m.appendTail(b).toString();
        }
        if (just) out = WOULD_BE_FINE.matcher(out).replaceFirst(".");
        return out;
    }

    /**
     * "are there any customers with more than 5 failed payments", "do we have any athletes in the relay squad", "any custs
     * with ...": a question whether records of a kind exist, answered by listing them (none listed says there are none);
     * said as "which" before the records' noun. Only when the words after "any" name rows ("is there any revenue in 2025"
     * asks for a measure, and stays as written).
     */
    static String existenceAsList(QuestionParser reader, String q) {
        Matcher m = ANY_RECORDS.matcher(q);
        if (!m.find()) return q;
        List<String> after = QuestionWords.tokens(q.substring(m.end()), true);
        boolean rows = false;
        for (int n = Math.min(3, after.size()); n >= 1 && !rows; n--) rows = !reader.lexicon.rowsCalled(after.subList(0, n)).isEmpty();
        return rows ? q.substring(0, m.start()) + "which " + q.substring(m.end()) : q;
    }

    /** "are there any", "is there any", "do we have any", "any" at the start of a question. */
    private static final Pattern ANY_RECORDS = Pattern.compile("(?i)^\\s*(?:(?:are|were|is|was)\\s+there\\s+|(?:do|does|did)\\s+(?:we|you|they|i)\\s+have\\s+)?any\\s+");

    static String imperativeShown(String q) {
        Matcher m = REQUEST_VERB.matcher(q);
        return m.find() ? m.replaceFirst("$1show") : q;
    }
}
