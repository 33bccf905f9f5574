package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A semantic layer over a real DuckDB file: the rows written by the test's SQL, the model read from a knowledge folder as a
 * project's is (its file must load without problems or issues), the value index built from the data.
 */
final class LayerOnDuckDb implements AutoCloseable {
    final Source source;
    final Guard guard;
    final SemanticLayer layer;

    private LayerOnDuckDb(Source source, Guard guard, SemanticLayer layer) {
        this.source = source;
        this.guard = guard;
        this.layer = layer;
    }

    /** {@code rows}: statements separated by ";"; {@code model}: a semantic file's YAML; {@code why}: what its loading without issues says. */
    static LayerOnDuckDb of(Path dir, String name, String rows, String model, String why) throws Exception {
        return of(dir, name, rows, model, why, java.util.List.of());
    }

    /** The same, for a business called by the names given ("we" in a question). */
    static LayerOnDuckDb of(Path dir, String name, String rows, String model, String why, java.util.List<String> company) throws Exception {
        Path db = dir.resolve(name + ".duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            for (String sql : rows.split(";")) if (!sql.isBlank()) s.execute(sql);
        }
        Path k = dir.resolve("knowledge/semantic");
        Files.createDirectories(k);
        Files.writeString(k.resolve(name + ".yml"), model);
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir.resolve("knowledge"));
        assertThat(read.problems()).isEmpty();
        SemanticModel.Loaded loaded = SemanticModel.load(read.knowledge().semantic());
        assertThat(loaded.issues()).as(why).isEmpty();
        Source source = Sources.openFile(db);
        Guard guard = new Guard(source.dialect());
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        return new LayerOnDuckDb(source, guard, new SemanticLayer(loaded.model(), KnowledgeSet.EMPTY,
                ValueIndex.build(loaded.model(), executor, ValueIndex.DEFAULT_LIMIT), executor, company));
    }

    /** How the layer's question reader reads a question on a day. */
    QuestionParser.Result parse(java.time.LocalDate today, String question) {
        return layer.withParser(today, p -> p.parse(question));
    }

    /** The semantic query a question is read into; fails the test when it is not read whole. */
    SemanticQuery query(java.time.LocalDate today, String question) {
        QuestionParser.Result r = parse(today, question);
        assertThat(r).as(question).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query();
    }

    /** Rows as lines, cells joined by " | ", numbers without trailing zeros. */
    static List<String> lines(List<List<Object>> rows) {
        return rows.stream().map(r -> r.stream().map(v -> v instanceof Number n ? new BigDecimal(n.toString()).stripTrailingZeros().toPlainString() : String.valueOf(v))
                .collect(Collectors.joining(" | "))).toList();
    }

    @Override
    public void close() {
        guard.close();
        source.close();
    }
}
