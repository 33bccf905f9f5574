package dev.almanac.bench;

import dev.almanac.knowledge.BusinessRule;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeRetriever;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableNote;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.store.LearningRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Knowledge retrieval time with 10,000 knowledge items (the demo's items copied with numbered
 * variants: table notes, metrics, verified queries, rules, learnings), measured per question after
 * the indexes are built. Every question is new text, so its embedding is computed each time.
 */
public final class RetrievalBench {
    public static void main(String[] args) throws Exception {
        KnowledgeSet demo = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        List<TableNote> notes = new ArrayList<>();
        List<Metric> metrics = new ArrayList<>();
        List<VerifiedQuery> queries = new ArrayList<>();
        List<BusinessRule> rules = new ArrayList<>();
        List<LearningRow> learnings = new ArrayList<>();
        int copies = 0;
        while (notes.size() + metrics.size() + queries.size() + rules.size() + learnings.size() < 10_000) {
            int c = copies++;
            for (TableNote n : demo.tables()) notes.add(new TableNote(n.table() + "_v" + c, n.description(), n.owner(), n.refreshFrequency(), n.timeColumn(),
                    n.timeFormat(), n.useCases(), n.dataQualityNotes(), n.columnNotes(), n.relatedTables()));
            for (Metric m : demo.metrics()) metrics.add(new Metric(m.name() + "_v" + c, m.label() + " variant " + c, m.definition(), m.sql(), m.parameters(),
                    m.unit(), m.owner(), m.caveats(), m.tags(), m.synonyms().stream().map(s -> s + " " + c).toList()));
            for (VerifiedQuery q : demo.queries()) queries.add(new VerifiedQuery(q.name() + "_v" + c, q.question() + " (variant " + c + ")", q.sql(),
                    q.parameters(), q.tables(), q.tags(), q.verifiedBy(), q.verifiedAt()));
            for (BusinessRule r : demo.rules()) rules.add(new BusinessRule(r.name() + "_v" + c, r.title() + " " + c, r.description(), r.appliesToTables(),
                    r.appliesToMetrics(), r.tags()));
            for (TableNote n : demo.tables()) learnings.add(new LearningRow("l" + c + n.table(), "Learned about " + n.table(), "semantics",
                    List.of(n.table() + "_v" + c), null, null, (c % 10) / 10.0, c, true));
        }
        KnowledgeSet big = new KnowledgeSet(notes, metrics, queries, rules, List.of(), Map.of());
        int items = big.size() + learnings.size();
        long t0 = System.nanoTime();
        KnowledgeRetriever retriever = new KnowledgeRetriever(big, learnings, MiniLmEmbedder.get());
        double buildSeconds = (System.nanoTime() - t0) / 1e9;
        List<GoldenQuery> golden = demo.golden();
        for (int w = 0; w < 50; w++) retriever.retrieve(golden.get(w % golden.size()).question() + " warm " + w, List.of("payments", "refunds"));
        int runs = 400;
        long[] times = new long[runs];
        int used = 0;
        for (int i = 0; i < runs; i++) {
            String q = golden.get(i % golden.size()).question() + " #" + i;
            long s = System.nanoTime();
            used += retriever.retrieve(q, List.of("payments_v1", "refunds_v2", "orders_v3", "customers_v4", "invoices_v5")).used().size();
            times[i] = System.nanoTime() - s;
        }
        String body = """
                `bench/run RetrievalBench`: %,d knowledge items (%d table notes, %d metrics, %d verified queries, %d business rules,
                %d learnings); %d retrievals of new question text with 5 selected tables, after the indexes are built (%.1f s, mostly
                embedding the verified questions once). Each retrieval embeds the question, ranks metrics and rules (over the limit of
                %d each), picks the 5 closest verified queries and the learnings of the tables; %d items per block on average.

                | p50 (ms) | p99 (ms) |
                |---:|---:|
                | %.2f | %.2f |

                Target: under 20 ms p50.
                """.formatted(items, notes.size(), metrics.size(), queries.size(), rules.size(), learnings.size(), runs, buildSeconds,
                KnowledgeRetriever.ALWAYS_LIMIT, used / runs, Report.quantileMicros(times, 0.5) / 1000, Report.quantileMicros(times, 0.99) / 1000);
        Report.write("retrieval", "Knowledge retrieval with 10,000 items (issue 3)", body);
    }
}
