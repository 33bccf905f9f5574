package dev.almanac.agent;

import dev.almanac.knowledge.Metric;
import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.source.Dialect;

/**
 * What the routes of the answer flow share: the agent's context, and what is built from it once (the semantic tools,
 * the verified answerer, the period parser), with the few questions several routes ask of them.
 */
final class Flow {
    final Agent.Context ctx;
    final TimeframeParser timeframes;
    /** The semantic tools; null without a semantic model. */
    final SemanticTools semantic;
    private VerifiedAnswerer verified;

    Flow(Agent.Context ctx) {
        this.ctx = ctx;
        this.timeframes = new TimeframeParser(ctx.today(), dev.almanac.quality.FiscalYear.of(ctx.project()));
        this.semantic = SemanticTools.available(ctx.semantic()) ? new SemanticTools(ctx.semantic()) : null;
    }

    /** The prepared verified answerer, else one built for this agent on first use. */
    VerifiedAnswerer verified() {
        if (verified == null) {
            verified = ctx.verified() != null ? ctx.verified()
                    : new VerifiedAnswerer(ctx.knowledge(), ctx.embedder(), ctx.executor(), ctx.catalog(), ctx.today(),
                    dev.almanac.quality.FiscalYear.of(ctx.project()));
        }
        return verified;
    }

    /** Whether questions are read into semantic queries: a semantic model, and parsing on. */
    boolean reads() {
        return semantic != null && ctx.settings().parseQuestions();
    }

    /** A question read on its own (no thread before it). */
    QuestionParser.Result parse(String question) {
        return ctx.semantic().withParser(ctx.today(), parser -> parser.parse(question));
    }

    /** Whether a question offered as an option is read whole: by the semantic parse, or as a canonical metric or verified query. */
    boolean resolves(String question) {
        if (reads() && parse(question) instanceof QuestionParser.Parsed) return true;
        return verified().match(question).isPresent();
    }

    /** Whether a canonical metric has a value for the period: by its SQL's tables, and by the semantic model when it is a semantic metric too. */
    boolean holdsData(Metric metric, Timeframe tf) {
        if (!verified().holdsData(metric, tf)) return false;
        if (ctx.semantic() == null || ctx.semantic().model().metric(metric.name()).isEmpty()) return true;
        return ctx.semantic().outsideData(SemanticQuery.of(metric.name()).between(tf.start(), tf.end()), ctx.catalog()).isEmpty();
    }

    /** The SQL dialect of the source the queries run on. */
    Dialect dialect() {
        return ctx.executor() == null || ctx.executor().source() == null ? null : ctx.executor().source().dialect();
    }

    void event(String step, String detail) {
        if (ctx.events() != null) ctx.events().accept(new AgentEvent(step, detail));
    }
}
