package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.UserStore;
import io.javalin.http.Context;
import java.util.Map;

/**
 * Users (list, add with a token shown once, remove) and the audit log of executed queries: admins only. An admin limited
 * to a project manages and reads that project's users and entries only; only an admin of every project (no project of
 * their own) creates users of every project or of another one, and reads everyone's (or one project's, with ?project=).
 */
final class AdminApi {
    private final ServerContext ctx;

    AdminApi(ServerContext ctx) {
        this.ctx = ctx;
    }

    void register(Routes routes) {
        routes.add("GET", "/api/users", "admin", "API users: a project's admin sees that project's; an admin of every project sees all, or one project's with ?project=",
                c -> {
                    String project = project(c);
                    c.json(project == null ? ctx.users().all() : ctx.users().of(project));
                });
        routes.add("POST", "/api/users", "admin", "Create a user; body {name, role, project?}; the token is shown once; a project's admin creates users of that project only",
                this::add);
        routes.add("DELETE", "/api/users/{name}", "admin", "Remove a user and revoke their token; a project's admin removes users of that project only", this::remove);
        routes.add("GET", "/api/audit", "admin", "Executed queries, newest first, with user, project, thread and SQL; ?user=, ?project= (an admin of every project) "
                        + "and ?limit= (default 100, at most 1000); a project's admin reads that project's",
                c -> c.json(ctx.users().audit(c.queryParam("user"), project(c), Requests.limit(c, 100))));
    }

    /** The project whose users or entries the caller asked for (?project=), null for all; a project's admin gets theirs. */
    private String project(Context c) {
        String asked = c.queryParam("project");
        asked = asked == null || asked.isBlank() ? null : asked.strip();
        UserStore.User caller = Routes.user(c);
        if (caller.unscoped()) return asked;
        if (asked != null && !KnowledgeStore.slug(asked).equals(served())) throw notYours(caller);
        return ctx.project().name();
    }

    private void add(Context c) {
        JsonNode body = Requests.body(c, Map.of("name", Requests.Kind.TEXT, "role", Requests.Kind.TEXT, "project", Requests.Kind.TEXT));
        String project = Requests.text(body, "project");
        if (project != null) project = project.strip();
        UserStore.User caller = Routes.user(c);
        if (!caller.unscoped()) {
            if (project == null) {
                throw new ApiError(403, "forbidden", "an admin of project " + caller.project() + " creates users of that project only: give \"project\": \""
                        + ctx.project().name() + "\"");
            }
            if (!KnowledgeStore.slug(project).equals(served())) throw notYours(caller);
        }
        // the served project by its name, as the command line does, whichever way the caller wrote it
        if (project != null && KnowledgeStore.slug(project).equals(served())) project = ctx.project().name();
        String token = ctx.users().add(body.path("name").asText(""), body.path("role").asText("viewer"), project);
        c.status(201).json(Map.of("name", body.path("name").asText(), "token", token));
    }

    private void remove(Context c) {
        UserStore.User caller = Routes.user(c);
        String name = c.pathParam("name");
        switch (ctx.users().remove(name, u -> caller.unscoped() || served().equals(u.projectKey()))) {
            case REMOVED -> c.status(204);
            case UNKNOWN -> throw new ApiError(404, "unknown_user", "no user " + name);
            case FORBIDDEN -> throw notYours(caller);
        }
    }

    private String served() {
        return KnowledgeStore.slug(ctx.project());
    }

    private static ApiError notYours(UserStore.User caller) {
        return new ApiError(403, "forbidden", "an admin of project " + caller.project() + " manages and reads the users and audit log of that project only");
    }
}
