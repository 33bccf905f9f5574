package dev.almanac.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One JSON-RPC message from an MCP client, read and checked before the SDK sees it (both transports): what is not JSON, a
 * batch, not a message, or a request whose parameters the SDK cannot take is refused here with a JSON-RPC error (and the
 * request's id when it has one), so that the SDK only ever gets messages it answers, and an error never carries more than
 * a short line.
 */
public sealed interface McpMessage {
    int PARSE_ERROR = -32700;
    int INVALID_REQUEST = -32600;
    int INVALID_PARAMS = -32602;
    /** Longest method, tool, client name or version a message may carry. */
    int MAX_NAME = 200;

    /** A message the SDK may handle: a request (with {@code id} and {@code method}), a notification or a response. */
    record Accepted(ObjectNode message) implements McpMessage {
        public String method() {
            return message.path("method").asText(null);
        }

        public boolean isRequest() {
            return message.has("method") && message.has("id");
        }

        public boolean isNotification() {
            return message.has("method") && !message.has("id");
        }

        public JsonNode id() {
            return message.get("id");
        }
    }

    /** A message answered with this JSON-RPC error ({@code id} null when the message has none that can be read). */
    record Refused(JsonNode id, int code, String message) implements McpMessage {
        public String json() {
            return error(id, code, message);
        }
    }

    ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    static McpMessage read(String text) {
        if (text == null || text.isBlank()) return new Refused(null, PARSE_ERROR, "parse error: the message is empty");
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String reason = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            return new Refused(null, PARSE_ERROR, "parse error: not JSON (" + cut(reason, 100) + ")");
        }
        if (node == null || node.isMissingNode()) return new Refused(null, PARSE_ERROR, "parse error: the message is empty");
        if (node.isArray()) return new Refused(null, INVALID_REQUEST, "batches (JSON arrays) are not supported: send one message at a time");
        if (!(node instanceof ObjectNode message)) return new Refused(null, INVALID_REQUEST, "a JSON-RPC message is an object");
        JsonNode id = message.get("id");
        boolean idOk = id == null || id.isTextual() && id.asText().length() <= MAX_NAME || id.isIntegralNumber() && id.canConvertToLong();
        JsonNode replyId = idOk ? id : null;
        if (!"2.0".equals(message.path("jsonrpc").textValue())) return new Refused(replyId, INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
        if (!idOk) return new Refused(null, INVALID_REQUEST, "\"id\" must be a string (at most " + MAX_NAME + " characters) or a whole number");
        JsonNode method = message.get("method");
        if (method == null) {
            if (id == null) return new Refused(null, INVALID_REQUEST, "a message needs a \"method\" (a request or notification) or an \"id\" (a response)");
            if (message.has("result") == message.has("error")) {
                return new Refused(id, INVALID_REQUEST, "a response has either \"result\" or \"error\"");
            }
            return new Accepted(message);
        }
        if (!method.isTextual() || method.asText().isBlank() || method.asText().length() > MAX_NAME) {
            return new Refused(id, INVALID_REQUEST, "\"method\" must be a name of at most " + MAX_NAME + " characters");
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject() && !params.isNull()) return new Refused(id, INVALID_PARAMS, "\"params\" must be an object");
        if (params != null && params.isNull()) message.remove("params");
        if (id == null) return new Accepted(message);
        return switch (method.asText()) {
            case "initialize" -> initialize(message, id);
            case "tools/call" -> toolCall(message, id);
            default -> new Accepted(message);
        };
    }

    private static McpMessage initialize(ObjectNode message, JsonNode id) {
        JsonNode p = message.path("params");
        if (!p.path("protocolVersion").isTextual() || p.path("protocolVersion").asText().length() > MAX_NAME) {
            return new Refused(id, INVALID_PARAMS, "initialize needs params.protocolVersion (a string)");
        }
        JsonNode client = p.path("clientInfo");
        if (!client.path("name").isTextual() || (client.has("version") && !client.path("version").isTextual())) {
            return new Refused(id, INVALID_PARAMS, "initialize needs params.clientInfo with a name and a version (strings)");
        }
        if (client.path("name").asText().length() > MAX_NAME || client.path("version").asText().length() > MAX_NAME
                || client.path("title").asText().length() > MAX_NAME) {
            return new Refused(id, INVALID_PARAMS, "the client's name, title and version must be at most " + MAX_NAME + " characters each");
        }
        if (p.has("capabilities") && !p.get("capabilities").isObject()) return new Refused(id, INVALID_PARAMS, "params.capabilities must be an object");
        return new Accepted(message);
    }

    private static McpMessage toolCall(ObjectNode message, JsonNode id) {
        if (!(message.get("params") instanceof ObjectNode p)) return new Refused(id, INVALID_PARAMS, "tools/call needs params {name, arguments}");
        if (!p.path("name").isTextual() || p.path("name").asText().length() > MAX_NAME) {
            return new Refused(id, INVALID_PARAMS, "tools/call needs params.name, a tool's name (tools/list shows them)");
        }
        JsonNode arguments = p.get("arguments");
        if (arguments == null || arguments.isNull()) {
            p.set("arguments", JsonNodeFactory.instance.objectNode()); // optional in MCP: the tool then says what it misses
        } else if (!arguments.isObject()) {
            return new Refused(id, INVALID_PARAMS, "tools/call params.arguments must be an object of the tool's arguments, not " + arguments.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return new Accepted(message);
    }

    /** A JSON-RPC error message. */
    static String error(JsonNode id, int code, String message) {
        ObjectNode out = JSON.createObjectNode();
        out.put("jsonrpc", "2.0");
        out.set("id", id == null ? NullNode.instance : id);
        out.putObject("error").put("code", code).put("message", cut(message, 300));
        return out.toString();
    }

    private static String cut(String text, int max) {
        String line = text == null ? "" : text.lines().findFirst().orElse("");
        return line.length() <= max ? line : line.substring(0, max) + "...";
    }
}
