package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The phrases a parser makes from the model alone, kept between runs: a library's loans, written for this test, read by
 * a layer that makes them and writes them down, then by fresh layers (another run) that read them back, give the same
 * readings; a damaged file is made again, and another build of Almanac keeps its own.
 */
class PhraseCacheTest {
    static final LocalDate TODAY = LocalDate.of(2026, 3, 10);
    static final String ROWS = """
            CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, branch_name VARCHAR, city VARCHAR);
            INSERT INTO branches VALUES (1, 'Harbour', 'Leith'), (2, 'Hilltop', 'Morningside');
            CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, branch_id INTEGER, lent_on DATE, returned_on DATE, fine DECIMAL(6,2), medium VARCHAR);
            INSERT INTO loans VALUES (1, 1, '2025-11-02', '2025-11-20', 0, 'book'), (2, 1, '2025-12-14', NULL, 1.5, 'audiobook'),
              (3, 2, '2026-01-05', '2026-01-30', 0.5, 'book'), (4, 2, '2026-02-11', NULL, 0, 'film'), (5, 1, '2026-02-20', '2026-03-01', 2, 'book')
            """;
    static final String MODEL = """
            name: library
            datasets:
              - name: branches
                table: branches
                primary_key: [branch_id]
                entities:
                  - {name: branch, type: primary, expr: branch_id}
                dimensions:
                  - {name: branch_name, type: categorical, label: Branch name}
                  - {name: city, type: categorical, label: City, synonyms: [town]}
              - name: loans
                table: loans
                primary_key: [loan_id]
                default_time_dimension: lent_on
                entities:
                  - {name: loan, type: primary, expr: loan_id}
                  - {name: branch, type: foreign, expr: branch_id}
                dimensions:
                  - {name: lent_on, type: time, grain: day, label: Date of lending}
                  - {name: medium, type: categorical, label: Loan medium, synonyms: [format]}
                  - {name: date_returned, type: time, grain: day, expr: returned_on}
            metrics:
              - {name: loans_count, type: simple, dataset: loans, agg: count, label: Number of loans, synonyms: [borrowings]}
              - {name: fines_collected, type: simple, dataset: loans, agg: sum, expr: fine, label: Fines collected, unit: GBP}
              - {name: average_fine_per_loan, type: simple, dataset: loans, agg: avg, expr: fine, label: Average fine per loan}
            """;
    static final List<String> QUESTIONS = List.of("number of loans by city in 2026", "fines collected by loan medium last month",
            "borrowings by format", "AFPL by town", "average fine per loan by branch name in Q1 2026", "number of loans by medium of loan in 2025");

    /** The readings of the questions by a fresh layer (a run of its own), keeping its phrases in the cache given, or none. */
    private static List<String> readings(Path dir, String run, PhraseCache cache) throws Exception {
        Files.createDirectories(dir.resolve(run));
        try (LayerOnDuckDb db = LayerOnDuckDb.of(dir.resolve(run), "library", ROWS, MODEL, "a library's loans")) {
            if (cache != null) db.layer.keepingPhrases(cache);
            List<String> out = new ArrayList<>();
            for (String q : QUESTIONS) out.add(String.valueOf(db.parse(TODAY, q)));
            return out;
        }
    }

    @Test
    void phrases_kept_by_one_run_are_read_by_the_next_with_the_same_readings(@TempDir Path dir) throws Exception {
        Path cacheDir = dir.resolve("cache");
        PhraseCache cache = PhraseCache.in(cacheDir, "library-model", "DUCKDB", "build-1");
        List<String> without = readings(dir, "plain", null);
        assertThat(without).allMatch(r -> r.startsWith("Parsed"));

        assertThat(readings(dir, "first", cache)).isEqualTo(without);
        Path metrics = cache.file("metrics"), dimensions = cache.file("dimensions");
        assertThat(metrics).exists();
        assertThat(dimensions).exists();
        assertThat(Files.readAllLines(dimensions)).hasSize(5); // one line per dimension of the model
        assertThat(Files.readString(metrics)).contains("afpl\t"); // the initials of a metric's name, made with WordNet

        // another run reads them: the files are not written again
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        Files.setLastModifiedTime(metrics, old);
        Files.setLastModifiedTime(dimensions, old);
        assertThat(readings(dir, "second", PhraseCache.in(cacheDir, "library-model", "DUCKDB", "build-1"))).isEqualTo(without);
        assertThat(Files.getLastModifiedTime(metrics)).isEqualTo(old);
        assertThat(Files.getLastModifiedTime(dimensions)).isEqualTo(old);
    }

    @Test
    void a_damaged_file_is_made_again_and_another_build_keeps_its_own(@TempDir Path dir) throws Exception {
        Path cacheDir = dir.resolve("cache");
        PhraseCache cache = PhraseCache.in(cacheDir, "library-model", "DUCKDB", "build-1");
        List<String> first = readings(dir, "first", cache);
        String metrics = Files.readString(cache.file("metrics")), dimensions = Files.readString(cache.file("dimensions"));

        Files.writeString(cache.file("metrics"), "number of loans\t99\n"); // a position the model does not have
        Files.writeString(cache.file("dimensions"), "city\n"); // fewer dimensions than the model has
        assertThat(readings(dir, "second", cache)).isEqualTo(first);
        assertThat(Files.readString(cache.file("metrics"))).isEqualTo(metrics);
        assertThat(Files.readString(cache.file("dimensions"))).isEqualTo(dimensions);

        PhraseCache other = PhraseCache.in(cacheDir, "library-model", "DUCKDB", "build-2");
        assertThat(other.file("metrics")).isNotEqualTo(cache.file("metrics")).doesNotExist();
        assertThat(PhraseCache.in(cacheDir, "changed-model", "DUCKDB", "build-1").file("metrics")).isNotEqualTo(cache.file("metrics"));
        assertThat(readings(dir, "third", other)).isEqualTo(first);
        assertThat(other.file("metrics")).exists();
    }
}
