package dev.almanac.knowledge;

import dev.almanac.source.Catalog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Ranks a catalog's tables for a question without a language model: BM25 over each table's words
 * (name, columns, comments, knowledge notes, sample values, and the metrics and verified queries that
 * use it) combined with sentence-embedding similarity, then foreign-key and join-hint expansion adds
 * a bridge table that two top tables need to be joined.
 */
public final class TableSelector {
    /** How lexical and semantic scores combine: {@code lexicalWeight} 1 is lexical only, 0 embedding only. */
    public record Config(double lexicalWeight, boolean expandJoins) {
        /** The default, chosen on Spider dev by bench/run TableSelectionBench (see docs/BENCHMARKS.md). */
        public static final Config DEFAULT = new Config(0.3, true);
    }

    private final List<String> names = new ArrayList<>();
    private final Bm25 bm25;
    private final List<float[]> vectors;
    private final Embedder embedder;
    private final Map<String, Set<String>> neighbours = new HashMap<>();
    private final Map<String, List<String>> mentionedBy = new HashMap<>();
    private final Config config;

    /**
     * @param tablesOfSql the tables a SQL statement reads (the guard's extraction), to credit tables used by metrics and verified queries
     * @param embedder    null for lexical scoring only
     */
    public TableSelector(Catalog catalog, KnowledgeSet knowledge, Function<String, Set<String>> tablesOfSql, Embedder embedder, Config config) {
        this.embedder = config.lexicalWeight() < 1 ? embedder : null;
        this.config = config;
        Map<String, StringBuilder> extra = new HashMap<>();
        for (Metric m : knowledge.metrics()) {
            for (String t : tablesOfSql.apply(SqlParameters.bind(m.sql(), SqlParameters.defaults(m.parameters())))) {
                String key = t.toLowerCase(Locale.ROOT);
                extra.computeIfAbsent(key, k -> new StringBuilder()).append(' ').append(m.name()).append(' ').append(nullToEmpty(m.label()))
                        .append(' ').append(String.join(" ", m.synonyms())).append(' ').append(m.definition());
                mentionedBy.computeIfAbsent(key, k -> new ArrayList<>()).add("metric " + m.name());
            }
        }
        for (VerifiedQuery q : knowledge.queries()) {
            Set<String> tables = new LinkedHashSet<>(q.tables());
            if (tables.isEmpty()) tables.addAll(tablesOfSql.apply(SqlParameters.bind(q.sql(), SqlParameters.defaults(q.parameters()))));
            for (String t : tables) {
                String key = t.toLowerCase(Locale.ROOT);
                extra.computeIfAbsent(key, k -> new StringBuilder()).append(' ').append(q.question());
                mentionedBy.computeIfAbsent(key, k -> new ArrayList<>()).add("verified query " + q.name());
            }
        }
        List<List<String>> docs = new ArrayList<>();
        List<String> sentences = new ArrayList<>();
        for (Catalog.Table t : catalog.tables()) {
            String key = t.qualifiedName().toLowerCase(Locale.ROOT);
            names.add(t.qualifiedName());
            TableNote note = knowledge.note(t.name()).orElse(null);
            docs.add(lexicalDocument(t, note, extra.getOrDefault(t.name().toLowerCase(Locale.ROOT), new StringBuilder()).toString()));
            sentences.add(sentence(t, note));
            for (Catalog.ForeignKey fk : t.foreignKeys()) link(key, fk.referencedTable().toLowerCase(Locale.ROOT));
            if (note != null) for (TableNote.Relation r : note.relatedTables()) if (r.table() != null) link(key, r.table().toLowerCase(Locale.ROOT));
        }
        this.bm25 = new Bm25(docs);
        this.vectors = new ArrayList<>();
        if (this.embedder != null) for (String s : sentences) vectors.add(this.embedder.embed(s));
    }

    private void link(String a, String b) {
        if (a.equals(b)) return;
        neighbours.computeIfAbsent(a, k -> new HashSet<>()).add(b);
        neighbours.computeIfAbsent(b, k -> new HashSet<>()).add(a);
    }

    /** The words BM25 sees for a table; the name counts three times, column names twice. */
    static List<String> lexicalDocument(Catalog.Table t, TableNote note, String extra) {
        List<String> words = new ArrayList<>();
        List<String> name = Tokens.of(t.name());
        for (int i = 0; i < 3; i++) words.addAll(name);
        words.addAll(Tokens.of(t.comment()));
        for (Catalog.Column c : t.columns()) {
            List<String> col = Tokens.of(c.name());
            words.addAll(col);
            words.addAll(col);
            words.addAll(Tokens.of(c.comment()));
            for (String v : c.sampleValues()) words.addAll(Tokens.of(v));
        }
        if (note != null) {
            words.addAll(Tokens.of(note.description()));
            note.useCases().forEach(u -> words.addAll(Tokens.of(u)));
            note.dataQualityNotes().forEach(u -> words.addAll(Tokens.of(u)));
            note.columnNotes().values().forEach(u -> words.addAll(Tokens.of(u)));
        }
        words.addAll(Tokens.of(extra));
        return words;
    }

    /** The sentence embedded for a table: its name in words, what it holds, and its columns. */
    static String sentence(Catalog.Table t, TableNote note) {
        StringBuilder s = new StringBuilder(t.name().replace('_', ' '));
        String about = note != null ? note.description() : t.comment();
        if (about != null) s.append(": ").append(about);
        s.append(". Columns: ");
        List<String> cols = new ArrayList<>();
        for (Catalog.Column c : t.columns()) cols.add(c.name().replace('_', ' '));
        s.append(String.join(", ", cols));
        if (note != null && !note.useCases().isEmpty()) s.append(". Used for ").append(String.join("; ", note.useCases()));
        return s.toString();
    }

    public List<TableChoice> select(String question, int k) {
        return select(question, question, k);
    }

    /**
     * The tables for a question whose words are {@code question} (the lexical match) and whose meaning is
     * {@code meaning} (what is embedded: the agent passes the question without its period, the text the verified
     * matching embeds, so that one embedding serves both).
     */
    public List<TableChoice> select(String question, String meaning, int k) {
        List<String> terms = Tokens.of(question);
        double[] lexical = bm25.scores(terms);
        double maxLex = 0;
        for (double v : lexical) maxLex = Math.max(maxLex, v);
        double[] semantic = new double[names.size()];
        if (embedder != null) {
            float[] q = embedder.embed(meaning);
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            for (int i = 0; i < names.size(); i++) {
                semantic[i] = Embedder.cosine(q, vectors.get(i));
                min = Math.min(min, semantic[i]);
                max = Math.max(max, semantic[i]);
            }
            for (int i = 0; i < names.size(); i++) semantic[i] = max > min ? (semantic[i] - min) / (max - min) : 0;
        }
        double w = embedder == null ? 1 : config.lexicalWeight();
        List<TableChoice> ranked = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double lex = maxLex > 0 ? lexical[i] / maxLex : 0;
            double score = w * lex + (1 - w) * semantic[i];
            ranked.add(new TableChoice(names.get(i), round(score), round(lex), round(semantic[i]), reasons(i, terms, lex, semantic[i])));
        }
        ranked.sort(Comparator.comparingDouble(TableChoice::score).reversed().thenComparing(TableChoice::table));
        List<TableChoice> top = config.expandJoins() ? connected(ranked, k) : new ArrayList<>(ranked.subList(0, Math.min(k, ranked.size())));
        if (config.expandJoins()) expand(top, ranked, k);
        return top;
    }

    /** What a table joined by a foreign key to a table already chosen adds to its score when the next table is chosen. */
    static final double JOINED = 0.2;

    /**
     * The best table, then one at a time the best of the rest where a table that joins one already chosen gains
     * {@link #JOINED}: a question's tables join, so the table a line belongs to (its order, its customer) comes before an
     * unrelated table that scored a little higher on words.
     */
    private List<TableChoice> connected(List<TableChoice> ranked, int k) {
        List<TableChoice> top = new ArrayList<>();
        List<TableChoice> rest = new ArrayList<>(ranked);
        Set<String> around = new HashSet<>();
        while (top.size() < k && !rest.isEmpty()) {
            TableChoice best = null;
            double bestScore = -1;
            for (TableChoice c : rest) {
                double score = c.score() + (around.contains(c.table().toLowerCase(Locale.ROOT)) ? JOINED : 0);
                if (score > bestScore) {
                    best = c;
                    bestScore = score;
                }
            }
            rest.remove(best);
            Set<String> joins = neighbours.getOrDefault(best.table().toLowerCase(Locale.ROOT), Set.of());
            List<String> joined = top.stream().map(TableChoice::table).filter(x -> joins.contains(x.toLowerCase(Locale.ROOT))).toList();
            if (!joined.isEmpty()) {
                List<String> reasons = new ArrayList<>(best.reasons());
                reasons.remove("ranked by overall similarity");
                reasons.add(0, "joins " + String.join(" and ", joined));
                best = new TableChoice(best.table(), best.score(), best.lexical(), best.semantic(), reasons);
            }
            top.add(best);
            around.addAll(joins);
        }
        return top;
    }

    /** Puts a bridge table that joins two of the three best tables into the list, when it is not there yet. */
    private void expand(List<TableChoice> top, List<TableChoice> ranked, int k) {
        int pairsOf = Math.min(3, top.size());
        for (int a = 0; a < pairsOf; a++) {
            for (int b = a + 1; b < pairsOf; b++) {
                String x = top.get(a).table().toLowerCase(Locale.ROOT);
                String y = top.get(b).table().toLowerCase(Locale.ROOT);
                if (neighbours.getOrDefault(x, Set.of()).contains(y)) continue;
                TableChoice bridge = null;
                for (TableChoice c : ranked) {
                    String z = c.table().toLowerCase(Locale.ROOT);
                    if (z.equals(x) || z.equals(y)) continue;
                    if (neighbours.getOrDefault(z, Set.of()).contains(x) && neighbours.getOrDefault(z, Set.of()).contains(y)) {
                        bridge = c;
                        break;
                    }
                }
                if (bridge == null) continue;
                final TableChoice found = bridge;
                if (top.stream().anyMatch(t -> t.table().equalsIgnoreCase(found.table()))) continue;
                if (top.size() >= k && top.size() - 1 <= b) continue; // no room: the bridge would push out one of the pair
                List<String> reasons = new ArrayList<>(found.reasons());
                reasons.add(0, "joins " + top.get(a).table() + " and " + top.get(b).table());
                top.add(b + 1, new TableChoice(found.table(), found.score(), found.lexical(), found.semantic(), reasons));
                if (top.size() > k) top.remove(top.size() - 1);
            }
        }
    }

    private List<String> reasons(int i, List<String> terms, double lex, double sem) {
        List<String> reasons = new ArrayList<>();
        Set<String> matched = new LinkedHashSet<>();
        for (String t : terms) if (bm25.contains(i, t)) matched.add(t);
        if (!matched.isEmpty()) reasons.add("matches " + String.join(", ", matched));
        if (embedder != null && sem >= 0.75) reasons.add("close in meaning (" + Math.round(sem * 100) + "% of the best match)");
        List<String> by = mentionedBy.getOrDefault(names.get(i).toLowerCase(Locale.ROOT), List.of());
        if (!by.isEmpty() && !matched.isEmpty()) reasons.add("used by " + String.join(", ", by.subList(0, Math.min(2, by.size()))));
        if (reasons.isEmpty()) reasons.add("ranked by overall similarity");
        return reasons;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
