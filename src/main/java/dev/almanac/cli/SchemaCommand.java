package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogRenderer;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Show tables: columns, types, keys, comments, row counts, date ranges and sample values.",
                "The catalog is cached per source and refreshed when the database file changes."})
final class SchemaCommand implements Runnable {
    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @ParentCommand
    AlmanacCommand parent;

    @Parameters(paramLabel = "TABLE", arity = "0..1", description = "One table; all tables when omitted.")
    String table;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public void run() {
        try (Workspace ws = Workspace.open(global.orElse(parent.global), System.err)) {
            Catalog catalog = ws.catalog();
            PrintWriter out = spec.commandLine().getOut();
            if (table == null) {
                out.print(format == Format.json ? Json.write(catalog) + "\n" : CatalogRenderer.render(catalog));
            } else {
                Catalog.Table t = catalog.table(table).orElseThrow(() -> unknownTable(catalog, table));
                out.print(format == Format.json ? Json.write(t) + "\n" : CatalogRenderer.render(t));
            }
            out.flush();
        }
    }

    static UserError unknownTable(Catalog catalog, String name) {
        List<String> close = closeMatches(name, catalog.tables().stream().map(Catalog.Table::qualifiedName).toList());
        return new UserError("unknown table '" + name + "'" + (close.isEmpty() ? "; run `almanac schema` to list tables" : "; did you mean: " + String.join(", ", close) + "?"));
    }

    /** Up to three names within a small edit distance, or containing the word (or contained in it). */
    static List<String> closeMatches(String wanted, List<String> names) {
        String w = wanted.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(n -> distance(w, n.toLowerCase(Locale.ROOT)) <= Math.max(2, w.length() / 3)
                        || n.toLowerCase(Locale.ROOT).contains(w) || (w.length() >= 4 && w.contains(n.toLowerCase(Locale.ROOT))))
                .sorted(Comparator.comparingInt((String n) -> distance(w, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
                .limit(3)
                .toList();
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
