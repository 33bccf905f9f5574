package dev.almanac.llm.langchain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.ModelReply;
import dev.almanac.llm.Secrets;
import dev.almanac.llm.TokenUsage;
import dev.almanac.llm.ToolCall;
import dev.almanac.llm.ToolSpec;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A provider reached through LangChain4j. The vendor wire formats stay inside LangChain4j and this
 * package; the agent sees only the port's messages, tool specs and replies. LangChain4j's own retries
 * are off: the port retries, so the bound is one number. What comes back (errors, text, tool-call
 * arguments) is scrubbed of the configured key and token-like strings before anyone sees it.
 */
public final class LangChainModel extends LanguageModel {
    private final String name;
    private final ChatModel model;
    private final Secrets secrets;

    public LangChainModel(String name, ChatModel model, Secrets secrets, int maxRetries, Duration firstBackoff) {
        super(maxRetries, firstBackoff);
        this.name = name;
        this.model = model;
        this.secrets = secrets;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    protected ModelReply doChat(List<ChatMessage> messages, List<ToolSpec> tools) {
        ChatRequest.Builder request = ChatRequest.builder().messages(messages.stream().map(LangChainModel::toLangChain).toList());
        if (!tools.isEmpty()) request.toolSpecifications(tools.stream().map(LangChainModel::toLangChain).toList());
        ChatResponse response;
        try {
            response = model.chat(request.build());
        } catch (RuntimeException e) {
            throw ProviderErrors.map(name, e, secrets);
        }
        AiMessage ai = response.aiMessage();
        List<ToolCall> calls = new ArrayList<>();
        if (ai.hasToolExecutionRequests()) {
            for (ToolExecutionRequest r : ai.toolExecutionRequests()) calls.add(new ToolCall(r.id(), r.name(), secrets.withoutKeys(r.arguments())));
        }
        var usage = response.tokenUsage();
        TokenUsage tokens = usage == null ? TokenUsage.ZERO
                : new TokenUsage(1, usage.inputTokenCount() == null ? 0 : usage.inputTokenCount(), usage.outputTokenCount() == null ? 0 : usage.outputTokenCount());
        return new ModelReply(secrets.scrub(ai.text()), calls, tokens);
    }

    static dev.langchain4j.data.message.ChatMessage toLangChain(ChatMessage m) {
        if (m instanceof ChatMessage.System s) return SystemMessage.from(s.text());
        if (m instanceof ChatMessage.User u) return UserMessage.from(u.text());
        if (m instanceof ChatMessage.Assistant a) {
            List<ToolExecutionRequest> requests = a.toolCalls().stream()
                    .map(c -> ToolExecutionRequest.builder().id(c.id()).name(c.name()).arguments(c.arguments()).build()).toList();
            if (requests.isEmpty()) return AiMessage.from(a.text() == null ? "" : a.text());
            return a.text() == null || a.text().isBlank() ? AiMessage.from(requests) : AiMessage.from(a.text(), requests);
        }
        ChatMessage.ToolResult r = (ChatMessage.ToolResult) m;
        return ToolExecutionResultMessage.from(r.callId(), r.tool(), r.text());
    }

    static ToolSpecification toLangChain(ToolSpec spec) {
        return ToolSpecification.builder().name(spec.name()).description(spec.description())
                .parameters((JsonObjectSchema) schema(spec.parameters())).build();
    }

    /** A JSON Schema (object, array, string, integer, number, boolean) as LangChain4j's schema elements. */
    static JsonSchemaElement schema(JsonNode node) {
        String type = node.path("type").asText("string");
        String description = node.path("description").asText(null);
        switch (type) {
            case "object" -> {
                JsonObjectSchema.Builder b = JsonObjectSchema.builder().description(description);
                node.path("properties").fields().forEachRemaining(e -> b.addProperty(e.getKey(), schema(e.getValue())));
                List<String> required = new ArrayList<>();
                node.path("required").forEach(r -> required.add(r.asText()));
                if (!required.isEmpty()) b.required(required);
                return b.build();
            }
            case "array" -> {
                return JsonArraySchema.builder().description(description).items(schema(node.path("items"))).build();
            }
            case "integer" -> {
                return JsonIntegerSchema.builder().description(description).build();
            }
            case "number" -> {
                return JsonNumberSchema.builder().description(description).build();
            }
            case "boolean" -> {
                return JsonBooleanSchema.builder().description(description).build();
            }
            default -> {
                return JsonStringSchema.builder().description(description).build();
            }
        }
    }
}
