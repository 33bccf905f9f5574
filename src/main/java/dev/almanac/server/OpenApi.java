package dev.almanac.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenAPI 3 description, made from the same route table the server registers, so that it
 * cannot drift from what is served. Each operation carries the role it needs ({@code x-almanac-role}).
 */
final class OpenApi {
    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)}");

    /** A route as described: method, path (with {params}), the role it needs, and what it does. */
    record Route(String method, String path, String role, String summary) {}

    private OpenApi() {}

    static String describe(List<Route> routes) {
        ObjectNode doc = ApiServer.JSON.createObjectNode();
        doc.put("openapi", "3.0.3");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Almanac API");
        info.put("version", "0.1.0");
        info.put("description", "Ask questions about your data; answers come from the database, with provenance. Every request carries "
                + "`Authorization: Bearer TOKEN` (create one with `almanac users add NAME --role viewer|editor|admin`). Errors are "
                + "{code, message}; 429 carries Retry-After.");
        ObjectNode paths = doc.putObject("paths");
        for (Route r : routes) {
            ObjectNode op = paths.withObjectProperty(r.path()).putObject(r.method().toLowerCase(Locale.ROOT));
            op.put("summary", r.summary());
            op.put("operationId", operationId(r));
            op.putArray("security").addObject().putArray("bearer");
            op.put("x-almanac-role", r.role());
            Matcher m = PARAM.matcher(r.path());
            ArrayNode params = null;
            while (m.find()) {
                if (params == null) params = op.putArray("parameters");
                ObjectNode p = params.addObject();
                p.put("name", m.group(1));
                p.put("in", "path");
                p.put("required", true);
                p.putObject("schema").put("type", "string");
            }
            boolean writes = r.method().equals("POST") || r.method().equals("PUT") || r.method().equals("PATCH");
            if (writes) {
                ObjectNode body = op.putObject("requestBody");
                body.put("required", !r.method().equals("POST") || r.path().startsWith("/api/ask") || r.path().equals("/api/users"));
                body.putObject("content").putObject("application/json").putObject("schema").put("type", "object");
            }
            ObjectNode responses = op.putObject("responses");
            String ok = r.method().equals("DELETE") && (r.path().startsWith("/api/users") || r.path().startsWith("/api/threads")) ? "204"
                    : r.path().equals("/api/evals") && r.method().equals("POST") ? "202"
                    : r.path().equals("/api/users") && r.method().equals("POST") ? "201" : "200";
            ObjectNode success = responses.putObject(ok);
            success.put("description", "OK");
            if (r.path().equals("/api/ask/stream")) success.putObject("content").putObject("text/event-stream").putObject("schema").put("type", "string");
            else if (!ok.equals("204")) success.putObject("content").putObject("application/json").putObject("schema").put("type", "object");
            error(responses, "400", "bad input (invalid JSON, a missing field)");
            error(responses, "401", "no or unknown token");
            error(responses, "403", "role too low");
            if (PARAM.matcher(r.path()).find()) error(responses, "404", "no such item");
            if (r.path().startsWith("/api/knowledge") || r.path().endsWith("/promote")) error(responses, "422", "the knowledge would not validate; nothing changed");
            if (r.method().equals("PUT") && r.path().startsWith("/api/knowledge")) error(responses, "409", "the item's file already holds another item");
            if (r.method().equals("POST") && r.path().equals("/api/evals")) error(responses, "409", "another eval run of the project is running (on any server)");
            if (r.path().startsWith("/api/ask")) error(responses, "429", "too many questions; see Retry-After");
            if (r.path().startsWith("/api/ask")) error(responses, "503", "the server's language model is not set up (model_unavailable): ask its administrator");
            if (writes) error(responses, "413", "body too large");
        }
        ObjectNode components = doc.putObject("components");
        ObjectNode bearer = components.putObject("securitySchemes").putObject("bearer");
        bearer.put("type", "http");
        bearer.put("scheme", "bearer");
        ObjectNode errorSchema = components.putObject("schemas").putObject("Error");
        errorSchema.put("type", "object");
        errorSchema.putArray("required").add("code").add("message");
        ObjectNode props = errorSchema.putObject("properties");
        props.putObject("code").put("type", "string");
        props.putObject("message").put("type", "string");
        props.putObject("problems").put("type", "array").putObject("items").put("type", "object");
        try {
            return ApiServer.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void error(ObjectNode responses, String status, String description) {
        ObjectNode e = responses.putObject(status);
        e.put("description", description);
        e.putObject("content").putObject("application/json").putObject("schema").put("$ref", "#/components/schemas/Error");
    }

    private static String operationId(Route r) {
        StringBuilder id = new StringBuilder(r.method().toLowerCase(Locale.ROOT));
        for (String part : r.path().substring("/api/".length()).split("[/.]")) {
            if (part.isEmpty()) continue;
            boolean param = part.startsWith("{");
            String word = part.replaceAll("[{}]", "");
            for (String w : word.split("_")) id.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
            if (param) id.append("Param");
        }
        return id.toString();
    }
}
