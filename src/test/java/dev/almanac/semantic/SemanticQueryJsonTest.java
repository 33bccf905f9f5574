package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.junit.jupiter.api.Test;

/**
 * A semantic query with the record-level fields survives the answer JSON it is stored in (snake_case, as the agent and the
 * API write it) and reads back the same, so a follow-up question changes the query that was answered.
 */
class SemanticQueryJsonTest {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    @Test
    void records_ties_related_rows_and_distinct_counts_read_back_from_the_answer_json() throws Exception {
        SemanticQuery q = SemanticQuery.of("revenue").records("customers").by("customer").where("order_total between 50 and 100", "customer not contains x")
                .exists("not orders where order_status = completed", "order_items of customers where product = Widget").countDistinct("order_status")
                .orderBy("-signup_date").limit(1).withTies();
        String json = JSON.writeValueAsString(q);
        assertThat(json).contains("\"records\":\"customers\"", "\"ties\":true", "\"count_distinct\":[\"order_status\"]", "\"negated\":true", "\"of\":\"customers\"",
                "\"op\":\"between\"", "\"op\":\"not_contains\"");
        assertThat(JSON.readValue(json, SemanticQuery.class)).isEqualTo(q);
        // a query without them writes none of them
        assertThat(JSON.writeValueAsString(SemanticQuery.of("revenue"))).doesNotContain("records", "ties", "exists", "count_distinct");
    }
}
