package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.Parameter;
import dev.almanac.knowledge.SqlParameters;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.DemoContext;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo's semantic model on the demo warehouse: it validates, it covers the business, and every
 * canonical metric that has a semantic form gives the same value as its canonical SQL for the same
 * period (two periods each: the metric's default one, and one that crosses the 2024-Q2 duplicated orders).
 */
class DemoSemanticModelTest {
    static DemoContext demo;
    static KnowledgeFiles.Read read;
    static SemanticModel model;
    static SemanticLayer layer;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        read = KnowledgeFiles.read(java.nio.file.Path.of("knowledge"));
        model = SemanticModel.of(read.knowledge().semantic());
        layer = new SemanticLayer(model, read.knowledge(), ValueIndex.build(model, demo.executor, ValueIndex.DEFAULT_LIMIT), demo.executor);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @Test
    void the_demo_semantic_model_validates_against_the_warehouse() {
        var problems = new KnowledgeValidator(demo.catalog, demo.executor, List.of(new SemanticValidator())).validate(read);
        assertThat(problems).isEmpty();
    }

    @Test
    void the_demo_model_joins_through_entities_as_metricflow_does() {
        assertThat(read.knowledge().semantic()).allSatisfy(f -> assertThat(f.relationships()).as(f.name()).isEmpty());
        // every join is one a foreign entity makes: <dataset>__<entity>, from the foreign side to the side it identifies
        assertThat(model.relationships()).hasSizeGreaterThanOrEqualTo(60).allSatisfy(r -> {
            String entity = r.name().substring(r.name().indexOf("__") + 2);
            assertThat(r.name()).startsWith(r.from() + "__");
            assertThat(model.dataset(r.to()).orElseThrow().identifyingEntity(entity)).as(r.name()).isPresent();
        });
        // two people datasets keyed by employee_id are told apart by their entities' names, not by the column
        assertThat(model.relationship("support_tickets__support_agent").orElseThrow().to()).isEqualTo("support_agents");
        assertThat(model.relationship("current_salaries__employee").orElseThrow().to()).isEqualTo("employees");
    }

    @Test
    void the_demo_model_covers_the_business_with_named_dimensions() {
        assertThat(model.metrics()).hasSizeGreaterThanOrEqualTo(30);
        assertThat(model.dimensions().stream().filter(d -> !d.time())).hasSizeGreaterThanOrEqualTo(25);
        Set<String> dims = new java.util.HashSet<>(model.dimensions().stream().map(Dimension::name).toList());
        assertThat(dims).contains("plan", "billing_period", "region", "country", "industry", "acquisition_channel", "sales_channel", "campaign",
                "product", "product_category", "warehouse", "priority", "ticket_category", "department", "stage", "refund_reason", "return_reason",
                "payment_method");
        Set<String> metrics = new java.util.HashSet<>(model.metrics().stream().map(SemanticMetric::name).toList());
        assertThat(metrics).contains("orders", "units_sold", "returns", "return_rate", "tickets_opened", "csat", "trials_started",
                "trials_converted", "leads", "lead_conversion_rate", "opportunities", "win_rate", "pipeline_value", "headcount", "hires",
                "payroll", "seats", "sessions", "feature_users", "collected_payments", "refunds", "marketing_spend");
    }

    @Test
    void only_churn_rate_keeps_its_sql() {
        assertThat(layer.sqlOnlyMetrics()).extracting(Metric::name).containsExactly("churn_rate");
    }

    static Stream<Arguments> canonicalPeriods() {
        KnowledgeSet k = KnowledgeFiles.read(java.nio.file.Path.of("knowledge")).knowledge();
        return k.metrics().stream().filter(m -> !m.name().equals("churn_rate")).flatMap(m -> {
            boolean monthly = m.parameters().stream().anyMatch(p -> p.name().equals("month"));
            return monthly
                    ? Stream.of(Arguments.of(m.name(), LocalDate.parse("2026-09-01"), LocalDate.parse("2026-10-01")),
                            Arguments.of(m.name(), LocalDate.parse("2024-05-01"), LocalDate.parse("2024-06-01")))
                    : Stream.of(Arguments.of(m.name(), LocalDate.parse("2026-07-01"), LocalDate.parse("2026-10-01")),
                            Arguments.of(m.name(), LocalDate.parse("2024-01-01"), LocalDate.parse("2024-07-01")));
        });
    }

    @ParameterizedTest(name = "{0} from {1} to {2}")
    @MethodSource("canonicalPeriods")
    void a_canonical_metric_and_its_semantic_form_give_the_same_value(String name, LocalDate from, LocalDate to) {
        Metric canonical = read.knowledge().metrics().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
        Map<String, String> values = new HashMap<>();
        for (Parameter p : canonical.parameters()) {
            values.put(p.name(), switch (p.name()) {
                case "month" -> from.toString();
                case "start_date" -> from.toString();
                case "end_date" -> to.toString();
                default -> throw new IllegalStateException("parameter " + p.name());
            });
        }
        QueryResult expected = demo.executor.execute(SqlParameters.bind(canonical.sql(), values));
        QueryResult actual = layer.run(SemanticQuery.of(name).between(from, to)).result();
        assertThat(actual.rowCount()).isEqualTo(1);
        BigDecimal want = number(expected.rows().get(0).get(0));
        BigDecimal got = number(actual.rows().get(0).get(actual.columns().indexOf(name)));
        assertThat(got).as("%s semantic vs canonical", name).isCloseTo(want, org.assertj.core.data.Offset.offset(new BigDecimal("0.051")));
        assertThat(want.signum()).as("the period has data").isNotZero();
    }

    @Test
    void mrr_for_the_current_year_is_the_last_month_with_data_not_a_sum_or_null() {
        QueryResult year = layer.run(SemanticQuery.of("mrr").between(LocalDate.parse("2026-01-01"), LocalDate.parse("2027-01-01"))).result();
        QueryResult september = demo.executor.execute("SELECT sum(mrr_cents) / 100.0 FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'");
        assertThat(number(year.rows().get(0).get(0))).isCloseTo(number(september.rows().get(0).get(0)), org.assertj.core.data.Offset.offset(new BigDecimal("0.01")));
    }

    @Test
    void every_metric_runs_alone_or_asks_for_a_period() {
        for (SemanticMetric m : model.metrics()) {
            QueryResult r;
            try {
                r = layer.run(SemanticQuery.of(m.name())).result();
            } catch (NeedsPeriod e) {
                r = layer.run(SemanticQuery.of(m.name()).between(LocalDate.parse("2026-09-01"), LocalDate.parse("2026-10-01"))).result();
            }
            assertThat(r.rowCount()).as(m.name()).isEqualTo(1);
        }
    }

    @Test
    void a_month_over_month_change_without_a_period_is_refused_not_zero() {
        assertThatThrownBy(() -> layer.run(SemanticQuery.of("mrr_growth"))).isInstanceOf(NeedsPeriod.class).hasMessageContaining("needs a period");
        QueryResult september = layer.run(SemanticQuery.of("mrr_growth").between(LocalDate.parse("2026-09-01"), LocalDate.parse("2026-10-01"))).result();
        QueryResult byHand = demo.executor.execute("SELECT (SELECT sum(mrr_cents) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01') / 100.0"
                + " - (SELECT sum(mrr_cents) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-08-01') / 100.0");
        assertThat(number(september.rows().get(0).get(0))).isCloseTo(number(byHand.rows().get(0).get(0)), org.assertj.core.data.Offset.offset(new BigDecimal("0.01")));
    }

    @Test
    void account_owners_who_share_a_name_are_two_rows_and_the_top_owner_is_one_person() {
        // the demo's employees are named at random from short lists, so some account owners share a name
        String shared = String.valueOf(demo.executor.execute("SELECT e.full_name FROM customers c JOIN employees e ON e.employee_id = c.account_owner_id"
                + " WHERE NOT c.is_deleted GROUP BY e.full_name HAVING count(DISTINCT e.employee_id) > 1 ORDER BY e.full_name LIMIT 1").rows().get(0).get(0));
        List<String> byHand = demo.executor.execute("SELECT c.account_owner_id, count(*) FROM customers c JOIN employees e ON e.employee_id = c.account_owner_id"
                + " WHERE NOT c.is_deleted AND e.full_name = '" + shared.replace("'", "''") + "' GROUP BY c.account_owner_id").rows().stream()
                .map(r -> shared + " (#" + r.get(0) + ") | " + r.get(1)).toList();
        assertThat(byHand).hasSizeGreaterThan(1);
        QueryResult theirs = layer.run(SemanticQuery.of("new_customers").by("account_owner").where("account_owner = " + shared)).result();
        assertThat(theirs.rows().stream().map(r -> r.get(0) + " | " + number(r.get(1)).stripTrailingZeros().toPlainString()).toList())
                .containsExactlyInAnyOrderElementsOf(byHand);
        // "which account manager owns the most customers": the most any one person owns, not the sum over a shared name
        Object most = demo.executor.execute("SELECT count(*) FROM customers WHERE NOT is_deleted AND account_owner_id IS NOT NULL"
                + " GROUP BY account_owner_id ORDER BY 1 DESC LIMIT 1").rows().get(0).get(0);
        QueryResult top = layer.run(SemanticQuery.of("new_customers").by("account_owner").where("account_owner != ''").orderBy("-new_customers").limit(1)).result();
        assertThat(number(top.rows().get(0).get(1))).isEqualByComparingTo(number(most));
    }

    private static BigDecimal number(Object v) {
        return new BigDecimal(String.valueOf(v));
    }
}
