package dev.almanac.llm;

import dev.almanac.llm.langchain.Providers;
import java.time.Duration;

class OllamaWireTest extends AbstractProviderWireTest {
    @Override
    String baseUrl(int port) {
        return "http://127.0.0.1:" + port;
    }

    @Override
    LanguageModel model(String baseUrl, Duration timeout, int retries) {
        return Providers.ollama("llama-test", baseUrl, timeout, retries);
    }

    @Override
    String textReply(String text, int prompt, int completion) {
        return """
                {"model":"llama-test","created_at":"2026-11-22T00:00:00Z","message":{"role":"assistant","content":%s},
                 "done":true,"done_reason":"stop","prompt_eval_count":%d,"eval_count":%d}""".formatted(OpenAiWireTest.quote(text), prompt, completion);
    }

    @Override
    String toolReply(String sql) {
        return """
                {"model":"llama-test","created_at":"2026-11-22T00:00:00Z","message":{"role":"assistant","content":"",
                 "tool_calls":[{"function":{"name":"run_sql","arguments":{"sql":%s}}}]},
                 "done":true,"done_reason":"stop","prompt_eval_count":10,"eval_count":5}""".formatted(OpenAiWireTest.quote(sql));
    }

    @Override
    String errorBody(String message) {
        return "{\"error\":" + OpenAiWireTest.quote(message) + "}";
    }
}
