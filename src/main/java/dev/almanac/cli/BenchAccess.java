package dev.almanac.cli;

import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import java.nio.file.Path;

/** Starts the API on a project for benchmarks in bench/, which live outside this package. */
public final class BenchAccess {
    private BenchAccess() {}

    /** A running server with a way to add users. */
    public record Server(ApiServer api, Workspace workspace) {
        public int port() {
            return api.port();
        }

        public String addUser(String name) {
            return addUser(name, "viewer");
        }

        public String addUser(String name, String role) {
            return new UserStore(workspace.appStore()).add(name, role, null);
        }

        public void stop() {
            api.stop();
            workspace.close();
        }

        /** Runs a query on the server's own source, through its guard and limits (as a viewer's query would). */
        public dev.almanac.sql.QueryResult query(String sql) {
            return workspace.executor(dev.almanac.sql.QueryLimits.DEFAULT).execute(sql);
        }
    }

    /**
     * Every golden question of the project asked without a model, as {@code almanac eval --llm none} asks them, with or
     * without reading questions into semantic queries first ({@code semantic_parse}); the run's results, kept in its app store.
     */
    public static java.util.List<dev.almanac.store.EvalStore.ResultRow> evalWithoutModel(Path projectDir, java.time.LocalDate today, boolean parseQuestions) {
        GlobalOptions options = new GlobalOptions();
        options.project = projectDir;
        try (Workspace ws = Workspace.open(options, System.err)) {
            dev.almanac.store.Project project = ws.requireProject();
            dev.almanac.knowledge.KnowledgeSet knowledge = ws.knowledge();
            dev.almanac.AlmanacConfig config = Workspace.config();
            dev.almanac.agent.Agent agent = ws.agent("none", today, null, null /* eval runs keep no threads */, config,
                    dev.almanac.agent.AgentSettings.from(config).withParseQuestions(parseQuestions));
            dev.almanac.store.EvalStore store = new dev.almanac.store.EvalStore(ws.appStore());
            String id = new dev.almanac.eval.EvalRunner(agent, store, project, ws.executor(dev.almanac.sql.QueryLimits.DEFAULT))
                    .run(knowledge.golden(), "none", parseQuestions ? "" : "semantic_parse=false", dev.almanac.eval.EvalRunner.snapshot(project, knowledge), 1, null);
            return store.results(id);
        }
    }

    /**
     * The agent {@code almanac ask --llm none} builds for a project (its knowledge, source, semantic layer, the default
     * settings of the Almanac home), opened once to ask many questions in one process; it keeps no threads, so each
     * question is asked as a new one.
     */
    public static final class Asker implements AutoCloseable {
        private final Workspace workspace;
        private final dev.almanac.agent.Agent agent;

        private Asker(Workspace workspace, dev.almanac.agent.Agent agent) {
            this.workspace = workspace;
            this.agent = agent;
        }

        /** The answer to a question, checked as the command line checks what a user typed. */
        public dev.almanac.agent.Answer ask(String question) {
            return agent.ask(Questions.check(question), null);
        }

        /**
         * The answer's whole result, as {@code almanac ask --format csv} gives it: the rows it holds when they are all there,
         * else its main query run again under the export's limits.
         */
        public dev.almanac.eval.Table wholeResult(dev.almanac.agent.Answer a) {
            if (AskCommand.allRowsHeld(a)) return new dev.almanac.eval.Table(a.data().columns(), a.data().rows());
            dev.almanac.sql.QueryResult r = workspace.executor(workspace.limits().forExport()).execute(a.provenance().sql().get(0));
            return new dev.almanac.eval.Table(r.columns(), r.rows());
        }

        /** How the question reader reads a question over the project's model (for looking into a refusal), as text. */
        public String reading(String question) {
            return workspace.semanticLayer().withParser(workspace.today(), p -> p.parse(question).toString());
        }

        @Override
        public void close() {
            workspace.close();
        }
    }

    /** An {@link Asker} over the project in {@code projectDir} with no language model. */
    public static Asker askWithoutModel(Path projectDir) {
        GlobalOptions options = new GlobalOptions();
        options.project = projectDir;
        Workspace ws = Workspace.open(options, System.err);
        try {
            return new Asker(ws, ws.agent("none", ws.today(), null, false));
        } catch (RuntimeException e) {
            ws.close();
            throw e;
        }
    }

    public static Server start(Path projectDir, String llm, int questionsPerMinute) {
        GlobalOptions options = new GlobalOptions();
        options.project = projectDir;
        Workspace ws = Workspace.open(options, System.err);
        return new Server(ServeCommand.start(ws, llm, new ServerContext.Settings(0, 64 * 1024, questionsPerMinute)), ws);
    }
}
