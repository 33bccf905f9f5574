package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import dev.almanac.testing.EmbeddedPostgres;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Admins limited to one project stay in it, over real HTTP against servers of two projects that share one app store (a
 * SQLite file, a real PostgreSQL): a project's admin creates, removes and lists that project's users only and reads that
 * project's audit entries only; an admin of every project manages and reads all of them.
 */
class AdminScopeTest {
    @TempDir
    static Path home;
    static final Map<String, Pair> PAIRS = new HashMap<>();

    /** The servers of projects A and B over one store, and A's admin (created by the admin of every project). */
    record Pair(ApiFixture a, ApiFixture b, String scopedAdmin) {
        String nameA() {
            return a.ws.requireProject().name();
        }

        String nameB() {
            return b.ws.requireProject().name();
        }
    }

    static synchronized Pair pair(String engine) {
        return PAIRS.computeIfAbsent(engine, e -> {
            String store = e.equals("postgresql") ? EmbeddedPostgres.shared().createDatabase("admin_scope")
                    : "jdbc:sqlite:" + home.resolve("shared-" + e + ".db");
            ServerContext.Settings settings = new ServerContext.Settings(0, 64 * 1024, 1000);
            ApiFixture a = new ApiFixture(home, "scope-a-" + e, "none", settings, store);
            ApiFixture b = new ApiFixture(home, "scope-b-" + e, "none", settings, store, "-b");
            try {
                HttpResponse<String> r = a.call("POST", "/api/users", a.admin, "{\"name\": \"alma\", \"role\": \"admin\", \"project\": \"scope-a-" + e + "\"}");
                assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
                return new Pair(a, b, ApiFixture.json(r).get("token").asText());
            } catch (Exception failure) {
                throw new IllegalStateException(failure);
            }
        });
    }

    @AfterAll
    static void stop() {
        PAIRS.values().forEach(p -> {
            p.a().close();
            p.b().close();
        });
    }

    static void forbidden(HttpResponse<String> r) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
        JsonNode body = ApiFixture.json(r);
        assertThat(body.get("code").asText()).isEqualTo("forbidden");
        assertThat(body.get("message").asText()).isNotBlank();
    }

    static List<String> names(JsonNode users) {
        List<String> names = new ArrayList<>();
        users.forEach(u -> names.add(u.get("name").asText()));
        return names;
    }

    static UserStore store(Pair p) {
        return new UserStore(p.a().ws.appStore());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_cannot_create_an_unscoped_user(String engine) throws Exception {
        Pair p = pair(engine);
        forbidden(p.a().call("POST", "/api/users", p.scopedAdmin(), "{\"name\": \"root-" + engine + "\", \"role\": \"admin\"}"));
        forbidden(p.a().call("POST", "/api/users", p.scopedAdmin(), "{\"name\": \"root-" + engine + "\", \"role\": \"viewer\", \"project\": null}"));
        assertThat(store(p).all()).extracting(UserStore.User::name).doesNotContain("root-" + engine);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_cannot_create_a_user_of_another_project(String engine) throws Exception {
        Pair p = pair(engine);
        forbidden(p.a().call("POST", "/api/users", p.scopedAdmin(), "{\"name\": \"spy-" + engine + "\", \"role\": \"admin\", \"project\": \"" + p.nameB() + "\"}"));
        forbidden(p.a().call("POST", "/api/users", p.scopedAdmin(), "{\"name\": \"spy-" + engine + "\", \"role\": \"viewer\", \"project\": \"elsewhere\"}"));
        assertThat(store(p).all()).extracting(UserStore.User::name).doesNotContain("spy-" + engine);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_creates_users_of_its_project_who_may_use_only_that_project(String engine) throws Exception {
        Pair p = pair(engine);
        // the project named by its key in another spelling is still the admin's own
        HttpResponse<String> r = p.a().call("POST", "/api/users", p.scopedAdmin(),
                "{\"name\": \"helper-" + engine + "\", \"role\": \"admin\", \"project\": \"" + p.nameA().toUpperCase(java.util.Locale.ROOT) + "\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        String token = ApiFixture.json(r).get("token").asText();
        assertThat(p.a().call("GET", "/api/users", token, null).statusCode()).isEqualTo(200);
        forbidden(p.b().call("GET", "/api/users", token, null));
        assertThat(store(p).of(p.nameA())).extracting(UserStore.User::name).contains("helper-" + engine);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_cannot_delete_another_projects_user_nor_an_unscoped_one(String engine) throws Exception {
        Pair p = pair(engine);
        HttpResponse<String> made = p.b().call("POST", "/api/users", p.b().admin, "{\"name\": \"bea-" + engine + "\", \"role\": \"viewer\", \"project\": \"" + p.nameB() + "\"}");
        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        String bea = ApiFixture.json(made).get("token").asText();

        forbidden(p.a().call("DELETE", "/api/users/bea-" + engine, p.scopedAdmin(), null));
        forbidden(p.a().call("DELETE", "/api/users/ada", p.scopedAdmin(), null));
        assertThat(p.b().call("GET", "/api/threads", bea, null).statusCode()).as("B's user keeps their token").isEqualTo(200);
        assertThat(p.a().call("GET", "/api/users", p.a().admin, null).statusCode()).as("the unscoped admin keeps theirs").isEqualTo(200);
        assertThat(p.a().call("DELETE", "/api/users/nobody-" + engine, p.scopedAdmin(), null).statusCode()).isEqualTo(404);

        HttpResponse<String> own = p.a().call("POST", "/api/users", p.scopedAdmin(), "{\"name\": \"temp-" + engine + "\", \"role\": \"viewer\", \"project\": \"" + p.nameA() + "\"}");
        assertThat(own.statusCode()).isEqualTo(201);
        assertThat(p.a().call("DELETE", "/api/users/temp-" + engine, p.scopedAdmin(), null).statusCode()).as("its own project's user").isEqualTo(204);
        assertThat(p.a().call("DELETE", "/api/users/bea-" + engine, p.a().admin, null).statusCode()).as("the admin of every project").isEqualTo(204);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_sees_only_its_projects_users(String engine) throws Exception {
        Pair p = pair(engine);
        HttpResponse<String> made = p.b().call("POST", "/api/users", p.b().admin, "{\"name\": \"bob-" + engine + "\", \"role\": \"admin\", \"project\": \"" + p.nameB() + "\"}");
        assertThat(made.statusCode()).isEqualTo(201);

        HttpResponse<String> r = p.a().call("GET", "/api/users", p.scopedAdmin(), null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode listed = ApiFixture.json(r);
        assertThat(names(listed)).contains("alma").doesNotContain("bob-" + engine, "ada", "vera", "ada-b");
        assertThat(listed).allSatisfy(u -> assertThat(u.get("project").asText()).isEqualTo(p.nameA()));
        forbidden(p.a().call("GET", "/api/users?project=" + p.nameB(), p.scopedAdmin(), null));

        JsonNode everyone = ApiFixture.json(p.a().call("GET", "/api/users", p.a().admin, null));
        assertThat(names(everyone)).contains("alma", "bob-" + engine, "ada", "ada-b");
        JsonNode ofB = ApiFixture.json(p.a().call("GET", "/api/users?project=" + p.nameB(), p.a().admin, null));
        assertThat(names(ofB)).contains("bob-" + engine).doesNotContain("alma", "ada");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void scoped_admin_reads_only_its_projects_audit_entries(String engine) throws Exception {
        Pair p = pair(engine);
        String threadA = asked(p.a(), p.a().viewer);
        // the same (unscoped) user asks on B: the user alone cannot tell the entries apart, the project can
        String threadB = asked(p.b(), p.a().viewer);

        HttpResponse<String> r = p.a().call("GET", "/api/audit?limit=1000", p.scopedAdmin(), null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode entries = ApiFixture.json(r);
        assertThat(entries.findValuesAsText("thread_id")).contains(threadA).doesNotContain(threadB);
        assertThat(entries).allSatisfy(e -> assertThat(e.get("project").asText()).isEqualTo(p.nameA()));
        forbidden(p.a().call("GET", "/api/audit?project=" + p.nameB(), p.scopedAdmin(), null));

        JsonNode all = ApiFixture.json(p.a().call("GET", "/api/audit?limit=1000", p.a().admin, null));
        assertThat(all.findValuesAsText("thread_id")).contains(threadA, threadB);
        JsonNode ofB = ApiFixture.json(p.a().call("GET", "/api/audit?limit=1000&project=" + p.nameB(), p.a().admin, null));
        assertThat(ofB.findValuesAsText("thread_id")).contains(threadB).doesNotContain(threadA);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void users_list_for_a_project_shows_that_projects_users_only(String engine) {
        Pair p = pair(engine);
        CliTest.Run all = CliTest.run("users", "list", "--project", p.a().project.toString());
        assertThat(all.code()).as(all.err()).isZero();
        assertThat(all.out().lines().map(l -> l.split("\\s+")[0])).contains("alma", "ada", "ada-b");
        CliTest.Run ofA = CliTest.run("users", "list", "--for-project", p.nameA(), "--project", p.a().project.toString());
        assertThat(ofA.code()).as(ofA.err()).isZero();
        assertThat(ofA.out().lines().map(l -> l.split("\\s+")[0])).contains("alma").doesNotContain("ada", "ada-b", "vera");
        assertThat(ofA.out().lines()).allSatisfy(l -> assertThat(l).endsWith("  " + p.nameA()));
    }

    /** Asks a question the project's verified queries answer; the thread of the answer. */
    static String asked(ApiFixture api, String token) throws Exception {
        HttpResponse<String> r = api.call("POST", "/api/ask", token, "{\"question\": \"What was MRR in September 2026?\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.json(r).get("thread_id").asText();
    }
}
