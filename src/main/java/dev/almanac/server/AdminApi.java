package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import java.util.Map;

/** Users (list, add with a token shown once, remove) and the audit log of executed queries: admins only. */
final class AdminApi {
    private final ServerContext ctx;

    AdminApi(ServerContext ctx) {
        this.ctx = ctx;
    }

    void register(Routes routes) {
        routes.add("GET", "/api/users", "admin", "API users", c -> c.json(ctx.users().all()));
        routes.add("POST", "/api/users", "admin", "Create a user; body {name, role, project?}; the token is shown once", this::add);
        routes.add("DELETE", "/api/users/{name}", "admin", "Remove a user and revoke their token", this::remove);
        routes.add("GET", "/api/audit", "admin", "Executed queries, newest first, with user, thread and SQL; ?user= and ?limit= (default 100, at most 1000)",
                c -> c.json(ctx.users().audit(c.queryParam("user"), Requests.limit(c, 100))));
    }

    private void add(Context c) {
        JsonNode body = Requests.body(c, java.util.Map.of("name", Requests.Kind.TEXT, "role", Requests.Kind.TEXT, "project", Requests.Kind.TEXT));
        String token = ctx.users().add(body.path("name").asText(""), body.path("role").asText("viewer"), Requests.text(body, "project"));
        c.status(201).json(Map.of("name", body.path("name").asText(), "token", token));
    }

    private void remove(Context c) {
        if (!ctx.users().remove(c.pathParam("name"))) throw new ApiError(404, "unknown_user", "no user " + c.pathParam("name"));
        c.status(204);
    }
}
