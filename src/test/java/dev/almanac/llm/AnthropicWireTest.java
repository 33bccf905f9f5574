package dev.almanac.llm;

import dev.almanac.llm.langchain.Providers;
import java.time.Duration;

class AnthropicWireTest extends AbstractProviderWireTest {
    @Override
    String baseUrl(int port) {
        return "http://127.0.0.1:" + port + "/v1/";
    }

    @Override
    LanguageModel model(String baseUrl, Duration timeout, int retries) {
        return Providers.anthropic("claude-test", KEY, baseUrl, timeout, retries);
    }

    @Override
    String textReply(String text, int prompt, int completion) {
        return """
                {"id":"msg_1","type":"message","role":"assistant","model":"claude-test",
                 "content":[{"type":"text","text":%s}],"stop_reason":"end_turn",
                 "usage":{"input_tokens":%d,"output_tokens":%d}}""".formatted(OpenAiWireTest.quote(text), prompt, completion);
    }

    @Override
    String toolReply(String sql) {
        return """
                {"id":"msg_2","type":"message","role":"assistant","model":"claude-test",
                 "content":[{"type":"tool_use","id":"toolu_1","name":"run_sql","input":{"sql":%s}}],"stop_reason":"tool_use",
                 "usage":{"input_tokens":10,"output_tokens":5}}""".formatted(OpenAiWireTest.quote(sql));
    }

    @Override
    String errorBody(String message) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":" + OpenAiWireTest.quote(message) + "}}";
    }
}
