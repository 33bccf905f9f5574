package dev.almanac.knowledge;

import dev.almanac.store.LearningRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Assembles the knowledge block for a question and its selected tables: every metric and business
 * rule while there are few (past {@link #ALWAYS_LIMIT}, the most relevant, but always any metric the
 * question names by name, label or synonym); the notes of the selected tables; the five verified
 * queries closest to the question; and the active learnings for the selected tables, most trusted
 * first. Indexes are built once, so retrieval itself is cheap.
 */
public final class KnowledgeRetriever {
    public static final int ALWAYS_LIMIT = 30;
    public static final int VERIFIED = 3;

    private final KnowledgeSet knowledge;
    private final List<LearningRow> learnings;
    private final Embedder embedder;
    private final Bm25 metricIndex;
    private final Bm25 ruleIndex;
    private final Bm25 queryIndex;
    private final float[][] queryVectors;

    public KnowledgeRetriever(KnowledgeSet knowledge, List<LearningRow> learnings, Embedder embedder) {
        this.knowledge = knowledge;
        this.learnings = learnings;
        this.embedder = embedder;
        this.metricIndex = new Bm25(knowledge.metrics().stream().map(m -> Tokens.of(m.name() + " " + m.label() + " " + m.definition() + " "
                + String.join(" ", m.synonyms()) + " " + String.join(" ", m.tags()))).toList());
        this.ruleIndex = new Bm25(knowledge.rules().stream().map(r -> Tokens.of(r.title() + " " + r.description() + " "
                + String.join(" ", r.appliesToTables()) + " " + String.join(" ", r.tags()))).toList());
        this.queryIndex = new Bm25(knowledge.queries().stream().map(q -> Tokens.of(q.name() + " " + q.question())).toList());
        this.queryVectors = embedder == null ? null : knowledge.queries().stream().map(q -> embedder.embed(q.question())).toArray(float[][]::new);
    }

    private KnowledgeRetriever(KnowledgeRetriever indexed, List<LearningRow> learnings) {
        this.knowledge = indexed.knowledge;
        this.learnings = learnings;
        this.embedder = indexed.embedder;
        this.metricIndex = indexed.metricIndex;
        this.ruleIndex = indexed.ruleIndex;
        this.queryIndex = indexed.queryIndex;
        this.queryVectors = indexed.queryVectors;
    }

    /** The same knowledge and indexes with the learnings active now (the indexes are built once per knowledge set). */
    public KnowledgeRetriever with(List<LearningRow> learnings) {
        return new KnowledgeRetriever(this, learnings);
    }

    public KnowledgeBlock retrieve(String question, List<String> tables) {
        return retrieve(question, question, tables);
    }

    /** The knowledge for a question whose words are {@code question} and whose meaning (what is embedded) is {@code meaning}. */
    public KnowledgeBlock retrieve(String question, String meaning, List<String> tables) {
        List<String> terms = Tokens.of(question);
        Set<String> selected = new HashSet<>();
        for (String t : tables) selected.add(t.toLowerCase(Locale.ROOT));
        List<String> used = new ArrayList<>();

        List<Metric> metrics = knowledge.metrics();
        if (metrics.size() > ALWAYS_LIMIT) {
            double[] scores = metricIndex.scores(terms);
            Set<Integer> keep = new LinkedHashSet<>();
            for (int i = 0; i < metrics.size(); i++) if (named(question, metrics.get(i))) keep.add(i);
            for (int i : top(scores, metrics.size())) {
                if (keep.size() >= ALWAYS_LIMIT) break;
                keep.add(i);
            }
            metrics = keep.stream().map(knowledge.metrics()::get).toList();
        }
        metrics.forEach(m -> used.add("metric:" + m.name()));
        // the SQL of the metrics the question names, and of the most relevant one
        Set<String> withSql = new LinkedHashSet<>();
        double[] metricScores = metricIndex.scores(terms);
        for (int i = 0; i < knowledge.metrics().size(); i++) if (named(question, knowledge.metrics().get(i))) withSql.add(knowledge.metrics().get(i).name());
        for (int i : top(metricScores, 1)) if (metricScores[i] > 0) withSql.add(knowledge.metrics().get(i).name());

        List<BusinessRule> rules = knowledge.rules();
        if (rules.size() > ALWAYS_LIMIT) {
            double[] scores = ruleIndex.scores(terms);
            for (int i = 0; i < rules.size(); i++) {
                for (String t : rules.get(i).appliesToTables()) if (selected.contains(t.toLowerCase(Locale.ROOT))) scores[i] += 10;
            }
            rules = top(scores, ALWAYS_LIMIT).stream().map(knowledge.rules()::get).toList();
        }
        rules.forEach(r -> used.add("rule:" + r.name()));
        // rules in full where they match the question best or concern a selected table that has no note (a note
        // already carries its table's gotchas); the rest by title
        Set<String> rulesInFull = new LinkedHashSet<>();
        double[] ruleScores = ruleIndex.scores(terms);
        for (BusinessRule r : knowledge.rules()) {
            if (r.appliesToTables().stream().anyMatch(t -> selected.contains(t.toLowerCase(Locale.ROOT)) && knowledge.note(t).isEmpty())) rulesInFull.add(r.name());
        }
        for (int i : top(ruleScores, 1)) if (ruleScores[i] > 0) rulesInFull.add(knowledge.rules().get(i).name());

        List<TableNote> notes = new ArrayList<>();
        for (String t : tables) knowledge.note(t).ifPresent(notes::add);
        notes.forEach(n -> used.add("table:" + n.table()));

        List<VerifiedQuery> verified = closestQueries(meaning, terms);
        verified.forEach(q -> used.add("query:" + q.name()));

        List<LearningRow> relevant = learnings.stream()
                .filter(l -> l.active() && l.tables().stream().anyMatch(t -> selected.contains(t.toLowerCase(Locale.ROOT))))
                .sorted(Comparator.comparingDouble(LearningRow::confidence).reversed())
                .toList();
        relevant.forEach(l -> used.add("learning:" + l.id()));
        return new KnowledgeBlock(metrics, rules, notes, verified, relevant, used, withSql, rulesInFull);
    }

    /** The verified queries closest to the question: BM25 and embedding similarity, half each. */
    private List<VerifiedQuery> closestQueries(String question, List<String> terms) {
        int n = knowledge.queries().size();
        if (n == 0) return List.of();
        double[] lexical = queryIndex.scores(terms);
        double max = 0;
        for (double v : lexical) max = Math.max(max, v);
        double[] score = new double[n];
        float[] q = embedder == null ? null : embedder.embed(question);
        for (int i = 0; i < n; i++) {
            double lex = max > 0 ? lexical[i] / max : 0;
            double sem = q == null ? 0 : Embedder.cosine(q, queryVectors[i]);
            score[i] = q == null ? lex : 0.5 * lex + 0.5 * sem;
        }
        return top(score, VERIFIED).stream().map(knowledge.queries()::get).toList();
    }

    /** Whether the question names the metric: its name, label or a synonym appears in it as words. */
    public static boolean named(String question, Metric m) {
        String q = " " + String.join(" ", Tokens.of(question)) + " ";
        List<String> names = new ArrayList<>(m.synonyms());
        names.add(m.name().replace('_', ' '));
        if (m.label() != null) names.add(m.label().replaceAll("\\(.*?\\)", ""));
        for (String name : names) {
            String n = String.join(" ", Tokens.of(name));
            if (!n.isBlank() && q.contains(" " + n + " ")) return true;
        }
        return false;
    }

    private static List<Integer> top(double[] scores, int k) {
        return IntStream.range(0, scores.length).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> i))
                .limit(k).toList();
    }
}
