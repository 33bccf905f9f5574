package dev.almanac.server;

import dev.almanac.agent.Agent;
import dev.almanac.agent.AgentEvent;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Problem;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.store.EvalStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.RateLimits;
import dev.almanac.store.ThreadStore;
import dev.almanac.store.UserStore;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the HTTP API serves: one project, its catalog and (current) knowledge, an agent per request,
 * the editor of its knowledge files, and the stores. Everything that servers sharing an app store must
 * agree on (threads, rate limits, the running eval run, the knowledge) is read from the stores, never
 * kept only in this process.
 */
public record ServerContext(Project project, Supplier<Catalog> catalog, Supplier<KnowledgeSet> knowledge, AgentFactory agents,
                            Curation curation, ThreadStore threads, LearningStore learnings, EvalStore evals, UserStore users,
                            RateLimits rateLimits, Settings settings, Supplier<dev.almanac.agent.DataTools> dataTools,
                            java.time.Clock clock) {

    /**
     * An agent whose steps go to the given listener (streaming, audit) and whose threads are tagged with where they were
     * started (the web app, the API, MCP); with no origin it keeps no threads (eval runs).
     */
    @FunctionalInterface
    public interface AgentFactory {
        Agent create(Consumer<AgentEvent> events, ThreadStore.Origin origin);
    }

    /**
     * Changing the knowledge: the editor of the files, what to do once they changed (drop the loaded
     * knowledge so the next question sees the new), the executor an eval run checks gold SQL with, and the
     * problems of knowledge files that could not be imported (the last good knowledge is served meanwhile).
     */
    public record Curation(KnowledgeEditor editor, Runnable changed, Supplier<QueryExecutor> executor, Supplier<List<Problem>> problems) {}

    /** Limits and display settings of the server; {@code mcp}: the sessions and streams of {@code /mcp}. */
    public record Settings(int port, long maxBodyBytes, int questionsPerMinute, boolean dqPanel, String model, ExportLimits exports, McpLimits mcp) {
        public static final Settings DEFAULT = new Settings(8080, 64 * 1024, 30, false, "default");

        public Settings(int port, long maxBodyBytes, int questionsPerMinute) {
            this(port, maxBodyBytes, questionsPerMinute, false, "default");
        }

        public Settings(int port, long maxBodyBytes, int questionsPerMinute, boolean dqPanel, String model) {
            this(port, maxBodyBytes, questionsPerMinute, dqPanel, model, ExportLimits.DEFAULT, McpLimits.DEFAULT);
        }

        public Settings withPort(int port) {
            return new Settings(port, maxBodyBytes, questionsPerMinute, dqPanel, model, exports, mcp);
        }

        public Settings withExports(ExportLimits exports) {
            return new Settings(port, maxBodyBytes, questionsPerMinute, dqPanel, model, exports, mcp);
        }

        public Settings withMcp(McpLimits mcp) {
            return new Settings(port, maxBodyBytes, questionsPerMinute, dqPanel, model, exports, mcp);
        }
    }
}
