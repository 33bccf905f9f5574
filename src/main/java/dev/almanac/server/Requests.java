package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import java.io.IOException;

/** Reading what a request carries: its JSON body and query parameters, with 400s that say what is wrong. */
final class Requests {
    private Requests() {}

    /** The body as a JSON object. */
    static JsonNode body(Context c) {
        try {
            JsonNode body = ApiServer.JSON.readTree(c.body());
            if (body == null || !body.isObject()) throw new ApiError(400, "bad_json", "the body must be a JSON object");
            return body;
        } catch (IOException e) {
            throw new ApiError(400, "bad_json", "the body is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** The body as a JSON object; an empty body is an empty object. */
    static JsonNode optionalBody(Context c) {
        return c.body().isBlank() ? ApiServer.JSON.createObjectNode() : body(c);
    }

    /** A text field, or null when it is missing or blank. */
    static String text(JsonNode body, String field) {
        return body.hasNonNull(field) && !body.get(field).asText().isBlank() ? body.get(field).asText() : null;
    }

    /** The ?limit= query parameter: a whole number from 1 to 1000. */
    static int limit(Context c, int fallback) {
        String raw = c.queryParam("limit");
        if (raw == null || raw.isBlank()) return fallback;
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= 1 && n <= 1000) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ApiError(400, "bad_request", "limit must be a whole number from 1 to 1000");
    }
}
