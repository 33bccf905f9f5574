package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.Problem;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.testing.DemoWarehouse;
import dev.almanac.testing.SpiderDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The drafter on sources nobody here wrote (every Spider dev database, the demo warehouse without its knowledge), and a table that vanishes. */
class ModelDrafterTest {

    /** Drafts the source and validates the model as `knowledge validate` does; returns the outcome. */
    static ModelDrafter.Outcome draftAndValidate(Source source, List<String> problemsOut) {
        Catalog catalog = new CatalogIntrospector().structure(source);
        try (Guard guard = new Guard(source.dialect())) {
            QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(30), 1000));
            ModelDrafter.Outcome o = new ModelDrafter(executor, ModelDrafter.Settings.DEFAULT, ModelDrafter.Existing.NONE, null).draft(catalog);
            KnowledgeSet set = new KnowledgeSet(o.notes(), List.of(), List.of(), List.of(), List.of(), o.files(), Map.of());
            List<Problem> problems = new KnowledgeValidator(catalog, executor, List.of(new SemanticValidator()))
                    .validate(new KnowledgeFiles.Read(set, Map.of(), List.of()));
            problems.forEach(p -> problemsOut.add(source.id() + ": " + p));
            return o;
        }
    }

    @Test
    void every_spider_dev_database_drafts_a_model_that_validates() throws Exception {
        SpiderDatabases.require();
        List<Path> files;
        try (Stream<Path> s = Files.list(SpiderDatabases.SPIDER.resolve("database"))) {
            files = s.map(d -> d.resolve(d.getFileName() + ".sqlite")).filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(19);
        List<String> problems = new ArrayList<>();
        int datasets = 0, relationships = 0;
        for (Path f : files) {
            try (Source source = Sources.openFile(f)) {
                ModelDrafter.Outcome o = draftAndValidate(source, problems);
                assertThat(o.skipped()).as(f.toString()).isEmpty();
                datasets += o.files().size();
                relationships += o.declaredRelationships() + o.inferredRelationships();
                if (f.getFileName().toString().equals("flight_2.sqlite")) {
                    // two foreign keys to one table, neither named: two relationships, not one of two columns; and Airline, whose
                    // values are the keys (uid) of the airlines, refers to them though no key is declared
                    SemanticFile flights = o.files().stream().filter(x -> x.name().equals("flights")).findFirst().orElseThrow();
                    assertThat(flights.relationships()).extracting(SemanticFile.RelationshipSpec::to).containsExactly("airports", "airports", "airlines");
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(datasets).isGreaterThan(70);
        assertThat(relationships).isGreaterThan(45);
    }

    @Test
    void the_demo_warehouse_without_its_knowledge_drafts_a_model_that_validates() {
        List<String> problems = new ArrayList<>();
        try (Source source = Sources.openFile(DemoWarehouse.file())) {
            ModelDrafter.Outcome o = draftAndValidate(source, problems);
            assertThat(o.files()).hasSizeGreaterThanOrEqualTo(50);
            assertThat(o.declaredRelationships() + o.inferredRelationships()).isGreaterThan(30);
            assertThat(o.budgetRanOut()).isFalse();
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void a_table_that_vanishes_mid_profile_is_skipped_with_the_reason_and_the_rest_drafted(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("shop.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            for (String t : List.of("alpha", "beta", "gamma")) {
                s.execute("CREATE TABLE " + t + " (id INTEGER PRIMARY KEY, label TEXT)");
                s.execute("INSERT INTO " + t + " VALUES (1, 'one'), (2, 'two')");
            }
        }
        try (Source source = Sources.openFile(db); Guard guard = new Guard(source.dialect())) {
            Catalog catalog = new CatalogIntrospector().structure(source);
            QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(30), 1000));
            ModelDrafter.Progress dropBeta = (done, total, table) -> {
                if (table.equals("alpha")) { // while the first table is read, another is dropped
                    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
                        s.execute("DROP TABLE beta");
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
            };
            ModelDrafter.Outcome o = new ModelDrafter(executor, ModelDrafter.Settings.DEFAULT, ModelDrafter.Existing.NONE, dropBeta).draft(catalog);
            assertThat(o.skipped()).singleElement().satisfies(s -> {
                assertThat(s.table()).isEqualTo("beta");
                assertThat(s.reason()).startsWith("it could not be read");
            });
            assertThat(o.files()).extracting(SemanticFile::name).containsExactly("alpha", "gamma");
        }
    }

    @Test
    void an_abbreviation_is_spelled_out_as_a_word_of_the_databases_own_names(@TempDir Path dir) throws Exception {
        Path with = dir.resolve("with.sqlite"), without = dir.resolve("without.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + with); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
            s.execute("CREATE TABLE managers (id INTEGER PRIMARY KEY, title TEXT)");
            s.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, cust_id INTEGER, mgr_no INTEGER, qty INTEGER)");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + without); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, cust_id INTEGER, mgr_no INTEGER, qty INTEGER)");
        }
        // "cust" begins customer, "mgr" is manager's consonants
        assertThat(labels(with)).contains("Customer id", "Manager number", "Quantity");
        // no table or column says what "cust" and "mgr" stand for: they stay as written; "qty" is a word of measurement anywhere
        assertThat(labels(without)).contains("Cust id", "Mgr number", "Quantity").doesNotContain("Customer id");
    }

    @Test
    void rows_are_called_by_the_things_they_are_units_are_not_asked_about_and_repeated_short_text_is_a_category(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("people.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE boats_data (id INTEGER PRIMARY KEY, net_worth_millions REAL, flag TEXT, motto TEXT, boat_length REAL)");
            String[] flags = {"Malta", "Malta", "Malta", "Panama", "Panama", "Liberia", "Greece", "Norway"};
            for (int i = 0; i < flags.length; i++) {
                s.execute("INSERT INTO boats_data VALUES (" + i + ", " + (10.5 + i) + ", '" + flags[i] + "', 'motto " + i + "', " + (20.25 + i) + ")");
            }
            s.execute("CREATE TABLE ships (id INTEGER PRIMARY KEY, name TEXT)");
            s.execute("CREATE TABLE ships_list (id INTEGER PRIMARY KEY, name TEXT)");
        }
        SemanticModel model = drafted(file);
        // "how many boats": the rows of boats_data; ships_list keeps its words, another table is called ships
        assertThat(model.dataset("boats_data").orElseThrow().synonyms()).contains("boat", "boats");
        assertThat(model.metric("boats_data_count").orElseThrow().displayName()).isEqualTo("Number of boats");
        assertThat(model.metric("ships_list_count").orElseThrow().displayName()).isEqualTo("Number of ships lists");
        // the worth asked about, in millions
        assertThat(model.dimension("boats_data.net_worth_millions").orElseThrow().synonyms()).contains("net worth");
        assertThat(model.metric("boats_data_max_net_worth_millions").orElseThrow().info().synonyms()).contains("maximum net worth", "highest net worth");
        // a boat's length is its length: "the average length of the boats"
        assertThat(model.metric("boats_data_average_boat_length").orElseThrow().info().synonyms()).contains("average boat length", "average length");
        // 5 flags over 8 boats repeat (Malta 3 times): a category to break down by; 8 mottos of 8 boats do not
        assertThat(model.dimension("boats_data.flag").orElseThrow().kind()).isEqualTo(Dimension.Kind.CATEGORICAL);
        assertThat(model.dimension("boats_data.motto").orElseThrow().kind()).isEqualTo(Dimension.Kind.TEXT);
    }

    @Test
    void a_column_called_what_another_tables_rows_are_refers_to_them_only_when_its_values_are_their_keys(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("carriers.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE carriers (uid INTEGER PRIMARY KEY, carrier_name TEXT)");
            s.execute("INSERT INTO carriers VALUES (1, 'North Air'), (2, 'South Jet'), (3, 'East Wings')");
            s.execute("CREATE TABLE trips (trip_no INTEGER PRIMARY KEY, carrier INTEGER, km INTEGER)");
            s.execute("INSERT INTO trips VALUES (10, 1, 500), (11, 1, 700), (12, 3, 250)");
            // a column of the same name whose values are no carrier's key: not a reference
            s.execute("CREATE TABLE bookings (booking_no INTEGER PRIMARY KEY, carrier INTEGER)");
            s.execute("INSERT INTO bookings VALUES (1, 7), (2, 8), (3, 9)");
        }
        SemanticModel model = drafted(file);
        assertThat(model.relationships()).extracting(r -> r.from() + " -> " + r.to() + " " + r.fromColumns() + "=" + r.toColumns())
                .containsExactly("trips -> carriers [carrier]=[uid]");
    }

    @Test
    void the_last_noun_of_a_tables_name_calls_its_rows_where_nothing_else_is_called_so(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("makers.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE car_makers (id INTEGER PRIMARY KEY, full_name TEXT)");
            s.execute("INSERT INTO car_makers VALUES (1, 'General Motors'), (2, 'Fiat')");
            s.execute("CREATE TABLE model_list (model_id INTEGER PRIMARY KEY, maker INTEGER REFERENCES car_makers(id), model TEXT)");
            s.execute("INSERT INTO model_list VALUES (1, 1, 'buick'), (2, 2, 'fiat')");
            s.execute("CREATE TABLE tv_series (id INTEGER PRIMARY KEY, episode TEXT)");
            s.execute("INSERT INTO tv_series VALUES (1, 'Pilot')");
            s.execute("CREATE TABLE tv_channels (id INTEGER PRIMARY KEY, series_name TEXT)");
            s.execute("INSERT INTO tv_channels VALUES (1, 'Sky Radio')");
        }
        SemanticModel model = drafted(file);
        // "makers": the model list's maker column refers to these rows
        assertThat(model.dataset("car_makers").orElseThrow().synonyms()).contains("makers");
        // "list" is a verb too; the channels have a "series name" that is no series' row; "channel" is a verb too
        assertThat(model.dataset("model_list").orElseThrow().synonyms()).doesNotContain("list", "lists");
        assertThat(model.dataset("tv_series").orElseThrow().synonyms()).doesNotContain("series");
        assertThat(model.dataset("tv_channels").orElseThrow().synonyms()).doesNotContain("channel", "channels");
    }

    private static List<String> labels(Path file) {
        return drafted(file).dimensions().stream().filter(d -> d.dataset().equals("orders")).map(d -> d.label() == null ? d.name() : d.label()).toList();
    }

    /** The model drafted for a database file, checked to validate. */
    private static SemanticModel drafted(Path file) {
        try (Source source = Sources.openFile(file)) {
            List<String> problems = new ArrayList<>();
            SemanticModel model = SemanticModel.of(draftAndValidate(source, problems).files(), source.dialect());
            assertThat(problems).isEmpty();
            return model;
        }
    }
}
