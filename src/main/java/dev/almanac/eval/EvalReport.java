package dev.almanac.eval;

import dev.almanac.store.EvalStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's figures: accuracy overall, per difficulty, per kind of question and per tag, and what changed
 * since the previous run. The kind of a question is its tag {@code kind:NAME} (docs/EVALS.md lists the
 * kinds); {@code byKind} is keyed by NAME, the seven known kinds first (those with questions), then any
 * other, and {@code "(none)"} for questions without a kind tag when some have one. {@code byTag} holds
 * every tag, the {@code kind:} ones included; the text and HTML reports show those only in the kind table.
 */
public record EvalReport(EvalStore.RunRow run, List<EvalStore.ResultRow> results, Map<String, int[]> byDifficulty, Map<String, int[]> byKind,
                         Map<String, int[]> byTag, EvalStore.RunRow previous, List<String> newlyFailing, List<String> newlyPassing) {

    /** The prefix of the tag that says what kind of question a golden question is. */
    public static final String KIND_TAG = "kind:";
    /** The kinds of question of the golden sets, in report order (docs/EVALS.md). */
    public static final List<String> KINDS = List.of("metric_period", "metric_by_dimension", "filtered", "top_n", "trend", "comparison", "out_of_scope");

    public static EvalReport of(EvalStore.RunRow run, List<EvalStore.ResultRow> results, EvalStore.RunRow previous, List<EvalStore.ResultRow> before) {
        Map<String, int[]> byDifficulty = new LinkedHashMap<>();
        for (String d : List.of("easy", "medium", "hard")) byDifficulty.put(d, new int[2]);
        Map<String, int[]> byTag = new TreeMap<>();
        Map<String, int[]> kinds = new TreeMap<>();
        for (EvalStore.ResultRow r : results) {
            int[] d = byDifficulty.computeIfAbsent(r.difficulty(), k -> new int[2]);
            d[0]++;
            if (r.passed()) d[1]++;
            boolean kinded = false;
            for (String t : r.tags()) {
                int[] c = byTag.computeIfAbsent(t, k -> new int[2]);
                c[0]++;
                if (r.passed()) c[1]++;
                if (t.startsWith(KIND_TAG)) {
                    kinded = true;
                    int[] k = kinds.computeIfAbsent(t.substring(KIND_TAG.length()), x -> new int[2]);
                    k[0]++;
                    if (r.passed()) k[1]++;
                }
            }
            if (!kinded) {
                int[] k = kinds.computeIfAbsent("(none)", x -> new int[2]);
                k[0]++;
                if (r.passed()) k[1]++;
            }
        }
        Map<String, int[]> byKind = new LinkedHashMap<>();
        if (kinds.size() > 1 || !kinds.containsKey("(none)")) {
            for (String k : KINDS) if (kinds.containsKey(k)) byKind.put(k, kinds.remove(k));
            int[] none = kinds.remove("(none)");
            byKind.putAll(kinds);
            if (none != null) byKind.put("(none)", none);
        }
        List<String> failing = new ArrayList<>();
        List<String> passing = new ArrayList<>();
        if (previous != null) {
            Map<String, Boolean> was = new HashMap<>();
            for (EvalStore.ResultRow r : before) was.put(r.goldenId(), r.passed());
            for (EvalStore.ResultRow r : results) {
                Boolean p = was.get(r.goldenId());
                if (p == null) continue;
                if (p && !r.passed()) failing.add(r.goldenId());
                if (!p && r.passed()) passing.add(r.goldenId());
            }
        }
        return new EvalReport(run, results, byDifficulty, byKind, byTag, previous, failing, passing);
    }

    static String pct(int[] c) {
        return c[0] == 0 ? "-" : String.format("%.1f%% (%d/%d)", 100.0 * c[1] / c[0], c[1], c[0]);
    }

    public String text() {
        StringBuilder s = new StringBuilder();
        s.append("Eval run ").append(run.id()).append(" (").append(run.status()).append(", model ").append(run.model()).append(")\n");
        s.append("Accuracy: ").append(pct(new int[] {run.total(), run.passed()})).append(run.total() < run.selected()
                ? " — " + run.total() + " of " + run.selected() + " questions answered" : "").append('\n');
        if (previous != null) {
            s.append(String.format("Previous run %s: %.1f%% → %+.1f points%n", previous.id(), 100 * previous.accuracy(), 100 * (run.accuracy() - previous.accuracy())));
            s.append("Newly failing: ").append(failingOrNone(newlyFailing)).append('\n');
            s.append("Newly passing: ").append(failingOrNone(newlyPassing)).append('\n');
        }
        s.append("By difficulty: ");
        byDifficulty.forEach((d, c) -> s.append(d).append(' ').append(pct(c)).append("  "));
        s.append('\n');
        if (!byKind.isEmpty()) {
            s.append("By kind:\n");
            byKind.forEach((k, c) -> s.append(String.format("  %-20s %s%n", k, pct(c))));
        }
        s.append("By tag:\n");
        byTag.forEach((t, c) -> {
            if (!t.startsWith(KIND_TAG)) s.append(String.format("  %-16s %s%n", t, pct(c)));
        });
        s.append("Failing:\n");
        for (EvalStore.ResultRow r : results) {
            if (!r.passed()) s.append("  ").append(r.goldenId()).append(" ").append(r.question()).append(" — ").append(abbreviate(r.reason(), 120)).append('\n');
        }
        return s.toString();
    }

    private static String failingOrNone(List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    private static String abbreviate(String s, int n) {
        return s == null ? "" : s.length() > n ? s.substring(0, n) + "..." : s;
    }

    /** One self-contained HTML file: no scripts, no external styles. */
    public String html() {
        StringBuilder s = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\"><title>Almanac eval ").append(esc(run.id()))
                .append("</title><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>")
                .append("body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin:1rem 0}")
                .append("td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top;font-size:.9rem}")
                .append(".pass{color:#176d2c}.fail{color:#b3261e}code,pre{font-size:.8rem;white-space:pre-wrap}details{margin:0}")
                .append("</style></head><body>");
        s.append("<h1>Eval run ").append(esc(run.id())).append("</h1><p>").append(esc(run.status())).append(" · model ").append(esc(run.model()))
                .append(" · started ").append(esc(run.startedAt())).append("</p>");
        s.append("<h2>Accuracy ").append(esc(pct(new int[] {run.total(), run.passed()}))).append("</h2>");
        if (previous != null) {
            s.append("<p>Previous run ").append(esc(previous.id())).append(String.format(": %.1f%%", 100 * previous.accuracy()))
                    .append(". Newly failing: ").append(esc(failingOrNone(newlyFailing))).append(". Newly passing: ").append(esc(failingOrNone(newlyPassing))).append(".</p>");
        }
        s.append("<table><tr><th>difficulty</th><th>accuracy</th></tr>");
        byDifficulty.forEach((d, c) -> s.append("<tr><td>").append(esc(d)).append("</td><td>").append(esc(pct(c))).append("</td></tr>"));
        s.append("</table>");
        if (!byKind.isEmpty()) {
            s.append("<table><tr><th>kind</th><th>accuracy</th></tr>");
            byKind.forEach((k, c) -> s.append("<tr><td>").append(esc(k)).append("</td><td>").append(esc(pct(c))).append("</td></tr>"));
            s.append("</table>");
        }
        s.append("<table><tr><th>tag</th><th>accuracy</th></tr>");
        byTag.forEach((t, c) -> {
            if (!t.startsWith(KIND_TAG)) s.append("<tr><td>").append(esc(t)).append("</td><td>").append(esc(pct(c))).append("</td></tr>");
        });
        s.append("</table><h2>Questions</h2><table><tr><th>id</th><th>question</th><th>result</th><th>details</th></tr>");
        for (EvalStore.ResultRow r : results) {
            s.append("<tr><td>").append(esc(r.goldenId())).append("</td><td>").append(esc(r.question())).append("</td><td class=\"")
                    .append(r.passed() ? "pass\">pass" : "fail\">fail").append("</td><td><details><summary>")
                    .append(esc(r.passed() ? r.confidence() + " · " + r.latencyMs() + " ms" : abbreviate(r.reason(), 100))).append("</summary><pre>")
                    .append("expected: ").append(esc(r.expectedJson())).append("\nactual: ").append(esc(r.actualJson())).append("\nSQL: ").append(esc(r.sql()))
                    .append(r.error() == null ? "" : "\nerror: " + esc(r.error())).append("</pre></details></td></tr>");
        }
        return s.append("</table></body></html>\n").toString();
    }

    private static String esc(String v) {
        return v == null ? "" : v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
