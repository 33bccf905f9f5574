package dev.almanac.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.agent.Answer;
import dev.almanac.cli.BenchAccess;
import dev.almanac.eval.Comparison;
import dev.almanac.eval.ResultComparator;
import dev.almanac.eval.Table;
import dev.almanac.eval.Verdict;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The published-model part of {@link NoModelBench} (issue 31): each semantic model another team published with its own
 * questions and answers (Cortex Analyst's verified queries: a question and the SQL its author verified), imported by the
 * real {@code almanac knowledge import --cortex} into a project over a DuckDB warehouse of the model's tables, its
 * verified queries then taken out, so that every published question is read by the reader from the model alone, without a
 * language model. The answer's rows are compared with the published SQL's rows on the same warehouse (exact, ordered when
 * the SQL orders). The warehouse's rows are generated from the model itself, each column from its data type and the
 * sample values the author gave, with a fixed seed, so the run is repeatable and its data written by nobody here.
 */
final class InterchangeWithoutModel {
    private static final Path INTERCHANGE = Path.of("..", "shared", "interchange").toAbsolutePath().normalize();
    /** The published models that come with questions, and where they are. */
    private static final List<Path> CORTEX = List.of(INTERCHANGE.resolve("cortex/tasty-bytes/harmonized_customer_metrics.yaml"));
    private static final int ROWS = 500;
    private static final long SEED = 31;
    private static final Pattern SCALE = Pattern.compile("(?i)^(?:NUMBER|NUMERIC|DECIMAL)\\s*\\(\\s*\\d+\\s*,\\s*(\\d+)\\s*\\)");

    record Result(String project, String question, SpiderWithoutModel.Outcome outcome, String detail) {}

    private InterchangeWithoutModel() {}

    static void run(Path home) throws Exception {
        List<Result> results = new ArrayList<>();
        for (Path model : CORTEX) results.addAll(cortex(home, model));
        StringBuilder body = new StringBuilder("""
                Every question another team published with its semantic model (Cortex Analyst's verified queries), asked without a model
                over the project `almanac knowledge import --cortex` makes of it, the verified queries taken out of the project first (so
                the reader reads each question from the model alone). The warehouse is DuckDB, one table per logical table, %d rows
                generated from the model with a fixed seed (each column from its data type and the author's sample values); the answer's
                rows are compared with the rows of the SQL the author verified, on the same warehouse (exact, ordered when it orders).
                The dbt projects in `../shared/interchange` publish saved queries (metrics by dimensions), not questions, and the Ossie
                examples none: they have no question to ask. `bench/run NoModelBench interchange`.

                | project | question | outcome | detail |
                |---|---|---|---|
                """.formatted(ROWS));
        for (Result r : results) {
            body.append("| ").append(r.project()).append(" | ").append(r.question()).append(" | ").append(r.outcome().label).append(" | ")
                    .append(r.detail().replace("|", "\\|").replace("\n", " ")).append(" |\n");
        }
        long right = results.stream().filter(r -> r.outcome() == SpiderWithoutModel.Outcome.RIGHT).count();
        long wrong = results.stream().filter(r -> r.outcome() == SpiderWithoutModel.Outcome.WRONG).count();
        body.append("\n").append(results.size()).append(" published questions: ").append(right).append(" right, ").append(wrong)
                .append(" wrong, ").append(results.size() - right - wrong).append(" refused or asked back.\n");
        Report.write("nomodel-interchange", "Published models' own questions without a model (issue 31)", body.toString());
    }

    private static List<Result> cortex(Path home, Path model) throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(model.toFile());
        String project = model.getParent().getFileName().toString();
        Path dir = home.resolve("interchange-" + project);
        Files.createDirectories(dir.resolve("knowledge"));
        Path warehouse = dir.resolve("warehouse.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + warehouse); Statement s = c.createStatement()) {
            Random random = new Random(SEED);
            for (JsonNode t : root.path("tables")) generate(s, t, random);
        }
        Files.writeString(dir.resolve("almanac.yml"), "name: " + project + "\nsource: " + warehouse + "\nknowledge: knowledge\n");
        InProcess.almanac("knowledge", "import", "--cortex", model.toString(), "--project", dir.toString());
        deleteTree(dir.resolve("knowledge").resolve("queries")); // the published answers: the reader must not see them
        // the published answers' rows first: the project's source then opens the warehouse as it does
        List<Table> expected = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + warehouse); Statement s = c.createStatement()) {
            for (JsonNode vq : root.path("verified_queries")) {
                try (ResultSet rs = s.executeQuery(vq.path("sql").asText())) {
                    expected.add(Table.of(rs));
                }
            }
        }
        List<Result> out = new ArrayList<>();
        try (BenchAccess.Asker asker = BenchAccess.askWithoutModel(dir)) {
            int i = 0;
            for (JsonNode vq : root.path("verified_queries")) {
                String question = vq.path("question").asText();
                out.add(compare(project, question, vq.path("sql").asText(), expected.get(i++), asker.ask(question)));
            }
        }
        return out;
    }

    private static Result compare(String project, String question, String sql, Table expected, Answer a) {
        boolean noRows = a.data() == null || a.data().rows() == null || a.data().rows().isEmpty() && (a.provenance() == null || a.provenance().sql().isEmpty());
        if (noRows) {
            SpiderWithoutModel.Outcome o = a.kind() == Answer.Kind.clarification ? SpiderWithoutModel.Outcome.ASKED_BACK : SpiderWithoutModel.Outcome.REFUSED;
            return new Result(project, question, o, a.answer());
        }
        Verdict v = ResultComparator.compare(expected, new Table(a.data().columns(), a.data().rows()), Comparison.EXACT, 0, ResultComparator.ordersResult(sql));
        return v.passed() ? new Result(project, question, SpiderWithoutModel.Outcome.RIGHT, a.provenance() == null || a.provenance().readAs() == null ? "" : "read as: " + a.provenance().readAs())
                : new Result(project, question, SpiderWithoutModel.Outcome.WRONG, v.reason());
    }

    /** A logical table's rows: each column from its data type, text from the author's sample values. */
    private static void generate(Statement s, JsonNode table, Random random) throws Exception {
        String name = table.path("base_table").path("table").asText(table.path("name").asText());
        List<JsonNode> columns = new ArrayList<>();
        for (String kind : List.of("dimensions", "time_dimensions", "facts", "measures")) table.path(kind).forEach(columns::add);
        List<String> defs = new ArrayList<>();
        for (JsonNode c : columns) defs.add(c.path("expr").asText(c.path("name").asText()) + " " + duckType(c));
        s.execute("CREATE TABLE " + name + " (" + String.join(", ", defs) + ")");
        for (int row = 0; row < ROWS; row++) {
            List<String> values = new ArrayList<>();
            for (JsonNode c : columns) values.add(value(c, row, random));
            s.execute("INSERT INTO " + name + " VALUES (" + String.join(", ", values) + ")");
        }
        String logical = table.path("name").asText();
        if (!logical.equalsIgnoreCase(name)) s.execute("CREATE VIEW " + logical + " AS SELECT * FROM " + name);
    }

    private static String duckType(JsonNode column) {
        String type = column.path("data_type").asText("VARCHAR").toUpperCase(Locale.ROOT);
        Matcher scale = SCALE.matcher(type);
        if (scale.find()) return Integer.parseInt(scale.group(1)) == 0 ? "BIGINT" : "DECIMAL(38," + scale.group(1) + ")";
        if (type.startsWith("ARRAY")) return "DOUBLE[]";
        if (type.startsWith("DATE")) return "DATE";
        if (type.startsWith("TIMESTAMP")) return "TIMESTAMP";
        if (type.startsWith("BOOLEAN")) return "BOOLEAN";
        if (type.startsWith("NUMBER") || type.startsWith("INT") || type.startsWith("FLOAT") || type.startsWith("DOUBLE")) return "DOUBLE";
        return "VARCHAR";
    }

    private static String value(JsonNode column, int row, Random random) {
        String type = duckType(column);
        List<String> samples = new ArrayList<>();
        column.path("sample_values").forEach(v -> samples.add(v.asText()));
        if (type.equals("BIGINT")) return Long.toString(100_000L + row); // an identifier: one per row
        if (type.startsWith("DECIMAL") || type.equals("DOUBLE")) {
            int scale = type.startsWith("DECIMAL") ? Integer.parseInt(type.replaceAll("\\D+", " ").trim().split(" ")[1]) : 2;
            return random.nextInt(20) == 0 ? "NULL" : BigDecimal.valueOf(random.nextInt(500_000), 2).setScale(scale, RoundingMode.UNNECESSARY).toPlainString();
        }
        if (type.equals("DOUBLE[]")) {
            List<String> ids = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) ids.add(Integer.toString(5_000 + random.nextInt(10_000)));
            return "[" + String.join(", ", ids) + "]";
        }
        if (type.equals("DATE") || type.equals("TIMESTAMP")) return "'" + LocalDate.of(2024, 1, 1).plusDays(random.nextInt(730)) + "'";
        if (type.equals("BOOLEAN")) return Boolean.toString(random.nextBoolean());
        String text = samples.isEmpty() ? column.path("name").asText().toLowerCase(Locale.ROOT) + " " + row : samples.get(random.nextInt(samples.size()));
        return "'" + text.replace("'", "''") + "'";
    }

    private static void deleteTree(Path dir) throws Exception {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
