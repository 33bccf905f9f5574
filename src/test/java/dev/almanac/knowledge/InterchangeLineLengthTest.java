package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cortex and Ossie imports take time linear in the length of a line: a 4 MB single-line file is imported (JSON) in about
 * eight times what a 0.5 MB one takes, not sixty-four, and an 8 MB one of YAML (whose reader is quadratic in a line's
 * length) is refused at once.
 * The times are compared with each other, never with a clock limit.
 */
class InterchangeLineLengthTest {
    /**
     * Linear is 8; the quadratic reader was 64 and more. Room for a slow, shared machine, whose collector works harder
     * on the larger model in a test JVM that holds other tests' data (CI runs measured 25 and 36 on 8 MB against 1 MB,
     * where the same import alone is 5): the sizes are halved for that, and the limit stays well under the quadratic 64.
     */
    static final double MAX_RATIO = 40;

    @TempDir
    Path dir;

    static String cortexJson(int bytes) {
        StringBuilder b = new StringBuilder("{\"name\":\"m\",\"tables\":[");
        for (int i = 0; b.length() < bytes; i++) {
            b.append("{\"name\":\"t").append(i).append("\",\"base_table\":{\"table\":\"orders").append(i).append("\"},")
                    .append("\"dimensions\":[{\"name\":\"d").append(i).append("\",\"expr\":\"status\"}]},");
        }
        return b.append("{\"name\":\"last\",\"base_table\":{\"table\":\"x\"},\"description\":\"").append("x".repeat(bytes / 4)).append("\"}]}").toString();
    }

    static String ossieJson(int bytes) {
        StringBuilder b = new StringBuilder("{\"semantic_model\":[{\"name\":\"m\",\"datasets\":[");
        for (int i = 0; b.length() < bytes; i++) {
            b.append("{\"name\":\"d").append(i).append("\",\"source\":\"db.orders").append(i).append("\",\"primary_key\":[\"id\"],")
                    .append("\"fields\":[{\"name\":\"f").append(i).append("\",\"expression\":{\"dialects\":[{\"dialect\":\"ANSI_SQL\",\"expression\":\"status\"}]}}]},");
        }
        return b.append("{\"name\":\"last\",\"source\":\"db.x\",\"description\":\"").append("x".repeat(bytes / 4)).append("\"}]}]}").toString();
    }

    /** The same on one line of YAML's flow style: {name: m, ...}. */
    static String yamlFlow(String json) {
        return json.replace("\"name\":", "name: ");
    }

    @Test
    void a_4_mb_single_line_cortex_model_in_json_imports_in_linear_time() throws Exception {
        long one = time(cortexJson(500_000), f -> CortexImport.read(f, "cortex").file().datasets().size());
        long eight = time(cortexJson(4_000_000), f -> {
            int datasets = CortexImport.read(f, "cortex").file().datasets().size();
            assertThat(datasets).isGreaterThan(25_000);
            return datasets;
        });
        assertThat((double) eight / one).as("4 MB took %d ms, 0.5 MB %d ms", eight, one).isLessThan(MAX_RATIO);
    }

    @Test
    void a_4_mb_single_line_ossie_model_in_json_imports_in_linear_time() throws Exception {
        long one = time(ossieJson(500_000), f -> OsiFormat.read(f, "osi").file().datasets().size());
        long eight = time(ossieJson(4_000_000), f -> {
            int datasets = OsiFormat.read(f, "osi").file().datasets().size();
            assertThat(datasets).isGreaterThan(20_000);
            return datasets;
        });
        assertThat((double) eight / one).as("4 MB took %d ms, 0.5 MB %d ms", eight, one).isLessThan(MAX_RATIO);
    }

    @Test
    void a_long_single_line_of_yaml_is_refused_at_once_naming_the_line() throws Exception {
        long oneImport = time(cortexJson(1_000_000), f -> CortexImport.read(f, "cortex").file().datasets().size());
        for (String text : new String[] {yamlFlow(cortexJson(1_000_000)), yamlFlow(cortexJson(8_000_000)), yamlFlow(ossieJson(2_000_000))}) {
            Path f = Files.writeString(dir.resolve("model.yml"), text);
            long start = System.nanoTime();
            assertThatThrownBy(() -> CortexImport.read(f, "cortex")).isInstanceOf(UserError.class).hasMessageContaining("as JSON")
                    .hasMessageNotContaining("\n");
            assertThatThrownBy(() -> OsiFormat.read(f, "osi")).isInstanceOf(UserError.class).hasMessageContaining("as JSON");
            long refused = (System.nanoTime() - start) / 1_000_000;
            assertThat((double) refused / Math.max(1, oneImport)).as("refused in %d ms; a 1 MB import takes %d ms", refused, oneImport).isLessThan(MAX_RATIO);
        }
        assertThatThrownBy(() -> CortexImport.read(Files.writeString(dir.resolve("m.yml"), yamlFlow(cortexJson(1_000_000))), "cortex"))
                .hasMessageContaining("line 1 of the YAML is");
        assertThatThrownBy(() -> LocatedTree.parse("description: " + "x".repeat(100_000) + "\n", false))
                .isInstanceOf(LocatedTree.SyntaxError.class).hasMessageContaining("line 1 of the YAML");
    }

    /**
     * The time of the fastest of three runs, each after a collection, so that garbage left by an earlier run (eight
     * megabytes of model make a great deal) is not charged to this one; the first run also warms the code up.
     */
    private long time(String text, Function<Path, Integer> read) throws Exception {
        Path f = Files.writeString(dir.resolve("model-" + text.length() + ".json"), text);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            long start = System.nanoTime();
            read.apply(f);
            best = Math.min(best, (System.nanoTime() - start) / 1_000_000);
        }
        return Math.max(best, 1);
    }
}
