package dev.almanac.agent;

import dev.almanac.agent.explain.PlainExplainer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.knowledge.BusinessRule;
import dev.almanac.knowledge.KnowledgeBlock;
import dev.almanac.knowledge.Metric;
import dev.almanac.semantic.ResultColumns;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Builds an answer from what a route computed: its data with labels and formats, and its provenance (tables, SQL,
 * filters, metric, caveats, the knowledge and learnings it relied on, freshness, the plain-English explanation).
 */
final class Answers {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private final Flow flow;
    /** The plain-English explainer of the knowledge, made on first use (it reads the knowledge's semantic model). */
    private PlainExplainer plain;

    Answers(Flow flow) {
        this.flow = flow;
    }

    private PlainExplainer plain() {
        if (plain == null) plain = new PlainExplainer(flow.ctx.executor()::parseTree, flow.ctx.knowledge());
        return plain;
    }

    /** An answer with no data (a question back, a refusal): at the first iteration. */
    Answer of(Turn t, String text, Answer.Kind kind, String confidence, List<String> options) {
        return of(t, 1, text, kind, confidence, null, null, options, List.of(), null);
    }

    /** An answer; {@code query} is the semantic query it was compiled from, if any (its metrics, caveats and definition go to provenance). */
    Answer of(Turn t, int iteration, String text, Answer.Kind kind, String confidence, Map<String, QueryResult> results, Object chart,
              List<String> options, List<String> flagged, SemanticQuery query) {
        SemanticTools semantic = flow.semantic;
        var ctx = flow.ctx;
        List<QueryResult> rs = results == null ? List.of() : new ArrayList<>(results.values());
        QueryResult main = rs.isEmpty() ? null : rs.get(0);
        Answer.Data data = null;
        java.util.Optional<Metric> metric = t.metric();
        if (main != null) { // every answer's columns have a label and a format: from the semantic query, else from names and values
            ResultColumns shown = query != null ? semantic.columns(query, main).steady(main.rows())
                    : ResultColumns.infer(main.columns(), main.rows(), metric.map(Metric::unit).orElse(null));
            data = new Answer.Data(main.columns(), main.rows(), main.rowCount(), main.truncated(), shown.labels(), shown.formats());
        }
        Set<String> tables = new LinkedHashSet<>();
        rs.forEach(r -> tables.addAll(r.tables()));
        List<String> caveats = new ArrayList<>();
        if (query != null) caveats.addAll(semantic.caveats(query));
        metric.ifPresent(m -> m.caveats().stream().filter(c -> !caveats.contains(c)).forEach(caveats::add));
        for (String table : tables) ctx.knowledge().note(table).ifPresent(n -> caveats.addAll(n.dataQualityNotes()));
        Set<String> lowerTables = new LinkedHashSet<>();
        tables.forEach(x -> lowerTables.add(x.toLowerCase(Locale.ROOT)));
        for (BusinessRule r : ctx.knowledge().rules()) {
            if (r.appliesToTables().stream().anyMatch(x -> lowerTables.contains(x.toLowerCase(Locale.ROOT)))) caveats.add("Rule: " + r.title() + ".");
        }
        if (!flagged.isEmpty()) caveats.add("Numbers in the text that are not in the query results: " + String.join(", ", flagged));
        if (main != null && main.rowsLeftOut()) {
            // a long list is an answer, not a failure: it says how many rows there are in all, and the whole is a download
            Long total = rowsInAll(main);
            String shown = "the first " + String.format(Locale.ROOT, "%,d", main.rowCount()) + " are shown";
            if (total != null) data = data.withTotalRows(total);
            caveats.add(total != null ? "The result has " + String.format(Locale.ROOT, "%,d", total) + " rows in all; " + shown + "."
                    : "The result has more rows than the row cap; " + shown + ".");
        }
        // what the answer relied on, not all that was in the prompt
        List<String> sqls = rs.stream().map(QueryResult::sql).toList();
        KnowledgeApplied applied = new KnowledgeApplied(ctx.catalog(), sqls, tables);
        KnowledgeBlock block = t.block();
        List<String> used = block == null ? List.of() : applied.of(block.metrics(), metric, block.verified(), block.rules());
        List<String> learned = block == null ? List.of() : applied.learnings(block.learnings()).stream().map(l -> l.id() + ": " + l.description()).toList();
        List<String> filters = new ArrayList<>(t.timeframe().map(tf -> List.of("period: " + ranOver(tf, query).label())).orElse(List.of()));
        String metricName = metric.map(Metric::name).orElse(null);
        // a semantic answer is explained from its query, for a person, in place of a paraphrase of the compiled SQL
        String explanation = query != null ? semantic.explain(query) : Explanations.of(sqls, metric, ctx.knowledge(), ctx.executor(), plain());
        if (query != null) {
            query.filters().forEach(f -> filters.add(f.toString()));
            if (!query.segments().isEmpty()) filters.add("segments: " + String.join(", ", query.segments()));
            if (!query.withoutSegments().isEmpty()) filters.add("without segments: " + String.join(", ", query.withoutSegments()));
            metricName = String.join(", ", query.metrics());
            used = new ArrayList<>(query.metrics().stream().map(m -> "semantic:" + m).toList());
            used.addAll(applied.rules(ctx.knowledge().rules(), List.of()));
        }
        Answer.Provenance provenance = new Answer.Provenance(List.copyOf(tables), sqls, filters, metricName, query,
                used, learned, Explanations.freshness(tables, ctx.catalog(), ctx.knowledge()), caveats, explanation, query == null ? null : semantic.title(query));
        List<String> suggestions = kind == Answer.Kind.clarification ? options : List.of();
        return new Answer(text, kind, confidence, iteration, false, data, chart, provenance, Answer.Dq.NOT_EVALUATED, suggestions,
                t.threadId(), null, Answer.Usage.NONE, 0);
    }

    /** The period the query ran over, when the answer cut the one asked (at the end of the data, to compare like with like). */
    private static dev.almanac.quality.Timeframe ranOver(dev.almanac.quality.Timeframe asked, SemanticQuery query) {
        if (query == null || query.start() == null || query.end() == null || query.start().equals(asked.start()) && query.end().equals(asked.end())) return asked;
        return new dev.almanac.quality.Timeframe(query.start(), query.end(), dev.almanac.quality.Timeframe.Grain.RANGE, asked.text());
    }

    static Answer withConfidence(Answer a, String confidence) {
        return new Answer(a.answer(), a.kind(), confidence, a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), a.dq(),
                a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs(), a.change());
    }

    /** The chart the shape of a semantic query's result calls for (none for a single value), titled with the query in words. */
    Object chart(SemanticQuery query, QueryResult r) {
        return AutoChart.of(query, r, flow.semantic.columns(query, r), flow.semantic.title(query)).orElse(null);
    }

    /** How many rows a query returns in all (a count over it), or null when the count cannot run. */
    private Long rowsInAll(QueryResult r) {
        try {
            QueryResult all = flow.ctx.executor().execute("SELECT count(*) AS row_count FROM (\n" + r.sql().strip().replaceAll(";\\s*$", "") + "\n) AS all_rows");
            return all.rows().get(0).get(0) instanceof Number count ? count.longValue() : null;
        } catch (RuntimeException e) {
            return null; // the count cannot run: say what is known
        }
    }
}
