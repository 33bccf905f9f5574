package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.store.LearningRow;
import dev.almanac.store.LearningStore;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Curating over the API, on real files and stores: knowledge edits, learning promotion, eval runs and their diff. */
class ApiCurationTest {
    @TempDir
    static Path home;
    static ApiFixture api;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "curation-project", ServerContext.Settings.DEFAULT.withPort(0));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return ApiFixture.json(r);
    }

    @Test
    void a_metric_is_created_read_rejected_when_invalid_and_deleted_through_its_file() throws Exception {
        String metric = """
                {"label": "Open tickets", "definition": "Support tickets not yet closed.",
                 "sql": "SELECT count(*) AS open_tickets FROM support_tickets WHERE resolved_at IS NULL", "unit": "tickets", "tags": ["support"]}""";
        HttpResponse<String> put = api.call("PUT", "/api/knowledge/metrics/open_tickets", api.editor, metric);
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        assertThat(json(put).get("file").asText()).isEqualTo("metrics/open_tickets.yml");
        Path file = api.project.resolve("knowledge/metrics/open_tickets.yml");
        assertThat(Files.readString(file)).contains("name: open_tickets", "support_tickets");

        JsonNode read = json(api.call("GET", "/api/knowledge/metrics/open_tickets", api.viewer, null));
        assertThat(read.at("/item/definition").asText()).isEqualTo("Support tickets not yet closed.");
        assertThat(read.get("file").asText()).isEqualTo("metrics/open_tickets.yml");
        assertThat(json(api.call("GET", "/api/knowledge/metrics", api.viewer, null)).findValuesAsText("name")).contains("open_tickets");

        String before = Files.readString(file);
        HttpResponse<String> bad = api.call("PUT", "/api/knowledge/metrics/open_tickets", api.editor,
                metric.replace("FROM support_tickets", "FROM no_such_table"));
        assertThat(bad.statusCode()).isEqualTo(422);
        assertThat(json(bad).get("code").asText()).isEqualTo("invalid_knowledge");
        assertThat(json(bad).at("/problems/0/file").asText()).isEqualTo("metrics/open_tickets.yml");
        assertThat(json(bad).at("/problems/0/line").asInt()).isPositive();
        assertThat(json(bad).at("/problems/0/message").asText()).contains("no_such_table");
        assertThat(Files.readString(file)).as("a rejected edit changes nothing").isEqualTo(before);

        HttpResponse<String> mismatch = api.call("PUT", "/api/knowledge/metrics/open_tickets", api.editor, "{\"name\": \"other\", \"definition\": \"x\", \"sql\": \"SELECT 1\"}");
        assertThat(mismatch.statusCode()).isEqualTo(400);

        assertThat(api.call("DELETE", "/api/knowledge/metrics/open_tickets", api.editor, null).statusCode()).isEqualTo(200);
        assertThat(file).doesNotExist();
        assertThat(api.call("GET", "/api/knowledge/metrics/open_tickets", api.viewer, null).statusCode()).isEqualTo(404);
        assertThat(api.call("DELETE", "/api/knowledge/metrics/open_tickets", api.editor, null).statusCode()).isEqualTo(404);
    }

    @Test
    void a_semantic_model_file_is_created_rejected_when_a_join_column_is_missing_and_computes_after_import() throws Exception {
        String model = """
                {"description": "Shipments by carrier.",
                 "datasets": [{"name": "parcels", "table": "shipments", "primary_key": ["shipment_id"], "default_time_dimension": "parcel_shipped_at",
                               "dimensions": [{"name": "parcel_carrier", "expr": "carrier", "synonyms": ["courier"]},
                                              {"name": "parcel_shipped_at", "type": "time", "expr": "shipped_at", "grain": "day"}]},
                              {"name": "parcel_warehouses", "table": "warehouses", "primary_key": ["warehouse_id"],
                               "dimensions": [{"name": "parcel_warehouse", "expr": "name"}]}],
                 "relationships": [{"from": "parcels", "to": "parcel_warehouses", "from_columns": ["warehouse_id"], "to_columns": ["warehouse_id"]}],
                 "metrics": [{"name": "parcels_shipped", "label": "Parcels shipped", "dataset": "parcels", "agg": "count"}]}""";
        HttpResponse<String> put = api.call("PUT", "/api/knowledge/semantic/parcels", api.editor, model);
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        assertThat(json(put).get("file").asText()).isEqualTo("semantic/parcels.yml");
        Path file = api.project.resolve("knowledge/semantic/parcels.yml");
        assertThat(Files.readString(file)).contains("name: parcels", "table: shipments", "from_columns:");
        assertThat(json(api.call("GET", "/api/knowledge/semantic", api.viewer, null)).findValuesAsText("name")).contains("parcels");

        String before = Files.readString(file);
        HttpResponse<String> bad = api.call("PUT", "/api/knowledge/semantic/parcels", api.editor, model.replace("\"from_columns\": [\"warehouse_id\"]", "\"from_columns\": [\"depot_id\"]"));
        assertThat(bad.statusCode()).as(bad.body()).isEqualTo(422);
        assertThat(json(bad).at("/problems/0/file").asText()).isEqualTo("semantic/parcels.yml");
        assertThat(json(bad).at("/problems/0/message").asText()).contains("depot_id", "shipments");
        int line = json(bad).at("/problems/0/line").asInt();
        assertThat(before.lines().toList().size()).isGreaterThanOrEqualTo(line);
        assertThat(Files.readString(file)).isEqualTo(before);

        HttpResponse<String> gone = api.call("DELETE", "/api/knowledge/semantic/parcels", api.editor, null);
        assertThat(gone.statusCode()).as(gone.body()).isEqualTo(200);
        assertThat(file).doesNotExist();
    }

    @Test
    void an_edited_table_note_round_trips_and_a_golden_question_lands_in_its_list() throws Exception {
        JsonNode note = json(api.call("GET", "/api/knowledge/tables/plans", api.viewer, null)).get("item");
        ((com.fasterxml.jackson.databind.node.ObjectNode) note).put("description", "Plans we sell, edited over the API.");
        HttpResponse<String> put = api.call("PUT", "/api/knowledge/tables/plans", api.editor, Json.MAPPER.writeValueAsString(note));
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        assertThat(json(api.call("GET", "/api/knowledge/tables/plans", api.viewer, null)).at("/item/description").asText())
                .isEqualTo("Plans we sell, edited over the API.");

        JsonNode golden = json(api.call("GET", "/api/knowledge/golden/g001", api.viewer, null));
        String goldenFile = golden.get("file").asText();
        long countBefore = Files.readString(api.project.resolve("knowledge").resolve(goldenFile)).lines().filter(l -> l.startsWith("- id:")).count();
        com.fasterxml.jackson.databind.node.ObjectNode copy = (com.fasterxml.jackson.databind.node.ObjectNode) golden.get("item").deepCopy();
        copy.put("id", "g901");
        HttpResponse<String> added = api.call("PUT", "/api/knowledge/golden/g901", api.editor, Json.MAPPER.writeValueAsString(copy));
        assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
        assertThat(json(added).get("file").asText()).isEqualTo(goldenFile);
        assertThat(Files.readString(api.project.resolve("knowledge").resolve(goldenFile)).lines().filter(l -> l.startsWith("- id:")).count())
                .isEqualTo(countBefore + 1);
        assertThat(api.call("DELETE", "/api/knowledge/golden/g901", api.editor, null).statusCode()).isEqualTo(200);
        assertThat(json(api.call("GET", "/api/golden", api.viewer, null)).findValuesAsText("id")).doesNotContain("g901").contains("g001");
        HttpResponse<String> imported = api.call("POST", "/api/knowledge/import", api.editor, null);
        assertThat(imported.statusCode()).isEqualTo(200);
        assertThat(json(imported).get("imported").asInt()).as("every item of the folder: a file each, and each golden question")
                .isEqualTo(itemsInFolder(api.project.resolve("knowledge")));
    }

    /** The knowledge items a folder holds, counted from its files: one per table note, metric, query, rule and semantic file, one per golden question. */
    static int itemsInFolder(Path knowledge) throws Exception {
        int n = 0;
        for (String kind : List.of("tables", "metrics", "queries", "business", "semantic")) {
            try (var files = Files.list(knowledge.resolve(kind))) {
                n += (int) files.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).count();
            }
        }
        try (var files = Files.list(knowledge.resolve("golden"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".yml")).toList()) {
                n += (int) Files.readAllLines(f).stream().filter(l -> l.startsWith("- id:")).count();
            }
        }
        return n;
    }

    @Test
    void a_learning_is_promoted_to_a_rule_and_leaves_the_queue() throws Exception {
        LearningStore learnings = new LearningStore(api.ws.appStore());
        learnings.save(api.ws.requireProject(), new LearningRow("L-api-1", "Exclude soft-deleted customers when counting customers.", "filter",
                List.of("customers"), "SELECT count(*) FROM customers", "SELECT count(*) FROM customers WHERE NOT is_deleted", 0.6, 2, true));
        HttpResponse<String> r = api.call("POST", "/api/learnings/L-api-1/promote", api.editor, "{\"as\": \"rule\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(api.project.resolve("knowledge").resolve(json(r).get("file").asText())).exists();
        assertThat(json(api.call("GET", "/api/knowledge/rules/" + json(r).get("name").asText(), api.viewer, null)).at("/item/description").asText())
                .contains("soft-deleted");
        assertThat(learnings.active(api.ws.requireProject())).noneMatch(l -> l.id().equals("L-api-1"));

        learnings.save(api.ws.requireProject(), new LearningRow("L-api-2", "Count orders", "filter", List.of("orders"), null, "SELECT count(*) FROM nowhere",
                0.5, 0, true));
        HttpResponse<String> invalid = api.call("POST", "/api/learnings/L-api-2/promote", api.editor, "{\"as\": \"query\"}");
        assertThat(invalid.statusCode()).isEqualTo(422);
        assertThat(learnings.active(api.ws.requireProject())).as("a refused promotion keeps the learning").anyMatch(l -> l.id().equals("L-api-2"));
        assertThat(api.call("POST", "/api/learnings/L-api-2/deactivate", api.editor, null).statusCode()).isEqualTo(200);
        assertThat(learnings.active(api.ws.requireProject())).noneMatch(l -> l.id().equals("L-api-2"));
    }

    @Test
    void an_eval_run_starts_in_the_background_reports_progress_and_diffs_with_another() throws Exception {
        int threadsBefore = json(api.call("GET", "/api/threads?limit=1000", api.viewer, null)).size();
        int auditBefore = json(api.call("GET", "/api/audit?user=ed&limit=1000", api.admin, null)).size();
        String first = startAndWait("{\"tag\": \"null_status\", \"parallel\": 2}");
        assertThat(json(api.call("GET", "/api/threads?limit=1000", api.viewer, null))).as("golden questions are nobody's conversations").hasSize(threadsBefore);
        assertThat(json(api.call("GET", "/api/audit?user=ed&limit=1000", api.admin, null)).size()).as("the run's queries are audited as its starter's")
                .isGreaterThan(auditBefore);
        JsonNode run = json(api.call("GET", "/api/evals/" + first, api.viewer, null));
        assertThat(run.at("/run/status").asText()).isEqualTo("complete");
        assertThat(run.at("/run/selected").asInt()).isEqualTo(3);
        assertThat(run.at("/run/done").asInt()).isEqualTo(3);
        assertThat(run.get("results")).hasSize(3);
        assertThat(run.at("/by_tag/null_status/total").asInt()).isEqualTo(3);

        String second = startAndWait("{\"tag\": \"null_status\"}");
        JsonNode diff = json(api.call("GET", "/api/evals/" + first + "/diff/" + second, api.viewer, null));
        assertThat(diff.at("/base/id").asText()).isEqualTo(first);
        assertThat(diff.at("/other/id").asText()).isEqualTo(second);
        // the diff's items: the tag's golden questions (from the files), each with its verdict in either run (from the runs)
        List<String> ids = CliTest.goldenIds(api.project, "null_status", null).stream().sorted().toList();
        assertThat(diff.get("questions").findValuesAsText("golden_id")).containsExactlyElementsOf(ids);
        java.util.Map<String, Boolean> before = passed(first);
        java.util.Map<String, Boolean> after = passed(second);
        List<String> newlyFailing = new java.util.ArrayList<>();
        List<String> newlyPassing = new java.util.ArrayList<>();
        for (JsonNode q : diff.get("questions")) {
            String id = q.get("golden_id").asText();
            assertThat(q.get("before").asBoolean()).as(id).isEqualTo(before.get(id));
            assertThat(q.get("after").asBoolean()).as(id).isEqualTo(after.get(id));
            if (before.get(id) && !after.get(id)) newlyFailing.add(id);
            if (!before.get(id) && after.get(id)) newlyPassing.add(id);
        }
        List<String> saysFailing = new java.util.ArrayList<>();
        diff.get("newly_failing").forEach(x -> saysFailing.add(x.isObject() ? x.path("golden_id").asText(x.path("id").asText()) : x.asText()));
        List<String> saysPassing = new java.util.ArrayList<>();
        diff.get("newly_passing").forEach(x -> saysPassing.add(x.isObject() ? x.path("golden_id").asText(x.path("id").asText()) : x.asText()));
        assertThat(saysFailing).as("newly failing").containsExactlyInAnyOrderElementsOf(newlyFailing);
        assertThat(saysPassing).as("newly passing").containsExactlyInAnyOrderElementsOf(newlyPassing);
        assertThat(json(api.call("GET", "/api/evals", api.viewer, null)).findValuesAsText("id")).contains(first, second);
        assertThat(api.call("POST", "/api/evals", api.editor, "{\"tag\": \"no-such-tag\"}").statusCode()).isEqualTo(400);
    }

    /** A run's verdict per golden question, as its results say. */
    private java.util.Map<String, Boolean> passed(String run) throws Exception {
        java.util.Map<String, Boolean> out = new java.util.HashMap<>();
        for (JsonNode r : json(api.call("GET", "/api/evals/" + run, api.viewer, null)).get("results")) {
            out.put(r.get("golden_id").asText(), r.get("passed").asBoolean());
        }
        return out;
    }

    private String startAndWait(String body) throws Exception {
        HttpResponse<String> started = api.call("POST", "/api/evals", api.editor, body);
        assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
        String id = json(started).get("id").asText();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode run = json(api.call("GET", "/api/evals/" + id, api.viewer, null));
            if (!run.at("/run/status").asText().equals("running")) return id;
            Thread.sleep(100);
        }
        throw new AssertionError("eval run " + id + " did not finish in 60 s");
    }
}
