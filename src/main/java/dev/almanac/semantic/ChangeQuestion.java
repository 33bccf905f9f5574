package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question that asks why a metric changed ("why did X drop in P", "what drove X in P", "what explains the change in X
 * between A and B", "where did the growth in X come from"), read into a {@link ChangeAnalysis.Request}. The frame's words
 * are English's (verbs and nouns of movement, question words), never a model's; what is left, the metric with its filters
 * and periods, is read by the question reader like any question, so a metric, a filter or a period it cannot read is not
 * read here either.
 */
public final class ChangeQuestion {
    /** What a change question was read as: the analysis to run, or why it cannot be read (with questions that can). */
    public sealed interface Reading permits Explain, Unsure {}

    /**
     * The analysis asked for, the question read back in words, and the direction the question says the metric moved (1
     * up, -1 down, 0 not said), so an answer can say when the data moved the other way.
     */
    public record Explain(ChangeAnalysis.Request request, String readAs, int said) implements Reading {}

    /** A change question whose metric or periods were not read whole: why, and questions that would be (may be none). */
    public record Unsure(String reason, List<String> options) implements Reading {}

    private static final String MOVE_VERBS = "(?:drop|dropp|fall|fell|fallen|decline|declin|decrease|decreas|dip|dipp|slide|slid|slip|slipp|sink|sank|sunk|"
            + "shrink|shrank|shrunk|rise|rose|risen|ris|increase|increas|grow|grew|grown|jump|spike|spik|climb|surge|surg|soar|plunge|plung|tank|"
            + "improve|improv|worsen|change|chang|move|mov|shift|swing|swung|vary|varied|differ|go up|gone up|went up|go down|gone down|went down|"
            + "be up|been up|be down|been down|up|down|higher|lower|bigger|smaller|larger|so high|so low|flat)(?:s|ed|d|ing|ped|ping)?";
    private static final String CHANGE_NOUNS = "(?:change|changes|drop|fall|decline|decrease|dip|rise|increase|growth|jump|spike|swing|shift|movement|"
            + "gain|loss|uptick|downturn|slump|surge|difference|variance)";

    /** "why did/has/is X drop ... [period]" */
    private static final Pattern WHY = Pattern.compile("^(?:so\\s+|and\\s+|but\\s+)?why\\s+(?:did|does|do|has|have|had|is|was|were|are|would|'s)\\s+(.+)\\s+"
            + MOVE_VERBS + "(?:\\s+so\\s+much|\\s+so\\s+sharply|\\s+so\\s+fast)?(\\s.*)?$");
    /** "what drove / explains / caused [the change in] X [period]" */
    private static final Pattern WHAT = Pattern.compile("^what(?:'s|\\s+is|\\s+was|\\s+has\\s+been)?\\s+(?:drove|drives|driven|driving|caused|causes|causing|explains|"
            + "explained|explaining|behind|accounts\\s+for|accounted\\s+for|contributed\\s+to|contributes\\s+to)\\s+(?:the\\s+)?(?:" + CHANGE_NOUNS
            + "\\s+(?:in|of)\\s+)?(.+)$");
    /** "explain / break down the change in X [period]" */
    private static final Pattern EXPLAIN = Pattern.compile("^(?:please\\s+)?(?:explain|break\\s+down|decompose|analy[sz]e)\\s+(?:the\\s+|this\\s+)?" + CHANGE_NOUNS
            + "\\s+(?:in|of)\\s+(.+)$");
    /** "where did the growth in X come from [period]" */
    private static final Pattern WHERE = Pattern.compile("^where\\s+(?:did|does|do|has|have)\\s+(?:the\\s+)?" + CHANGE_NOUNS + "\\s+(?:in|of)\\s+(.+?)\\s+"
            + "(?:come|came)\\s+from(\\s.*)?$");
    /** "between A and B", "from A to B": two periods, the earlier the one the change is from. */
    private static final Pattern TWO_PERIODS = Pattern.compile("\\b(?:between\\s+(.+?)\\s+and\\s+(.+)|from\\s+(.+?)\\s+(?:to|until|till)\\s+(.+))$");
    private static final Pattern YEAR = Pattern.compile("\\b(\\d{4})\\b");

    private ChangeQuestion() {}

    /** The reading of a change question; empty when the question does not ask why a metric changed. */
    public static Optional<Reading> read(String question, QuestionParser parser, LocalDate today) {
        String q = question.toLowerCase(Locale.ROOT).replace('’', '\'').replaceAll("[?!.]+\\s*$", "").replaceAll("\\s+", " ").strip();
        String subject = frame(q);
        if (subject == null) return Optional.empty();
        Reading r = subject(subject, parser, today);
        return Optional.of(r instanceof Explain e ? new Explain(e.request(), e.readAs(), direction(q.substring(0, q.length() - subject.length()) + " " + q)) : r);
    }

    private static final Pattern DOWN = Pattern.compile("\\b(?:drop|dropped|fall|fell|fallen|decline|declined|decrease|decreased|dip|dipped|slide|slid|slip|slipped|"
            + "sink|sank|sunk|shrink|shrank|shrunk|plunge|plunged|tank|tanked|worsen|worsened|go down|went down|gone down|down|lower|smaller|loss|downturn|slump)\\b");
    private static final Pattern UP = Pattern.compile("\\b(?:rise|rose|risen|increase|increased|grow|grew|grown|growth|jump|jumped|spike|spiked|climb|climbed|"
            + "surge|surged|soar|soared|improve|improved|go up|went up|gone up|up|higher|bigger|larger|gain|uptick)\\b");

    /** The direction the question's frame says the metric moved: 1 up, -1 down, 0 when it says only that it changed or both. */
    static int direction(String frameWords) {
        boolean down = DOWN.matcher(frameWords).find();
        boolean up = UP.matcher(frameWords).find();
        return down == up ? 0 : down ? -1 : 1;
    }

    /** The words after the frame (the metric, its filters and periods), or null when the question has no change frame. */
    static String frame(String q) {
        Matcher m = WHY.matcher(q);
        if (m.matches()) return (m.group(1).replaceAll("\\s+(?:go|gone|went|been|be|get|got|gotten|come|came)$", "") + (m.group(2) == null ? "" : m.group(2))).strip();
        m = WHERE.matcher(q);
        if (m.matches()) return (m.group(1) + (m.group(2) == null ? "" : m.group(2))).strip();
        m = WHAT.matcher(q);
        if (m.matches()) return m.group(1).strip();
        m = EXPLAIN.matcher(q);
        if (m.matches()) return m.group(1).strip();
        return null;
    }

    private static Reading subject(String subject, QuestionParser parser, LocalDate today) {
        TimeframeParser timeframes = parser.timeframes();
        SemanticQuery.Period before = null;
        SemanticQuery.Period after = null;
        String metricWords = subject;
        Matcher two = TWO_PERIODS.matcher(subject);
        if (two.find()) {
            String b = two.group(2) != null ? two.group(2) : two.group(4);
            // "between Q1 and Q2 2026": the year said once is both periods'
            Matcher yearOfB = YEAR.matcher(b);
            String said = two.group(1) != null ? two.group(1) : two.group(3);
            String a = !YEAR.matcher(said).find() && yearOfB.find() ? said + " " + yearOfB.group(1) : said;
            Optional<Timeframe> first = timeframes.parse(a).filter(t -> t.text().strip().length() >= a.strip().length() - 4);
            Optional<Timeframe> second = timeframes.parse(b).filter(t -> t.text().strip().length() >= b.strip().length() - 4);
            if (first.isPresent() && second.isPresent()) {
                before = new SemanticQuery.Period(first.get().start(), first.get().end());
                after = new SemanticQuery.Period(second.get().start(), second.get().end());
                if (before.start().isAfter(after.start())) {
                    SemanticQuery.Period x = before;
                    before = after;
                    after = x;
                }
                metricWords = subject.substring(0, two.start()).strip();
            }
        }
        QuestionParser.Result r = parser.parse(metricWords);
        if (r instanceof QuestionParser.Cannot c) return new Unsure(c.reason(), List.of());
        if (r instanceof QuestionParser.Clarify c) return new Unsure(c.question(), List.of());
        if (!(r instanceof QuestionParser.Parsed p)) return new Unsure("no metric of the model is named in '" + metricWords + "'", List.of());
        SemanticQuery query = p.query();
        if (query.metrics().size() != 1 || query.records() != null || query.asksGaps() || query.asksShare() || !query.countDistinct().isEmpty()
                || !query.exists().isEmpty() || query.limit() != null) {
            return new Unsure("a change is explained for one metric at a time", List.of());
        }
        String metric = query.metrics().get(0);
        List<String> by = query.groupBy().stream().map(SemanticQuery.GroupBy::dimension).toList();
        if (after == null && query.start() != null) {
            after = new SemanticQuery.Period(query.start(), query.end());
            if (query.compareTo() != null) before = query.compareTo();
        }
        if (after == null) {
            return new Unsure("which period's change should be explained", options(parser, metric, today));
        }
        if (before == null) before = ChangeAnalysis.previous(after);
        ChangeAnalysis.Request request = new ChangeAnalysis.Request(metric, before, after, by, query.filters());
        return new Explain(request, readAs(parser, request), 0);
    }

    /** The same question for the last whole month and quarter before today. */
    private static List<String> options(QuestionParser parser, String metric, LocalDate today) {
        String label = parser.model().metric(metric).map(SemanticMetric::displayName).orElse(metric);
        LocalDate month = today.withDayOfMonth(1).minusMonths(1);
        LocalDate quarter = Grain.QUARTER.start(today).minusMonths(3);
        return List.of("Why did " + label + " change in " + QueryExplainer.periodName(month, month.plusMonths(1)) + "?",
                "Why did " + label + " change in " + QueryExplainer.periodName(quarter, quarter.plusMonths(3)) + "?");
    }

    /** "Why Monthly recurring revenue changed from July 2026 to August 2026, by plan, where region = Europe". */
    static String readAs(QuestionParser parser, ChangeAnalysis.Request r) {
        String label = parser.model().metric(r.metric()).map(SemanticMetric::displayName).orElse(r.metric());
        StringBuilder s = new StringBuilder("The change in " + label + " from " + QueryExplainer.periodName(r.before().start(), r.before().end()) + " to "
                + QueryExplainer.periodName(r.after().start(), r.after().end()));
        if (!r.by().isEmpty()) s.append(", split by ").append(String.join(", ", r.by()));
        else s.append(", split by each dimension it has");
        for (SemanticQuery.Filter f : r.filters()) s.append(", where ").append(f.field()).append(' ').append(f.op().replace('_', ' ')).append(' ').append(String.join(", ", f.values()));
        return s.toString();
    }
}
