package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Clarify;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Reading;
import dev.almanac.semantic.QuestionParser.Result;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reader's rules for the measures and metrics a question names: the phrases of the model's metrics (names, labels,
 * synonyms, their short forms), found in order or scattered, a count of the records a question counts ("how many
 * singers"), a share ("what share of revenue"), and the metrics whose names say more than the words, asked back. Which of
 * several metrics the words name is meant is the {@link MetricChoice} rules'. The code here is theirs, over the reader
 * whose words and model it uses.
 */
final class MetricNames {
    private final QuestionParser reader;

    MetricNames(QuestionParser reader) {
        this.reader = reader;
    }

    /**
     * "revenue per product category", where the metric the words name (Revenue) has no product category: the metrics whose
     * names say more than those words ("Product revenue", "Shop revenue") and read the whole question, as a question back.
     * None of them is chosen for the words that did not name it; one alone that reads, whose name's other words the question
     * says elsewhere ("the top products by revenue"), is named by the question's words, scattered, and read. Empty when none
     * reads the question.
     */
    Optional<Result> narrowerMetrics(Reading reading, String q, List<String> original, List<String> words) {
        Span said = reading.span();
        if (reader.checking || said.scattered() || said.length() == 0) return Optional.empty();
        List<String> stems = words.subList(said.from(), said.to()).stream().map(QuestionWords::stem).toList();
        Set<SemanticMetric> longer = new java.util.LinkedHashSet<>();
        stemmedMetricPhrases().forEach((phrase, metrics) -> {
            @SuppressWarnings("unchecked") List<SemanticMetric> ms = (List<SemanticMetric>) metrics;
            if (phrase.size() > stems.size() && java.util.Collections.indexOfSubList(phrase, stems) >= 0) longer.addAll(ms);
        });
        longer.remove(reading.metric());
        if (longer.isEmpty() || longer.size() > 4 * ReadingChoice.MAX_READINGS) return Optional.empty();
        String shown = String.join(" ", original.subList(said.from(), said.to()));
        List<String> names = new ArrayList<>(), options = new ArrayList<>();
        List<SemanticMetric> meant = new ArrayList<>();
        List<Parsed> read = new ArrayList<>();
        reader.checking = true;
        try {
            for (SemanticMetric m : longer) {
                // the name without its aside ("Product revenue (order lines)"), whose words the option would have to place
                String option = q.replaceFirst("(?i)\\b" + Pattern.quote(shown) + "\\b", Matcher.quoteReplacement(QuestionParser.withoutAside(m.displayName())));
                if (!option.equals(q) && reader.parse(option) instanceof Parsed p) {
                    names.add(m.displayName());
                    options.add(option);
                    meant.add(m);
                    read.add(p);
                }
            }
        } finally {
            reader.checking = false;
        }
        if (options.isEmpty() || options.size() > MAX_OPTIONS) return Optional.empty();
        // "top 5 products by revenue": the one metric that reads, whose name's other words the question says elsewhere
        // ("products"), is named by the question's words, scattered
        if (meant.size() == 1 && namedElsewhere(meant.get(0), stems, words)) return Optional.of(read.get(0));
        return Optional.of(new Clarify("Which do you mean: " + String.join("; ", names) + "? (" + reading.metric().displayName()
                + " cannot be read with the rest of the question.)", options));
    }

    /**
     * Whether every word of a metric's name or label besides those said as its phrase ({@code said}, stems) is a word of the
     * question: "Product revenue" of "revenue" in "the top products by revenue".
     */
    private static boolean namedElsewhere(SemanticMetric metric, List<String> said, List<String> words) {
        Set<String> asked = new java.util.HashSet<>();
        for (String w : words) asked.add(QuestionWords.stem(QuestionWords.singular(w)));
        for (String n : new String[] {metric.name().replace('_', ' '), QuestionParser.withoutAside(QuestionWords.nullToEmpty(metric.info().label()))}) {
            Set<String> own = contentStemsOf(n);
            if (!own.isEmpty() && own.containsAll(said) && asked.containsAll(own)) return true;
        }
        return false;
    }

    /** The stems of a text's words that are no function words, each in the singular ("Canceled orders": cancel, order). */
    private static Set<String> contentStemsOf(String text) {
        Set<String> out = new java.util.HashSet<>();
        for (String w : QuestionWords.tokens(text, true)) {
            if (!dev.almanac.reading.FunctionWords.english().isFunctionWord(w)) out.add(QuestionWords.stem(QuestionWords.singular(w)));
        }
        return out;
    }

    /** The most options a question back offers: more say the question is too vague to answer by choosing. */
    static final int MAX_OPTIONS = 5;

    /**
     * "What share of payment attempts failed": a percentage metric computed from other metrics (a ratio, or a derived
     * metric over inputs) whose every input the question names by at least one of its words; it weighs as many words
     * as the question has of its own and its inputs' vocabulary, so that it is tried before any one input alone.
     */
    Map<SemanticMetric, Span> shareOf(List<String> words) {
        int cue = -1;
        for (int i = 0; i < words.size() && cue < 0; i++) if (SHARE_WORDS.contains(words.get(i))) cue = i;
        Map<SemanticMetric, Span> out = new LinkedHashMap<>();
        if (cue < 0) return out;
        Set<String> said = new java.util.HashSet<>();
        for (String w : words) if (!QuestionFrame.FILLER.contains(w)) said.add(QuestionWords.stem(w));
        for (SemanticMetric r : reader.model.metrics()) {
            if (r instanceof SemanticMetric.Simple || !"percent".equals(r.info().format())) continue;
            Set<String> vocabulary = new java.util.HashSet<>(contentStems(r));
            boolean everyInput = true;
            List<Set<String>> inputs = new ArrayList<>();
            for (String input : r.inputNames()) {
                Set<String> own = reader.model.metric(input).map(this::contentStems).orElse(Set.of());
                if (own.stream().noneMatch(said::contains)) everyInput = false;
                vocabulary.addAll(own);
                inputs.add(own);
            }
            if (!everyInput) continue;
            // the part is told from the whole by a word of one input that the others lack ("converted" leads of leads): "tickets
            // resolved" names both tickets resolved and those resolved within the SLA, and is not the SLA's attainment
            boolean toldApart = r.inputNames().size() < 2;
            for (int k = 0; k < inputs.size() && !toldApart; k++) {
                Set<String> distinct = new java.util.HashSet<>(inputs.get(k));
                for (int o = 0; o < inputs.size(); o++) if (o != k) distinct.removeAll(inputs.get(o));
                if (distinct.stream().anyMatch(said::contains)) toldApart = true;
            }
            if (!toldApart && contentStems(r).stream().noneMatch(said::contains)) continue;
            if (!partSaid(r, said)) continue;
            int weight = 0;
            for (String w : words) if (!QuestionFrame.FILLER.contains(w) && vocabulary.contains(QuestionWords.stem(w))) weight++;
            if (weight >= 2) out.put(r, new Span(cue, cue + 1, List.of(r), weight));
        }
        return out;
    }

    /**
     * Whether a share's part is said: a word of its name or label that no other input's name or label has ("canceled" of
     * Canceled orders beside Orders placed), a synonym of it said whole ("leads turned into customers"), or a word of the
     * share's own name no input's has. Words the whole alone has ("placed") do not say which part of it is asked ("what
     * share of orders were placed on mobile"). A part named by no word of its own, or a share of no part known, is not held
     * to it.
     */
    private boolean partSaid(SemanticMetric r, Set<String> said) {
        Optional<SemanticMetric> part = partOf(r).flatMap(reader.model::metric);
        if (part.isEmpty()) return true;
        Set<String> others = new java.util.HashSet<>();
        for (String input : r.inputNames()) if (!input.equals(part.get().name())) reader.model.metric(input).ifPresent(m -> others.addAll(namedStems(m)));
        Set<String> own = new java.util.HashSet<>(namedStems(part.get()));
        own.removeAll(others);
        if (own.isEmpty() || own.stream().anyMatch(said::contains)) return true;
        // or a synonym of the part said whole, with a word of its own ("leads turned into customers")
        for (String synonym : part.get().info().synonyms()) {
            Set<String> words = contentStemsOf(synonym);
            if (!words.isEmpty() && said.containsAll(words) && !others.containsAll(words)) return true;
        }
        Set<String> shares = new java.util.HashSet<>(namedStems(r));
        shares.removeAll(others);
        shares.removeAll(namedStems(part.get()));
        SHARE_WORDS.forEach(w -> shares.remove(QuestionWords.stem(w)));
        return shares.stream().anyMatch(said::contains);
    }

    /** The stems of the content words of a metric's name and label (not its synonyms). */
    private static Set<String> namedStems(SemanticMetric m) {
        return contentStemsOf(m.name().replace('_', ' ') + " " + QuestionParser.withoutAside(QuestionWords.nullToEmpty(m.info().label())));
    }

    /**
     * The input a share is a part of the whole by: a ratio's numerator, or the input a derived metric's expression names
     * first, before its division ("100.0 * canceled_orders / orders_placed"). Empty when the expression divides by none.
     */
    static Optional<String> partOf(SemanticMetric r) {
        if (r instanceof SemanticMetric.Ratio ratio) return Optional.of(ratio.numerator());
        if (!(r instanceof SemanticMetric.Derived d) || d.expr() == null || !d.expr().contains("/")) return Optional.empty();
        String before = d.expr().substring(0, d.expr().indexOf('/'));
        String first = null;
        int at = Integer.MAX_VALUE;
        for (SemanticMetric.Input in : d.inputs()) {
            String said = in.alias() != null ? in.alias() : in.metric();
            Matcher m = Pattern.compile("(?<![\\w.])" + Pattern.quote(said) + "(?!\\w)").matcher(before);
            if (m.find() && m.start() < at) {
                at = m.start();
                first = in.metric();
            }
        }
        return Optional.ofNullable(first);
    }

    /** The stems of the words of the events a metric's time dimensions record ("resolved" of "ticket resolved at"). */
    Set<String> eventStems(SemanticMetric metric) {
        Set<String> out = new java.util.HashSet<>();
        for (SemanticMetric.Simple s : reader.model.simpleInputs(metric)) {
            if (s.timeDimension() == null) continue;
            reader.model.timeDimensionOf(s).ifPresent(d -> out.addAll(reader.lexicon.dimensionStems(d)));
        }
        return out; // dimensionStems leaves out what rows are called ("ticket" of "ticket resolved at")
    }

    /** The stems of a metric's own words (name, label, synonyms), small words left out. */
    Set<String> contentStems(SemanticMetric m) {
        return wordsOf(m).content();
    }

    /** Whether the words are the metric's name or label, word forms folded. */
    static boolean namedExactly(SemanticMetric metric, List<String> said) {
        List<String> words = said.stream().map(QuestionWords::stem).toList();
        for (String n : new String[] {metric.name().replace('_', ' '), QuestionWords.nullToEmpty(metric.info().label())}) {
            if (!n.isBlank() && QuestionWords.tokens(n, true).stream().map(QuestionWords::stem).toList().equals(words)) return true;
        }
        return false;
    }

    /** How many of the words the metric's name, label or synonyms have in the same form (not only the same stem). */
    static int verbatimWords(SemanticMetric metric, List<String> words) {
        Set<String> own = new java.util.HashSet<>(QuestionWords.tokens(metric.name().replace('_', ' ') + " " + QuestionWords.nullToEmpty(metric.info().label()), true));
        metric.info().synonyms().forEach(x -> own.addAll(QuestionWords.tokens(x, true)));
        int n = 0;
        for (String w : new java.util.HashSet<>(words)) if (own.contains(w)) n++;
        return n;
    }

    /** How many of the question's words are the metric's own (its name, label and synonyms), word forms folded. */
    int ownWords(SemanticMetric metric, List<String> words) {
        Set<String> own = wordsOf(metric).stems();
        int n = 0;
        for (String w : words) if (own.contains(QuestionWords.stem(w))) n++;
        return n;
    }

    /**
     * "how many customers", "how many app users", "total customers": the count of an entity, when exactly one plain count metric (no filter
     * of its own) is over the dataset named (its synonyms saying "number of ..." break ties), or else the count of the
     * dataset's rows ({@link SemanticModel#entityCount}).
     */
    List<Span> entityCount(List<String> words) {
        // "customers by industry", "orders per country": a question that is the rows' noun and a breakdown counts them; a word
        // or two before the noun qualify it ("severe adverse events by month"), to be placed as values or refused later
        int qualifiers = 0;
        while (qualifiers < 2 && qualifiers < words.size() && qualifies(words.get(qualifiers))) qualifiers++;
        Optional<Span> terse = countedAt(words, 0, qualifiers, true);
        if (terse.isPresent()) return List.of(terse.get());
        // "total flights", "the total customers": "total" right before the rows' noun asks how many they are
        for (int i = 0; i + 1 < words.size(); i++) {
            if (!words.get(i).equals("total") || !rowNameStarts().contains(words.get(i + 1))) continue;
            Optional<Span> counted = countedAt(words, i + 1, 0, false);
            if (counted.isPresent()) return List.of(counted.get());
        }
        // "top 5 drugs by adverse events", "customers ranked by orders": a ranking by rows is by how many they are
        for (int i = 1; i + 1 < words.size(); i++) {
            if (!words.get(i).equals("by") || !rowNameStarts().contains(words.get(i + 1))) continue;
            if (words.subList(0, i).stream().noneMatch(RANKED_BY::contains)) continue;
            Optional<Span> counted = countedAt(words, i + 1, 0, false);
            if (counted.isPresent() && words.subList(counted.get().to(), words.size()).stream().allMatch(w -> dev.almanac.reading.FunctionWords.english().isFunctionWord(w))) {
                return List.of(counted.get());
            }
        }
        // "the monthly trend of adverse events": the rows' course over time is their number in each period
        for (int i = 0; i + 2 < words.size(); i++) {
            if (!words.get(i).equals("trend") || !words.get(i + 1).equals("of")) continue;
            Optional<Span> counted = countedAt(words, i + 2, 2, false);
            // "the trend of sales" where "sales" names a measure too: the measure's course, not the rows' number
            if (counted.isPresent() && metricSpans(words).stream().noneMatch(sp -> Spans.overlaps(sp, counted.get()))) return List.of(counted.get());
        }
        for (int i = 0; i + 2 < words.size(); i++) {
            boolean howMany = words.get(i).equals("how") && words.get(i + 1).equals("many");
            boolean numberOf = List.of("number", "count").contains(words.get(i)) && words.get(i + 1).equals("of");
            boolean most = Set.of("most", "fewest", "more", "fewer").contains(words.get(i + 1)); // "which industry has the most customers"
            if (!howMany && !numberOf && !most) continue;
            // the entity may follow a few words that qualify it ("how many healthcare companies"): those are read as values later
            Optional<Span> counted = countedAt(words, i + 2, 2, false);
            if (counted.isPresent()) return List.of(counted.get());
        }
        return List.of();
    }

    /**
     * A word that may qualify the rows' noun it stands before at the start of a terse question ("severe" of "severe adverse
     * events by month"): a content word, no request ("show", "list"), no superlative ("largest") and no number.
     */
    private static boolean qualifies(String w) {
        return !dev.almanac.reading.FunctionWords.english().isFunctionWord(w) && !RequestForms.REQUEST_VERBS.contains(w) && !Ranking.MOST.contains(w)
                && !Ranking.LEAST.contains(w) && !w.endsWith("est") && w.chars().allMatch(Character::isLetter);
    }

    /** Words that say a list is ranked by what follows "by" ("top 5 drugs by ...", "customers ranked by ..."). */
    private static final Set<String> RANKED_BY = Set.of("top", "bottom", "ranked", "rank");

    private volatile Set<String> rowNameStarts;

    /** The first words of what every dataset's rows are called, as the reader folds words ("car" of "car makers"). */
    private Set<String> rowNameStarts() {
        Set<String> s = rowNameStarts;
        if (s == null) {
            Set<String> out = new java.util.HashSet<>();
            for (Dataset d : reader.model.datasets()) {
                for (String n : ReaderLexicon.rowNames(d)) {
                    List<String> t = QuestionWords.tokens(n, true);
                    if (!t.isEmpty()) out.add(t.get(0));
                }
            }
            rowNameStarts = s = Set.copyOf(out);
        }
        return s;
    }

    /**
     * The count of the rows named from word {@code from} on (after up to {@code skip} words), one to three words naming one
     * dataset; with {@code beforeBreakdown}, the rows' noun must be followed by "by" or "per" and a word after it.
     */
    private Optional<Span> countedAt(List<String> words, int from, int skip, boolean beforeBreakdown) {
        for (int s = 0; s <= skip && from + s < words.size(); s++)
        for (int n = Math.min(3, words.size() - from - s); n >= 1; n--) {
            int start = from + s, end = start + n;
            List<String> entity = words.subList(start, end);
            if (beforeBreakdown && (end + 1 >= words.size() || !Set.of("by", "per").contains(words.get(end)))) continue;
            int[] at = java.util.stream.IntStream.range(start, end).toArray();
            List<Dataset> named = reader.lexicon.rowsCalled(entity);
            if (named.isEmpty()) { // "how many customers" where only an identifier column is called so
                Optional<SemanticMetric.Simple> identified = reader.model.identifiedCount(String.join(" ", entity));
                if (identified.isPresent()) return Optional.of(new Span(start, end, List.of(identified.get()), n, at));
            }
            if (named.size() != 1) continue;
            Dataset d = named.get(0);
            // "car models": a noun of other records right after is the compound's head, what is counted
            if (end < words.size() && reader.lexicon.rowsCalled(List.of(words.get(end))).stream().anyMatch(o -> o != d)) continue;
            List<SemanticMetric> counts = new ArrayList<>();
            for (SemanticMetric m : reader.model.metrics()) {
                if (m instanceof SemanticMetric.Simple c && c.countsEveryRow() && c.dataset().equals(d.name())) counts.add(m);
            }
            if (counts.isEmpty()) { // "customers" of a view keyed by customer id: the count of its keys counts its rows
                for (SemanticMetric m : reader.model.metrics()) if (m instanceof SemanticMetric.Simple c && c.dataset().equals(d.name()) && reader.model.countsKeys(c)) counts.add(m);
            }
            if (counts.size() > 1) {
                String said = String.join(" ", entity);
                counts = counts.stream().filter(m -> m.info().synonyms().stream()
                        .anyMatch(x -> String.join(" ", QuestionWords.tokens(x, true)).equals("number of " + said) || String.join(" ", QuestionWords.tokens(x, true)).equals(said + " count"))).toList();
            }
            if (counts.isEmpty()) reader.model.entityCount(d.name()).ifPresent(counts::add);
            // ranked like scattered words: a metric named by its own phrase wins a tie with the plain count of its rows
            if (counts.size() == 1) return Optional.of(new Span(start, end, List.of(counts.get(0)), n, at));
        }
        return Optional.empty();
    }

    private Map<List<String>, Object> metricPhrases;

    /** The phrases of the model's metrics, made once per layer and kept by this parser. */
    Map<List<String>, Object> metricPhraseMap() {
        if (metricPhrases == null) metricPhrases = reader.phrases.metrics(this::metricPhrases);
        return metricPhrases;
    }

    private Map<List<String>, Object> metricPhrases() {
        Map<List<String>, Object> out = new HashMap<>();
        for (SemanticMetric m : reader.model.metrics()) {
            List<String> phrases = new ArrayList<>(List.of(m.name().replace('_', ' ')));
            if (m.info().label() != null) {
                String label = m.info().label();
                phrases.add(QuestionParser.withoutAside(label));
                Matcher paren = Pattern.compile("\\(([^)]+)\\)").matcher(label);
                while (paren.find()) {
                    String aside = paren.group(1).strip();
                    List<String> words = QuestionWords.tokens(aside, true);
                    // "(MRR)", not "(today)"; "(won deal value)": a gloss of several words that names an aggregate, not "(paid invoices)"
                    if (aside.matches("[A-Z][A-Z0-9&]{1,7}") || words.size() >= 2 && MeasureFit.asksAggregate(words.get(words.size() - 1))) phrases.add(aside);
                }
            }
            phrases.addAll(m.info().synonyms());
            phrases.replaceAll(TypedForms::percentSign);
            phrases.addAll(shortNames(m, phrases));
            List<List<String>> keys = new ArrayList<>();
            for (String p : phrases) keys.add(QuestionWords.tokens(p, true));
            for (String p : phrases) keys.add(ReaderLexicon.spelledOut(QuestionWords.tokens(p, true))); // "avg delivery days": average delivery days
            for (List<String> key : keys) {
                if (key.isEmpty()) continue;
                @SuppressWarnings("unchecked") List<SemanticMetric> list = (List<SemanticMetric>) out.computeIfAbsent(key, k -> new ArrayList<SemanticMetric>());
                if (list.stream().noneMatch(x -> x == m)) list.add(m); // by identity: a metric's record equality is deep and slow
            }
        }
        return out;
    }

    /**
     * The other names people give a metric called by several words: its initials ("AOV" of Average Order Value, when they
     * are not an English word), and its name without the word of the records it is computed over ("gross profit" of Order
     * Gross Profit over orders), when at least two words of its own remain, none of them a function word (a name, not a
     * phrase: "customers using the product" does not give "using the product"); and a sum or count named after the grain
     * of its rows without that word ("revenue" of Cortex's daily_revenue: added up over any period, it is the period's),
     * and a sum named "total ..." without "total" (Cortex's total_sales is the sales a question asks for).
     */
    private List<String> shortNames(SemanticMetric m, List<String> phrases) {
        List<String> out = new ArrayList<>();
        Set<String> records = new java.util.HashSet<>();
        for (String d : reader.datasetsOf(m)) {
            QuestionWords.tokens(d, true).forEach(w -> records.add(QuestionWords.stem(w)));
            reader.model.dataset(d).ifPresent(ds -> ds.entities().forEach(e -> QuestionWords.tokens(e.name(), true).forEach(w -> records.add(QuestionWords.stem(w)))));
        }
        var function = dev.almanac.reading.FunctionWords.english();
        for (String p : phrases) {
            List<String> words = QuestionWords.tokens(p, true);
            ReaderLexicon.initialism(words).ifPresent(out::add);
            // "total sales" of a sum: "total" says the sum itself, which the metric is whatever a question calls it ("which country
            // has the highest sales"), unless the rest names what it adds up, an attribute of each record ("earnings" of the
            // total of a column "earnings": said alone, the records' own)
            if (words.size() >= 2 && words.get(0).equals("total") && m instanceof SemanticMetric.Simple summed && summed.agg() == SemanticMetric.Agg.SUM
                    && words.subList(1, words.size()).stream().noneMatch(w -> function.isFunctionWord(w) || QuestionFrame.FILLER.contains(w))
                    && !namesAnAttribute(words.subList(1, words.size()), summed)) {
                out.add(String.join(" ", words.subList(1, words.size())));
            }
            // "daily revenue" of a table of days: a sum or count of rows of a day, added up over any period, is the period's
            if (words.size() >= 2 && ReaderLexicon.grainPhrases().containsKey(words.subList(0, 1)) && m instanceof SemanticMetric.Simple simple
                    && (simple.agg() == SemanticMetric.Agg.SUM || simple.agg() == SemanticMetric.Agg.COUNT)) {
                out.add(String.join(" ", words.subList(1, words.size())));
            }
            if (words.size() < 3) continue;
            List<String> rest = records.contains(QuestionWords.stem(words.get(0))) ? words.subList(1, words.size())
                    : records.contains(QuestionWords.stem(words.get(words.size() - 1))) ? words.subList(0, words.size() - 1) : List.of();
            if (rest.size() >= 2 && rest.stream().noneMatch(w -> function.isFunctionWord(w) || QuestionFrame.FILLER.contains(w) || records.contains(QuestionWords.stem(w)))) {
                out.add(String.join(" ", rest));
            }
        }
        return out;
    }

    /** Whether words are the name of the column a sum adds up or of an attribute of the model, as the reader folds words. */
    private boolean namesAnAttribute(List<String> words, SemanticMetric.Simple summed) {
        List<String> stems = words.stream().map(QuestionWords::stem).toList();
        java.util.function.Predicate<String> same = name -> QuestionWords.tokens(name, true).stream().map(QuestionWords::stem).toList().equals(stems);
        return summed.expr() != null && same.test(summed.expr()) || reader.model.dimensions().stream().anyMatch(d -> same.test(d.name()));
    }

    /** Words that join two things named side by side ("rentals and repairs", "rentals vs returns"). */
    static final Set<String> JOINING = Set.of("and", "or", "plus", "vs", "versus");

    /** Whether two of the words at these places stand on either side of a joining word ("rentals and fees"). */
    private static boolean joinedApart(List<String> words, int[] places) {
        Set<Integer> at = java.util.Arrays.stream(places).boxed().collect(java.util.stream.Collectors.toSet());
        for (int i = 1; i + 1 < words.size(); i++) if (JOINING.contains(words.get(i)) && at.contains(i - 1) && at.contains(i + 1)) return true;
        return false;
    }

    /** Small words that may stand between the words of a metric's phrase ("orders were placed", "tickets did we resolve"). */
    private static final Set<String> GAP = Set.of("were", "was", "is", "are", "been", "be", "did", "do", "does", "we", "our", "the", "a", "an", "have",
            "has", "had", "they", "get", "got", "by", "us");

    /**
     * Where the metrics' phrases occur: their words in order, word forms folded ("resolved" finds "resolve"), up to two
     * small words between them ("orders were placed" finds "orders placed").
     */
    List<Span> metricSpans(List<String> words) {
        List<String> stems = words.stream().map(QuestionWords::stem).toList();
        Set<String> said = new java.util.HashSet<>(stems);
        List<Span> out = new ArrayList<>();
        for (Map.Entry<List<String>, Object> e : stemmedMetricPhrases().entrySet()) {
            List<String> phrase = e.getKey();
            for (int i = 0; i < stems.size(); i++) {
                if (!stems.get(i).equals(phrase.get(0))) continue;
                int at = i + 1;
                boolean whole = true;
                for (int k = 1; k < phrase.size() && whole; k++) {
                    int gap = 0;
                    while (at < stems.size() && !stems.get(at).equals(phrase.get(k)) && GAP.contains(words.get(at)) && gap < 2
                            && !QuestionWords.objectOutOfPlace(words, at) // "how many us singers": a name, not a small word
                            && !(Breakdown.BREAKDOWN_CUES.contains(words.get(at)) && (dimensionAt(words, at + 1) || dimensionEndsAt(words, at)))) {
                        at++;
                        gap++;
                    }
                    if (at < stems.size() && stems.get(at).equals(phrase.get(k))) at++;
                    else whole = false;
                }
                if (whole) out.add(new Span(i, at, e.getValue(), phrase.size()));
            }
            // the phrase's words anywhere in the question, each once ("median time in hours to resolve" for "median time to resolve"),
            // or side by side in another order, a word a question also says in passing among them ("amount claimed" for "claimed amount")
            if (phrase.size() < 2 || !said.containsAll(phrase)) continue;
            long content = phrase.stream().filter(w -> !QuestionFrame.FILLER.contains(w)).count();
            if (content >= 1) {
                int[] places = new int[phrase.size()];
                boolean[] taken = new boolean[stems.size()];
                boolean all = true;
                for (int k = 0; k < phrase.size() && all; k++) {
                    int found = -1;
                    for (int i = 0; i < stems.size() && found < 0; i++) if (!taken[i] && stems.get(i).equals(phrase.get(k))) found = i;
                    if (found < 0) all = false;
                    else {
                        taken[found] = true;
                        places[k] = found;
                    }
                }
                if (all) {
                    int from = java.util.Arrays.stream(places).min().orElseThrow();
                    int to = java.util.Arrays.stream(places).max().orElseThrow() + 1;
                    if (content < 2 && to - from != phrase.size()) continue;
                    // "rentals and fees": words joined as two things are not one name's words ("rental fees")
                    if (joinedApart(words, places)) continue;
                    boolean contiguousFound = out.stream().anyMatch(x -> x.target() == e.getValue() && x.from() == from);
                    if (!contiguousFound) out.add(new Span(from, to, e.getValue(), phrase.size(), places));
                }
            }
        }
        return out;
    }

    private Map<List<String>, Object> stemmedMetricPhrases;

    /** The metrics' phrases with their words' stems, the metrics of phrases that stem alike together; made once per parser. */
    private Map<List<String>, Object> stemmedMetricPhrases() {
        if (stemmedMetricPhrases == null) {
            Map<List<String>, Object> stemmed = new HashMap<>();
            metricPhraseMap().forEach((k, v) -> {
                @SuppressWarnings("unchecked") List<SemanticMetric> ms = (List<SemanticMetric>) v;
                @SuppressWarnings("unchecked") List<SemanticMetric> list = (List<SemanticMetric>) stemmed.computeIfAbsent(k.stream().map(QuestionWords::stem).toList(),
                        x -> new ArrayList<SemanticMetric>());
                ms.stream().filter(m -> list.stream().noneMatch(x -> x == m)).forEach(list::add);
            });
            stemmedMetricPhrases = stemmed;
        }
        return stemmedMetricPhrases;
    }

    /** Whether a dimension's phrase begins at a word ("by acquisition channel": the breakdown, not a metric's words around "by"). */
    private boolean dimensionAt(List<String> words, int at) {
        Map<List<String>, Object> dims = reader.lexicon.breakdownPhrases();
        for (int to = at + 1; to <= Math.min(words.size(), at + 5); to++) if (dims.containsKey(words.subList(at, to))) return true;
        return false;
    }

    /**
     * Whether a dimension's phrase ends right before a word ("customers by MRR": what is ranked, then the measure; not the
     * words of "customer MRR" around "by").
     */
    private boolean dimensionEndsAt(List<String> words, int at) {
        Map<List<String>, Object> dims = reader.lexicon.breakdownPhrases();
        for (int from = Math.max(0, at - 5); from < at; from++) if (dims.containsKey(words.subList(from, at))) return true;
        return false;
    }

    /** The stems of a metric's own words (name, label, synonyms; small words left out), and of those that are not share words. */
    record MetricWords(Set<String> stems, Set<String> content) {}

    /** Read once per metric and parser: every reading of every question asks them. */
    private final Map<String, MetricWords> metricWords = new java.util.concurrent.ConcurrentHashMap<>();

    MetricWords wordsOf(SemanticMetric m) {
        return metricWords.computeIfAbsent(m.name(), k -> {
            Set<String> stems = new java.util.HashSet<>();
            Set<String> content = new java.util.HashSet<>();
            for (String w : QuestionWords.tokens(m.name().replace('_', ' ') + " " + QuestionWords.nullToEmpty(m.info().label()) + " "
                    + String.join(" ", m.info().synonyms()), true)) {
                if (QuestionFrame.FILLER.contains(w)) continue;
                stems.add(QuestionWords.stem(w));
                if (!SHARE_WORDS.contains(w)) content.add(QuestionWords.stem(w));
            }
            return new MetricWords(Set.copyOf(stems), Set.copyOf(content));
        });
    }

    static final Set<String> SHARE_WORDS = Set.of("share", "percentage", "percent", "proportion", "fraction", "ratio", "rate");
}
