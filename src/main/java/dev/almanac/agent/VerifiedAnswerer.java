package dev.almanac.agent;

import dev.almanac.agent.explain.PlainExplainer;
import dev.almanac.knowledge.Embedder;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.Parameter;
import dev.almanac.knowledge.SqlParameters;
import dev.almanac.knowledge.Tokens;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Answers a question with no language model when a verified query or a canonical metric matches it
 * closely enough: the period named in the question fills the SQL's date parameters, the database
 * computes the answer, and the answer says which trusted query or metric produced it.
 *
 * <p>Match score = half the best sentence-embedding similarity between the question (without its
 * period) and the candidate's phrasings, half the share of the question's content words that the
 * candidate covers (its phrasings, SQL identifiers and tags). A question that names a period is
 * matched only by candidates with date parameters. The threshold was chosen on the demo's golden
 * questions (docs/VERIFIED_ANSWERS.md).
 */
public final class VerifiedAnswerer {
    public static final double THRESHOLD = 0.78;
    private static final Set<String> GENERIC = Set.of("total", "number", "count", "value", "figure", "current", "currently", "now", "overall",
            "right", "end", "start", "month", "year", "quarter", "day", "week", "date", "period", "time", "get", "receive", "see", "know", "like", "lot");

    private final KnowledgeSet knowledge;
    private final Embedder embedder;
    private final QueryExecutor executor;
    private final Catalog catalog;
    private final TimeframeParser timeframes;
    private final List<Candidate> candidates = new ArrayList<>();
    /** Every word of the candidates (phrasings, tags, SQL) and of the catalog's table and column names. */
    private final Set<String> vocabulary = new HashSet<>();
    /** Each verified query's own question as {@link #questionKey} reads it, read once. */
    private final java.util.Map<String, VerifiedQuery> ownQuestions = new java.util.LinkedHashMap<>();

    /** A verified query or metric that could answer questions. */
    /** The words of each candidate's phrasings, read once (every question is scored against all of them). */
    private final Map<String, List<String>> phraseWords = new java.util.concurrent.ConcurrentHashMap<>();

    record Candidate(String kind, String name, String label, String sql, List<Parameter> parameters, List<String> phrasings,
                     Set<String> vocabulary, List<float[]> vectors, Metric metric, VerifiedQuery query, Set<String> tables) {}

    /** What kind of value a question asks for, or a metric gives. */
    enum ValueType { COUNT, MONEY, PERCENT, SCORE, OTHER }

    private static final java.util.regex.Pattern BREAKDOWN = java.util.regex.Pattern.compile("(?i)\\b(per|each|by|every|breakdown|broken down|split)\\b");

    /** A candidate's score for one question. */
    public record Match(String kind, String name, String label, double score) {
        /** A verified query (a question someone checked), not a canonical metric. */
        public boolean isQuery() {
            return kind.equals("verified query");
        }
    }

    /** The plain-English explainer of the knowledge, made on first use and kept (it is read-only once made). */
    private volatile PlainExplainer plain;

    private PlainExplainer plain() {
        PlainExplainer p = plain;
        if (p == null) plain = p = new PlainExplainer(executor::parseTree, knowledge);
        return p;
    }

    public VerifiedAnswerer(KnowledgeSet knowledge, Embedder embedder, QueryExecutor executor, Catalog catalog, LocalDate today) {
        this(knowledge, embedder, executor, catalog, today, dev.almanac.quality.FiscalYear.CALENDAR);
    }

    /** @param fiscalYear the project's fiscal year, for the periods of a question ("FY2026") */
    public VerifiedAnswerer(KnowledgeSet knowledge, Embedder embedder, QueryExecutor executor, Catalog catalog, LocalDate today,
                            dev.almanac.quality.FiscalYear fiscalYear) {
        this.knowledge = knowledge;
        this.embedder = embedder;
        this.executor = executor;
        this.catalog = catalog;
        this.timeframes = new TimeframeParser(today, fiscalYear);
        for (Metric m : knowledge.metrics()) {
            List<String> phrasings = new ArrayList<>();
            if (m.label() != null) phrasings.add(m.label());
            phrasings.add(m.name().replace('_', ' '));
            phrasings.addAll(m.synonyms());
            phrasings.add(m.definition());
            candidates.add(candidate("metric", m.name(), m.label() == null ? m.name() : m.label(), m.sql(), m.parameters(), phrasings, m.tags(), m, null));
        }
        for (VerifiedQuery q : knowledge.queries()) {
            candidates.add(candidate("verified query", q.name(), q.question(), q.sql(), q.parameters(), List.of(q.question(), q.name().replace('_', ' ')), q.tags(), null, q));
        }
        candidates.forEach(c -> vocabulary.addAll(c.vocabulary()));
        for (VerifiedQuery q : knowledge.queries()) ownQuestions.putIfAbsent(questionKey(q.question()), q);
        for (Catalog.Table t : catalog.tables()) {
            vocabulary.addAll(Tokens.of(t.name()));
            t.columns().forEach(c -> vocabulary.addAll(Tokens.of(c.name())));
        }
    }

    private Candidate candidate(String kind, String name, String label, String sql, List<Parameter> parameters, List<String> phrasings,
                                List<String> tags, Metric metric, VerifiedQuery query) {
        Set<String> vocabulary = new HashSet<>();
        phrasings.forEach(p -> vocabulary.addAll(Tokens.of(p)));
        tags.forEach(t -> vocabulary.addAll(Tokens.of(t)));
        vocabulary.addAll(Tokens.of(sql));
        List<float[]> vectors = phrasings.stream().map(embedder::embed).toList();
        Set<String> tables = executor.source() == null ? Set.of() : tablesOf(sql, parameters);
        return new Candidate(kind, name, label, sql, parameters, phrasings, vocabulary, vectors, metric, query, tables);
    }

    private static final Set<String> CUES = Set.of("by", "per", "each", "every", "across");

    /**
     * A verified query answers only a question of its own shape: the same time grain ("each month") and
     * the same breakdown (the words after "by", "per", "each" in either question must be in the other).
     */
    /**
     * What a question asks, for telling two questions apart: its words in order and its periods (case, punctuation and
     * stop words aside: "how many people work in each department today" and "How many people work in each department
     * today?" read the same).
     */
    String questionKey(String question) {
        return String.join(" ", Tokens.of(timeframes.withoutPeriods(question))) + " | "
                + String.join("; ", timeframes.parseAll(question).stream().map(Timeframe::label).toList());
    }

    /**
     * The words that narrow a verified query's records and that the question does not say: an adjective of the verified
     * question (in WordNet an adjective and no noun: "paying", "active") missing from the asked one. "Customer count by
     * region" is not "How many paying customers are in each region?": the plain count of customers was answered with the
     * count of those that pay.
     */
    static List<String> unqualified(String asked, String verified) {
        List<String> have = words(asked);
        var lexicon = dev.almanac.reading.Lexicon.english();
        var function = dev.almanac.reading.FunctionWords.english();
        List<String> out = new ArrayList<>();
        for (String w : words(verified)) {
            if (have.contains(w) || w.length() < 3 || GENERIC.contains(w) || function.isFunctionWord(w) || !w.chars().allMatch(Character::isLetter)) continue;
            Set<dev.almanac.reading.PartOfSpeech> pos = lexicon.partsOfSpeech(w);
            if (pos.contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE) && !pos.contains(dev.almanac.reading.PartOfSpeech.NOUN)) out.add(w);
        }
        return out;
    }

    static boolean sameShape(String asked, String verified) {
        if (!dev.almanac.semantic.QuestionParser.grainOf(asked).equals(dev.almanac.semantic.QuestionParser.grainOf(verified))) return false;
        return breakdownWords(verified).stream().allMatch(w -> words(asked).contains(w))
                && breakdownWords(asked).stream().allMatch(w -> words(verified).contains(w));
    }

    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+")) if (!w.isEmpty()) out.add(dev.almanac.semantic.QuestionWords.singularOf(w));
        return out;
    }

    /** The word after each breakdown cue, when it is not a time word ("by month" is a grain, "per month" too). */
    private static List<String> breakdownWords(String text) {
        List<String> ws = words(text);
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < ws.size(); i++) {
            if (!CUES.contains(ws.get(i))) continue;
            String next = ws.get(i + 1);
            if (Set.of("day", "week", "month", "quarter", "year", "a", "the", "one").contains(next)) continue;
            out.add(next);
        }
        return out;
    }

    /** Words that name nothing to compute: "show me the numbers", "what is the data?". */
    private static final Set<String> FILLER = Set.of("number", "numbers", "figure", "data", "info", "information", "stuff", "thing", "something",
            "anything", "everything", "interesting", "please", "hi", "hello", "thank", "thanks", "okay", "ok", "some", "about", "more", "again");

    /** The question's words that could name something to compute: not stop words, filler or generic words, numbers, nor its period. */
    public List<String> contentWords(String question) {
        String rest = timeframes.withoutPeriods(question);
        return Tokens.of(rest).stream().filter(w -> !GENERIC.contains(w) && !FILLER.contains(w) && !dev.almanac.semantic.QuestionWords.digits(w)).distinct().toList();
    }

    /** Whether a word (as {@link Tokens} writes it) is one of a metric's, a verified query's, a table's or a column's words. */
    public boolean knows(String word) {
        return vocabulary.contains(word);
    }

    /** Every candidate's score for the question, best first. */
    public List<Match> rank(String question) {
        Optional<Timeframe> tf = timeframes.parse(question);
        String rest = timeframes.withoutPeriods(question);
        float[] q = embedder.embed(rest);
        List<String> content = Tokens.of(rest).stream().filter(t -> !GENERIC.contains(t) && !dev.almanac.semantic.QuestionWords.digits(t)).distinct().toList();
        List<Match> matches = new ArrayList<>();
        Set<String> asked = new HashSet<>(Tokens.of(rest));
        ValueType wanted = wanted(question);
        boolean breakdown = BREAKDOWN.matcher(rest).find();
        for (Candidate c : candidates) {
            double sem = 0;
            for (float[] v : c.vectors()) sem = Math.max(sem, Embedder.cosine(q, v));
            double coverage = content.isEmpty() ? 1 : (double) content.stream().filter(c.vocabulary()::contains).count() / content.size();
            double named = 0;
            for (String phrase : c.phrasings().subList(0, Math.max(1, c.phrasings().size() - (c.metric() != null ? 1 : 0)))) {
                List<String> words = phraseWords.computeIfAbsent(phrase, x -> Tokens.of(x).stream().distinct().toList());
                if (!words.isEmpty()) named = Math.max(named, (double) words.stream().filter(asked::contains).count() / words.size());
            }
            double score = 0.4 * sem + 0.4 * coverage + 0.2 * named;
            if (tf.isPresent() && dateParameters(c).isEmpty()) score *= 0.5;
            if (tf.isPresent() && !covers(c, tf.get())) score *= 0.5;
            if (c.metric() != null && breakdown) score *= 0.6;
            ValueType gives = c.metric() == null ? ValueType.OTHER : gives(c.metric());
            if (wanted != ValueType.OTHER && gives != ValueType.OTHER && wanted != gives) score *= 0.6;
            matches.add(new Match(c.kind(), c.name(), c.label(), Math.round(score * 1000) / 1000.0));
        }
        matches.sort(Comparator.comparingDouble(Match::score).reversed().thenComparing(Match::name));
        return matches;
    }

    /** The answer from the best candidate at or above the threshold, if there is one. */
    public Optional<Answer> answer(String question) {
        return answer(question, THRESHOLD);
    }

    /** The answer from the best candidate if it scores at least {@code threshold}. */
    public Optional<Answer> answer(String question, double threshold) {
        return match(question, threshold).map(m -> answer(question, m));
    }

    /**
     * The best candidate for the question at or above the threshold, if it may answer it: a verified query
     * answers only a question of its own grain and breakdown ({@link #sameShape}), else nothing matches.
     */
    public Optional<Match> match(String question) {
        return match(question, THRESHOLD);
    }

    public Optional<Match> match(String question, double threshold) {
        // a verified query's own question (or one that differs from it only in words that change nothing computed) is that
        // query's, whatever else could answer it: someone checked this answer to this question
        VerifiedQuery own = ownQuestions.get(questionKey(question));
        if (own != null) {
            Candidate c = candidates.stream().filter(x -> x.query() == own).findFirst().orElseThrow();
            if (answersEveryPeriod(question, c)) return Optional.of(new Match(c.kind(), c.name(), c.label(), 1.0));
        }
        List<Match> ranked = rank(question);
        if (ranked.isEmpty() || ranked.get(0).score() < threshold) return Optional.empty();
        Match best = ranked.get(0);
        Candidate c = candidate(best);
        // "revenue excluding the shop", "customers without an active subscription": a word that denies or leaves out says
        // rows the candidate computes are not asked, unless the candidate's own phrasings say it too
        if (deniesMore(question, c)) return Optional.empty();
        // the narrowing words of either question must be the other's too: "new MRR by plan" is not "MRR by plan"
        if (c.query() != null && (!sameShape(question, c.query().question()) || !unqualified(question, c.query().question()).isEmpty()
                || !unqualified(c.query().question(), timeframes.withoutPeriods(question)).isEmpty())) return Optional.empty();
        if (c.metric() != null && !asksItsValue(question, c)) return Optional.empty();
        if (!answersEveryPeriod(question, c)) return Optional.empty();
        return Optional.of(best);
    }

    /** Words that leave out, beside the grammar's negations: the prepositions of exclusion and the verb. */
    private static final Set<String> EXCLUSIONS = Set.of("without", "excluding", "exclude", "excludes", "except", "excepting", "minus", "besides", "barring", "non");

    private static boolean deniesMore(String question, Candidate c) {
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        Set<String> denied = new HashSet<>();
        for (String w : wordsAsTyped(question)) {
            if (EXCLUSIONS.contains(w) || grammar.is(w, dev.almanac.reading.FunctionClass.NEGATION) || w.endsWith("n't")) denied.add(w);
        }
        if (denied.isEmpty()) return false;
        Set<String> own = new HashSet<>();
        for (String p : c.phrasings()) own.addAll(wordsAsTyped(p));
        return !own.containsAll(denied);
    }

    /** The words of a text in lower case, their apostrophes kept ("don't"). */
    private static List<String> wordsAsTyped(String text) {
        return List.of(text.replace('’', '\'').toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}']+"));
    }

    /**
     * Whether the candidate can answer for every period the question names: one with several periods ("in 2024 and
     * 2025") needs date parameters to run once per period, and a question with a period's words that no whole period
     * took ("Q1 and Q2 2025") is never answered for only the periods that were read.
     */
    private boolean answersEveryPeriod(String question, Candidate c) {
        if (!timeframes.loosePeriodWords(question).isEmpty()) return false;
        List<Timeframe> periods = timeframes.parseAll(question);
        // "the balance at the start of 2026": a moment a kept value may or may not be taken at, which the question reader decides
        if (periods.stream().anyMatch(Timeframe::isStartOf)) return false;
        return periods.size() <= 1 || periods.size() <= TimeframeParser.MAX_PERIODS && !dateParameters(c).isEmpty();
    }

    /**
     * Whether a question asks for a canonical metric's own value: it names the metric by every word of its label, name or
     * one synonym ("total refunds" does not name the refund rate, whose "rate" it does not say), over no rows a condition on
     * a number keeps ("shop revenue from orders with an order value over 1000"), and not how it moved or compares ("shop
     * revenue growth in 2025"), unless those words are its own (a growth metric).
     */
    private boolean asksItsValue(String question, Candidate c) {
        return namesWhole(question, c) && !NUMBER_CONDITION.matcher(dev.almanac.semantic.QuestionParser.amounts(question)).find()
                && dev.almanac.semantic.QuestionParser.movementWords(question).stream().allMatch(w -> Tokens.of(w).stream().anyMatch(c.vocabulary()::contains));
    }

    /** Whether the question says every word of one of a metric's names (its label without what it says in parentheses, its name, a synonym). */
    private boolean namesWhole(String question, Candidate c) {
        Set<String> asked = new HashSet<>(Tokens.of(question));
        List<String> names = new ArrayList<>();
        if (c.metric().label() != null) names.add(dev.almanac.semantic.QuestionParser.withoutAside(c.metric().label()));
        java.util.regex.Matcher paren = java.util.regex.Pattern.compile("\\(([^)]+)\\)").matcher(c.metric().label() == null ? "" : c.metric().label());
        while (paren.find()) names.add(paren.group(1)); // "(MRR)", "(AOV)"
        names.add(c.metric().name().replace('_', ' '));
        names.addAll(c.metric().synonyms());
        for (String n : names) {
            List<String> words = Tokens.of(n);
            if (!words.isEmpty() && asked.containsAll(words)) return true;
        }
        return false;
    }

    /**
     * A comparison with a number that is not a year ("over 1000", "at least 5", "under $50", "more than one"), a number and
     * its side after it ("2 or more"), or a count said as more than one ("multiple", "several").
     */
    private static final java.util.regex.Pattern NUMBER_CONDITION = java.util.regex.Pattern.compile("(?i)\\b(?:over|above|under|below|exceeding|more than|"
            + "less than|fewer than|greater than|at least|at most|between)\\s+(?:(?!(?:19|20)\\d{2}\\b)\\d|(?:one|two|three|four|five|six|seven|eight|nine|ten)\\b)"
            + "|\\b\\d+\\s+or\\s+(?:more|fewer|less|greater|higher|lower|above|over|under|below)\\b|\\b(?:multiple|several)\\b");

    private Candidate candidate(Match m) {
        return candidates.stream().filter(x -> x.name().equals(m.name()) && x.kind().equals(m.kind())).findFirst().orElseThrow();
    }

    /** The answer of a matched candidate: the period in the question fills its date parameters, and the database computes it. */
    public Answer answer(String question, Match match) {
        long start = System.nanoTime();
        Candidate c = candidate(match);
        List<Timeframe> periods = timeframes.parseAll(question);
        if (periods.size() > 1 && !dateParameters(c).isEmpty()) return answerEach(c, periods, start);
        Optional<Timeframe> tf = timeframes.parse(question);
        Map<String, String> values = new LinkedHashMap<>(SqlParameters.defaults(c.parameters()));
        List<String> filters = new ArrayList<>();
        if (tf.isPresent()) {
            for (Parameter p : dateParameters(c)) values.put(p.name(), valueFor(p, tf.get()));
            filters.add("period: " + tf.get().label());
        } else if (!dateParameters(c).isEmpty()) {
            for (Parameter p : dateParameters(c)) filters.add(p.name() + " = " + values.get(p.name()) + " (default: the question names no period)");
        }
        String sql = SqlParameters.bind(c.sql(), values, executor.source().dialect());
        QueryResult result = executor.execute(sql);
        dev.almanac.semantic.ResultColumns shown = dev.almanac.semantic.ResultColumns.infer(result.columns(), result.rows(),
                c.metric() != null ? c.metric().unit() : null);
        String text = sentence(c, result, tf, values, shown);
        List<String> tables = result.tables().stream().sorted().toList();
        List<String> applied = new ArrayList<>(List.of((c.metric() != null ? "metric:" : "query:") + c.name()));
        applied.addAll(new KnowledgeApplied(catalog, List.of(sql), tables).rules(knowledge.rules(), c.metric() != null ? List.of(c.name()) : List.of()));
        Answer.Provenance provenance = new Answer.Provenance(tables, List.of(sql), filters, c.metric() != null ? c.name() : null, null,
                applied, List.of(), Explanations.freshness(tables, catalog, knowledge),
                c.metric() != null ? c.metric().caveats() : List.of(),
                Explanations.of(List.of(sql), Optional.ofNullable(c.metric()), knowledge, executor, plain()), null);
        Answer.Data data = new Answer.Data(result.columns(), result.rows(), result.rowCount(), result.truncated(), shown.labels(), shown.formats());
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new Answer(text, Answer.Kind.result, "high", 0, true, data, null, provenance, Answer.Dq.NOT_EVALUATED,
                List.of(), null, null, Answer.Usage.NONE, ms);
    }

    /**
     * The answer for a question that names several periods ("shop revenue in 2024 and 2025"): the candidate runs once
     * per period and the rows come together under a first column that names the period. When no period has a value
     * the answer has no rows, so it is set aside like a single period without data.
     */
    private Answer answerEach(Candidate c, List<Timeframe> periods, long start) {
        List<String> sqls = new ArrayList<>();
        List<QueryResult> results = new ArrayList<>();
        for (Timeframe tf : periods) {
            Map<String, String> values = new LinkedHashMap<>(SqlParameters.defaults(c.parameters()));
            for (Parameter p : dateParameters(c)) values.put(p.name(), valueFor(p, tf));
            String sql = SqlParameters.bind(c.sql(), values, executor.source().dialect());
            sqls.add(sql);
            results.add(executor.execute(sql));
        }
        List<String> columns = new ArrayList<>(List.of("period"));
        columns.addAll(results.get(0).columns());
        List<List<Object>> rows = new ArrayList<>();
        boolean anyValue = false;
        boolean truncated = false;
        for (int i = 0; i < periods.size(); i++) {
            QueryResult r = results.get(i);
            truncated |= r.truncated();
            for (List<Object> row : r.rows()) {
                anyValue |= row.stream().anyMatch(java.util.Objects::nonNull);
                List<Object> withPeriod = new ArrayList<>();
                withPeriod.add(periods.get(i).label());
                withPeriod.addAll(row);
                rows.add(withPeriod);
            }
        }
        if (!anyValue) rows = List.of();
        dev.almanac.semantic.ResultColumns shown = dev.almanac.semantic.ResultColumns.infer(columns, rows, c.metric() != null ? c.metric().unit() : null);
        List<String> tables = results.stream().flatMap(r -> r.tables().stream()).distinct().sorted().toList();
        List<String> applied = new ArrayList<>(List.of((c.metric() != null ? "metric:" : "query:") + c.name()));
        applied.addAll(new KnowledgeApplied(catalog, sqls, tables).rules(knowledge.rules(), c.metric() != null ? List.of(c.name()) : List.of()));
        List<String> filters = periods.stream().map(t -> "period: " + t.label()).toList();
        Answer.Provenance provenance = new Answer.Provenance(tables, sqls, filters, c.metric() != null ? c.name() : null, null,
                applied, List.of(), Explanations.freshness(tables, catalog, knowledge),
                c.metric() != null ? c.metric().caveats() : List.of(),
                Explanations.of(sqls, Optional.ofNullable(c.metric()), knowledge, executor, plain()), null);
        Answer.Data data = new Answer.Data(columns, rows, rows.size(), truncated, shown.labels(), shown.formats());
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new Answer(sentenceEach(c, periods, results, shown), Answer.Kind.result, "high", 0, true, data, null, provenance,
                Answer.Dq.NOT_EVALUATED, List.of(), null, null, Answer.Usage.NONE, ms);
    }

    /** "Shop revenue for 2024 was $4,870,112.40; for 2025 it was $5,209,541.83.", or "MRR by plan for Q1 2025 and Q1 2026: 10 rows." */
    private String sentenceEach(Candidate c, List<Timeframe> periods, List<QueryResult> results, dev.almanac.semantic.ResultColumns shown) {
        String source = sourceOf(c);
        List<String> labels = periods.stream().map(Timeframe::label).toList();
        String all = labels.size() == 2 ? labels.get(0) + " and " + labels.get(1)
                : String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
        boolean single = results.stream().allMatch(r -> r.rowCount() == 1 && r.columns().size() == 1);
        if (!single) {
            int rows = results.stream().mapToInt(QueryResult::rowCount).sum();
            String what = c.query() != null ? dev.almanac.semantic.InWords.label(c.name()) : c.label();
            return what + " for " + all + ": " + String.format(Locale.ROOT, "%,d", rows) + " row" + (rows == 1 ? "" : "s") + ". (From the " + source + ".)";
        }
        dev.almanac.semantic.ValueFormat f = shown.formats().size() > 1 ? shown.formats().get(1) : null;
        String unit = c.metric() == null || c.metric().unit() == null || f != null && f.kind() != dev.almanac.semantic.ValueFormat.Kind.number
                && f.kind() != dev.almanac.semantic.ValueFormat.Kind.integer ? "" : unitWords(c.metric().unit());
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < periods.size(); i++) {
            Object v = results.get(i).rows().get(0).get(0);
            String value = v == null ? "no value" : f == null ? format(v) : f.show(v);
            parts.add((i == 0 ? c.label() + " for " : "for ") + labels.get(i) + (i == 0 ? " was " : " it was ") + value + unit);
        }
        return String.join("; ", parts) + ". (From the " + source + ".)";
    }

    /** Whether the candidate's tables hold data for any part of the period (time columns from the knowledge, ranges from the catalog). */
    private boolean covers(Candidate c, Timeframe tf) {
        return range(c).map(r -> tf.start().isBefore(r.last().plusDays(1)) && tf.end().isAfter(r.first())).orElse(true);
    }

    /**
     * Whether the canonical metric has a value for the period: a metric read at a month (a date parameter that is
     * neither a start nor an end) needs data in the period's last month, one over a period data in some part of it.
     * True when the data range of its tables is unknown.
     */
    public boolean holdsData(Metric metric, Timeframe tf) {
        Candidate c = candidates.stream().filter(x -> x.metric() == metric).findFirst().orElse(null);
        if (c == null) return true;
        if (dateParameters(c).stream().noneMatch(VerifiedAnswerer::atAMonth)) return covers(c, tf);
        LocalDate month = tf.lastMonth();
        return range(c).map(r -> !month.isAfter(r.last()) && month.plusMonths(1).isAfter(r.first())).orElse(true);
    }

    /** The first and last day of data in a candidate's tables. */
    private record DataRange(LocalDate first, LocalDate last) {}

    /** The data range of the candidate's tables (time columns from the knowledge, ranges from the catalog), if known. */
    private Optional<DataRange> range(Candidate c) {
        LocalDate first = null;
        LocalDate last = null;
        for (String t : c.tables()) {
            String column = knowledge.note(t).map(n -> n.timeColumn()).orElse(null);
            Catalog.Table table = catalog.table(t).orElse(null);
            if (column == null || table == null) continue;
            Catalog.Column col = table.column(column).orElse(null);
            if (col == null || col.min() == null) continue;
            LocalDate min = LocalDate.parse(col.min().substring(0, 10));
            LocalDate max = LocalDate.parse(col.max().substring(0, 10));
            first = first == null || min.isBefore(first) ? min : first;
            last = last == null || max.isAfter(last) ? max : last;
        }
        return first == null ? Optional.empty() : Optional.of(new DataRange(first, last));
    }

    static ValueType wanted(String question) {
        String q = question.toLowerCase(Locale.ROOT);
        if (q.matches("(?s).*\\b(rate|share|percent|percentage|ratio|proportion)\\b.*")) return ValueType.PERCENT;
        if (q.matches("(?s).*\\bhow many\\b.*")) return ValueType.COUNT;
        if (q.matches("(?s).*\\b(how much|revenue|spend|spent|money|dollars|cost|value of)\\b.*")) return ValueType.MONEY;
        return ValueType.OTHER;
    }

    static ValueType gives(Metric m) {
        String unit = m.unit() == null ? "" : m.unit().toLowerCase(Locale.ROOT);
        if (unit.equals("usd") || unit.contains("dollar") || unit.equals("eur")) return ValueType.MONEY;
        if (unit.contains("percent") || unit.equals("%")) return ValueType.PERCENT;
        if (unit.contains("score")) return ValueType.SCORE;
        return unit.isEmpty() ? ValueType.OTHER : ValueType.COUNT;
    }

    /** The tables a SQL text reads, as the guard sees them; none when it cannot read it. */
    Set<String> tablesOf(String sql) {
        return tablesRead.computeIfAbsent(sql, x -> {
            try {
                return executor.tablesOf(x);
            } catch (RuntimeException e) {
                return Set.of();
            }
        });
    }

    /** The tables a metric's or verified query's SQL reads, its parameters at their defaults. */
    Set<String> tablesOf(String sql, List<Parameter> parameters) {
        return tablesOf(SqlParameters.bind(sql, SqlParameters.defaults(parameters)));
    }

    /** The tables of the knowledge's SQL texts, read once (the suggestions ask for them after every answer). */
    private final Map<String, Set<String>> tablesRead = new java.util.concurrent.ConcurrentHashMap<>();

    /** Date parameters: a name with "start" gets the period's first day, "end" the day after it, any other the period's last month. */
    static String valueFor(Parameter p, Timeframe tf) {
        String n = p.name().toLowerCase(Locale.ROOT);
        if (n.contains("start") || n.contains("from")) return tf.start().toString();
        if (n.contains("end") || n.contains("to")) return tf.end().toString();
        return tf.lastMonth().toString();
    }

    /** A date parameter that reads the metric at a month (the period's last), not a start or an end. */
    private static boolean atAMonth(Parameter p) {
        String n = p.name().toLowerCase(Locale.ROOT);
        return !(n.contains("start") || n.contains("from") || n.contains("end") || n.contains("to"));
    }

    private static List<Parameter> dateParameters(Candidate c) {
        return c.parameters().stream().filter(p -> p.type() != null && p.type().toLowerCase(Locale.ROOT).startsWith("date")).toList();
    }

    /** The headline, a sentence: "Shop revenue for 2025 was $5,209,541.83.", "MRR by plan for September 2026: 5 rows." */
    private String sentence(Candidate c, QueryResult r, Optional<Timeframe> tf, Map<String, String> values, dev.almanac.semantic.ResultColumns shown) {
        String period = tf.map(t -> " for " + t.label()).orElseGet(() -> dateParameters(c).isEmpty() ? "" : " (" + defaultsText(c, values) + ")");
        String source = sourceOf(c);
        if (r.rowCount() == 1 && r.columns().size() == 1) {
            Object v = r.rows().get(0).get(0);
            dev.almanac.semantic.ValueFormat f = shown.formats().get(0);
            String value = v == null ? "no value" : f == null ? format(v) : f.show(v);
            String unit = c.metric() == null || c.metric().unit() == null || f != null && f.kind() != dev.almanac.semantic.ValueFormat.Kind.number
                    && f.kind() != dev.almanac.semantic.ValueFormat.Kind.integer ? "" : unitWords(c.metric().unit());
            return c.label() + period + " was " + value + unit + ". (From the " + source + ".)";
        }
        String what = c.query() != null ? dev.almanac.semantic.InWords.label(c.name()) : c.label();
        return what + period + ": " + String.format(Locale.ROOT, "%,d", r.rowCount()) + " row" + (r.rowCount() == 1 ? "" : "s")
                + (r.rowsLeftOut() ? ", the first " + r.rowCount() + " shown" : "") + ". (From the " + source + ".)";
    }

    /** What produced an answer, for its headline: "canonical metric `mrr`, owned by finance" or the verified query and who verified it. */
    private static String sourceOf(Candidate c) {
        return c.metric() != null
                ? "canonical metric `" + c.name() + "`" + (c.metric().owner() == null ? "" : ", owned by " + c.metric().owner())
                : "verified query `" + c.name() + "`, verified by " + c.query().verifiedBy() + " on " + c.query().verifiedAt();
    }

    private static String defaultsText(Candidate c, Map<String, String> values) {
        List<String> parts = new ArrayList<>();
        for (Parameter p : dateParameters(c)) parts.add(p.name() + " " + values.get(p.name()));
        return "default " + String.join(", ", parts) + "; name a period to change it";
    }

    /** Whole numbers with thousands separators, others as money-style two decimals. */
    /** A unit after a number, in words: "customers", and "score (-100..100)" as "on a scale from -100 to 100". */
    static String unitWords(String unit) {
        java.util.regex.Matcher scale = java.util.regex.Pattern.compile("(?i)^\\s*(?:score\\s*)?\\((-?[\\d.]+)\\s*\\.\\.\\s*(-?[\\d.]+)\\)\\s*$").matcher(unit);
        if (scale.matches()) return ", on a scale from " + scale.group(1) + " to " + scale.group(2);
        return " " + unit.strip();
    }

    static String format(Object v) {
        if (v instanceof Integer || v instanceof Long) return TemplateFormatter.format(v, "int");
        return v instanceof Number ? TemplateFormatter.format(v, "money") : TemplateFormatter.format(v, null);
    }
}
