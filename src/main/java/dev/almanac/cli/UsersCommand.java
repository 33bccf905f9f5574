package dev.almanac.cli;

import dev.almanac.store.UserStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

@Command(name = "users", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "API users: `almanac users add NAME --role viewer|editor|admin [--project P]` prints a token once; `almanac users list`.")
final class UsersCommand extends WorkspaceCommand {
    @Parameters(index = "0", paramLabel = "ACTION", description = "add or list")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME")
    String name;

    @Option(names = "--role", defaultValue = "viewer", description = "viewer, editor or admin (default ${DEFAULT-VALUE}).")
    String role;

    @Option(names = "--for-project", paramLabel = "P", description = "Limit the user to one project.")
    String forProject;

    @Override
    public void run() {
        try (Workspace ws = openWorkspace()) {
            UserStore users = new UserStore(ws.appStore());
            switch (action) {
                case "add" -> {
                    if (name == null) throw new dev.almanac.UserError("usage: almanac users add NAME --role viewer|editor|admin");
                    String token = users.add(name, role, forProject);
                    out().println("Created " + role + " " + name + ". Token (shown once, keep it secret):");
                    out().println(token);
                }
                case "list" -> users.all().forEach(u -> out().println(u.name() + "  " + u.role() + (u.project() == null ? "" : "  " + u.project())));
                default -> throw new ParameterException(spec.commandLine(), "unknown action '" + action + "': add or list");
            }
            out().flush();
        }
    }
}
