package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.knowledge.SemanticFile.DimensionSpec;
import dev.almanac.knowledge.SemanticFile.MetricSpec;
import dev.almanac.knowledge.SemanticFile.RelationshipSpec;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.testing.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code almanac init --db} on real SQLite, DuckDB and PostgreSQL sources: declared and undeclared keys, epoch and text dates,
 * codes that look numeric, a table without a usable key; the drafted model validates and its metrics run. Fixtures are a small
 * lending library, a domain the demo does not have.
 */
class InitCommandTest {
    @TempDir
    static Path home;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    /** members (declared key), loans (no declared key, an undeclared reference to members, ISO text dates), a log without a key. */
    static Path librarySqlite(Path dir) throws Exception {
        Path file = dir.resolve("library.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE members (member_id INTEGER PRIMARY KEY, fullName TEXT, home_city TEXT, postcode TEXT, joined_epoch INTEGER, birth_year INTEGER, height_cm TEXT)");
            s.execute("CREATE TABLE loans (loan_id INTEGER, member_id INTEGER, loaned_on TEXT, fine_amt REAL, late_days INTEGER, shelf TEXT)");
            s.execute("CREATE TABLE visit_log (message TEXT, level TEXT)");
            String[] cities = {"Aarhus", "Bergen", "Cork"};
            for (int i = 1; i <= 30; i++) {
                s.execute("INSERT INTO members VALUES (" + i + ", 'Member " + i + "', '" + cities[i % 3] + "', '0" + (1000 + i) + "', "
                        + (1_600_000_000L + i * 86_400L * 7) + ", " + (1950 + i) + ", '" + (150 + i) + ".5')");
            }
            for (int i = 1; i <= 120; i++) {
                s.execute("INSERT INTO loans VALUES (" + i + ", " + (1 + i % 30) + ", '2024-" + String.format("%02d", 1 + i % 12) + "-" + String.format("%02d", 1 + i % 28)
                        + "', " + (i % 5) * 0.5 + ", " + (i % 9) + ", 'S" + (i % 4) + "')");
            }
            for (int i = 0; i < 40; i++) s.execute("INSERT INTO visit_log VALUES ('visitor number " + i + " came in and looked around the shelves', '" + (i % 2 == 0 ? "info" : "warn") + "')");
        }
        return file;
    }

    static SemanticFile semantic(Path project, String name) {
        KnowledgeFiles.Read read = KnowledgeFiles.read(project.resolve("knowledge"));
        assertThat(read.problems()).isEmpty();
        return read.knowledge().semantic().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no semantic file " + name));
    }

    static DimensionSpec dimension(SemanticFile f, String name) {
        return f.datasets().get(0).dimensions().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no dimension " + name));
    }

    static Optional<MetricSpec> metric(SemanticFile f, String name) {
        return f.metrics().stream().filter(m -> m.name().equals(name)).findFirst();
    }

    static void validates(Path project) {
        CliTest.Run v = CliTest.run("knowledge", "validate", "--project", project.toString());
        assertThat(v.code()).as(v.err()).isZero();
    }

    /** The rows of `almanac query ARGS` (header left out), a whole number written alike by every engine (40, not 40.0). */
    static List<String> rows(Path project, String... args) {
        return CliTest.queryRows(project, args).stream().map(l -> l.replaceAll("(\\d)\\.0\\b", "$1")).toList();
    }

    @Test
    void drafts_a_sqlite_library_with_an_inferred_key_and_reference_epoch_and_text_dates_and_numeric_codes(@TempDir Path dir) throws Exception {
        Path db = librarySqlite(dir);
        Path project = dir.resolve("project");
        CliTest.Run r = CliTest.run("init", project.toString(), "--db", db.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Drafted 3 datasets").contains("1 inferred");
        assertThat(project.resolve("almanac.yml")).exists();
        validates(project);
        CliTest.Run imported = CliTest.run("knowledge", "import", "--project", project.toString());
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("3 table notes").contains("3 semantic model files");

        SemanticFile members = semantic(project, "members");
        assertThat(members.datasets().get(0).primaryKey()).containsExactly("member_id");
        assertThat(members.datasets().get(0).drafted()).contains("declared primary key");
        // epoch seconds read from the values, text digits with leading zeros kept as an identifier, a name labelling the row
        assertThat(dimension(members, "joined_epoch").type()).isEqualTo("time");
        assertThat(dimension(members, "joined_epoch").expr()).contains("unixepoch");
        assertThat(dimension(members, "joined_epoch").drafted()).contains("epoch seconds");
        assertThat(dimension(members, "postcode").type()).isEqualTo("identifier");
        assertThat(dimension(members, "full_name").labelOf()).isEqualTo("member");
        assertThat(dimension(members, "full_name").label()).isEqualTo("Full name");
        assertThat(dimension(members, "home_city").type()).isEqualTo("categorical");
        // a year and an id are never summed
        assertThat(members.metrics()).noneMatch(m -> "sum".equals(m.agg()) && m.expr() != null
                && (m.expr().contains("birth_year") || m.expr().contains("member_id") || m.expr().contains("postcode")));
        assertThat(metric(members, "members_max_birth_year")).isPresent();
        // numbers written as text are read as numbers (a code of digits is not)
        assertThat(dimension(members, "height_cm").type()).isEqualTo("number");
        assertThat(dimension(members, "height_cm").expr()).startsWith("CAST(");
        assertThat(metric(members, "members_average_height_cm")).isPresent();
        assertThat(metric(members, "members_total_height_cm")).isEmpty();

        SemanticFile loans = semantic(project, "loans");
        assertThat(loans.datasets().get(0).primaryKey()).containsExactly("loan_id");
        assertThat(loans.datasets().get(0).drafted()).contains("no primary key is declared").contains("loan_id");
        RelationshipSpec toMembers = loans.relationships().get(0);
        assertThat(toMembers.to()).isEqualTo("members");
        assertThat(toMembers.drafted()).contains("inferred").contains("all 30 distinct values sampled are keys of members");
        assertThat(dimension(loans, "loaned_on").type()).isEqualTo("time");
        assertThat(dimension(loans, "loaned_on").grain()).isEqualTo("day");
        assertThat(dimension(loans, "fine_amt").label()).isEqualTo("Fine amount");
        assertThat(metric(loans, "loans_total_fine_amt")).map(MetricSpec::agg).contains("sum");
        assertThat(metric(loans, "loans_distinct_member_id")).map(MetricSpec::agg).contains("count_distinct");

        SemanticFile log = semantic(project, "visit_log");
        assertThat(log.datasets().get(0).primaryKey()).isEmpty();
        assertThat(dimension(log, "message").type()).isEqualTo("text");
        assertThat(dimension(log, "level").type()).isEqualTo("categorical");

        // every item is drafted, and the metrics run: over a relationship inferred from the data, by a drafted time dimension
        assertThat(members.metrics()).allMatch(m -> m.drafted() != null);
        assertThat(rows(project, "--metric", "loans_total_fine_amt").get(0)).startsWith("120");
        assertThat(rows(project, "--metric", "loans_count", "--by", "home_city"))
                .containsExactlyInAnyOrder("Aarhus,40", "Bergen,40", "Cork,40");
        assertThat(rows(project, "--metric", "visit_log_count")).containsExactly("40");
        assertThat(rows(project, "--metric", "members_count", "--grain", "year", "--from", "2020-01-01", "--to", "2022-01-01"))
                .containsExactly("2020-01-01,15", "2021-01-01,15");
        // identifiers and free text are attributes, never breakdowns offered by a metric
        CliTest.Run show = CliTest.run("metrics", "show", "loans_count", "--project", project.toString());
        assertThat(show.out()).contains("home_city").doesNotContain("postcode").doesNotContain("message");
    }

    @Test
    void a_database_file_given_with_db_and_no_project_is_answered_from_a_drafted_model(@TempDir Path dir) throws Exception {
        Path db = librarySqlite(dir);
        CliTest.Run r = CliTest.run("--db", db.toString(), "ask", "How many members do we have?", "--llm", "none");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Number of members was 30");
        CliTest.Run avg = CliTest.run("--db", db.toString(), "ask", "total fine amount by home city", "--llm", "none", "--format", "json");
        assertThat(avg.code()).as(avg.err()).isZero();
        assertThat(avg.out()).contains("Aarhus").contains("semantic:loans_total_fine_amt");
        // a count of different values says the count in its first line
        CliTest.Run cities = CliTest.run("--db", db.toString(), "ask", "How many different home cities are there?", "--llm", "none");
        assertThat(cities.code()).as(cities.err()).isZero();
        long distinct;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT count(DISTINCT home_city) FROM members")) {
            rs.next();
            distinct = rs.getLong(1);
        }
        assertThat(cities.out().lines().findFirst().orElse("")).isEqualTo("Distinct home cities: " + distinct + ".");
    }

    @Test
    void refuses_a_folder_with_knowledge_and_merge_adds_only_what_is_new(@TempDir Path dir) throws Exception {
        Path db = librarySqlite(dir);
        Path project = dir.resolve("project");
        assertThat(CliTest.run("init", project.toString(), "--db", db.toString(), "-q").code()).isZero();
        Path members = project.resolve("knowledge/semantic/members.yml");
        String edited = Files.readString(members).replace("label: Home city", "label: Branch town");
        Files.writeString(members, edited);

        CliTest.Run again = CliTest.run("init", project.toString(), "--db", db.toString(), "-q");
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err().strip().lines().count()).isEqualTo(1);
        assertThat(again.err()).contains("already has knowledge").contains("--merge");

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, branch_name TEXT)");
            s.execute("INSERT INTO branches VALUES (1, 'North'), (2, 'South')");
        }
        CliTest.Run merged = CliTest.run("init", project.toString(), "--db", db.toString(), "--merge", "-q");
        assertThat(merged.code()).as(merged.err()).isZero();
        assertThat(merged.out()).contains("Drafted 1 datasets");
        assertThat(Files.readString(members)).isEqualTo(edited);
        assertThat(project.resolve("knowledge/semantic/branches.yml")).exists();
        assertThat(project.resolve("knowledge/tables/branches.yml")).exists();
        validates(project);
    }

    @Test
    void drafts_a_duckdb_source_with_declared_keys_a_view_and_a_monthly_date(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("library.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE authors (author_id INTEGER PRIMARY KEY, author_name VARCHAR, nationality VARCHAR)");
            s.execute("CREATE TABLE books (isbn VARCHAR PRIMARY KEY, title VARCHAR, author_id INTEGER REFERENCES authors(author_id), published DATE, "
                    + "pages INTEGER, rating DOUBLE, stock_month DATE, added_at TIMESTAMP, publisher_code VARCHAR)");
            s.execute("INSERT INTO authors SELECT i, 'Author ' || i, CASE WHEN i % 2 = 0 THEN 'Danish' ELSE 'Irish' END FROM range(1, 11) t(i)");
            s.execute("INSERT INTO books SELECT lpad(CAST(i AS VARCHAR), 13, '0'), 'Book ' || i, 1 + i % 10, DATE '2000-01-01' + CAST(i * 40 AS INTEGER), "
                    + "100 + i, (i % 5) + 0.5, make_date(2023, 1 + i % 12, 1), TIMESTAMP '2024-01-01 08:00:00' + INTERVAL (i) HOUR, '00' || (i % 3) FROM range(1, 61) t(i)");
            s.execute("CREATE VIEW long_books AS SELECT isbn, title, pages FROM books WHERE pages > 130");
        }
        Path project = dir.resolve("project");
        CliTest.Run r = CliTest.run("init", project.toString(), "--db", db.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        validates(project);
        SemanticFile books = semantic(project, "books");
        assertThat(books.relationships()).singleElement().satisfies(rel -> {
            assertThat(rel.to()).isEqualTo("authors");
            assertThat(rel.drafted()).startsWith("declared foreign key");
        });
        assertThat(dimension(books, "published").type()).isEqualTo("time");
        assertThat(dimension(books, "stock_month").grain()).isEqualTo("month");
        assertThat(dimension(books, "added_at").type()).isEqualTo("time");
        assertThat(dimension(books, "isbn").type()).isEqualTo("identifier");
        assertThat(dimension(books, "publisher_code").type()).isIn("categorical", "identifier");
        assertThat(metric(books, "books_total_rating")).isEmpty(); // a rating is averaged, never summed
        assertThat(metric(books, "books_average_rating")).isPresent();
        assertThat(metric(books, "books_total_pages")).isPresent();
        assertThat(semantic(project, "long_books").datasets().get(0).table()).isEqualTo("long_books");
        assertThat(rows(project, "--metric", "books_total_pages", "--by", "nationality"))
                .containsExactlyInAnyOrder("Danish,3900", "Irish,3930");
    }

    @Test
    void drafts_a_postgres_source_with_undeclared_keys_epoch_milliseconds_and_a_table_without_a_key() {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String url = pg.createDatabase("init_library");
        pg.execute("init_library",
                "CREATE TABLE shelves (id integer PRIMARY KEY, shelf_label text, floor integer)",
                "CREATE TABLE copies (copy_id integer, shelf_id integer, acquired_ms bigint, acquired_on text, price numeric(8,2), condition text)",
                "CREATE TABLE notes (body text)",
                "COMMENT ON COLUMN copies.condition IS 'wear grade'",
                "INSERT INTO shelves SELECT i, 'Shelf ' || i, i % 3 FROM generate_series(1, 12) i",
                "INSERT INTO copies SELECT i, 1 + i % 12, 1700000000000 + i * 3600000, to_char(DATE '2023-03-01' + i, 'YYYY-MM-DD'), i * 1.25, "
                        + "CASE WHEN i % 3 = 0 THEN 'good' ELSE 'worn' END FROM generate_series(1, 90) i",
                "INSERT INTO notes SELECT 'a long free text note number ' || i || ' about what happened at the desk' FROM generate_series(1, 20) i");
        Path project = home.resolve("pg-project");
        CliTest.Run r = CliTest.run("init", project.toString(), "--db", url, "-q");
        assertThat(r.code()).as(r.err()).isZero();
        validates(project);
        SemanticFile copies = semantic(project, "copies");
        assertThat(copies.datasets().get(0).primaryKey()).containsExactly("copy_id");
        assertThat(copies.relationships()).singleElement().satisfies(rel -> {
            assertThat(rel.to()).isEqualTo("shelves");
            assertThat(rel.drafted()).contains("inferred");
        });
        assertThat(dimension(copies, "acquired_ms").type()).isEqualTo("time");
        assertThat(dimension(copies, "acquired_ms").drafted()).contains("milliseconds");
        assertThat(dimension(copies, "acquired_on").type()).isEqualTo("time");
        assertThat(dimension(copies, "condition").description()).isEqualTo("wear grade");
        assertThat(dimension(copies, "condition").synonyms()).contains("wear grade");
        assertThat(semantic(project, "notes").datasets().get(0).primaryKey()).isEmpty();
        assertThat(rows(project, "--metric", "copies_count", "--by", "condition"))
                .containsExactlyInAnyOrder("good,30", "worn,60");
        assertThat(rows(project, "--metric", "copies_count", "--by", "shelf_label")).hasSize(12);
        assertThat(metric(copies, "copies_total_price")).isEmpty(); // a price is averaged, never summed
        assertThat(rows(project, "--metric", "copies_max_price")).singleElement().asString().startsWith("112.5");
        assertThat(Files.exists(project.resolve("almanac.yml"))).isTrue();
    }

    @Test
    void a_source_that_cannot_be_read_is_one_line_and_exit_2(@TempDir Path dir) throws Exception {
        Path notADb = dir.resolve("notes.txt");
        Files.writeString(notADb, "just some text, not a database");
        CliTest.Run r = CliTest.run("init", dir.resolve("p").toString(), "--db", notADb.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        CliTest.Run closed = CliTest.run("init", dir.resolve("p").toString(), "--db", "jdbc:postgresql://127.0.0.1:1/none?user=x&password=secret");
        assertThat(closed.code()).isEqualTo(2);
        assertThat(closed.err().strip().lines()).hasSize(1);
        assertThat(closed.err()).contains("cannot read").doesNotContain("secret");
        assertThat(dir.resolve("p/almanac.yml")).doesNotExist();
    }

    @Test
    void a_budget_that_runs_out_keeps_what_was_drafted_and_says_so(@TempDir Path dir) throws Exception {
        Path db = librarySqlite(dir);
        Path project = dir.resolve("project");
        CliTest.Run r = CliTest.run("init", project.toString(), "--db", db.toString(), "--budget", "1ms", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("time budget").contains("ran out").contains("from the catalog alone");
        validates(project);
        SemanticFile members = semantic(project, "members");
        assertThat(members.datasets().get(0).drafted()).contains("catalog only");
        assertThat(members.datasets().get(0).primaryKey()).containsExactly("member_id"); // declared: known without reading a row
        assertThat(dimension(members, "home_city").type()).isEqualTo("text"); // not sampled: not guessed a category
        assertThat(members.metrics()).noneMatch(m -> "sum".equals(m.agg()) && m.expr().contains("joined_epoch")); // named as a moment: never summed
    }

    @Test
    void a_table_of_a_thousand_columns_drafts_and_validates(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("wide.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            StringBuilder create = new StringBuilder("CREATE TABLE readings (reading_id INTEGER PRIMARY KEY");
            for (int i = 1; i < 1000; i++) create.append(", sensor_").append(i).append(i % 2 == 0 ? " REAL" : " TEXT");
            s.execute(create.append(")").toString());
            for (int row = 1; row <= 20; row++) {
                StringBuilder insert = new StringBuilder("INSERT INTO readings VALUES (" + row);
                for (int i = 1; i < 1000; i++) insert.append(", ").append(i % 2 == 0 ? String.valueOf(row * 0.5) : "'v" + (row % 3) + "'");
                s.execute(insert.append(")").toString());
            }
        }
        Path project = dir.resolve("project");
        CliTest.Run r = CliTest.run("init", project.toString(), "--db", db.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        validates(project);
        SemanticFile f = semantic(project, "readings");
        assertThat(f.datasets().get(0).dimensions()).hasSize(1000);
        assertThat(SemanticModel.load(List.of(f)).ok()).isTrue();
    }
}
