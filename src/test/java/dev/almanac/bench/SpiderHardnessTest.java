package dev.almanac.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SpiderHardnessTest {
    @Test
    void the_dev_set_splits_by_difficulty_as_spiders_evaluation_reports_it() throws Exception {
        JsonNode dev = new ObjectMapper().readTree(Path.of("..", "shared", "bench", "spider-dev", "dev.json").toFile());
        Map<String, Integer> counts = new TreeMap<>();
        for (JsonNode q : dev) counts.merge(SpiderHardness.of(q.get("query").asText()), 1, Integer::sum);
        // the counts Spider's leaderboard and papers give for the 1,034 dev questions
        assertThat(counts).containsExactlyEntriesOf(new TreeMap<>(Map.of("easy", 248, "medium", 446, "hard", 174, "extra", 166)));
    }

    @Test
    void components_nesting_and_others_decide_the_difficulty() throws Exception {
        assertThat(SpiderHardness.of("SELECT count(*) FROM singer")).isEqualTo("easy");
        assertThat(SpiderHardness.of("SELECT name, country, age FROM singer ORDER BY age DESC")).isEqualTo("medium");
        assertThat(SpiderHardness.of("SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)")).isEqualTo("hard");
        assertThat(SpiderHardness.of("SELECT name FROM singer WHERE age > 30 INTERSECT SELECT name FROM singer WHERE country = 'France'")).isEqualTo("hard");
        assertThat(SpiderHardness.of("SELECT name FROM singer WHERE age > 30 AND country = 'France' INTERSECT SELECT name FROM singer WHERE age < 40"))
                .isEqualTo("extra");
    }
}
