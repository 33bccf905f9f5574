package dev.almanac.server;

import dev.almanac.store.UserStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.util.ArrayList;
import java.util.List;

/**
 * The route table: each route is registered with the role it needs and kept for the OpenAPI
 * description, so what is served and what is described are the same list.
 */
final class Routes {
    private static final String USER = "almanac.user";

    private final Javalin app;
    private final List<OpenApi.Route> described = new ArrayList<>();

    Routes(Javalin app) {
        this.app = app;
    }

    void add(String method, String path, String role, String summary, Handler handler) {
        described.add(new OpenApi.Route(method, path, role, summary));
        app.addHttpHandler(HandlerType.valueOf(method), path, c -> {
            UserStore.User user = c.attribute(USER);
            if (user == null || !user.can(role)) throw new ApiError(403, "forbidden", "this needs the " + role + " role");
            handler.handle(c);
        });
    }

    List<OpenApi.Route> described() {
        return List.copyOf(described);
    }

    /** Marks the request as made by this (authenticated) user. */
    static void authenticated(Context c, UserStore.User user) {
        c.attribute(USER, user);
    }

    /** The authenticated user of the request. */
    static UserStore.User user(Context c) {
        return c.attribute(USER);
    }
}
