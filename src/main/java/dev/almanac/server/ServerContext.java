package dev.almanac.server;

import dev.almanac.agent.Agent;
import dev.almanac.agent.AgentEvent;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Catalog;
import dev.almanac.store.EvalStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import dev.almanac.store.UserStore;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** What the HTTP API serves: one project, its catalog and knowledge, an agent per request, and the stores. */
public record ServerContext(Project project, Supplier<Catalog> catalog, Supplier<KnowledgeSet> knowledge, AgentFactory agents,
                            ThreadStore threads, LearningStore learnings, EvalStore evals, UserStore users, Settings settings) {

    /** An agent whose steps go to the given listener (streaming, audit). */
    @FunctionalInterface
    public interface AgentFactory {
        Agent create(Consumer<AgentEvent> events);
    }

    /** Limits of the server: request body size and questions per user per minute. */
    public record Settings(int port, long maxBodyBytes, int questionsPerMinute) {
        public static final Settings DEFAULT = new Settings(8080, 64 * 1024, 30);
    }
}
