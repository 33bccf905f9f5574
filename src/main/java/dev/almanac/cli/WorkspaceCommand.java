package dev.almanac.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A top-level command that works on a project or database: the shared options and how to open it. */
abstract class WorkspaceCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @ParentCommand
    AlmanacCommand parent;

    /** Opens the workspace from this command's options, else those given before the command name. */
    Workspace openWorkspace() {
        return Workspace.open(global.orElse(parent.global), System.err);
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Says on standard error that an export stopped at its hard limit. */
    void warnIfCut(dev.almanac.sql.CsvExport.Written written) {
        if (!written.rowsLeftOut()) return;
        err().printf("almanac: the result has more rows than an export holds; the first %,d were written%n", written.rows());
        err().flush();
    }
}
