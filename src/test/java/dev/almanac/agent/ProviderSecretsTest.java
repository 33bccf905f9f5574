package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.langchain.Providers;
import dev.almanac.store.AppStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.DemoContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider whose error body echoes the API key (and another token), over real HTTP: the key reaches neither the
 * answer, its JSON, the stored turn, the events nor the agent log.
 */
class ProviderSecretsTest {
    static final String KEY = "sk-proj-ThisIsTheSecretKey0123456789";
    static final String OTHER_TOKEN = "sk-ant-api03-" + "Zx9Qw2".repeat(8);
    static final ObjectMapper JSON = new ObjectMapper();
    static DemoContext demo;
    static KnowledgeSet knowledge;
    static TableSelector selector;

    @TempDir
    Path dir;
    HttpServer server;
    ThreadStore threads;
    LearningStore learnings;
    Project project;
    final List<AgentEvent> events = new ArrayList<>();

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        selector = new TableSelector(demo.catalog, knowledge, demo.guard::tablesOf, MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            byte[] out = ("{\"error\":{\"message\":\"Incorrect API key provided: " + (auth == null ? "" : auth) + " (also tried " + OTHER_TOKEN
                    + ")\",\"type\":\"invalid_request_error\"}}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        server.start();
        project = new Project("Secrets test", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
        AppStore store = AppStore.sqlite(dir.resolve("almanac.db"));
        learnings = new LearningStore(store);
        threads = new ThreadStore(store);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_provider_error_that_echoes_the_key_is_answered_without_it() throws Exception {
        LanguageModel model = Providers.openAi("gpt-test", KEY, "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", Duration.ofSeconds(5), 0);
        Path log = dir.resolve("logs/agent.jsonl");
        Agent agent = new Agent(new Agent.Context(project, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(), learnings, threads,
                model, AgentSettings.DEFAULT, LocalDate.of(2026, 11, 22), events::add, log));

        Answer a = agent.ask("Which products sell best in Germany?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.error);
        assertThat(a.answer()).contains("could not be reached", "401", "[redacted]");
        String json = JSON.writeValueAsString(a);
        StringBuilder seen = new StringBuilder(a.answer()).append('\n').append(json).append('\n');
        threads.turns(a.threadId()).forEach(t -> seen.append(t.answerText()).append('\n').append(t.answerJson()).append('\n'));
        events.forEach(e -> seen.append(e.step()).append(' ').append(e.detail()).append('\n'));
        if (Files.exists(log)) seen.append(Files.readString(log));
        assertThat(threads.turns(a.threadId())).isNotEmpty();
        assertThat(seen.toString()).doesNotContain(KEY, "ThisIsTheSecretKey", OTHER_TOKEN, "Zx9Qw2Zx9Qw2");
    }
}
