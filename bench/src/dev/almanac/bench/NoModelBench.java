package dev.almanac.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.cli.BenchAccess;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.store.EvalStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The no-model path (issue 13): every golden question asked through the real API server in-process with no
 * language model, over HTTP, timed per way it was answered against {@code GET /api/health} in the same run; then
 * the golden accuracy per kind of question without a model, with question parsing on (the default) and off. Then the
 * Spider dev questions of every database we ship, each drafted by {@code almanac init}, asked without a model
 * ({@link SpiderWithoutModel}, issue 31). {@code bench/run NoModelBench spider} runs the Spider part alone.
 */
public final class NoModelBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WARMUP_ROUNDS = 2;
    private static final int ROUNDS = 5;

    /** The kinds of golden question (tag kind:...), in the order of docs/EVALS.md, with how the table names them. */
    private static final Map<String, String> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put("metric_period", "a metric in a period");
        KINDS.put("metric_by_dimension", "a metric by a dimension");
        KINDS.put("filtered", "a count or sum under filters");
        KINDS.put("top_n", "top-N");
        KINDS.put("trend", "a trend at a grain");
        KINDS.put("comparison", "a comparison of two periods or groups");
        KINDS.put("out_of_scope", "out of scope (must be refused)");
    }

    /** How an answer came: from a semantic query, a verified query, a refusal or question back, or otherwise. */
    private enum AnsweredFrom {
        SEMANTIC("a semantic query (`provenance.semantic_query`)"),
        VERIFIED("a verified query or canonical metric"),
        REFUSED("refused or asked back"),
        OTHER("other");

        final String label;

        AnsweredFrom(String label) {
            this.label = label;
        }

        static AnsweredFrom of(JsonNode answer) {
            if (answer.at("/provenance/semantic_query").isObject()) return SEMANTIC;
            if (answer.path("verified").asBoolean()) return VERIFIED;
            String kind = answer.path("kind").asText();
            if (kind.equals("error") || kind.equals("clarification")) return REFUSED;
            return OTHER;
        }
    }

    /** {@code bench/run NoModelBench [golden|spider|interchange]}: every part, or one. */
    public static void main(String[] args) throws Exception {
        String part = args.length == 0 ? "" : args[0];
        if (!part.isEmpty() && !List.of("golden", "spider", "interchange").contains(part)) {
            throw new IllegalArgumentException("usage: bench/run NoModelBench [golden|spider|interchange] (no argument: every part)");
        }
        Path home = Files.createTempDirectory("almanac-nomodel");
        System.setProperty("almanac.home", home.toString()); // no config.yml: the defaults, as a first run has them
        if (part.isEmpty() || part.equals("golden")) golden(home);
        if (part.isEmpty() || part.equals("spider")) SpiderWithoutModel.run(home);
        if (part.isEmpty() || part.equals("interchange")) InterchangeWithoutModel.run(home);
    }

    /** The golden part (issue 13): latency through the API and accuracy by kind, on the demo project. */
    private static void golden(Path home) throws Exception {
        Path project = dev.almanac.testing.ScratchProject.create(home.resolve("project"), "No-model bench");
        List<GoldenQuery> golden = KnowledgeFiles.read(project.resolve("knowledge")).knowledge().golden();
        String env = System.getenv("ALMANAC_SEMANTIC_PARSE");
        if (env != null && !env.isBlank()) System.err.println("note: ALMANAC_SEMANTIC_PARSE=" + env + " applies to the server part");

        String latency = latency(project, golden);
        LocalDate today = LocalDate.now();
        List<EvalStore.ResultRow> parsing = BenchAccess.evalWithoutModel(project, today, true);
        List<EvalStore.ResultRow> notParsing = BenchAccess.evalWithoutModel(project, today, false);
        String accuracy = accuracy(golden.size(), parsing, notParsing);

        String body = """
                `bench/run NoModelBench` (one command: the server part, then both eval runs): the demo project (scale-1 warehouse, the
                repository's `knowledge/`), no language model (`--llm none`), an empty Almanac home (default settings).

                %s
                %s
                """.formatted(latency, accuracy);
        Report.write("nomodel-golden", "Golden questions without a model: latency through the API, and accuracy by kind (issue 13)", body);
    }

    /** Every golden question POSTed to /api/ask over HTTP, alternately with GET /api/health, after warm-up rounds. */
    private static String latency(Path project, List<GoldenQuery> golden) throws Exception {
        BenchAccess.Server server = BenchAccess.start(project, "none", 1_000_000);
        try {
            String token = server.addUser("bench");
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://localhost:" + server.port();
            HttpRequest health = HttpRequest.newBuilder(URI.create(base + "/api/health")).header("Authorization", "Bearer " + token).GET().build();
            for (int w = 0; w < WARMUP_ROUNDS; w++) {
                for (GoldenQuery g : golden) {
                    send(http, health);
                    ask(http, base, token, g.question());
                }
            }
            Map<AnsweredFrom, List<Long>> byPath = new LinkedHashMap<>();
            Map<AnsweredFrom, List<Long>> inAgent = new LinkedHashMap<>();
            for (AnsweredFrom p : AnsweredFrom.values()) {
                byPath.put(p, new ArrayList<>());
                inAgent.put(p, new ArrayList<>());
            }
            List<Long> allInAgent = new ArrayList<>();
            Map<AnsweredFrom, Integer> questions = new LinkedHashMap<>();
            List<Long> all = new ArrayList<>();
            List<Long> healthTimes = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                for (GoldenQuery g : golden) {
                    long t0 = System.nanoTime();
                    send(http, health);
                    long t1 = System.nanoTime();
                    JsonNode answer = ask(http, base, token, g.question());
                    long t2 = System.nanoTime();
                    healthTimes.add(t1 - t0);
                    all.add(t2 - t1);
                    AnsweredFrom p = AnsweredFrom.of(answer);
                    byPath.get(p).add(t2 - t1);
                    long agentNanos = answer.path("latency_ms").asLong() * 1_000_000;
                    inAgent.get(p).add(agentNanos);
                    allInAgent.add(agentNanos);
                    if (round == 0) questions.merge(p, 1, Integer::sum);
                }
            }
            StringBuilder table = new StringBuilder("""
                    | answered from | questions | p50 (ms) | p90 (ms) | p99 (ms) | p50 in the agent (ms) |
                    |---|---:|---:|---:|---:|---:|
                    """);
            for (AnsweredFrom p : AnsweredFrom.values()) {
                if (byPath.get(p).isEmpty()) continue;
                table.append(row(p.label, questions.get(p), byPath.get(p), inAgent.get(p)));
            }
            table.append(row("**all**", golden.size(), all, allInAgent));
            table.append(row("baseline: `GET /api/health` (auth, JSON)", golden.size(), healthTimes, null));
            double allP50 = ms(all, 0.5);
            double healthP50 = ms(healthTimes, 0.5);
            return """
                    **Latency of `POST /api/ask` without a model**, through the real server (Javalin, one JVM, a viewer's bearer token, each
                    question a new thread written to the SQLite app store): the %d golden questions, %d warm-up rounds, then %d rounds, each
                    question timed right after `GET /api/health` as the baseline. Grouped by where the answer came from; "in the
                    agent" is the answer's own `latency_ms` (the agent's work, without creating the thread and storing the turn).
                    Target: p50 under 50 ms.

                    %s
                    All questions: p50 %.1f ms (%.1f × the health call).
                    """.formatted(golden.size(), WARMUP_ROUNDS, ROUNDS, table, allP50, allP50 / healthP50);
        } finally {
            server.stop();
        }
    }

    /** Per kind: correct, wrong (a failure that is not "no result": data that does not match, or data where a refusal was due), refused. */
    private static String accuracy(int size, List<EvalStore.ResultRow> on, List<EvalStore.ResultRow> off) {
        List<String> kinds = new ArrayList<>(KINDS.keySet());
        for (EvalStore.ResultRow r : on) if (!kinds.contains(kind(r))) kinds.add(kind(r));
        StringBuilder table = new StringBuilder("""
                | kind | questions | correct | wrong | refused or asked back | parsing off: correct | wrong | refused or asked back |
                |---|---:|---:|---:|---:|---:|---:|---:|
                """);
        for (String k : kinds) {
            Predicate<EvalStore.ResultRow> of = r -> kind(r).equals(k);
            Counts a = Counts.of(on, of);
            Counts b = Counts.of(off, of);
            if (a.total == 0) continue;
            table.append("| ").append(KINDS.getOrDefault(k, k)).append(" | ").append(a.total).append(" | ").append(a.cells()).append(" | ").append(b.cells()).append(" |\n");
        }
        Counts a = Counts.of(on, r -> true);
        Counts b = Counts.of(off, r -> true);
        table.append(String.format("| **all** | **%d** | **%d (%.0f%%)** | **%d** | %d | %d (%.0f%%) | %d | %d |%n", a.total, a.correct, 100.0 * a.correct / a.total,
                a.wrong, a.refused, b.correct, 100.0 * b.correct / b.total, b.wrong, b.refused));
        List<String> wrong = on.stream().filter(NoModelBench::wrong).map(r -> r.goldenId() + " (" + r.reason() + ")").sorted().toList();
        List<String> wrongOff = off.stream().filter(NoModelBench::wrong).map(EvalStore.ResultRow::goldenId).sorted().toList();
        return """
                **Golden accuracy without a model, by kind** (tags `kind:...`, docs/EVALS.md): the %d golden questions asked in-process
                as `almanac eval --llm none` asks them (`EvalRunner`, today's date), once with the default settings and once with
                question parsing off (`semantic_parse: false`, ALMANAC_SEMANTIC_PARSE=false), which leaves verified queries and
                canonical metrics only. "Wrong" = a failure that is not a refusal: data that does not match the gold result, or an
                answer where a refusal was due.

                %s
                Wrong with parsing on: %s. Wrong with parsing off: %s.
                Target of issue 13: at least 90%% correct, none wrong.
                """.formatted(size, table, wrong.isEmpty() ? "none" : String.join("; ", wrong), wrongOff.isEmpty() ? "none" : String.join(", ", wrongOff));
    }

    private record Counts(int total, int correct, int wrong, int refused) {
        static Counts of(List<EvalStore.ResultRow> rows, Predicate<EvalStore.ResultRow> which) {
            int total = 0, correct = 0, wrong = 0, refused = 0;
            for (EvalStore.ResultRow r : rows) {
                if (!which.test(r)) continue;
                total++;
                if (r.passed()) correct++;
                else if (NoModelBench.wrong(r)) wrong++;
                else refused++;
            }
            return new Counts(total, correct, wrong, refused);
        }

        String cells() {
            return correct + " | " + wrong + " | " + refused;
        }
    }

    private static boolean wrong(EvalStore.ResultRow r) {
        return !r.passed() && (r.reason() == null || !r.reason().startsWith("no result"));
    }

    private static String kind(EvalStore.ResultRow r) {
        return r.tags() == null ? "(no kind)" : r.tags().stream().filter(t -> t.startsWith("kind:")).map(t -> t.substring(5)).findFirst().orElse("(no kind)");
    }

    private static JsonNode ask(HttpClient http, String base, String token, String question) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/ask")).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", question)))).build();
        try {
            return JSON.readTree(send(http, req));
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + " asking \"" + question + "\"", e);
        }
    }

    private static String send(HttpClient http, HttpRequest req) throws Exception {
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IllegalStateException(req.method() + " " + req.uri().getPath() + ": " + r.statusCode() + " " + r.body());
        return r.body();
    }

    private static String row(String label, int questions, List<Long> nanos, List<Long> inAgent) {
        return String.format("| %s | %d | %.1f | %.1f | %.1f | %s |%n", label, questions, ms(nanos, 0.5), ms(nanos, 0.9), ms(nanos, 0.99),
                inAgent == null ? "" : String.format("%.0f", ms(inAgent, 0.5)));
    }

    private static double ms(List<Long> nanos, double q) {
        return Report.quantileMicros(nanos.stream().mapToLong(Long::longValue).toArray(), q) / 1000;
    }
}
