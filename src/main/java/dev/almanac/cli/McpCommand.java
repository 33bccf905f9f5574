package dev.almanac.cli;

import dev.almanac.agent.Agent;
import dev.almanac.agent.DataTools;
import dev.almanac.server.McpServe;
import dev.almanac.server.McpTools;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.LocalDate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "mcp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Serve the project to an MCP client over stdio.",
        description = {"Serve the project to an MCP client (desktop assistants, IDEs, other agents) over standard input and output.",
                "Tools: ask, list_metrics, get_dimensions, get_dimension_values, query_metrics, compile_metrics_sql, list_tables,",
                "describe_table, run_sql (guarded, read-only), search_knowledge, save_learning. Only protocol messages go to",
                "standard output; logs go to standard error. `almanac serve` serves the same tools over HTTP at /mcp."})
final class McpCommand extends WorkspaceCommand {
    @Option(names = "--llm", paramLabel = "SPEC", description = "The model the agent uses for questions the semantic layer cannot read (default: the configured or first available).")
    String llm;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Cancel a query after this many seconds (default: query_timeout in almanac.yml, else 30).")
    Integer timeout;

    @Override
    public void run() {
        // the protocol owns standard output: anything else printed by mistake goes to standard error
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        try (Workspace ws = openWorkspace()) {
            ws.queryTimeout(timeout);
            ws.keepLastGoodKnowledge();
            ws.knowledge();
            McpTools.Backend backend = new McpTools.Backend() {
                @Override
                public Agent agent(McpTools.Caller caller, String threadId) {
                    return ws.agent(llm, ws.today(), null, dev.almanac.store.ThreadStore.Origin.mcp);
                }

                @Override
                public DataTools tools() {
                    return ws.dataTools();
                }
            };
            McpServe.stdio(() -> backend, McpServe.version(), System.in, protocol);
        }
    }
}
