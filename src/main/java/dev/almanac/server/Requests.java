package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import java.io.IOException;

/** Reading what a request carries: its JSON body and query parameters, with 400s that say what is wrong. */
final class Requests {
    private Requests() {}

    /** What a field of a request body must be. */
    enum Kind {
        TEXT("a string"), BOOLEAN("true or false"), WHOLE("a whole number");

        final String shown;

        Kind(String shown) {
            this.shown = shown;
        }

        boolean fits(JsonNode v) {
            return switch (this) {
                case TEXT -> v.isTextual();
                case BOOLEAN -> v.isBoolean();
                case WHOLE -> v.isIntegralNumber() && v.canConvertToInt();
            };
        }
    }

    /**
     * The body as a JSON object whose every field is one of those named, of its kind (null counts as absent): an unknown
     * or mistyped field is a 400 that names it, never a default silently taken in its place.
     */
    static JsonNode body(Context c, java.util.Map<String, Kind> fields) {
        return checked(body(c), fields);
    }

    /** As {@link #body(Context, java.util.Map)}; an empty body is an empty object. */
    static JsonNode optionalBody(Context c, java.util.Map<String, Kind> fields) {
        return checked(optionalBody(c), fields);
    }

    private static JsonNode checked(JsonNode body, java.util.Map<String, Kind> fields) {
        for (var it = body.fields(); it.hasNext(); ) {
            var field = it.next();
            Kind kind = fields.get(field.getKey());
            if (kind == null) {
                throw new ApiError(400, "bad_request", "unknown field '" + field.getKey() + "'; this request takes "
                        + (fields.isEmpty() ? "no fields" : String.join(", ", new java.util.TreeSet<>(fields.keySet()))));
            }
            if (!field.getValue().isNull() && !kind.fits(field.getValue())) {
                throw new ApiError(400, "bad_request", "field '" + field.getKey() + "' must be " + kind.shown + ", not " + field.getValue());
            }
        }
        return body;
    }

    /** The body as a JSON object, with nothing after it. */
    static JsonNode body(Context c) {
        try {
            JsonNode body = ApiServer.JSON.reader().with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(c.body());
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
