package dev.almanac.semantic;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One example of a rule's corpus, {@code "[database: ]as asked => as read"}: the database is a Spider dev database whose
 * model `almanac init` drafts, none for a rule that reads no model's words.
 */
record CorpusExample(String database, String asked, String read) {
    private static final Pattern FORM = Pattern.compile("(?:([A-Za-z0-9_]+): )?(.+?) => (.+)");
    private static final Map<String, QuestionParser> READERS = new ConcurrentHashMap<>();

    static CorpusExample of(String example) {
        Matcher m = FORM.matcher(example);
        if (!m.matches()) throw new IllegalArgumentException("not an example of a corpus: " + example);
        return new CorpusExample(m.group(1), m.group(2), m.group(3));
    }

    /** The query the example reads into, from its JSON with single quotes for double. */
    com.fasterxml.jackson.databind.JsonNode query() throws java.io.IOException {
        return SemanticQueryJsonTest.JSON.readTree(read.replace('\'', '"'));
    }

    /**
     * Checks that the whole reader reads the question into the example's query, does not answer it when the example says
     * {@code refused}, or asks it back when it says {@code asked back}.
     */
    void assertReadWhole() throws java.io.IOException {
        QuestionParser.Result r = result();
        if (read.equals("refused")) { // not answered, and not asked back: refused with a reason, or no measure read at all
            org.assertj.core.api.Assertions.assertThat(r).as(asked).isInstanceOfAny(QuestionParser.Cannot.class, QuestionParser.NoMetric.class);
            return;
        }
        if (read.equals("asked back")) { // asked back with options, each of which reads
            org.assertj.core.api.Assertions.assertThat(r).as(asked).isInstanceOf(QuestionParser.Clarify.class);
            return;
        }
        org.assertj.core.api.Assertions.assertThat(r).as(asked).isInstanceOf(QuestionParser.Parsed.class);
        com.fasterxml.jackson.databind.JsonNode read = json(((QuestionParser.Parsed) r).query());
        org.assertj.core.api.Assertions.assertThat(read).as(asked).isEqualTo(query());
    }

    /**
     * The reader's result for the question; a question written {@code "first >> follow-up"} is the follow-up read after
     * the first, which must read.
     */
    QuestionParser.Result result() {
        int at = asked.indexOf(" >> ");
        if (at < 0) return reader().parse(asked);
        QuestionParser.Result first = reader().parse(asked.substring(0, at));
        org.assertj.core.api.Assertions.assertThat(first).as(asked).isInstanceOf(QuestionParser.Parsed.class);
        return reader().followUp(asked.substring(at + 4), ((QuestionParser.Parsed) first).query());
    }

    /** A query as its JSON, for comparing with {@link #query}. */
    static com.fasterxml.jackson.databind.JsonNode json(SemanticQuery query) {
        return SemanticQueryJsonTest.JSON.valueToTree(query);
    }

    /** The day the corpora's questions are asked on. */
    static final java.time.LocalDate TODAY = java.time.LocalDate.of(2026, 11, 22);

    /**
     * The reader over the example's database (one per database for all the corpora's tests), or null for none: a model of
     * the tests' own ({@code src/test/resources/corpus/<name>.yml} over the rows of {@code <name>.sql}, on DuckDB, for the
     * business named in {@code <name>.company} if there is one), else
     * a Spider dev database's.
     */
    QuestionParser reader() {
        return database == null ? null : READERS.computeIfAbsent(database, CorpusExample::readerOf);
    }

    private static QuestionParser readerOf(String database) {
        java.net.URL published = CorpusExample.class.getResource("/corpus/" + database + ".cortex");
        if (published != null) return publishedReader(database, published);
        java.net.URL model = CorpusExample.class.getResource("/corpus/" + database + ".yml");
        if (model == null) return QuestionWordsTest.parser(database);
        try {
            java.nio.file.Path dir = scratch(database);
            String rows = new String(CorpusExample.class.getResourceAsStream("/corpus/" + database + ".sql").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            String yaml = new String(model.openStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            java.net.URL names = CorpusExample.class.getResource("/corpus/" + database + ".company");
            List<String> company = names == null ? List.of()
                    : new String(names.openStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().map(String::strip).filter(x -> !x.isEmpty()).toList();
            LayerOnDuckDb db = LayerOnDuckDb.of(dir, database, rows, yaml, "the corpus model " + database, company);
            return new QuestionParser(db.layer, TODAY);
        } catch (Exception e) {
            throw new IllegalStateException("the corpus model " + database + " cannot be read", e);
        }
    }

    /**
     * The reader over a model another team published, as the Cortex import reads it ({@code <name>.cortex} holds the
     * published file's place from the project's folder, under {@code ../shared/interchange}), over the rows of {@code <name>.sql}.
     */
    private static QuestionParser publishedReader(String database, java.net.URL where) {
        try {
            java.nio.file.Path file = java.nio.file.Path.of(new String(where.openStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip()).toAbsolutePath();
            dev.almanac.knowledge.CortexImport.Imported imported = dev.almanac.knowledge.CortexImport.read(file, database + ".yml");
            String yaml = dev.almanac.knowledge.KnowledgeFiles.yaml(imported.file());
            String rows = new String(CorpusExample.class.getResourceAsStream("/corpus/" + database + ".sql").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            java.nio.file.Path dir = scratch(database);
            LayerOnDuckDb db = LayerOnDuckDb.of(dir, database, rows, yaml, "the published model " + file);
            return new QuestionParser(db.layer, TODAY);
        } catch (Exception e) {
            throw new IllegalStateException("the published model of " + database + " cannot be read", e);
        }
    }

    /** A folder of the test run's own for a corpus model's database, removed when the run ends (the readers are kept till then). */
    private static java.nio.file.Path scratch(String database) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("corpus-" + database);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (java.io.IOException e) {
                // a folder already gone, or one the system's cleaner will take
            }
        }));
        return dir;
    }
}
