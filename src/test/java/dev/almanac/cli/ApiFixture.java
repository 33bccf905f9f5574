package dev.almanac.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** A real server over a scratch project of its own (a copy of the demo's knowledge), with a user of each role. */
final class ApiFixture implements AutoCloseable {
    final Path project;
    final Workspace ws;
    final ApiServer server;
    final HttpClient http = HttpClient.newHttpClient();
    final String viewer;
    final String editor;
    final String admin;

    ApiFixture(Path home, String name, ServerContext.Settings settings) {
        this(home, name, "none", settings);
    }

    ApiFixture(Path home, String name, String llm, ServerContext.Settings settings) {
        this(home, name, llm, settings, null);
    }

    /** With the app store at this URL (a PostgreSQL database), or the project's own SQLite file when null. */
    ApiFixture(Path home, String name, String llm, ServerContext.Settings settings, String appStore) {
        this(home, name, llm, settings, appStore, "");
    }

    /** As above, its users' names ending in {@code suffix}, so that servers of several projects may share one app store. */
    ApiFixture(Path home, String name, String llm, ServerContext.Settings settings, String appStore, String suffix) {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.create(home.resolve(name), name);
        if (appStore != null) appendToConfig(project, "app_store: " + appStore + "\n");
        GlobalOptions options = new GlobalOptions();
        options.project = project;
        ws = Workspace.open(options, System.err);
        server = ServeCommand.start(ws, llm, settings);
        UserStore users = new UserStore(ws.appStore());
        viewer = users.add("vera" + suffix, "viewer", null);
        editor = users.add("ed" + suffix, "editor", null);
        admin = users.add("ada" + suffix, "admin", null);
    }

    private static void appendToConfig(Path project, String line) {
        try {
            java.nio.file.Files.writeString(project.resolve("almanac.yml"), line, java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    String url(String path) {
        return "http://localhost:" + server.port() + path;
    }

    HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path)));
        if (token != null) b.header("Authorization", "Bearer " + token);
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) b.header("Content-Type", "application/json");
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return Json.MAPPER.readTree(r.body());
    }

    @Override
    public void close() {
        server.stop();
        ws.close();
        System.clearProperty("almanac.home");
    }
}
