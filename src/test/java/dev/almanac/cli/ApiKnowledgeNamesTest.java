package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Knowledge names over the API: a name is its file, so a new name never replaces another item. */
class ApiKnowledgeNamesTest {
    static final String METRIC = """
            {"label": "Open tickets", "definition": "Support tickets not yet closed.",
             "sql": "SELECT count(*) AS open_tickets FROM support_tickets WHERE resolved_at IS NULL"}""";

    @TempDir
    static Path home;
    static ApiFixture api;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "names-project", ServerContext.Settings.DEFAULT.withPort(0));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static HttpResponse<String> put(String kind, String name, String body) throws Exception {
        return api.call("PUT", "/api/knowledge/" + kind + "/" + URLEncoder.encode(name, StandardCharsets.UTF_8), api.editor, body);
    }

    static Path knowledge() {
        return api.project.resolve("knowledge");
    }

    static long files() throws Exception {
        try (Stream<Path> s = Files.walk(knowledge())) {
            return s.filter(Files::isRegularFile).count();
        }
    }

    static void assertRefused(HttpResponse<String> r, int status, String code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        JsonNode body = ApiFixture.json(r);
        assertThat(body.get("code").asText()).isEqualTo(code);
        assertThat(body.get("message").asText()).doesNotContain(home.toString()).doesNotContain("\n");
    }

    @Test
    void an_upper_case_metric_name_is_refused_and_the_canonical_metric_stays() throws Exception {
        Path arr = knowledge().resolve("metrics/arr.yml");
        String before = Files.readString(arr);
        HttpResponse<String> r = put("metrics", "Arr", METRIC);
        assertRefused(r, 422, "invalid_name");
        assertThat(ApiFixture.json(r).get("message").asText()).contains("'Arr'", "did you mean 'arr'");
        assertThat(Files.readString(arr)).isEqualTo(before);
        assertThat(ApiFixture.json(api.call("GET", "/api/knowledge/metrics/arr", api.viewer, null)).at("/item/label").asText())
                .isEqualTo("Annual recurring revenue (ARR)");
    }

    @Test
    void a_mixed_case_query_name_does_not_replace_the_verified_query() throws Exception {
        Path file = knowledge().resolve("queries/mrr_by_plan.yml");
        String before = Files.readString(file);
        String query = """
                {"question": "How many open tickets?", "sql": "SELECT count(*) FROM support_tickets", "verified_by": "ed", "verified_at": "2026-01-01"}""";
        assertRefused(put("queries", "MRR_By_Plan", query), 422, "invalid_name");
        assertThat(Files.readString(file)).isEqualTo(before);
    }

    @Test
    void two_accented_names_are_refused_instead_of_sharing_one_file() throws Exception {
        long before = files();
        assertRefused(put("metrics", "été", METRIC), 422, "invalid_name");
        assertRefused(put("metrics", "ötö", METRIC), 422, "invalid_name");
        assertThat(knowledge().resolve("metrics/_t_.yml")).doesNotExist();
        assertThat(files()).isEqualTo(before);
    }

    @Test
    void a_300_character_name_is_refused_with_422_not_a_server_error() throws Exception {
        HttpResponse<String> r = put("metrics", "a".repeat(300), METRIC);
        assertRefused(r, 422, "invalid_name");
        assertThat(ApiFixture.json(r).get("message").asText()).contains("longer than 64").hasSizeLessThan(200);
    }

    @Test
    void a_reserved_device_name_is_refused() throws Exception {
        long before = files();
        assertRefused(put("metrics", "con", METRIC), 422, "invalid_name");
        assertRefused(put("rules", "nul", "{\"title\": \"t\", \"description\": \"d\"}"), 422, "invalid_name");
        assertThat(files()).isEqualTo(before);
    }

    @Test
    void a_new_name_whose_file_holds_another_item_is_a_conflict() throws Exception {
        Path alias = knowledge().resolve("metrics/open_alias.yml");
        Files.writeString(alias, """
                name: open_elsewhere
                definition: Support tickets not yet closed.
                sql: SELECT count(*) AS open_tickets FROM support_tickets WHERE resolved_at IS NULL
                """);
        try {
            String before = Files.readString(alias);
            HttpResponse<String> r = put("metrics", "open_alias", METRIC);
            assertRefused(r, 409, "name_taken");
            assertThat(ApiFixture.json(r).get("message").asText()).contains("metrics/open_alias.yml", "open_elsewhere");
            assertThat(Files.readString(alias)).isEqualTo(before);
        } finally {
            Files.delete(alias);
        }
    }

    @Test
    void a_valid_new_name_is_written_to_the_file_of_that_name() throws Exception {
        HttpResponse<String> r = put("metrics", "open_tickets-2", METRIC);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(ApiFixture.json(r).get("file").asText()).isEqualTo("metrics/open_tickets-2.yml");
        assertThat(api.call("DELETE", "/api/knowledge/metrics/open_tickets-2", api.editor, null).statusCode()).isEqualTo(200);
    }

    @Test
    void random_unicode_names_and_sql_never_give_a_server_error_and_a_refusal_changes_nothing() throws Exception {
        java.util.Random random = new java.util.Random(Long.getLong("almanac.seed", 1414));
        for (int round = 0; round < 25; round++) {
            String name = dev.almanac.testing.RandomText.of(random, 10);
            long before = files();
            int items = ApiFixture.json(api.call("GET", "/api/knowledge/metrics", api.viewer, null)).size();
            String path = "/api/knowledge/metrics/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
            HttpResponse<String> r = api.call("PUT", path, api.editor, METRIC);
            assertThat(r.statusCode()).as("name %s -> %s", dev.almanac.testing.RandomText.codes(name), r.body()).isLessThan(500);
            assertThat(r.body()).doesNotContain("\tat ").doesNotContain("Exception");
            if (r.statusCode() >= 400) {
                assertThat(files()).as("a refused name writes no file").isEqualTo(before);
                assertThat(ApiFixture.json(api.call("GET", "/api/knowledge/metrics", api.viewer, null))).hasSize(items);
            } else {
                assertThat(api.call("DELETE", path, api.editor, null).statusCode()).isLessThan(300);
            }

            String sql = dev.almanac.testing.RandomText.of(random, 30);
            String question = dev.almanac.testing.RandomText.of(random, 20);
            before = files();
            String query = "{\"question\": " + Json.MAPPER.writeValueAsString(question) + ", \"sql\": " + Json.MAPPER.writeValueAsString(sql) + "}";
            HttpResponse<String> q = api.call("PUT", "/api/knowledge/queries/fuzzed_query", api.editor, query);
            assertThat(q.statusCode()).as("sql %s -> %s", dev.almanac.testing.RandomText.codes(sql), q.body()).isBetween(400, 499);
            assertThat(files()).as("a refused query writes no file").isEqualTo(before);
        }
        assertThat(api.call("GET", "/api/ready", api.viewer, null).statusCode()).as("the service still serves").isEqualTo(200);
    }
}
