package dev.almanac.agent;

import dev.almanac.UserError;
import dev.almanac.semantic.QueryExplainer;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Semantic reading: the question read whole into a semantic query is compiled, run and said in words, without a model.
 * Without a model, a question read in part is asked back (the candidate readings) or refused naming the words; with a
 * model, only a whole reading answers here, and a question read in part goes on to the model's tool loop with what the
 * reader found ({@link CandidateReadings}: the candidate readings as semantic queries, the words it could not place).
 */
final class SemanticRoute implements Route {
    /** The name of a semantic query's result in its template: {result.mrr}, {result|table}. */
    static final String RESULT = "result";

    private final Flow flow;
    private final Answers answers;

    SemanticRoute(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
    }

    @Override
    public Outcome take(Turn t) {
        QuestionParser.Result reading = t.read();
        if (reading instanceof QuestionParser.NoMetric) return new Next(t);
        boolean onlyWhenParsed = flow.ctx.model() != null;
        if (onlyWhenParsed && !(reading instanceof QuestionParser.Parsed)) {
            CandidateReadings unsure = CandidateReadings.of(reading, flow::parse);
            flow.event("semantic", "unsure, to the model: " + (unsure.readings().isEmpty() ? unsure.doubt()
                    : unsure.readings().size() + " candidate readings"));
            return new Next(t.with(unsure));
        }
        if (reading instanceof QuestionParser.Clarify c) {
            flow.event("clarify", c.question());
            return new Answered(t, answers.of(t, c.question(), Answer.Kind.clarification, null, c.options()));
        }
        if (reading instanceof QuestionParser.Cannot c) {
            flow.event("semantic", "cannot: " + c.reason());
            return new Answered(t, answers.of(t, "I can't answer that yet: " + c.reason() + ". Nothing was computed.", Answer.Kind.error, "low", List.of()));
        }
        Optional<Answer> answer = answer(t, ((QuestionParser.Parsed) reading).query(), onlyWhenParsed);
        return answer.<Outcome>map(a -> new Answered(t, a)).orElseGet(() -> new Next(t));
    }

    /**
     * Why a list of the records of a period holds no data ("customers who signed up last week" after the data's last day):
     * the period on a records' time a count of them counts by, checked as that count's would be; empty for any other query.
     */
    private Optional<String> listOutsideData(SemanticLayer layer, SemanticQuery q) {
        if (q.records() == null || !q.metrics().isEmpty()) return Optional.empty();
        String field = null, from = null, to = null;
        for (SemanticQuery.Filter f : q.filters()) {
            if (f.values().size() != 1 || !f.values().get(0).matches("\\d{4}-\\d{2}-\\d{2}")) continue;
            if (f.op().equals(">=")) {
                field = f.field();
                from = f.values().get(0);
            } else if (f.op().equals("<")) {
                to = f.values().get(0);
            }
        }
        if (field == null || to == null) return Optional.empty();
        for (dev.almanac.semantic.SemanticMetric m : layer.model().metrics()) {
            if (!(m instanceof dev.almanac.semantic.SemanticMetric.Simple s) || s.agg() != dev.almanac.semantic.SemanticMetric.Agg.COUNT) continue;
            String time = field;
            if (layer.model().timeDimensionOf(s).map(d -> layer.model().reference(d).equals(time)).orElse(false)) {
                return layer.outsideData(SemanticQuery.of(m.name()).between(java.time.LocalDate.parse(from), java.time.LocalDate.parse(to)), flow.ctx.catalog());
            }
        }
        return Optional.empty();
    }

    /** The answer of a semantic query; empty when it cannot be compiled and the model is there to try. */
    private Optional<Answer> answer(Turn t, SemanticQuery asked, boolean onlyWhenCompiled) {
        SemanticLayer layer = flow.ctx.semantic();
        SemanticTools semantic = flow.semantic;
        SemanticQuery query = asked;
        // "which months of 2026 have no data": the months after the data's last day are not gaps, the data ends there
        Optional<SemanticLayer.Clipped> clipped = layer.clippedToData(query, flow.ctx.catalog());
        if (clipped.isPresent()) query = clipped.get().query();
        String dataEnds = clipped.map(c -> " (" + c.dataEnds() + ")").orElse("");
        query = layer.atAnswerableGrain(query);
        Optional<SemanticLayer.Clipped> likeForLike = layer.comparedLikeForLike(query, flow.ctx.catalog());
        if (likeForLike.isPresent()) query = likeForLike.get().query();
        String sameSpan = likeForLike.map(c -> "\nBoth periods are compared up to the same day: " + c.dataEnds() + ".").orElse("");
        flow.event("semantic", semantic.describe(query));
        SemanticCompiler.Compiled compiled;
        try {
            compiled = layer.compile(query);
        } catch (UserError e) {
            if (onlyWhenCompiled) return Optional.empty();
            return Optional.of(answers.of(t, 1, "I can't answer that yet: " + e.getMessage() + ". Nothing was computed.", Answer.Kind.error, "low", null, null,
                    List.of(), List.of(), query));
        }
        Optional<String> outside = layer.outsideData(query, flow.ctx.catalog()).or(() -> listOutsideData(layer, asked));
        if (outside.isPresent()) {
            return Optional.of(answers.of(t, 1, "There is no data for " + semantic.title(query) + ": " + outside.get() + ". Nothing was computed.",
                    Answer.Kind.observation, "high", null, null, List.of(), List.of(), query));
        }
        flow.event("executed", compiled.sql());
        QueryResult r = flow.ctx.executor().execute(compiled.sql()); // the compiled semantic query, run
        Map<String, QueryResult> results = new LinkedHashMap<>();
        results.put(RESULT, r);
        if (noData(r, query)) {
            String range = Explanations.freshness(new LinkedHashSet<>(compiled.tables()), flow.ctx.catalog(), flow.ctx.knowledge()).values().stream().findFirst()
                    .map(x -> " (" + x + ")").orElse("");
            if (query.asksGaps()) {
                return Optional.of(answers.of(t, 1, semantic.noGaps(query).replaceAll("\\.$", "") + dataEnds + ".", Answer.Kind.result, "high", results, null,
                        List.of(), List.of(), query));
            }
            if (QueryExplainer.isListing(query)) {
                return Optional.of(answers.of(t, 1, semantic.noneListed(query), Answer.Kind.observation, "high", results, null, List.of(), List.of(), query));
            }
            return Optional.of(answers.of(t, 1, "There is no data for " + semantic.title(query) + range + ". Nothing to report for that period.",
                    Answer.Kind.observation, "low", results, null, List.of(), List.of(), query));
        }
        // a period the data covers only in part is said in the headline, so a series that starts late is not read as growth
        String notCovered = layer.coverageNote(query).map(n -> "\nNote: " + n).orElse("");
        Optional<String> nothingGrouped = layer.noGroupAtAll(query, r);
        if (nothingGrouped.isPresent()) {
            return Optional.of(answers.of(t, 1, nothingGrouped.get(), Answer.Kind.observation, "low", null, null, List.of(), List.of(), query));
        }
        Optional<String> ungrouped = layer.withoutAGroup(query, r);
        return Optional.of(answers.of(t, 1, semantic.sentence(query, r) + (dataEnds.isEmpty() ? "" : "\n" + dataEnds.strip().replaceAll("^\\((.*)\\)$", "$1") + ".")
                + sameSpan + notCovered + ungrouped.map(n -> "\nNote: " + n).orElse(""), Answer.Kind.result, ungrouped.isPresent() ? "medium" : "high", results, answers.chart(query, r), List.of(), List.of(), query));
    }

    /** No rows, or only empty values for the metrics: the period holds no data. */
    static boolean noData(QueryResult r, SemanticQuery query) {
        if (r.rowCount() == 0) return true;
        // a list of values or records, or the periods with no data: its rows are the answer
        if (query.metrics().isEmpty() || query.asksGaps() || query.listsRecords()) return false;
        for (List<Object> row : r.rows()) {
            for (String m : query.metrics()) {
                int i = r.columns().indexOf(query.asksShare() ? m + "_share_pct" : m);
                if (i >= 0 && row.get(i) != null) return false;
            }
        }
        return true;
    }
}
