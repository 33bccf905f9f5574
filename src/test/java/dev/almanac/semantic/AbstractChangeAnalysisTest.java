package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Source;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Why did it change?" held against every engine: {@link ChangeFixture}'s rows, whose changes are worked out by hand in its
 * comment, loaded into a fresh database of the engine; every split must give the hand-computed contributions, add up to the
 * change exactly, and show contributions that add up to the change as shown, to the cent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractChangeAnalysisTest {
    Source source;
    Guard guard;
    ChangeAnalysis analysis;
    /** The same, through an executor that returns at most 2 rows and showing 1 value per dimension before the rest. */
    ChangeAnalysis capped;

    /** A fresh database of the engine holding {@link ChangeFixture#SQL}, opened as a source. */
    abstract Source open(Path dir);

    @BeforeAll
    void setUp(@TempDir Path dir) {
        source = open(dir);
        guard = new Guard(source.dialect());
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        SemanticModel model = SemanticFixture.model(dir, source.dialect(), ChangeFixture.MODEL);
        SemanticLayer layer = new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
        analysis = new ChangeAnalysis(layer, executor);
        QueryExecutor two = new QueryExecutor(source, guard, new QueryLimits(java.time.Duration.ofSeconds(30), 2));
        capped = new ChangeAnalysis(new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), two), two, 1);
    }

    @AfterAll
    void tearDown() {
        if (guard != null) guard.close();
        if (source != null) source.close();
    }

    Change why(String metric, String from, String to, String... by) {
        return analysis.explain(new ChangeAnalysis.Request(metric, ChangeAnalysis.period(from), ChangeAnalysis.period(to), List.of(by), List.of()));
    }

    static String six(BigDecimal v) {
        return v == null ? "null" : v.setScale(6, RoundingMode.HALF_UP).toPlainString();
    }

    static Change.Split split(Change c, String dimension) {
        return c.dimensions().stream().filter(s -> s.dimension().endsWith("." + dimension)).findFirst()
                .orElseThrow(() -> new AssertionError("no split by " + dimension + " in " + c.dimensions() + ", not split: " + c.notSplit()));
    }

    /** Each value's exact contribution, to six decimals. */
    static Map<String, String> contributions(Change.Split s) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Change.Contribution c : s.values()) out.put(String.valueOf(c.value()), six(c.contribution()));
        return out;
    }

    /** The shown contributions add up to the shown change, and the exact ones to the exact change. */
    static void addsUp(Change.Split s, BigDecimal exact, BigDecimal shown) {
        BigDecimal sumExact = s.values().stream().map(Change.Contribution::contribution).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal sumShown = s.values().stream().map(Change.Contribution::shown).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(six(sumExact)).isEqualTo(six(exact));
        assertThat(sumShown).isEqualByComparingTo(shown);
    }

    @Test
    void a_mix_shift_with_rates_unchanged_is_all_mix() {
        // 6/20 = 0.3 to 11/30: web 10/30 - 5/20 = +0.083333, ads 1/30 - 1/20 = -0.016667; each channel's rate is the same
        Change c = why("conversion_rate", "2026-01", "2026-02", "channel");
        assertThat(c.verdict()).isEqualTo(Change.Verdict.explained);
        assertThat(six(c.valueBefore())).isEqualTo("0.300000");
        assertThat(six(c.change())).isEqualTo("0.066667");
        Change.Split s = split(c, "channel");
        assertThat(contributions(s)).containsExactly(Map.entry("web", "0.083333"), Map.entry("ads", "-0.016667"));
        assertThat(six(s.rate())).isEqualTo("0.000000");
        assertThat(six(s.mix())).isEqualTo("0.066667");
        for (Change.Contribution v : s.values()) assertThat(six(v.rate())).isEqualTo("0.000000");
        addsUp(s, c.change(), c.shownChange());
    }

    @Test
    void a_rate_change_with_mix_unchanged_is_all_rate() {
        // 11/30 to 15/30: the weights stay 2/3 and 1/3; web's rate goes from 50% to 70%: 2/3 * 0.2 = +0.133333
        Change c = why("conversion_rate", "2026-02", "2026-03", "channel");
        Change.Split s = split(c, "channel");
        assertThat(six(c.change())).isEqualTo("0.133333");
        assertThat(six(s.mix())).isEqualTo("0.000000");
        assertThat(six(s.rate())).isEqualTo("0.133333");
        assertThat(contributions(s)).containsExactly(Map.entry("web", "0.133333"), Map.entry("ads", "0.000000"));
        Change.Contribution web = s.values().get(0);
        assertThat(six(web.rate())).isEqualTo("0.133333");
        assertThat(six(web.mix())).isEqualTo("0.000000");
    }

    @Test
    void a_percentage_written_as_a_derived_ratio_adds_up_to_the_cent_as_shown() {
        // 100 * conversions / visits: 30% to 36.666...%: +6.666... points, shown 6.67; web +8.333..., ads -1.666...
        Change c = why("conversion_pct", "2026-01", "2026-02", "channel");
        assertThat(c.shownChange()).isEqualByComparingTo("6.67");
        Change.Split s = split(c, "channel");
        assertThat(contributions(s)).containsExactly(Map.entry("web", "8.333333"), Map.entry("ads", "-1.666667"));
        addsUp(s, c.change(), c.shownChange());
        assertThat(s.shownMix().add(s.shownRate())).isEqualByComparingTo("6.67");
        assertThat(ChangeWords.text(c)).contains("+6.67 points").doesNotContain("because");
    }

    @Test
    void new_and_vanished_values_are_shown_as_such() {
        // revenue 450.15 to 630.26 (+180.11): desktop +120.09, phone new +160.07, tablet gone -100.05
        Change c = why("revenue", "2026-01", "2026-02", "device");
        assertThat(c.shownChange()).isEqualByComparingTo("180.11");
        Change.Split s = split(c, "device");
        assertThat(contributions(s)).containsExactly(Map.entry("phone", "160.070000"), Map.entry("desktop", "120.090000"), Map.entry("tablet", "-100.050000"));
        assertThat(s.values()).extracting(Change.Contribution::status).containsExactly(Change.Status.added, Change.Status.both, Change.Status.vanished);
        addsUp(s, c.change(), c.shownChange());
        assertThat(ChangeWords.text(c)).contains("phone +$160.07 (new)").contains("tablet -$100.05 (gone)");
    }

    @Test
    void dimensions_are_ranked_by_how_much_more_of_the_movement_one_value_carries_than_its_size() {
        // by channel the change sits where the revenue was (web: 89% of it before, all of the movement: 11 points more); by device
        // 42% of the movement is phone's, which had none before (42 points more): device first
        Change c = why("revenue", "2026-01", "2026-02");
        assertThat(c.dimensions()).extracting(Change.Split::dimension).containsExactly("traffic.device", "traffic.channel");
        assertThat(c.dimensions().get(0).excessValue()).isEqualTo("phone");
        // inside phone every row is web's: a split with one value says nothing, so there is no level deeper
        assertThat(c.deeper()).isNull();
        assertThat(c.queries()).isNotEmpty().allSatisfy(q -> assertThat(q.sql()).isNotBlank());
    }

    @Test
    void a_snapshot_metric_decomposes_into_new_expansion_contraction_and_churn() {
        // 350 to 570: s4 new +300, s1 expansion +50, s2 contraction -80, s3 churn -50
        Change c = why("mrr", "2026-01", "2026-02");
        assertThat(c.shownChange()).isEqualByComparingTo("220.00");
        Map<String, String> parts = new LinkedHashMap<>();
        for (Change.Movement m : c.movements().parts()) parts.put(m.name(), six(m.value()) + " x" + m.entities());
        assertThat(parts).containsExactly(Map.entry("new", "300.000000 x1"), Map.entry("expansion", "50.000000 x1"),
                Map.entry("contraction", "-80.000000 x1"), Map.entry("churn", "-50.000000 x1"));
        assertThat(c.movements().parts().stream().map(Change.Movement::shown).reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo("220.00");
        assertThat(contributions(split(c, "plan"))).containsExactly(Map.entry("pro", "220.000000"), Map.entry("basic", "0.000000"), Map.entry("free", "0.000000"));
    }

    @Test
    void a_dimension_whose_values_overlap_is_not_split() {
        // subscriptions seen in February and March: 4; by plan 1 + 3 + 1 = 5 (s1 was basic, then pro)
        Change c = why("subscriptions_seen", "2025-12-01..2026-02-01", "2026-02-01..2026-04-01");
        assertThat(c.dimensions()).isEmpty();
        assertThat(c.notSplit()).extracting(Change.NotSplit::dimension).containsExactly("subscription_months.plan");
        assertThat(c.notSplit().get(0).reason()).contains("do not add up");
    }

    @Test
    void a_change_inside_the_usual_variation_is_said_to_be_so_and_a_large_one_is_explained() {
        // 101 to 104: the month-to-month changes of the 12 months before swing by about 30 (median absolute deviation 20.5 x 1.4826)
        Change small = why("tickets", "2026-01", "2026-02");
        assertThat(small.verdict()).isEqualTo(Change.Verdict.usual_variation);
        assertThat(small.variation().periods()).isEqualTo(12);
        assertThat(small.variation().typical()).isEqualByComparingTo("30");
        assertThat(small.dimensions()).isEmpty();
        assertThat(ChangeWords.headline(small)).contains("too small to explain");
        Change large = why("tickets", "2026-02", "2026-03");
        assertThat(large.verdict()).isEqualTo(Change.Verdict.explained);
        assertThat(large.shownChange()).isEqualByComparingTo("146");
    }

    @Test
    void a_change_that_rounds_to_nothing_is_not_explained() {
        Change c = analysis.explain(new ChangeAnalysis.Request("visit_count", ChangeAnalysis.period("2026-02"), ChangeAnalysis.period("2026-03"), List.of(),
                List.of(SemanticQuery.Filter.parse("channel = ads"))));
        assertThat(c.verdict()).isEqualTo(Change.Verdict.within_rounding);
        assertThat(c.dimensions()).isEmpty();
    }

    @Test
    void a_period_without_data_has_no_change_and_an_average_is_refused() {
        assertThat(why("revenue", "2025-01", "2026-01").verdict()).isEqualTo(Change.Verdict.no_data);
        assertThatThrownBy(() -> why("average_revenue", "2026-01", "2026-02")).isInstanceOf(UserError.class).hasMessageContaining("an average");
    }

    @Test
    void a_dimension_of_more_values_than_a_query_returns_is_split_into_the_top_values_and_the_rest_summed() {
        // 3 devices, 2 rows a query: phone (+160.07) moved most; desktop +120.09 and tablet -100.05 are the rest, +20.04
        Change c = capped.explain(new ChangeAnalysis.Request("revenue", ChangeAnalysis.period("2026-01"), ChangeAnalysis.period("2026-02"), List.of("device"),
                List.of()));
        Change.Split s = split(c, "device");
        assertThat(s.values()).hasSize(2);
        assertThat(s.values().get(0).value()).isEqualTo("phone");
        assertThat(six(s.values().get(0).contribution())).isEqualTo("160.070000");
        Change.Contribution rest = s.values().get(1);
        assertThat(rest.status()).isEqualTo(Change.Status.others);
        assertThat(rest.others()).isEqualTo(2);
        assertThat(six(rest.contribution())).isEqualTo("20.040000");
        addsUp(s, c.change(), c.shownChange());
        assertThat(c.queries()).anySatisfy(q -> assertThat(q.purpose()).contains("the 1 values that moved most, and the rest summed"));
        // a ratio's rest too: by device, conversions over visits
        Change ratio = capped.explain(new ChangeAnalysis.Request("conversion_rate", ChangeAnalysis.period("2026-01"), ChangeAnalysis.period("2026-02"),
                List.of("device"), List.of()));
        addsUp(split(ratio, "device"), ratio.change(), ratio.shownChange());
    }
}
