package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Questions and thread titles that render blank although their characters are letters or symbols by category (Hangul
 * fillers, the blank Braille pattern), or that are only combining marks, are refused as blank ones are: 400 {code,
 * message} over real HTTP, one line and exit 2 on the command line, and nothing is created or renamed.
 */
class BlankTextTest {
    @TempDir
    static Path home;
    static ApiFixture api;

    /** Each renders as nothing (or as nothing but a stray mark) in a browser and a terminal. */
    static final List<String> BLANK = List.of(
            "\u3164",                   // HANGUL FILLER (a letter by category)
            "\u3164\u3164 \u3164",
            "\u115F\u1160",             // HANGUL CHOSEONG and JUNGSEONG FILLER
            "\uFFA0",                   // HALFWIDTH HANGUL FILLER
            "\u2800\u2800",             // BRAILLE PATTERN BLANK (a symbol by category)
            "\u0301\u0308\u20DD",       // combining marks only
            "\u3164\u200B\u2800\u0301"); // all of them with a zero-width space

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "blank-text", new ServerContext.Settings(0, 64 * 1024, 1000));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static String json(String text) throws Exception {
        return Json.MAPPER.writeValueAsString(text);
    }

    @Test
    void a_question_that_renders_blank_is_a_400_and_creates_no_thread() throws Exception {
        int before = ApiFixture.json(api.call("GET", "/api/threads?limit=1000&origin=all", api.viewer, null)).size();
        for (String blank : BLANK) {
            HttpResponse<String> r = api.call("POST", "/api/ask", api.viewer, "{\"question\": " + json(blank) + "}");
            assertThat(r.statusCode()).as(codes(blank) + ": " + r.body()).isEqualTo(400);
            JsonNode body = ApiFixture.json(r);
            assertThat(body.get("code").asText()).isEqualTo("bad_request");
            assertThat(body.get("message").asText()).as(codes(blank)).isEqualTo("the question is empty (it has no visible characters)");
        }
        HttpResponse<String> filler = api.call("POST", "/api/ask", api.viewer, "{\"question\": " + json("\u3164?") + "}");
        assertThat(filler.statusCode()).isEqualTo(400);
        assertThat(ApiFixture.json(filler).get("message").asText()).as("a filler is no word").startsWith("the question has no words");
        assertThat(ApiFixture.json(api.call("GET", "/api/threads?limit=1000&origin=all", api.viewer, null))).as("no thread left behind").hasSize(before);
    }

    @Test
    void a_thread_title_that_renders_blank_is_a_400_and_the_title_stays() throws Exception {
        HttpResponse<String> asked = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"What was MRR in September 2026?\"}");
        assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
        String id = ApiFixture.json(asked).get("thread_id").asText();
        for (String blank : BLANK) {
            HttpResponse<String> r = api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": " + json(blank) + "}");
            assertThat(r.statusCode()).as(codes(blank) + ": " + r.body()).isEqualTo(400);
            JsonNode body = ApiFixture.json(r);
            assertThat(body.get("code").asText()).isEqualTo("bad_request");
            assertThat(body.get("message").asText()).isEqualTo("the title is empty (it has no visible characters)");
        }
        JsonNode thread = ApiFixture.json(api.call("GET", "/api/threads?limit=1000&origin=all", api.viewer, null));
        assertThat(thread.findValuesAsText("title")).contains("What was MRR in September 2026?");
        HttpResponse<String> accented = api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": " + json("Cafe\u0301 \u2800 revenue") + "}");
        assertThat(accented.statusCode()).as("marks and blanks beside visible letters are kept").isEqualTo(200);
        assertThat(ApiFixture.json(accented).get("title").asText()).isEqualTo("Café \u2800 revenue");
    }

    @Test
    void the_command_line_refuses_a_question_that_renders_blank_in_one_line_with_exit_2() {
        for (String blank : BLANK) {
            CliTest.Run r = CliTest.run("ask", blank, "--llm", "none", "--project", api.project.toString());
            assertThat(r.code()).as(codes(blank) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").isEqualTo("almanac: the question is empty (it has no visible characters)");
        }
    }

    static String codes(String s) {
        return s.codePoints().mapToObj(cp -> String.format("U+%04X", cp)).toList().toString();
    }
}
