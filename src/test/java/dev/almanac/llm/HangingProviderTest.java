package dev.almanac.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.almanac.llm.langchain.Providers;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A provider that never answers, over real HTTP: a call with a deadline gives up when the deadline passes, whatever its timeout and retries. */
class HangingProviderTest {
    HttpServer server;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(30_000); // hangs
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_hanging_provider_costs_the_turn_its_remaining_time_not_every_attempts_timeout() {
        LanguageModel model = Providers.openAi("gpt-test", "sk-test-key-0123456789abcdef", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                Duration.ofSeconds(60), 3);
        long start = System.nanoTime();
        assertThatThrownBy(() -> model.chat(List.of(new ChatMessage.User("hello")), List.of(), Instant.now().plusMillis(1500)))
                .isInstanceOf(LlmException.class).hasMessageContaining("time budget");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).as("cut off at the deadline, not after one attempt's 60 s timeout (let alone 4 x 60 s)").isBetween(1400L, 59_000L);
    }
}
