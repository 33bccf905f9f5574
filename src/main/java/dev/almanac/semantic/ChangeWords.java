package dev.almanac.semantic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Change} in plain words, the same for the CLI, the answer, MCP and the model: what the metric did, where the
 * change came from ("came from", "concentrated in"; never "because"), and the tables whose parts add up to it. Every
 * number is one of the analysis's, formatted as the metric is; a change of a percentage is in points.
 */
public final class ChangeWords {
    /** Dimensions said in the text (all are in the tables). */
    private static final int SAID = 3;

    private ChangeWords() {}

    /** The first sentence: the metric, the two periods, the values and the change, and why it is not explained when it is not. */
    public static String headline(Change c) {
        String from = QueryExplainer.periodName(c.before().start(), c.before().end());
        String to = QueryExplainer.periodName(c.after().start(), c.after().end());
        String within = c.filters().isEmpty() ? "" : " (" + filters(c) + ")";
        if (c.verdict() == Change.Verdict.no_data) {
            return "There is no change of " + c.label() + within + " from " + from + " to " + to + " to explain: " + c.why() + ".";
        }
        String moved = c.change().signum() > 0 ? "rose by " : c.change().signum() < 0 ? "fell by " : "did not change";
        String pct = c.changePct() == null || c.format().kind() == ValueFormat.Kind.percent ? "" : " (" + (c.changePct() > 0 ? "+" : "") + c.changePct() + "%)";
        String head = c.label() + within + " " + moved + (c.change().signum() == 0 ? "" : amount(c, c.shownChange().abs())) + pct + " from " + from + " to " + to
                + " (" + value(c, c.valueBefore()) + " → " + value(c, c.valueAfter()) + ").";
        return switch (c.verdict()) {
            case within_rounding -> c.label() + within + " was " + value(c, c.valueAfter()) + " in " + to + " as in " + from + ": " + c.why()
                    + ", so there is nothing to explain.";
            case usual_variation -> head + " That is " + c.why().replace(" before it)", " before it: " + amount(c, c.variation().typical()) + ")")
                    + ", so it is too small to explain.";
            default -> head;
        };
    }

    /** The whole explanation: the headline, where the change came from in sentences, then each split as a table. */
    public static String text(Change c) {
        StringBuilder s = new StringBuilder(headline(c));
        if (c.coverage() != null) s.append("\nNote: ").append(c.coverage()).append('.');
        if (c.verdict() != Change.Verdict.explained) return s.toString();
        List<String> said = sentences(c);
        if (!said.isEmpty()) s.append("\n\n").append(String.join("\n", said));
        for (Change.Split split : c.dimensions()) s.append("\n\n").append(table(c, split, c.shownChange()));
        if (c.deeper() != null) {
            for (Change.Split split : c.deeper().dimensions()) {
                s.append("\n\nInside ").append(c.deeper().value()).append(":\n").append(table(c, split, c.deeper().shownChange()));
            }
        }
        if (!c.notSplit().isEmpty()) {
            s.append("\n\nNot split by: ");
            List<String> parts = new ArrayList<>();
            for (Change.NotSplit n : c.notSplit()) parts.add(n.label() + " (" + n.reason() + ")");
            s.append(String.join("; ", parts)).append('.');
        }
        s.append("\n\nThese say where in the data the change sits, not what caused it.");
        return s.toString();
    }

    /** Where the change came from, in a few sentences. */
    public static List<String> sentences(Change c) {
        List<String> out = new ArrayList<>();
        if (c.dimensions().isEmpty()) {
            out.add("No dimension of " + c.label() + " splits the change" + (c.notSplit().isEmpty() ? "." : ": " + c.notSplit().get(0).reason() + "."));
        }
        for (Change.Split split : c.dimensions().subList(0, Math.min(SAID, c.dimensions().size()))) out.add(splitSentence(c, split));
        if (c.deeper() != null && !c.deeper().dimensions().isEmpty()) {
            Change.Split inner = c.deeper().dimensions().get(0);
            out.add("Inside " + c.deeper().value() + " (" + signed(c, c.deeper().shownChange()) + "), by " + lower(inner.label()) + ": " + largest(c, inner) + ".");
        }
        if (c.movements() != null) {
            List<String> parts = new ArrayList<>();
            for (Change.Movement m : c.movements().parts()) {
                parts.add(m.name() + " " + signed(c, m.shown()) + " (" + m.entities() + " " + lower(c.movements().entity()) + (m.entities() == 1 ? "" : "s") + ")");
            }
            out.add("By what each " + lower(c.movements().entity()) + " did: " + String.join(", ", parts) + ".");
        }
        return out;
    }

    private static String splitSentence(Change c, Change.Split split) {
        String s = "By " + lower(split.label()) + ": " + largest(c, split);
        if (split.excessValue() != null && split.excess() > 0) {
            s += "; " + split.excessValue() + " carries " + Math.round(split.excessOfMovement() * 100) + "% of the movement across its values, against "
                    + Math.round(split.excessOfSize() * 100) + "% of " + (split.mix() != null ? "the weight (the denominator)" : "the " + lower(c.label())) + " before";
        }
        if (split.shownMix() != null) {
            s += "; of the whole change, " + signed(c, split.shownMix()) + " came from the mix of " + lower(split.label()) + " values moving and "
                    + signed(c, split.shownRate()) + " from within each";
        }
        return s + ".";
    }

    private static String largest(Change c, Change.Split split) {
        List<String> parts = new ArrayList<>();
        for (Change.Contribution v : split.values()) {
            if (parts.size() == 3) break;
            if (v.status() == Change.Status.others) continue;
            parts.add(name(v) + " " + signed(c, v.shown()) + (v.status() == Change.Status.added ? " (new)" : v.status() == Change.Status.vanished ? " (gone)" : ""));
        }
        return (parts.size() == 1 ? "the largest part is " : "the largest parts are ") + String.join(", ", parts);
    }

    /** One split as a table whose contribution column adds up to the change shown under it. */
    public static String table(Change c, Change.Split split, BigDecimal total) {
        boolean ratio = split.mix() != null;
        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(split.label(), "Before", "After", "Contribution"));
        if (ratio) head.addAll(List.of("Mix", "Rate"));
        rows.add(head);
        for (Change.Contribution v : split.values()) {
            List<String> row = new ArrayList<>();
            row.add(name(v) + (v.status() == Change.Status.added ? " (new)" : v.status() == Change.Status.vanished ? " (gone)" : ""));
            row.add(v.status() == Change.Status.others ? "" : value(c, v.before()));
            row.add(v.status() == Change.Status.others ? "" : value(c, v.after()));
            row.add(signed(c, v.shown()));
            if (ratio) {
                row.add(v.mix() == null ? "" : signed(c, v.mix().setScale(v.shown().scale(), java.math.RoundingMode.HALF_UP)));
                row.add(v.rate() == null ? "" : signed(c, v.rate().setScale(v.shown().scale(), java.math.RoundingMode.HALF_UP)));
            }
            rows.add(row);
        }
        List<String> sum = new ArrayList<>(List.of("Change", "", "", signed(c, total)));
        if (ratio) sum.addAll(List.of(signed(c, split.shownMix()), signed(c, split.shownRate())));
        rows.add(sum);
        return "By " + lower(split.label()) + " (query " + split.query() + "):\n" + markdown(rows);
    }

    private static String markdown(List<List<String>> rows) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            s.append("| ").append(String.join(" | ", rows.get(i))).append(" |\n");
            if (i == 0) s.append("|").append(" --- |".repeat(rows.get(0).size())).append('\n');
        }
        return s.toString().stripTrailing();
    }

    static String name(Change.Contribution v) {
        if (v.status() == Change.Status.others) return "All " + v.others() + " other values";
        return v.value() == null ? "(no value)" : v.value();
    }

    /** A value as the metric is shown; "no data" for none. */
    static String value(Change c, BigDecimal v) {
        return v == null ? "no data" : c.format().show(v);
    }

    /** A change with its sign: "+$1,234.50", "-3", "+0.42 points" for a percentage. */
    public static String signed(Change c, BigDecimal v) {
        if (v == null) return "";
        return (v.signum() > 0 ? "+" : v.signum() < 0 ? "-" : "") + amount(c, v.abs());
    }

    private static String amount(Change c, BigDecimal v) {
        if (c.format().kind() == ValueFormat.Kind.percent) {
            return new ValueFormat(ValueFormat.Kind.number, null, c.format().decimals()).show(v) + " points";
        }
        return c.format().show(v);
    }

    private static String filters(Change c) {
        List<String> parts = new ArrayList<>();
        for (SemanticQuery.Filter f : c.filters()) parts.add(f.field() + " " + f.op().replace('_', ' ') + " " + String.join(", ", f.values()));
        return "where " + String.join(" and ", parts);
    }

    private static String lower(String s) {
        return QueryExplainer.lowerFirst(s);
    }
}
