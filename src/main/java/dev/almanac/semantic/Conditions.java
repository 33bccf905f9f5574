package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reader's rules for conditions on the rows a question reads: a number attribute compared with a number or with its
 * own average, between two numbers or equal to some, a text attribute holding a piece of text, a quoted value. Each rule
 * of a condition of a number is a {@link NumberCondition}, with its corpus; the code here is theirs, over the reader whose words and model
 * it uses. A condition's words are marked placed; words no rule places are left to the reader's leftover check.
 */
final class Conditions {
    private final QuestionParser reader;

    Conditions(QuestionParser reader) {
        this.reader = reader;
    }

    /** A quoted part of the question ('...', "...", ``...'', “...”) and the original words it covers. */
    record Quoted(String text, int from, int to) {}

    private static final Pattern QUOTED = Pattern.compile("``\\s*(.+?)\\s*''|\"\\s*([^\"]+?)\\s*\"|“\\s*([^”]+?)\\s*”|(?<![\\p{L}])'\\s*([^']+?)\\s*'(?![\\p{L}])");

    /** The quoted parts of the question, each where its words stand among the original words (left out when they are not found). */
    static List<Quoted> quoted(String q, List<String> original) {
        List<Quoted> out = new ArrayList<>();
        Matcher m = QUOTED.matcher(q);
        int searchFrom = 0;
        while (m.find()) {
            String text = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(4);
            List<String> inner = QuestionWords.tokens(text, false);
            if (inner.isEmpty()) continue;
            for (int i = searchFrom; i + inner.size() <= original.size(); i++) {
                boolean same = true;
                for (int k = 0; k < inner.size() && same; k++) same = original.get(i + k).equalsIgnoreCase(inner.get(k));
                if (same) {
                    out.add(new Quoted(text, i, i + inner.size()));
                    searchFrom = i + inner.size();
                    break;
                }
            }
        }
        return out;
    }

    /** Words between an attribute and its quoted value ("whose name is 'X'", "named 'X'", "with episode 'X'"). */
    private static final Set<String> QUOTE_LINKS = Set.of("is", "named", "called", "of", "as", "equal", "equals", "to", "titled");

    /**
     * The condition a quoted value makes: the attribute (not a number nor a time) of the rows read named just before it,
     * only link words between, equal to the value as written, or as the attribute's values write it when it has a complete
     * list of values (a refusal, {@link Cannot}, when that list does not have it). Empty when no such attribute stands before it.
     */
    Optional<Object> quotedValue(List<String> words, boolean[] used, SemanticMetric metric, List<Dimension> dims, Quoted literal) {
        Set<String> own = reader.datasetsOf(metric);
        // not a number, a time, nor a column that holds the keys of other rows (a flight's airline is a key: 'JetBlue Airways' is
        // the name of the airline it reaches, never the key itself; an identifier that is not its rows' own key refers to other rows)
        java.util.function.Predicate<Dimension> quotable = d -> !d.time() && d.kind() != Dimension.Kind.NUMBER
                && (d.kind() != Dimension.Kind.IDENTIFIER || reader.model.dataset(d.dataset()).map(ds -> ModelAttributes.isKey(ds, d)).orElse(false)) && reader.model.relationships().stream()
                .noneMatch(r -> r.from().equals(d.dataset()) && r.fromColumns().stream().anyMatch(c -> c.equalsIgnoreCase(d.expr().replace("\"", ""))));
        List<Dimension> candidates = new ArrayList<>(dims.stream().filter(quotable).toList());
        reader.model.dimensions().stream().filter(d -> own.contains(d.dataset()) && quotable.test(d) && !candidates.contains(d)).forEach(candidates::add);
        Map<List<String>, Object> phrases = new HashMap<>(reader.lexicon.dimensionPhrases(candidates));
        for (String ds : own) reader.model.dataset(ds).ifPresent(d -> reader.lexicon.shortPhrases(d).forEach((p, x) -> { if (candidates.contains(x)) phrases.putIfAbsent(p, new ArrayList<>(List.of(x))); }));
        Span attribute = null;
        for (Span d : Spans.longestFirst(Spans.spans(words, phrases))) {
            int k = d.to();
            while (k < literal.from() && (QUOTE_LINKS.contains(words.get(k)) || words.get(k).equals("not"))) k++;
            if (k == literal.from() && !Spans.anyUsed(used, d) && Spans.dimensionOf(d).size() == 1 && (attribute == null || d.to() > attribute.to())) attribute = d;
        }
        if (attribute == null) return Optional.empty();
        boolean negated = words.subList(attribute.to(), literal.from()).contains("not"); // "whose hometown is not 'X'"
        Dimension dim = Spans.dimensionOf(attribute).get(0);
        String value = literal.text();
        ValueIndex.Values known = reader.values.of(dim);
        if (known != null && known.complete()) {
            Optional<Object> written = known.values().stream().filter(v -> String.valueOf(v).equalsIgnoreCase(literal.text())).findFirst();
            if (written.isEmpty()) return Optional.of(new Cannot("'" + value + "' is not a value of " + dim.displayName()));
            value = String.valueOf(written.get());
        }
        for (int i = attribute.from(); i < literal.to(); i++) used[i] = true;
        return Optional.of(new SemanticQuery.Filter(reader.model.reference(dim), negated ? "!=" : "=", List.of(value)));
    }

    /** Verbs that say a text holds a piece of text. */
    private static final Set<String> CONTAIN_VERBS = Set.of("contain", "contains", "containing", "contained", "include", "includes");

    /** Words with which a piece of text is said to be held, when the piece is called one ("with the letter 'w'", "has the word 'Hey'"). */
    private static final Set<String> HOLDING_WORDS = Set.of("with", "has", "have", "having", "had");

    /** Whether the words from {@code at} are a piece of text some text is said to hold ("contains 'Al'", "the letter w"). */
    static boolean pieceOfText(List<String> words, int at) {
        int k = at > 0 && Set.of("the", "a").contains(words.get(at - 1)) ? at - 1 : at;
        return k > 0 && (PIECE_WORDS.contains(words.get(k - 1)) || CONTAIN_VERBS.contains(words.get(k - 1)));
    }

    /**
     * The condition that an attribute holds the piece of text at {@code from}..{@code to}: the attribute (a text or category
     * of the rows read, named once) right before the words that say so ("names contain the substring 'Al'", "a city that
     * contains 'West'", "a description with the letter 'w' in it"), or after them ("contain the letter w in their
     * description"); a verb of containing, or a word of holding with the piece called what it is ("with the letter"). Denied
     * ("does not contain") it is the opposite condition. The words are marked placed; empty when no such reading fits.
     */
    Optional<SemanticQuery.Filter> containedText(List<String> words, boolean[] used, List<Span> attributes, int from, int to, String value) {
        if (java.util.stream.IntStream.range(from, to).anyMatch(i -> used[i])) return Optional.empty();
        int k = from;
        if (k > 1 && Set.of("the", "a").contains(words.get(k - 1)) && PIECE_WORDS.contains(words.get(k - 2))) k--; // "the substring the computer"
        boolean called = k > 0 && PIECE_WORDS.contains(words.get(k - 1));
        if (called) k--;
        if (k > 0 && Set.of("the", "a").contains(words.get(k - 1))) k--;
        if (k == 0) return Optional.empty();
        String verb = words.get(k - 1);
        if (!CONTAIN_VERBS.contains(verb) && !(called && HOLDING_WORDS.contains(verb))) return Optional.empty();
        int cue = k - 1;
        int start = cue;
        boolean negated = false;
        if (start > 0 && words.get(start - 1).equals("not")) {
            negated = true;
            start--;
            if (start > 0 && Set.of("do", "does", "did").contains(words.get(start - 1))) start--;
        }
        while (start > 0 && Set.of("that", "which", "who").contains(words.get(start - 1))) start--;
        // an attribute, not the records' own noun ("documents that contain the letter w" says no more than that one of their texts does)
        java.util.function.Predicate<Span> text = d -> Spans.dimensionOf(d).size() == 1 && !Spans.dimensionOf(d).get(0).time()
                && Spans.dimensionOf(d).get(0).kind() != Dimension.Kind.NUMBER && !Spans.anyUsed(used, d)
                && reader.lexicon.rowsCalled(words.subList(d.from(), d.to())).isEmpty();
        // the attribute before ("names contain"), else after "in its", "in their" ("the letter w in their description")
        final int before = start;
        Span attribute = Spans.longestFirst(attributes).stream().filter(d -> d.to() == before && text.test(d)).findFirst().orElse(null);
        int end = to;
        if (end + 1 < words.size() && words.get(end).equals("in") && Set.of("it", "them").contains(words.get(end + 1))) end += 2; // "with the letter 'w' in it"
        else if (attribute == null && end + 2 < words.size() && words.get(end).equals("in") && Set.of("its", "their", "the").contains(words.get(end + 1))) {
            final int after = end + 2;
            attribute = Spans.longestFirst(attributes).stream().filter(d -> d.from() == after && text.test(d)).findFirst().orElse(null);
            if (attribute != null) end = attribute.to();
        }
        if (attribute == null) return Optional.empty();
        for (int i = Math.min(attribute.from(), start); i < end; i++) used[i] = true;
        return Optional.of(new SemanticQuery.Filter(reader.model.reference(Spans.dimensionOf(attribute).get(0)), negated ? "not_contains" : "contains", List.of(value)));
    }

    /** Whether a metric phrase is an average some attribute is compared with ("than the average age", "above average weight"). */
    static boolean comparedAverage(List<String> words, Span s) {
        int[] at = s.at() != null ? s.at() : java.util.stream.IntStream.range(s.from(), s.to()).toArray();
        for (int i : at) {
            if (!AVERAGE_WORDS.contains(words.get(i))) continue;
            int k = i - 1;
            if (k >= 0 && words.get(k).equals("the")) k--;
            if (k >= 0 && (words.get(k).equals("than") || Set.of("above", "below", "over", "under").contains(words.get(k)))) return true;
        }
        return false;
    }

    private static final Set<String> AVERAGE_WORDS = Set.of("average", "avg", "mean");

    /**
     * Where "[the] average [of all] [attribute]" ends when it starts at {@code at} ("than the average", "than average age",
     * "than the average weight" of a weight, "than the average dog's age" with the noun of the attribute's own records
     * before it), else -1. The attribute after it, if any, must be the compared one.
     */
    private int averageEnd(List<String> words, int at, Span attribute) {
        int k = at;
        if (k < words.size() && words.get(k).equals("the")) k++;
        if (k >= words.size() || !AVERAGE_WORDS.contains(words.get(k))) return -1;
        k++;
        int n = attribute.to() - attribute.from();
        int of = k < words.size() && namesRecordsOf(words.get(k), attribute) ? k + 1 : k;
        if (of + n <= words.size() && words.subList(of, of + n).equals(words.subList(attribute.from(), attribute.to()))) k = of + n;
        else if (k < words.size() && (words.get(k).equals("one") || words.get(k).equals("value"))) k++;
        return k;
    }

    /** Whether the word (or its possessive) is a noun of the records the attribute is kept on ("dog" of a dog's age). */
    private boolean namesRecordsOf(String word, Span attribute) {
        String noun = QuestionWords.singular(word.endsWith("'s") ? word.substring(0, word.length() - 2) : word);
        String dataset = Spans.dimensionOf(attribute).get(0).dataset();
        return reader.lexicon.rowWords().getOrDefault(List.of(noun), List.of()).stream().anyMatch(d -> d.name().equals(dataset));
    }

    /** Words between an attribute and the number it is compared with: "age is above 20", "a population of between ...". */
    private static final Set<String> ATTRIBUTE_LINKS = Set.of("is", "are", "was", "were", "of");

    /** Words between the rows' noun and what each is worth: "orders worth between 100 and 200". */
    private static final Set<String> ROW_AMOUNT_LINKS = Set.of("worth", "valued");

    /** Words for what a row is worth, besides the rows' own noun ("deals worth more than 50k", "orders with a value over 100"). */
    private static final List<String> ROW_AMOUNT_WORDS = List.of("amount", "value", "worth", "size", "total", "valued");

    /**
     * Conditions on a number attribute: its phrase, then a comparison and a number ("horsepower greater than 150", "age above
     * 20"), or a comparison, a number and its phrase ("more than 4 cylinders"). The attribute is a number dimension, or one
     * whose every indexed value is a number, of the rows the metric reads (a number attribute, never a breakdown) or one it
     * can be sliced by; the words are marked placed. Anything else is left to the leftover check.
     */
    List<SemanticQuery.Filter> conditions(List<String> words, boolean[] used, SemanticMetric metric, List<Dimension> dims) {
        Set<String> own = reader.datasetsOf(metric);
        List<Dimension> numbers = new ArrayList<>(reader.model.dimensions().stream().filter(d -> d.kind() == Dimension.Kind.NUMBER && own.contains(d.dataset())).toList());
        // and those of the records the metric's rows refer to ("poker players with a height over 200": each player's person's),
        // by words no number of the rows' own has ("population" of cities is the city's, not its country's)
        List<Dimension> referred = reader.layer.numbersOf(metric).stream().filter(d -> !numbers.contains(d)).toList();
        dims.stream().filter(d -> !d.time() && d.kind() == Dimension.Kind.CATEGORICAL && reader.values.of(d) != null && reader.values.of(d).numeric()).forEach(numbers::add);
        List<SemanticQuery.Filter> out = new ArrayList<>();
        // what each row is worth, where the model has no attribute for it: said by the rows' noun ("orders over $500") or a
        // word for an amount ("deals worth more than 50k"); the noun is the metric's too, so its span may be placed already
        Map<List<String>, Object> amountPhrases = new HashMap<>();
        for (String ds : own) {
            Optional<Dimension> amount = reader.model.rowAmount(ds);
            if (amount.isEmpty() || numbers.stream().anyMatch(d -> d.dataset().equals(ds) && d.expr().equals(amount.get().expr()))) continue;
            List<String> said = new ArrayList<>(ROW_AMOUNT_WORDS);
            reader.model.dataset(ds).ifPresent(d -> said.addAll(ReaderLexicon.rowNames(d)));
            // and a noun of one word a count of those records is called by ("deals" of a count of opportunities)
            for (SemanticMetric m : reader.model.metrics()) {
                if (!(m instanceof SemanticMetric.Simple c) || !c.countsRows() || !c.dataset().equals(ds)) continue;
                for (String synonym : m.info().synonyms()) {
                    List<String> t = QuestionWords.tokens(synonym, true);
                    if (t.size() == 1 && dev.almanac.reading.Lexicon.english().partsOfSpeech(t.get(0)).contains(dev.almanac.reading.PartOfSpeech.NOUN)) said.add(t.get(0));
                }
            }
            for (String phrase : said) {
                @SuppressWarnings("unchecked") List<Dimension> list = (List<Dimension>) amountPhrases.computeIfAbsent(QuestionWords.tokens(phrase.replace('_', ' '), true), k -> new ArrayList<Dimension>());
                if (!list.contains(amount.get())) list.add(amount.get());
            }
        }
        if (numbers.isEmpty() && referred.isEmpty() && amountPhrases.isEmpty()) return out;
        Map<List<String>, Object> phrases = reader.lexicon.dimensionPhrases(numbers);
        reader.lexicon.dimensionPhrases(referred).forEach(phrases::putIfAbsent);
        // "age" for a pet's pet_age: an attribute by its name without its dataset's
        for (String ds : own) {
            reader.model.dataset(ds).ifPresent(d -> reader.lexicon.shortPhrases(d).forEach((phrase, dim) -> {
                if (numbers.contains(dim)) phrases.putIfAbsent(phrase, new ArrayList<>(List.of(dim)));
            }));
        }
        // a name inside a longer one said whole is not said on its own ("expectancy" in "life expectancy")
        List<Span> spans = new ArrayList<>(Spans.outermost(Spans.spans(words, phrases)));
        List<Span> amountSpans = Spans.spans(words, amountPhrases);
        spans.addAll(amountSpans);
        // a one-word attribute in another form of its word ("aged" for age)
        Map<String, Object> byStem = new HashMap<>();
        phrases.forEach((p, target) -> { if (p.size() == 1) byStem.putIfAbsent(QuestionWords.stem(p.get(0)), target); });
        for (int i = 0; i < words.size(); i++) {
            Object target = byStem.get(QuestionWords.stem(words.get(i)));
            int at = i;
            if (target != null && spans.stream().noneMatch(sp -> sp.from() <= at && at < sp.to())) spans.add(new Span(i, i + 1, target));
        }
        NumberWords at = new NumberWords(words, used, spans, amountSpans, out);
        for (NumberCondition rule : NumberCondition.values()) rule.read(this, at);
        return out;
    }

    /**
     * What a question's number conditions are read from: its words, which are placed, the phrases of the number attributes
     * found in them (those of a row's amount among them) and the conditions read so far.
     */
    record NumberWords(List<String> words, boolean[] used, List<Span> spans, List<Span> amountSpans, List<SemanticQuery.Filter> out) {}

    /** A comparison, then a number and the attribute, or the attribute then both: see {@link NumberCondition#COMPARISON_THEN_NUMBER}. */
    void comparisonThenNumber(NumberWords said) {
        List<String> words = said.words();
        boolean[] used = said.used();
        List<Span> spans = said.spans(), amountSpans = said.amountSpans();
        List<SemanticQuery.Filter> out = said.out();
        for (int i = 0; i < words.size(); i++) {
            if (used[i]) continue;
            ComparisonRule.Match c = ComparisonRule.before(words, i).orElse(null);
            if (c != null) {
                int n = c.to() - c.from();
                if (i + n >= words.size()) continue;
                Span attribute = null;
                int number = -1;
                for (Span d : spans) {
                    if (Spans.anyUsed(used, d) && !amountSpans.contains(d) || Spans.dimensionOf(d).size() != 1) continue;
                    boolean before = d.to() == i || d.to() + 1 == i && ATTRIBUTE_LINKS.contains(words.get(d.to()))
                            || amountSpans.contains(d) && saidOfTheRecords(words, used, d.to(), i);
                    // "age greater than the average", "weight below average", "above the average age": the attribute's own average
                    int average = averageEnd(words, i + n, d);
                    if (average < 0 && d.from() >= i + n + 1) {
                        int k = i + n;
                        if (k < words.size() && words.get(k).equals("the")) k++;
                        if (k + 1 == d.from() && AVERAGE_WORDS.contains(words.get(k))) average = d.to();
                    }
                    if (average > 0 && (before || d.from() > i)) {
                        if (java.util.stream.IntStream.range(Math.min(i, d.from()), average).anyMatch(k -> used[k] && !Spans.inSpan(d, k))) continue;
                        out.add(new SemanticQuery.Filter(reader.model.reference(Spans.dimensionOf(d).get(0)), c.operator(), List.of(SemanticQuery.Filter.AVERAGE)));
                        for (int k = Math.min(i, d.from()); k < average; k++) used[k] = true;
                        attribute = null;
                        number = -2;
                        break;
                    }
                    // "more than 5 orders" counts the orders: what each is worth is said after its noun ("orders over $500"), never
                    // by a number before it
                    boolean countsThem = amountSpans.contains(d) && !before;
                    if ((before || d.from() == i + n + 1 && !countsThem) && QuestionWords.digits(words.get(i + n))) { // "age above 20", "more than 4 cylinders"
                        attribute = d;
                        number = i + n;
                    } else if (d.from() == i + n && d.to() < words.size() && QuestionWords.digits(words.get(d.to()))) { // "above age 20"
                        attribute = d;
                        number = d.to();
                    }
                }
                if (number == -2 || attribute == null || used[number]) continue; // -2: compared with the average, placed
                Dimension d = Spans.dimensionOf(attribute).get(0);
                out.add(new SemanticQuery.Filter(reader.model.reference(d), c.operator(), List.of(words.get(number))));
                for (int k = Math.min(i, attribute.from()); k <= Math.max(number, attribute.to() - 1); k++) used[k] = true;
                // "1000 dollars": the currency of the measures; another ("1000 euros" of amounts in dollars) is left unplaced
                if (amountSpans.contains(attribute) && number + 1 < words.size() && reader.model.currencyWords(d.dataset()).contains(words.get(number + 1))) used[number + 1] = true;
            }
        }
    }

    /**
     * Whether the words between the records' noun and a comparison of what each is worth are words the reading placed
     * already, one or two ("orders placed under $50", "orders in 2025 over $500"): the comparison is still said of the records.
     */
    private static boolean saidOfTheRecords(List<String> words, boolean[] used, int from, int to) {
        if (to - from < 1 || to - from > 2) return false;
        for (int k = from; k < to; k++) if (!used[k] || QuestionWords.digits(words.get(k))) return false;
        return true;
    }

    /** A number, then a comparison: see {@link NumberCondition#NUMBER_THEN_COMPARISON}. */
    void numberThenComparison(NumberWords said) {
        List<String> words = said.words();
        boolean[] used = said.used();
        List<Span> spans = said.spans();
        List<SemanticQuery.Filter> out = said.out();
        // "6 or more cylinders", "a weight of 10 or less", "age 30 and over": the number before the comparison's words, the
        // attribute after them or before the number
        for (int i = 1; i < words.size(); i++) {
            Optional<ComparisonRule.Match> c = ComparisonRule.after(words, i);
            // the number and the comparison's own word unplaced ("and", "or" may be placed already as joining words)
            if (c.isEmpty() || !QuestionWords.digits(words.get(i - 1)) || used[i - 1] || java.util.stream.IntStream.range(i + 1, c.get().to()).anyMatch(k -> used[k])) continue;
            int at = i;
            Span attribute = spans.stream().filter(d -> !Spans.anyUsed(used, d) && Spans.dimensionOf(d).size() == 1)
                    .filter(d -> d.from() == c.get().to() && !said.amountSpans().contains(d) || d.to() == at - 1
                            || d.to() + 1 == at - 1 && ATTRIBUTE_LINKS.contains(words.get(d.to())))
                    .findFirst().orElse(null);
            if (attribute == null) continue;
            out.add(new SemanticQuery.Filter(reader.model.reference(Spans.dimensionOf(attribute).get(0)), c.get().operator(), List.of(words.get(i - 1))));
            for (int k = Math.min(i - 1, attribute.from()); k < Math.max(c.get().to(), attribute.to()); k++) used[k] = true;
        }
    }

    /** A comparative before the attribute, "than" and a number after it: see {@link NumberCondition#COMPARATIVE_AROUND_ATTRIBUTE}. */
    void comparativeAroundAttribute(NumberWords said) {
        List<String> words = said.words();
        boolean[] used = said.used();
        List<Span> spans = said.spans();
        List<SemanticQuery.Filter> out = said.out();
        // "a greater weight than 10", "a higher capacity than 5000": the comparative before the attribute, "than" after it
        for (Span d : spans) {
            if (Spans.anyUsed(used, d) || Spans.dimensionOf(d).size() != 1 || d.from() < 1 || d.to() + 1 >= words.size()) continue;
            String op = ComparisonRule.splitOperator(words.get(d.from() - 1));
            if (op == null || used[d.from() - 1] || !words.get(d.to()).equals("than") || used[d.to()] || !QuestionWords.digits(words.get(d.to() + 1)) || used[d.to() + 1]) continue;
            out.add(new SemanticQuery.Filter(reader.model.reference(Spans.dimensionOf(d).get(0)), op, List.of(words.get(d.to() + 1))));
            for (int k = d.from() - 1; k <= d.to() + 1; k++) used[k] = true;
        }
    }

    /** The attribute between two numbers: see {@link NumberCondition#BETWEEN}. */
    void between(NumberWords said) {
        List<String> words = said.words();
        boolean[] used = said.used();
        List<Span> spans = said.spans(), amountSpans = said.amountSpans();
        List<SemanticQuery.Filter> out = said.out();
        // "capacity between 5000 and 10000", "a population of between ...", "orders between 100 and 200 dollars": both ends kept
        for (Span d : spans) {
            int i = d.to();
            while (i < words.size() && (ATTRIBUTE_LINKS.contains(words.get(i)) || ROW_AMOUNT_LINKS.contains(words.get(i)))) i++;
            if (Spans.anyUsed(used, d) && !amountSpans.contains(d) || Spans.dimensionOf(d).size() != 1 || i + 3 >= words.size()) continue;
            if (!words.get(i).equals("between") || !QuestionWords.digits(words.get(i + 1)) || !words.get(i + 2).equals("and") || !QuestionWords.digits(words.get(i + 3))) continue;
            if (java.util.stream.IntStream.rangeClosed(i, i + 3).anyMatch(k -> used[k] && !words.get(k).equals("and"))) continue;
            Dimension dim = Spans.dimensionOf(d).get(0);
            String field = reader.model.reference(dim);
            out.add(new SemanticQuery.Filter(field, ">=", List.of(words.get(i + 1))));
            out.add(new SemanticQuery.Filter(field, "<=", List.of(words.get(i + 3))));
            for (int k = d.from(); k <= i + 3; k++) used[k] = true;
            // "between 100 and 200 dollars": the currency of the measures; another is left unplaced
            if (amountSpans.contains(d) && i + 4 < words.size() && reader.model.currencyWords(dim.dataset()).contains(words.get(i + 4))) used[i + 4] = true;
        }
    }

    /** The attribute equal to numbers: see {@link NumberCondition#EQUAL_TO_NUMBERS}. */
    void equalToNumbers(NumberWords said) {
        said.out().addAll(equalities(said.words(), said.used(), said.spans()));
    }


    /**
     * Whether a period the question names is a year written as the value of a number attribute said right before it ("whose
     * birth year is 1948", "in year 2014 or 2015", "founded in 1930" for a founding year): the attribute's number, not a
     * period of the data.
     */
    boolean yearOfAttribute(String q, Timeframe period) {
        if (!period.text().strip().matches("(?i)(in\\s+)?\\d{4}")) return false;
        int at = q.indexOf(period.text());
        if (at < 0) return false;
        List<String> before = new ArrayList<>(QuestionWords.tokens(q.substring(0, at), true));
        while (!before.isEmpty() && (EQUALS_LINKS.contains(before.get(before.size() - 1)) || before.get(before.size() - 1).equals("in"))) before.remove(before.size() - 1);
        if (before.isEmpty()) return false;
        for (List<String> phrase : reader.lexicon.numberPhrases().keySet()) {
            if (phrase.size() <= before.size() && before.subList(before.size() - phrase.size(), before.size()).equals(phrase)
                    && dimensionsIn(reader.lexicon.numberPhrases().get(phrase)).stream().anyMatch(d -> QuestionWords.tokens(d.name().replace('_', ' '), true).contains("year"))) return true;
        }
        return false;
    }

    /** Whole years as a period's text says them: "2014", "in 2014", "after 2013", "since 2014", "between 2014 and 2015". */
    private static final Pattern YEARS_SAID = Pattern.compile("(?i)^(?:in\\s+|during\\s+)?(after|since|between)?\\s*(\\d{4})(?:\\s+and\\s+(\\d{4}))?$");

    /**
     * "concerts in 2014", "museums opened after 2013", "museums open before 2009": of rows with no time of their own, whole
     * years (a period of them, or "before" a year) are a condition on their one number attribute of years. That attribute
     * is the rows' own year (called "year" alone), or one whose other words the question says ("opened" of open_year: the
     * event it dates), which are placed; any other (a founding year, of rows that a year "in" which says nothing of) is
     * left, and the period with it. The conditions, empty when none is read; the period is read whole or not at all.
     */
    Optional<List<SemanticQuery.Filter>> years(String q, SemanticMetric metric, Optional<Timeframe> period, List<String> words, boolean[] used) {
        if (period.isEmpty() || reader.model.simpleInputs(metric).stream().anyMatch(s -> s.timeDimension() != null)) return Optional.empty();
        Set<String> own = reader.datasetsOf(metric);
        List<Dimension> years = reader.model.dimensions().stream().filter(d -> own.contains(d.dataset()) && d.kind() == Dimension.Kind.NUMBER
                && QuestionWords.tokens(d.name().replace('_', ' '), true).contains("year")).toList();
        if (years.size() != 1) return Optional.empty();
        Dimension year = years.get(0);
        List<String> others = QuestionWords.tokens(year.name().replace('_', ' '), true).stream().filter(w -> !w.equals("year")).toList();
        List<Integer> verbs = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            final String w = QuestionWords.stem(words.get(i));
            // the attribute's other words, or the word one of them shortens ("independent" of "indep year")
            Optional<String> shortened = reader.lexicon.shortening(words.get(i));
            if (!used[i] && others.stream().anyMatch(o -> QuestionWords.stem(o).equals(w) || shortened.filter(o::equals).isPresent())) verbs.add(i);
        }
        if (!others.isEmpty() && verbs.isEmpty()) return Optional.empty();
        Optional<List<SemanticQuery.Filter>> out = yearsSaid(q, period.get(), words, used, reader.model.reference(year));
        if (out.isPresent() && out.get().size() == 1 && out.get().get(0).op().equals("=")) out = Optional.of(List.of(orAnotherYear(out.get().get(0), words, used)));
        if (out.isPresent()) {
            for (int i : verbs) {
                used[i] = true;
                if (i + 1 < words.size() && words.get(i + 1).equals("year")) used[i + 1] = true; // "independence year": the attribute's whole name
            }
        }
        return out;
    }

    /**
     * "in 2014 or 2015": a year said after the period's one with "or" (which the period does not take), both kept; "in 2014
     * or after", "or earlier": that year and those after or before it. The words placed.
     */
    private static SemanticQuery.Filter orAnotherYear(SemanticQuery.Filter equal, List<String> words, boolean[] used) {
        String first = equal.values().get(0);
        // the words read have the period's own cut out ("occurred in or 2015"): the "or" and year left where it stood
        int found = -1;
        for (int i = 0; i + 1 < words.size(); i++) {
            String second = words.get(i + 1);
            if (!words.get(i).equals("or") || used[i] || used[i + 1] || second.length() != 4 || !QuestionWords.digits(second) || second.equals(first)) continue;
            if (found >= 0) return equal; // two such years: not one alternative
            found = i;
        }
        if (found < 0) {
            // "in 2014 or after", "in 1990 or earlier": that year and those after it, or before it
            for (int i = 0; i + 1 < words.size(); i++) {
                if (!words.get(i).equals("or") || used[i] || used[i + 1]) continue;
                String end = words.get(i + 1);
                String op = Set.of("after", "later").contains(end) ? ">=" : Set.of("before", "earlier").contains(end) ? "<=" : null;
                if (op == null) continue;
                used[i] = used[i + 1] = true;
                return new SemanticQuery.Filter(equal.field(), op, List.of(first));
            }
            return equal;
        }
        used[found] = used[found + 1] = true;
        return new SemanticQuery.Filter(equal.field(), "in", List.of(first, words.get(found + 1)));
    }

    /**
     * The whole years a period says as conditions on a number attribute of years, {@code field}: "2014" and "in 2014" equal
     * to it, "after 2013" greater, "since 2014" at least, "between 2014 and 2015" both ends kept, "before 2009" (the word
     * right before the period, marked placed) less. Empty when the period is not whole years said so.
     */
    static Optional<List<SemanticQuery.Filter>> yearsSaid(String q, Timeframe t, List<String> words, boolean[] used, String field) {
        String text = t.text() == null ? "" : t.text().strip().toLowerCase(java.util.Locale.ROOT);
        Matcher said = YEARS_SAID.matcher(text);
        if (!said.matches()) return Optional.empty();
        int before = -1;
        if (said.group(1) == null && said.group(3) == null && Pattern.compile("(?i)\\bbefore\\s+" + Pattern.quote(t.text().strip())).matcher(q).find()) {
            for (int i = words.size() - 1; i >= 0 && before < 0; i--) if (!used[i] && words.get(i).equals("before")) before = i;
            if (before < 0) return Optional.empty();
        }
        String first = said.group(2);
        List<SemanticQuery.Filter> out = new ArrayList<>();
        if (before >= 0) {
            out.add(new SemanticQuery.Filter(field, "<", List.of(first)));
            used[before] = true;
        } else if ("after".equals(said.group(1))) {
            out.add(new SemanticQuery.Filter(field, ">", List.of(first)));
        } else if ("since".equals(said.group(1))) {
            out.add(new SemanticQuery.Filter(field, ">=", List.of(first)));
        } else if (said.group(3) != null) {
            out.add(new SemanticQuery.Filter(field, ">=", List.of(first)));
            out.add(new SemanticQuery.Filter(field, "<=", List.of(said.group(3))));
        } else {
            out.add(new SemanticQuery.Filter(field, "=", List.of(first)));
        }
        return Optional.of(out);
    }

    @SuppressWarnings("unchecked")
    private static List<Dimension> dimensionsIn(Object target) {
        return (List<Dimension>) target;
    }

    /** Words that may stand between a number attribute and the numbers it equals ("whose birth year is either 1948 or 1949"). */
    private static final Set<String> EQUALS_LINKS = Set.of("is", "are", "was", "were", "of", "either", "equal", "equals", "to", "exactly");

    /**
     * A number attribute equal to numbers: its phrase then the numbers ("in grade 10", "grade 9 or 10", "whose birth year is
     * either 1948 or 1949", "aged 32 or 33"), or a number then its phrase after "with" or a form of "have" ("with 4
     * cylinders"). The words are marked placed.
     */
    private List<SemanticQuery.Filter> equalities(List<String> words, boolean[] used, List<Span> spans) {
        List<SemanticQuery.Filter> out = new ArrayList<>();
        for (Span d : spans) {
            if (Spans.anyUsed(used, d) || Spans.dimensionOf(d).size() != 1) continue;
            int k = d.to();
            while (k < words.size() && !used[k] && EQUALS_LINKS.contains(words.get(k))) k++;
            List<Integer> numbers = new ArrayList<>();
            while (k < words.size() && !used[k] && QuestionWords.digits(words.get(k))) {
                numbers.add(k++);
                if (k + 1 < words.size() && Set.of("or", "and").contains(words.get(k)) && !used[k + 1] && QuestionWords.digits(words.get(k + 1))) k++;
                else break;
            }
            int from = d.from();
            int to = numbers.isEmpty() ? -1 : numbers.get(numbers.size() - 1);
            if (numbers.isEmpty() && d.from() >= 2 && QuestionWords.digits(words.get(d.from() - 1)) && !used[d.from() - 1]
                    && Set.of("with", "have", "has", "had", "having").contains(words.get(d.from() - 2))) { // "with 4 cylinders"
                numbers.add(d.from() - 1);
                from = d.from() - 1;
                to = d.to() - 1;
            } else if (numbers.isEmpty() && d.from() >= 1 && QuestionWords.digits(words.get(d.from() - 1)) && !used[d.from() - 1]
                    && d.to() < words.size() && namesRecordsOf(words.get(d.to()), d)) { // "8 cylinder cars", "8-cylinder cars": the number said before its attribute, as of the records
                numbers.add(d.from() - 1);
                from = d.from() - 1;
                to = d.to() - 1;
            }
            if (numbers.isEmpty()) continue;
            List<String> values = numbers.stream().map(words::get).toList();
            out.add(new SemanticQuery.Filter(reader.model.reference(Spans.dimensionOf(d).get(0)), values.size() == 1 ? "=" : "in", values));
            for (int x = from; x <= to; x++) used[x] = true;
        }
        return out;
    }

    /** What a piece of text is called ("the substring 'Al'", "the letter w", "the word computer"). */
    static final Set<String> PIECE_WORDS = Set.of("substring", "string", "letter", "letters", "word", "words", "character", "characters");
}
