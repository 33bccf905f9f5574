package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every question the product puts in front of a user as something to ask is answered, with data, by the real server
 * without a language model. The questions are read from where the product shows them, never copied here: the web
 * app's example chips (the endpoint app.js reads them from), the metrics that a no-model non-answer and the REPL's
 * {@code context} offer to "ask about", the follow-up suggestions the answers themselves carry, and every
 * {@code almanac ask "..."} shown without a model in the README, docs/, examples/, the CLI and the web app, with the
 * README's list of questions answered without a model (its follow-ups asked in a thread). The list of failures names
 * where each question was shown and what came back.
 */
class SuggestedQuestionsTest {
    private static final Pattern ASK_COMMAND = Pattern.compile("almanac ask \\\\?\"((?:[^\"\\\\]|\\\\.)+?)\\\\?\"([^\\n]*)");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
    private static final Pattern API_GET = Pattern.compile("api\\(\"GET\", \"(/api/[^\"]+)\"\\)");

    @TempDir
    static Path home;
    static ApiFixture api;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "suggestions", new ServerContext.Settings(0, 64 * 1024, 100_000));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    /**
     * A question shown somewhere, and the question it follows in a thread (null: asked on its own). A topic (a metric's
     * label) may be answered with a question back; then every option it offers, chosen in a thread, must get the data.
     */
    /** A question as shown; {@code depth} counts the follow-ups that led to it (0: shown by the product itself). */
    record Shown(String question, String where, String after, boolean topic, int depth) {
        Shown(String question, String where, String after) {
            this(question, where, after, false, 0);
        }

        Shown(String question, String where, String after, boolean topic) {
            this(question, where, after, topic, 0);
        }
    }

    @Test
    void every_question_the_product_suggests_is_answered_without_a_model() throws Exception {
        List<Shown> shown = new ArrayList<>();
        shown.addAll(webExamples());
        shown.addAll(metricsToAskAbout());
        shown.addAll(askCommands());
        shown.addAll(readmeNoModelQuestions());
        assertThat(shown).as("questions found where the product shows them").hasSizeGreaterThan(20);

        Map<String, String> failures = new LinkedHashMap<>();
        Map<String, String> threads = new LinkedHashMap<>();
        List<String> asked = new ArrayList<>();
        Deque<Shown> queue = new ArrayDeque<>(shown);
        while (!queue.isEmpty()) {
            Shown s = queue.poll();
            String key = s.after() == null ? s.question() : s.after() + " → " + s.question();
            if (asked.contains(key)) continue;
            JsonNode a = ask(s.question(), s.after() == null ? null : threads.get(s.after()));
            if (s.after() == null && a.hasNonNull("thread_id")) threads.put(s.question(), a.get("thread_id").asText());
            JsonNode options = a.path("suggestions");
            if (!s.topic() || !a.path("kind").asText().equals("clarification") || options.isEmpty()) {
                asked.add(key);
                judge(key, s, a, failures, queue);
                continue;
            }
            // a topic asked back: every option it offers (the web app shows them as buttons) is chosen in a thread of its own
            for (int i = 0; i < options.size(); i++) {
                JsonNode back = i == 0 ? a : ask(s.question(), null);
                String option = options.get(i).asText();
                asked.add(key + " → " + option);
                judge(key + " → " + option, s, ask(option, back.path("thread_id").asText(null)), failures, queue);
            }
        }
        if (!failures.isEmpty()) {
            StringBuilder report = new StringBuilder(failures.size() + " of " + asked.size() + " suggested questions get no answer with data without a model:\n");
            failures.forEach((q, why) -> report.append("  - \"").append(q).append("\" (").append(why).append(")\n"));
            fail(report.toString());
        }
    }

    /**
     * How many follow-ups deep the crawl goes: follow-ups are made by rules (a breakdown, per month, the period before,
     * related metrics), so two steps apply each rule after each kind of answer; all of them would be every metric over
     * every period with data.
     */
    static final int FOLLOW_UP_DEPTH = 2;

    /** An answer with data passes; else it is listed with where the question was shown. The follow-ups it suggests are asked next. */
    static void judge(String key, Shown s, JsonNode a, Map<String, String> failures, Deque<Shown> queue) {
        String kind = a.path("kind").asText();
        int rows = a.path("data").path("rows").size();
        if (!(kind.equals("result") || kind.equals("observation")) || rows == 0) {
            String text = a.path("answer").asText(a.path("message").asText());
            failures.put(key, s.where() + ": " + kind + (rows == 0 ? ", no data" : "") + ": " + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
        }
        if (kind.equals("clarification") || s.depth() >= FOLLOW_UP_DEPTH) return;
        for (JsonNode f : a.path("suggestions")) queue.add(new Shown(f.asText(), "follow-up suggested after \"" + s.question() + "\"", null, false, s.depth() + 1));
    }

    /** The web app's example chips: the items of the endpoint its renderExamples reads (it shows the first few). */
    static List<Shown> webExamples() throws Exception {
        String js = resource("/dev/almanac/web/app.js");
        int start = js.indexOf("function renderExamples");
        assertThat(start).as("app.js renders example questions").isNotNegative();
        String body = js.substring(start, js.indexOf("\n}", start));
        Matcher m = API_GET.matcher(body);
        assertThat(m.find()).as("renderExamples reads its questions from the API: " + body).isTrue();
        String endpoint = m.group(1);
        assertThat(body).contains(".question");
        List<Shown> out = new ArrayList<>();
        for (JsonNode q : get(endpoint)) out.add(new Shown(q.get("question").asText(), "web app example (GET " + endpoint + ")", null));
        return out;
    }

    /** What a no-model answer that matched nothing offers to "ask about", as the REPL's context lists it: every metric, by its label. */
    static List<Shown> metricsToAskAbout() throws Exception {
        List<Shown> out = new ArrayList<>();
        for (JsonNode metric : get("/api/knowledge/metrics")) {
            String label = metric.hasNonNull("label") ? metric.get("label").asText() : metric.get("name").asText().replace('_', ' ');
            out.add(new Shown(label, "metric offered to ask about (no-model answer, REPL context)", null, true));
        }
        return out;
    }

    /** Every `almanac ask "..."` in the README, docs/, examples/, the CLI's and server's sources and the web app, unless run with a model. */
    static List<Shown> askCommands() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md")));
        for (String dir : List.of("docs", "examples", "src/main/java/dev/almanac/cli", "src/main/java/dev/almanac/server", "src/main/resources/dev/almanac/web")) {
            try (Stream<Path> walk = Files.walk(Path.of(dir))) {
                walk.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("BENCHMARKS.md")).sorted().forEach(files::add);
            }
        }
        List<Shown> out = new ArrayList<>();
        for (Path f : files) {
            Matcher m = ASK_COMMAND.matcher(Files.readString(f));
            while (m.find()) {
                String options = m.group(2);
                Matcher llm = Pattern.compile("--llm[ =](\\S+)").matcher(options);
                if (llm.find() && !llm.group(1).equals("none")) continue; // shown with a (scripted) model
                if (m.group(1).equals("...")) continue; // a placeholder: "Answer with: almanac ask \"...\" --thread ID"
                out.add(new Shown(m.group(1).replace("\\\"", "\""), f.toString().replace('\\', '/'), null));
            }
        }
        return out;
    }

    /** The README's paragraph on what is answered without a model: its quoted questions, then its follow-ups asked after the first. */
    static List<Shown> readmeNoModelQuestions() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("Without a language model, `ask`");
        assertThat(start).as("the README says what is answered without a model").isNotNegative();
        String paragraph = readme.substring(start, readme.indexOf("\n\n", start));
        int followUps = paragraph.indexOf("follow-ups");
        List<Shown> out = new ArrayList<>();
        String first = null;
        Matcher m = QUOTED.matcher(paragraph);
        while (m.find()) {
            String q = m.group(1);
            if (followUps >= 0 && m.start() > followUps) {
                out.add(new Shown(q, "README follow-up (asked after \"" + first + "\")", first));
            } else {
                if (first == null) first = q;
                out.add(new Shown(q, "README, without a language model", null));
            }
        }
        return out;
    }

    static JsonNode ask(String question, String thread) throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("question", question);
        if (thread != null) body.put("thread_id", thread);
        return ApiFixture.json(api.call("POST", "/api/ask", api.viewer, Json.MAPPER.writeValueAsString(body)));
    }

    static JsonNode get(String path) throws Exception {
        var r = api.call("GET", path, api.viewer, null);
        assertThat(r.statusCode()).as("GET " + path + ": " + r.body()).isEqualTo(200);
        return ApiFixture.json(r);
    }

    static String resource(String name) throws IOException {
        try (InputStream in = SuggestedQuestionsTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
