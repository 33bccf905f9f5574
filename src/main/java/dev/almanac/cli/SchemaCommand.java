package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogRenderer;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Show the tables, their columns, keys and ranges.",
        description = {"Show tables: columns, types, keys, comments, row counts, date ranges and sample values.",
                "The catalog is cached per source and refreshed when the database file changes."})
final class SchemaCommand extends WorkspaceCommand {
    enum Format { text, json }

    @Parameters(paramLabel = "TABLE", arity = "0..1", description = "One table; all tables when omitted.")
    String table;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public void run() {
        try (Workspace ws = openWorkspace()) {
            Catalog catalog = ws.catalog();
            PrintWriter out = out();
            if (table == null) {
                out.print(format == Format.json ? Json.write(catalog) + "\n" : CatalogRenderer.render(catalog));
            } else {
                Catalog.Table t = catalog.table(table).orElseThrow(() -> unknownTable(catalog, table));
                out.print(format == Format.json ? Json.write(t) + "\n" : CatalogRenderer.render(t));
            }
            if (format == Format.text) limits(ws.source().dialect(), catalog).ifPresent(out::println);
            out.flush();
        }
    }

    /** What the engine does not report, said rather than shown as absent: keys and comments on Trino's connectors. */
    static java.util.Optional<String> limits(dev.almanac.source.Dialect dialect, Catalog catalog) {
        if (dialect != dev.almanac.source.Dialect.TRINO) return java.util.Optional.empty();
        boolean keys = catalog.tables().stream().anyMatch(t -> !t.primaryKey().isEmpty() || !t.foreignKeys().isEmpty());
        boolean comments = catalog.tables().stream().anyMatch(t -> t.comment() != null || t.columns().stream().anyMatch(c -> c.comment() != null));
        List<String> missing = new java.util.ArrayList<>();
        if (!keys) missing.add("primary or foreign keys");
        if (!comments) missing.add("comments");
        if (missing.isEmpty()) return java.util.Optional.empty();
        return java.util.Optional.of("Note: this Trino connector reports no " + String.join(" and no ", missing)
                + "; joins come from the knowledge's related tables and descriptions from its table notes (docs/KNOWLEDGE.md).");
    }

    static UserError unknownTable(Catalog catalog, String name) {
        List<String> close = catalog.closeMatches(name);
        return new UserError("unknown table '" + name + "'" + (close.isEmpty() ? "; run `almanac schema` to list tables" : "; did you mean: " + String.join(", ", close) + "?"));
    }
}
