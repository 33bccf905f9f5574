package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.ScratchProject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app store as a user meets it on the command line: a damaged {@code data/almanac.db} and a project whose name
 * collides with another's in a shared store are each one line naming what to do, with exit code 2.
 */
class AppStoreCliTest {
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

    @Test
    void a_damaged_app_store_file_is_one_line_naming_it_and_exit_2_and_a_new_one_is_made_once_it_is_moved_aside() throws Exception {
        Path proj = ScratchProject.create(home.resolve("damaged"), "Damaged");
        Path db = proj.resolve("data/almanac.db");
        Files.createDirectories(db.getParent());
        byte[] noise = new byte[8192];
        new Random(14).nextBytes(noise);
        for (byte[] content : new byte[][] {noise, "this is not a database\n".repeat(50).getBytes(StandardCharsets.UTF_8)}) {
            Files.write(db, content);
            CliTest.Run r = CliTest.run("knowledge", "list", "--project", proj.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").startsWith("almanac: the app store " + db.toAbsolutePath() + " is damaged or not a SQLite database")
                    .contains("move it aside");
            assertThat(r.err()).doesNotContain("flyway", "SQL State", "-----");
        }
        assertThat(CliTest.run("users", "list", "--project", proj.toString()).code()).as("every command that opens the store").isEqualTo(2);
        Files.move(db, db.resolveSibling("almanac.db.broken"));
        CliTest.Run again = CliTest.run("users", "list", "--project", proj.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(db).as("a new store was made").exists();
    }

    @Test
    void a_project_whose_name_shares_a_key_with_another_in_the_same_store_is_refused_in_one_line() throws Exception {
        String store = "app_store: jdbc:sqlite:" + home.resolve("team.db") + "\n";
        Path first = ScratchProject.create(home.resolve("first"), "Other Co");
        Path second = ScratchProject.create(home.resolve("second"), "other co!");
        for (Path p : new Path[] {first, second}) Files.writeString(p.resolve("almanac.yml"), Files.readString(p.resolve("almanac.yml")) + store);

        CliTest.Run ask = CliTest.run("ask", "What was MRR in September 2026?", "--llm", "none", "--project", first.toString());
        assertThat(ask.code()).as(ask.err()).isZero();
        for (String[] command : new String[][] {{"knowledge", "list"}, {"learnings", "list"}, {"ask", "What was MRR in September 2026?", "--llm", "none"}}) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(command), java.util.stream.Stream.of("--project", second.toString()))
                    .toArray(String[]::new);
            CliTest.Run r = CliTest.run(args);
            assertThat(r.code()).as(String.join(" ", command) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n")
                    .isEqualTo("almanac: project 'other co!' cannot use this app store: its key 'other-co' belongs to project 'Other Co' (names that "
                            + "differ only in case or punctuation share a key); rename one of them (name: in almanac.yml)");
        }
        CliTest.Run still = CliTest.run("ask", "What was MRR in September 2026?", "--llm", "none", "--project", first.toString());
        assertThat(still.code()).as("the first project is unharmed: " + still.err()).isZero();
    }
}
