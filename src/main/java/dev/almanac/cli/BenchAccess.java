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
            return new UserStore(workspace.appStore()).add(name, "viewer", null);
        }

        public void stop() {
            api.stop();
            workspace.close();
        }
    }

    public static Server start(Path projectDir, String llm, int questionsPerMinute) {
        GlobalOptions options = new GlobalOptions();
        options.project = projectDir;
        Workspace ws = Workspace.open(options, System.err);
        return new Server(ServeCommand.start(ws, llm, new ServerContext.Settings(0, 64 * 1024, questionsPerMinute)), ws);
    }
}
