package dev.almanac.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Replays a YAML script of model turns, in order, for reproducible demos and tests:
 * <pre>
 * delay_ms: 0              # optional: wait this long before each reply
 * turns:
 *   - text: "Here is what I found"
 *   - tool_calls:
 *       - name: run_sql
 *         arguments: {sql: "SELECT 1"}
 *   - error: rate_limit    # or server_error, timeout, bad_request: the call fails like a provider would
 * </pre>
 * A script that runs out answers with an error (not retriable). With {@code loop: true} it starts over.
 */
public final class ScriptedModel extends LanguageModel {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;
    private final List<JsonNode> turns;
    private final long delayMillis;
    private final boolean loop;
    private final AtomicInteger next = new AtomicInteger();
    private final List<Request> requests = java.util.Collections.synchronizedList(new ArrayList<>());

    /** What the script was sent for one reply: the messages and the tools offered. */
    public record Request(List<ChatMessage> messages, List<ToolSpec> tools) {}

    public ScriptedModel(String source, List<JsonNode> turns, long delayMillis, boolean loop) {
        super(3, Duration.ofMillis(1));
        this.source = source;
        this.turns = List.copyOf(turns);
        this.delayMillis = delayMillis;
        this.loop = loop;
    }

    public static ScriptedModel load(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            if (root == null) throw new UserError("the script " + file + " is empty");
            JsonNode turns = root.isArray() ? root : root.path("turns");
            if (!turns.isArray()) throw new UserError("the script " + file + " needs a list of turns under 'turns:'");
            List<JsonNode> list = new ArrayList<>();
            turns.forEach(list::add);
            return new ScriptedModel(file.getFileName().toString(), list, root.path("delay_ms").asLong(0), root.path("loop").asBoolean(false));
        } catch (IOException e) {
            throw new UserError("cannot read the script " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    @Override
    public String name() {
        return "script:" + source;
    }

    /** Every request the script answered (or refused), in order: what a real provider would have been sent. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** How many turns have been replayed. */
    public int used() {
        return next.get();
    }

    @Override
    protected ModelReply doChat(List<ChatMessage> messages, List<ToolSpec> tools) {
        requests.add(new Request(List.copyOf(messages), List.copyOf(tools)));
        int i = next.getAndIncrement();
        if (i >= turns.size()) {
            if (!loop || turns.isEmpty()) throw new LlmException("the script " + source + " has no more turns (" + turns.size() + " used)", false, null);
            i = i % turns.size();
        }
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        JsonNode turn = turns.get(i);
        String error = turn.path("error").asText("");
        switch (error) {
            case "rate_limit" -> throw new LlmException("HTTP 429: rate limited (scripted)", true, null);
            case "server_error" -> throw new LlmException("HTTP 500: server error (scripted)", true, null);
            case "timeout" -> throw new LlmException("timed out (scripted)", true, null);
            case "bad_request" -> throw new LlmException("HTTP 400: bad request (scripted)", false, null);
            default -> { }
        }
        List<ToolCall> calls = new ArrayList<>();
        int n = 0;
        for (JsonNode call : turn.path("tool_calls")) {
            JsonNode args = call.path("arguments");
            String text = args.isTextual() ? args.asText() : args.isMissingNode() ? "{}" : JSON.valueToTree(args).toString();
            calls.add(new ToolCall("call_" + i + "_" + n++, call.path("name").asText(), text));
        }
        String text = turn.hasNonNull("text") ? turn.get("text").asText() : null;
        int prompt = messages.stream().mapToInt(ScriptedModel::approximateTokens).sum() + tools.size() * 60;
        return new ModelReply(text, calls, new TokenUsage(1, prompt, text == null ? 20 * calls.size() : approximateTokens(text)));
    }

    /** About four characters a token, the usual rule of thumb, so that scripted runs report comparable usage. */
    static int approximateTokens(ChatMessage m) {
        return approximateTokens(ChatMessages.text(m));
    }

    static int approximateTokens(String text) {
        return text == null ? 0 : (text.length() + 3) / 4;
    }
}
