package dev.almanac.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every provider adapter is held to, over real HTTP against a local stub server that
 * speaks the provider's wire format: text and tool calls come back through the port, tools and
 * messages go out, rate limits and server errors are retried within the bound, authentication errors
 * are not, timeouts end the call, and the key never appears in an error.
 */
abstract class AbstractProviderWireTest {
    static final String KEY = "sk-test-SECRET-0123456789";
    static final ObjectMapper JSON = new ObjectMapper();

    HttpServer server;
    final Deque<Reply> replies = new ConcurrentLinkedDeque<>();
    final List<String> bodies = Collections.synchronizedList(new ArrayList<>());
    final List<String> paths = Collections.synchronizedList(new ArrayList<>());

    /** A scripted reply; with a delay the stub holds it until the test releases it ({@link #held}) or the delay has passed. */
    record Reply(int status, String body, long delayMillis) {}

    /** Counted down by a test to let a held reply go. */
    final java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);

    /** The base URL to give the adapter, for a server at http://localhost:port. */
    abstract String baseUrl(int port);

    abstract LanguageModel model(String baseUrl, Duration timeout, int retries);

    /** A successful reply with the given text. */
    abstract String textReply(String text, int promptTokens, int completionTokens);

    /** A successful reply calling run_sql with {"sql": sql}. */
    abstract String toolReply(String sql);

    abstract String errorBody(String message);

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::serve);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void serve(HttpExchange exchange) throws IOException {
        byte[] in = exchange.getRequestBody().readAllBytes();
        bodies.add(new String(in, StandardCharsets.UTF_8));
        paths.add(exchange.getRequestURI().getPath());
        Reply r = replies.isEmpty() ? new Reply(500, errorBody("no reply scripted"), 0) : replies.poll();
        if (r.delayMillis() > 0) {
            try {
                held.await(r.delayMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] out = r.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        try {
            exchange.sendResponseHeaders(r.status(), out.length);
            exchange.getResponseBody().write(out);
        } catch (IOException ignored) {
            // the client gave up (timeout test)
        }
        exchange.close();
    }

    LanguageModel model() {
        return model(baseUrl(server.getAddress().getPort()), Duration.ofSeconds(5), 2);
    }

    static List<ChatMessage> conversation() {
        return List.of(new ChatMessage.System("You are a test."), new ChatMessage.User("How many plans are there? ✓"));
    }

    static List<ToolSpec> tools() throws IOException {
        return List.of(new ToolSpec("run_sql", "Run a query", JSON.readTree("{\"type\":\"object\",\"properties\":{\"sql\":{\"type\":\"string\"}},\"required\":[\"sql\"]}")));
    }

    @Test
    void returns_text_and_token_usage() throws IOException {
        replies.add(new Reply(200, textReply("There are 5 plans.", 42, 7), 0));
        ModelReply reply = model().chat(conversation(), tools());
        assertThat(reply.text()).isEqualTo("There are 5 plans.");
        assertThat(reply.toolCalls()).isEmpty();
        assertThat(reply.usage()).isEqualTo(new TokenUsage(1, 42, 7));
        assertThat(bodies).singleElement().asString().contains("How many plans are there?", "run_sql", "You are a test.");
    }

    @Test
    void returns_tool_calls_with_their_arguments() throws IOException {
        replies.add(new Reply(200, toolReply("SELECT count(*) FROM plans"), 0));
        ModelReply reply = model().chat(conversation(), tools());
        assertThat(reply.toolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("run_sql");
            assertThat(JSON.readTree(c.arguments()).get("sql").asText()).isEqualTo("SELECT count(*) FROM plans");
        });
    }

    @Test
    void sends_earlier_tool_calls_and_results_back() throws IOException {
        replies.add(new Reply(200, textReply("ok", 1, 1), 0));
        List<ChatMessage> messages = new ArrayList<>(conversation());
        messages.add(new ChatMessage.Assistant(null, List.of(new ToolCall("call_9", "run_sql", "{\"sql\":\"SELECT 5\"}"))));
        messages.add(new ChatMessage.ToolResult("call_9", "run_sql", "columns: n; rows: [5]"));
        model().chat(messages, tools());
        assertThat(bodies.get(0)).contains("call_9", "SELECT 5", "columns: n; rows: [5]");
    }

    @Test
    void retries_after_rate_limit_and_server_errors() throws IOException {
        replies.add(new Reply(429, errorBody("slow down"), 0));
        replies.add(new Reply(503, errorBody("busy"), 0));
        replies.add(new Reply(200, textReply("finally", 3, 1), 0));
        assertThat(model().chat(conversation(), tools()).text()).isEqualTo("finally");
        assertThat(bodies).hasSize(3);
    }

    @Test
    void gives_up_after_the_retry_bound() {
        for (int i = 0; i < 5; i++) replies.add(new Reply(500, errorBody("down"), 0));
        assertThatThrownBy(() -> model().chat(conversation(), tools()))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retriable()).isTrue())
                .hasMessageContaining("500");
        assertThat(bodies).hasSize(3);
    }

    @Test
    void does_not_retry_authentication_errors_and_never_shows_the_key() {
        replies.add(new Reply(401, errorBody("invalid api key"), 0));
        assertThatThrownBy(() -> model().chat(conversation(), tools()))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retriable()).isFalse())
                .hasMessageContaining("401")
                .hasMessageNotContaining(KEY);
        assertThat(bodies).hasSize(1);
    }

    static final String OTHER_TOKEN = "sk-ant-api03-" + "Zx9Qw2".repeat(8);

    @Test
    void an_error_body_that_echoes_the_key_and_tokens_is_redacted_everywhere_in_the_exception() {
        replies.add(new Reply(400, errorBody("bad request with key " + KEY + ", also " + OTHER_TOKEN + " and Bearer abc.DEF-ghi_jkl012345"), 0));
        Throwable thrown = catchThrowable(() -> model().chat(conversation(), tools()));
        assertThat(thrown).isInstanceOf(LlmException.class).hasMessageContaining("400").hasMessageContaining("[redacted]");
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).as("message, causes and stack trace").doesNotContain(KEY, OTHER_TOKEN, "Zx9Qw2Zx9Qw2", "abc.DEF-ghi_jkl012345");
    }

    @Test
    void a_key_echoed_in_model_text_is_redacted() throws IOException {
        replies.add(new Reply(200, textReply("Your key is " + KEY + " and " + OTHER_TOKEN + ".", 1, 1), 0));
        String text = model().chat(conversation(), tools()).text();
        assertThat(text).doesNotContain(KEY, OTHER_TOKEN).startsWith("Your key is [redacted]");
    }

    @Test
    void a_slow_provider_times_out() {
        // the stub holds its reply until the test lets it go (at most a minute): a call that ends before, ends by its own timeout
        replies.add(new Reply(200, textReply("late", 1, 1), 60_000));
        LanguageModel slow = model(baseUrl(server.getAddress().getPort()), Duration.ofMillis(500), 0);
        try {
            assertThatThrownBy(() -> slow.chat(conversation(), List.of())).isInstanceOf(LlmException.class);
            assertThat(held.getCount()).as("the reply was still held when the call gave up").isEqualTo(1);
        } finally {
            held.countDown();
        }
    }
}
