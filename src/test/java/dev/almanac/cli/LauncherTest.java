package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./almanac} launcher script, with the build (mvnw) and the JVM replaced by small
 * scripts that record what they were asked to do: two launches at once build once and both run, a
 * build is clean, and a file deleted from knowledge/ makes the jar stale.
 */
class LauncherTest {
    @TempDir
    Path root;

    @BeforeEach
    void copyLauncher() throws IOException {
        Files.copy(Path.of("almanac"), root.resolve("almanac"));
        executable(root.resolve("almanac"));
        // a build that counts the builds running at once and writes the jar; it takes a while where a test says so
        // (BUILD_SECONDS), long enough for a second launch to come while it runs
        script(root.resolve("mvnw"), """
                #!/usr/bin/env bash
                cd "$(dirname "$0")"
                echo "$@" >> builds.log
                if ! mkdir running 2>/dev/null; then echo overlap >> builds.log; fi
                sleep "${BUILD_SECONDS:-0}"
                rm -rf target; mkdir -p target; echo jar > target/almanac.jar
                rmdir running 2>/dev/null || true
                """);
        Path bin = Files.createDirectories(root.resolve("jdk/bin"));
        script(bin.resolve("java"), "#!/usr/bin/env bash\necho \"ran $*\"\n");
        Files.createDirectories(root.resolve("src/main/java"));
        Files.writeString(root.resolve("src/main/java/A.java"), "class A {}");
        Files.createDirectories(root.resolve("knowledge/metrics"));
        Files.writeString(root.resolve("knowledge/metrics/old.yml"), "name: old");
        Files.writeString(root.resolve("pom.xml"), "<project/>");
    }

    @Test
    void two_launches_at_once_build_once_and_both_run() throws Exception {
        ProcessBuilder slowBuild = launcher("version");
        slowBuild.environment().put("BUILD_SECONDS", "2");
        Process first = slowBuild.start();
        Process second = slowBuild.start();
        assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as(err(first)).isZero();
        assertThat(second.exitValue()).as(err(second)).isZero();
        assertThat(new String(first.getInputStream().readAllBytes())).contains("-jar " + root.resolve("target/almanac.jar") + " version");
        assertThat(new String(second.getInputStream().readAllBytes())).contains("-jar");
        List<String> builds = Files.readAllLines(root.resolve("builds.log"));
        assertThat(builds).as("one build, never two at once").hasSize(1);
        assertThat(builds.get(0)).contains("clean", "package");
        assertThat(root.resolve(".almanac-build.lock")).doesNotExist();
    }

    @Test
    void a_file_deleted_from_knowledge_makes_the_jar_stale_and_a_fresh_jar_is_not_rebuilt() throws Exception {
        assertThat(launch("version").waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(launch("version").waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readAllLines(root.resolve("builds.log"))).as("a fresh jar is used as it is").hasSize(1);

        Path jar = root.resolve("target/almanac.jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        Files.delete(root.resolve("knowledge/metrics/old.yml"));
        Process after = launch("version");
        assertThat(after.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(after.exitValue()).as(err(after)).isZero();
        assertThat(Files.readAllLines(root.resolve("builds.log"))).hasSize(2);
    }

    @Test
    void a_lock_left_by_a_builder_that_died_is_taken_over() throws Exception {
        Path lock = Files.createDirectories(root.resolve(".almanac-build.lock"));
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Files.writeString(lock.resolve("pid"), Long.toString(dead.pid()));
        Process run = launch("version");
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(err(run)).isZero();
        assertThat(lock).doesNotExist();
    }

    @Test
    void a_training_run_writes_the_class_archive_once_per_build_and_one_shot_commands_start_fast() throws Exception {
        // a JVM that records its calls and writes the archive it is asked to write at exit
        script(root.resolve("jdk/bin/java"), """
                #!/usr/bin/env bash
                echo "$*" >> "$(dirname "$0")/../../java.log"
                for a in "$@"; do case "$a" in -XX:ArchiveClassesAtExit=*) echo cds > "${a#*=}" ;; esac; done
                echo "ran $*"
                """);
        assertThat(output(launch("--version"))).as("--version trains nothing").doesNotContain("SharedArchiveFile");
        Process firstRun = launch("sql", "select 1", "--project", "p");
        String first = output(firstRun);
        assertThat(err(firstRun)).contains("preparing a faster start");
        List<String> calls = Files.readAllLines(root.resolve("java.log"));
        assertThat(calls.get(calls.size() - 2)).as("the training run, on the same project")
                .contains("-XX:ArchiveClassesAtExit=", "-cp " + root.resolve("target/almanac.jar") + " dev.almanac.cli.ClassTraining sql select 1 --project p");
        assertThat(first).contains("-XX:SharedArchiveFile=" + root.resolve("target"), "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:+UseSerialGC");
        try (var files = Files.list(root.resolve("target"))) {
            assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jsa")).toList()).as("the archive, under its final name").hasSize(1);
        }
        output(launch("sql", "select 1"));
        assertThat(Files.readAllLines(root.resolve("java.log")).stream().filter(l -> l.contains("ClassTraining"))).as("trained once").hasSize(1);
        String serve = output(launch("serve", "--port", "0"));
        assertThat(serve).as("a server keeps the JVM's own compilers").contains("-XX:SharedArchiveFile=").doesNotContain("TieredStopAtLevel").doesNotContain("CICompilerCount");
        ProcessBuilder plain = launcher("sql", "select 1");
        plain.environment().put("ALMANAC_FAST_START", "0");
        assertThat(output(plain.start())).contains("ran -jar ");
    }

    private String output(Process p) throws Exception {
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        if (p.exitValue() != 0) org.assertj.core.api.Assertions.fail("exit " + p.exitValue() + ": " + err(p));
        return new String(p.getInputStream().readAllBytes());
    }

    private Process launch(String... args) throws IOException {
        return launcher(args).start();
    }

    private ProcessBuilder launcher(String... args) {
        List<String> command = new ArrayList<>(List.of(root.resolve("almanac").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("JAVA_HOME", root.resolve("jdk").toString());
        pb.environment().put("PATH", root.resolve("jdk/bin") + ":" + System.getenv("PATH"));
        pb.environment().remove("ALMANAC_FAST_START");
        return pb;
    }

    private static String err(Process p) throws IOException {
        return new String(p.getErrorStream().readAllBytes());
    }

    private static void script(Path file, String text) throws IOException {
        Files.writeString(file, text);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
