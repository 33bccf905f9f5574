package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one alphabet of knowledge names, so that a name is its file and two names never share one. */
class KnowledgeNameTest {
    static final KnowledgeSet.Kind METRIC = KnowledgeSet.Kind.METRIC;

    @Test
    void accepts_lower_case_letters_digits_underscore_and_hyphen() {
        assertThat(List.of("arr", "mrr_by_plan", "g085", "2024q2-orders", "a", "x".repeat(KnowledgeName.MAX_LENGTH)))
                .allMatch(n -> KnowledgeName.valid(METRIC, n));
    }

    @Test
    void refuses_upper_case_non_ascii_punctuation_and_leading_symbols() {
        assertThat(List.of("Arr", "MRR_By_Plan", "été", "ötö", "arr.v2", "a b", "a/b", "..", ".", "_arr", "-arr", "", "arr\n"))
                .noneMatch(n -> KnowledgeName.valid(METRIC, n));
        assertThat(KnowledgeName.valid(METRIC, null)).isFalse();
    }

    @Test
    void refuses_a_name_over_the_length_limit_without_echoing_all_of_it() {
        String longName = "a".repeat(300);
        assertThatThrownBy(() -> KnowledgeName.require(METRIC, longName))
                .isInstanceOf(KnowledgeName.Invalid.class).isInstanceOf(UserError.class)
                .hasMessageContaining("longer than 64").hasMessageNotContaining("a".repeat(100));
    }

    @Test
    void refuses_windows_device_names() {
        assertThat(List.of("con", "prn", "aux", "nul", "com1", "lpt9")).allSatisfy(n ->
                assertThat(KnowledgeName.problem(METRIC, n)).contains("Windows"));
        assertThat(KnowledgeName.valid(KnowledgeSet.Kind.TABLE, "con.orders")).isFalse();
        assertThat(KnowledgeName.valid(METRIC, "console")).isTrue();
    }

    @Test
    void suggests_the_lower_case_name_when_that_one_fits() {
        assertThatThrownBy(() -> KnowledgeName.require(METRIC, "Arr")).hasMessage(
                "invalid metric name 'Arr': use lower-case letters a-z, digits, '_' and '-', starting with a letter or digit, "
                        + "at most 64 characters (did you mean 'arr'?)");
    }

    @Test
    void only_a_table_note_may_be_schema_qualified() {
        assertThat(KnowledgeName.valid(KnowledgeSet.Kind.TABLE, "sales.orders")).isTrue();
        assertThat(KnowledgeName.valid(KnowledgeSet.Kind.TABLE, "a.b.c")).isFalse();
        assertThat(KnowledgeName.valid(KnowledgeSet.Kind.TABLE, "sales.")).isFalse();
        assertThat(KnowledgeName.valid(METRIC, "sales.orders")).isFalse();
    }

    @Test
    void every_file_and_item_name_of_the_demo_knowledge_fits() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("knowledge"))) {
            assertThat(files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()))
                    .isNotEmpty()
                    .allSatisfy(n -> assertThat(KnowledgeName.problem(METRIC, n.substring(0, n.lastIndexOf('.')))).as(n).isNull());
        }
        KnowledgeSet set = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        for (KnowledgeSet.Kind kind : KnowledgeSet.Kind.values()) {
            assertThat(set.files().keySet().stream().filter(k -> k.startsWith(kind.name().toLowerCase(java.util.Locale.ROOT) + ":"))
                    .map(k -> k.substring(k.indexOf(':') + 1))).allSatisfy(n -> assertThat(KnowledgeName.problem(kind, n)).as(n).isNull());
        }
    }

    @Test
    void export_never_writes_two_names_into_one_file(@TempDir Path out) throws IOException {
        Metric lower = metric("ete");
        Metric accented = metric("été");
        Metric other = metric("ötö");
        KnowledgeSet set = new KnowledgeSet.Builder().add(METRIC, "ete", lower, null).add(METRIC, "été", accented, null)
                .add(METRIC, "ötö", other, null).build();
        assertThat(KnowledgeFiles.write(set, out)).isEqualTo(3);
        KnowledgeFiles.Read back = KnowledgeFiles.read(out);
        assertThat(back.knowledge().metrics()).extracting(Metric::name).containsExactlyInAnyOrder("ete", "été", "ötö");
        assertThat(back.knowledge().files().get(KnowledgeSet.key(METRIC, "ete"))).isEqualTo("metrics/ete.yml");
    }

    @Test
    void export_refuses_two_items_bound_for_one_file(@TempDir Path out) {
        KnowledgeSet set = new KnowledgeSet.Builder().add(METRIC, "arr_copy", metric("arr_copy"), "metrics/arr.yml")
                .add(METRIC, "arr", metric("arr"), null).build();
        assertThatThrownBy(() -> KnowledgeFiles.write(set, out)).isInstanceOf(UserError.class)
                .hasMessageContaining("metrics/arr.yml").hasMessageContaining("arr_copy");
    }

    private static Metric metric(String name) {
        try {
            return KnowledgeFiles.MAPPER.treeToValue(KnowledgeFiles.MAPPER.createObjectNode().put("name", name).put("definition", "d")
                    .put("sql", "SELECT 1"), Metric.class);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
