package dev.almanac.agent;

import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.Tokens;
import dev.almanac.semantic.QuestionParser;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Clarify: a question back, unless the semantic parse reads the question whole. A canonical metric that needs a period,
 * with none in the question or carried over in the thread, gets "For which period...?" with periods that hold data (a
 * canonical metric asks even when the question is read whole); a short question whose words fit several metrics and name
 * none of them gets the metrics as options (indicator resolution).
 */
final class ClarificationRoute implements Route {
    private static final Set<String> TOO_COMMON = Set.of("customer", "user", "active", "total", "average", "rate");

    private final Flow flow;
    private final Answers answers;

    ClarificationRoute(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
    }

    @Override
    public Outcome take(Turn t) {
        if (t.read() instanceof QuestionParser.Parsed && t.metric().isEmpty()) return new Next(t);
        // the reader's own choice between measures its words read ("orders": the completed ones, or all) is asked by the
        // semantic route, not one among the metrics the words fit
        boolean readersChoice = t.read() instanceof QuestionParser.Clarify c && c.options().size() > 1;
        Answer asked = t.metric().isPresent() ? period(t) : readersChoice ? null : whichMetric(t);
        return asked == null ? new Next(t) : new Answered(t, asked);
    }

    /** For which period, when the question names a canonical metric that needs one and neither it nor the thread gives one; else null. */
    private Answer period(Turn t) {
        Metric metric = t.metric().get();
        boolean needsPeriod = metric.parameters().stream().anyMatch(p -> p.type() != null && p.type().startsWith("date"));
        // a follow-up takes the thread's period only where the semantic parse carries it over ("and ARR?" after "MRR in 2025");
        // else it is asked for, never assumed
        boolean threadHasPeriod = !t.history().isEmpty() && t.read() instanceof QuestionParser.Parsed p && p.query().start() != null;
        if (!needsPeriod || t.timeframe().isPresent() || threadHasPeriod) return null;
        PeriodOptions periods = PeriodOptions.of(flow.timeframes, flow.ctx.today(), tf -> flow.holdsData(metric, tf));
        if (periods.options().isEmpty()) periods = new PeriodOptions(PeriodOptions.RELATIVE, null);
        flow.event("clarify", "period for " + metric.name());
        return answers.of(t, "For which period do you want " + (metric.label() == null ? metric.name() : metric.label())
                + "? For example: " + periods.examples() + ".", Answer.Kind.clarification, null, periods.options());
    }

    /** Which of several metrics, when the question's words fit several and name none of them; else null. */
    private Answer whichMetric(Turn t) {
        Set<String> words = new LinkedHashSet<>(Tokens.of(t.question()));
        t.timeframe().ifPresent(tf -> words.removeAll(Tokens.of(tf.text()))); // "last month" names no metric ("Monthly active users")
        List<Metric> fits = new ArrayList<>();
        for (Metric m : flow.ctx.knowledge().metrics()) {
            Set<String> names = names(m);
            names.retainAll(words);
            // a function word names nothing ("over" of "average over a period" made DAU an option for "orders over $500")
            names.removeIf(w -> w.length() < 4 || w.matches("\\d+") || TOO_COMMON.contains(w) || dev.almanac.reading.FunctionWords.english().isFunctionWord(w));
            if (!names.isEmpty()) fits.add(m);
        }
        if (fits.size() < 2 || t.question().split("\\s+").length > 8) return null;
        // a question that also names something concrete the metrics do not cover (a table's subject) is not vague
        Set<String> vocabulary = new LinkedHashSet<>();
        for (Metric m : fits) {
            vocabulary.addAll(Tokens.of(m.name().replace('_', ' ') + " " + (m.label() == null ? "" : m.label()) + " " + m.definition()));
            m.synonyms().forEach(x -> vocabulary.addAll(Tokens.of(x)));
        }
        Set<String> subjects = new LinkedHashSet<>();
        flow.ctx.catalog().tables().forEach(tb -> subjects.addAll(Tokens.of(tb.name())));
        if (words.stream().anyMatch(w -> subjects.contains(w) && !vocabulary.contains(w))) return null;
        // each option is the question asked of one metric ("Shop revenue for 2025"), so it must not drop a word that names
        // something (a breakdown, a value): then the question is not only vague, and is left to the rest of the flow
        Set<String> fitting = new LinkedHashSet<>();
        for (Metric m : fits) fitting.addAll(names(m));
        VerifiedAnswerer verified = flow.verified();
        boolean namesMore = verified.contentWords(t.question()).stream()
                .anyMatch(w -> !fitting.contains(w) && (verified.knows(w) || flow.semantic != null && flow.semantic.vocabulary().contains(w)));
        if (namesMore) return null;
        String period = t.timeframe().map(tf -> " for " + tf.text()).orElse("");
        List<String> options = new ArrayList<>();
        for (Metric m : fits) {
            String option = (m.label() == null ? m.name() : m.label()) + period;
            if (flow.resolves(option)) options.add(option); // offered only when it gets an answer
        }
        if (options.size() < 2) return null;
        flow.event("clarify", String.join(" | ", options));
        return answers.of(t, "Which of these do you mean? " + String.join("; ", options) + ".", Answer.Kind.clarification, null, options);
    }

    /** The words of a metric's name, label and synonyms. */
    private static Set<String> names(Metric m) {
        Set<String> names = new LinkedHashSet<>(Tokens.of(m.name().replace('_', ' ') + " " + (m.label() == null ? "" : m.label())));
        m.synonyms().forEach(s -> names.addAll(Tokens.of(s)));
        return names;
    }
}
