package dev.almanac.cli;

import dev.almanac.store.UserStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

@Command(name = "users", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Manage the API's users and their tokens.",
        description = {"API users: `almanac users add NAME --role viewer|editor|admin [--project P]` prints a token once;",
                "`almanac users list [--for-project NAME]`; `almanac users remove NAME` revokes the token. Users live in the project's",
                "app store; with --project (or --for-project) the user may use only that project, and an admin manages only",
                "that project's users and reads only its audit log."})
final class UsersCommand extends WorkspaceCommand {
    @Parameters(index = "0", paramLabel = "ACTION", description = "add, list or remove")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME")
    String name;

    @Option(names = "--role", defaultValue = "viewer", description = "viewer, editor or admin (default ${DEFAULT-VALUE}).")
    String role;

    @Option(names = "--for-project", paramLabel = "NAME", description = {"add: limit the user to the project of this name (default: the --project given, if any).",
            "list: list only the users of the project of this name."})
    String forProject;

    @Override
    public void run() {
        try (Workspace ws = openWorkspace()) {
            UserStore users = new UserStore(ws.appStore());
            switch (action) {
                case "add" -> {
                    if (name == null) throw new dev.almanac.UserError("usage: almanac users add NAME --role viewer|editor|admin");
                    GlobalOptions given = global.orElse(parent.global);
                    String scope = forProject != null ? forProject : given.project != null ? ws.requireProject().name() : null;
                    String token = users.add(name, role, scope);
                    out().println("Created " + role + " " + name + ". Token (shown once, keep it secret):");
                    out().println(token);
                }
                case "list" -> (forProject == null ? users.all() : users.of(forProject)).forEach(u -> out().println(u.name() + "  " + u.role() + (u.project() == null ? "" : "  " + u.project())));
                case "remove" -> {
                    if (name == null) throw new dev.almanac.UserError("usage: almanac users remove NAME");
                    if (!users.remove(name)) throw new dev.almanac.UserError("no user '" + name + "'");
                    out().println("Removed " + name + "; their token no longer works.");
                }
                default -> throw new ParameterException(spec.commandLine(), "unknown action '" + action + "': add, list or remove");
            }
            out().flush();
        }
    }
}
