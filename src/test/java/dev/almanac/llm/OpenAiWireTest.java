package dev.almanac.llm;

import dev.almanac.llm.langchain.Providers;
import java.time.Duration;

class OpenAiWireTest extends AbstractProviderWireTest {
    @Override
    String baseUrl(int port) {
        return "http://127.0.0.1:" + port + "/v1";
    }

    @Override
    LanguageModel model(String baseUrl, Duration timeout, int retries) {
        return Providers.openAi("gpt-test", KEY, baseUrl, timeout, retries);
    }

    @Override
    String textReply(String text, int prompt, int completion) {
        return """
                {"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"gpt-test",
                 "choices":[{"index":0,"message":{"role":"assistant","content":%s},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":%d,"completion_tokens":%d,"total_tokens":%d}}""".formatted(quote(text), prompt, completion, prompt + completion);
    }

    @Override
    String toolReply(String sql) {
        String args = quote("{\"sql\":" + quote(sql) + "}");
        return """
                {"id":"chatcmpl-2","object":"chat.completion","created":1700000000,"model":"gpt-test",
                 "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[
                   {"id":"call_1","type":"function","function":{"name":"run_sql","arguments":%s}}]},"finish_reason":"tool_calls"}],
                 "usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}""".formatted(args);
    }

    @Override
    String errorBody(String message) {
        return "{\"error\":{\"message\":" + quote(message) + ",\"type\":\"error\"}}";
    }

    static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
