package dev.almanac.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class SecretsTest {
    static final String PLAIN_KEY = "correcthorsebatterystaple";

    @Test
    void redacts_the_configured_key_even_when_it_looks_like_a_word() {
        assertThat(Secrets.of(PLAIN_KEY).scrub("invalid key: correcthorsebatterystaple (check it)"))
                .isEqualTo("invalid key: [redacted] (check it)");
    }

    @Test
    void redacts_token_like_strings_without_a_configured_key() {
        String text = "keys sk-proj-Ab12Cd34Ef56Gh78 and sk-ant-api03-xyzXYZ012345_-abc; header Authorization: Bearer eyJhbGciOi.J9abc-def;"
                + " api_key=hunter2hunter2 x-api-key: \"q1w2e3r4t5y6\" hex 0123456789abcdef0123456789abcdef base64 AbCdEfGhIjKlMnOp1234567890QrStUvWx==";
        assertThat(Secrets.NONE.scrub(text)).isEqualTo("keys [redacted] and [redacted]; header Authorization: Bearer [redacted];"
                + " api_key=[redacted] x-api-key: \"[redacted]\" hex [redacted] base64 [redacted]");
    }

    @Test
    void leaves_ordinary_text_sql_and_identifiers_alone() {
        String text = "Revenue in 2024 was 1234567.89; see monthly_recurring_revenue_by_customer_segment and "
                + "https://platform.openai.com/account/api-keys, invalid api key, task-runner, 550e8400-e29b-41d4-a716-446655440000";
        assertThat(Secrets.of("none", null, "").scrub(text)).isEqualTo(text);
    }

    @Test
    void keeps_long_literals_in_what_the_agent_runs_but_not_keys() {
        String sql = "{\"sql\":\"SELECT * FROM t WHERE h = '0123456789abcdef0123456789abcdef' AND k = 'correcthorsebatterystaple'\"}";
        assertThat(Secrets.of(PLAIN_KEY).withoutKeys(sql))
                .isEqualTo("{\"sql\":\"SELECT * FROM t WHERE h = '0123456789abcdef0123456789abcdef' AND k = '[redacted]'\"}");
    }

    @Test
    void a_scrubbed_failure_keeps_its_type_and_stack_but_not_the_key() {
        IOException cause = new IOException("body: " + PLAIN_KEY);
        RuntimeException e = new IllegalStateException("request with " + PLAIN_KEY + " failed", cause);
        Throwable copy = Secrets.of(PLAIN_KEY).scrub(e);
        StringWriter trace = new StringWriter();
        copy.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).doesNotContain(PLAIN_KEY)
                .contains("java.lang.IllegalStateException: request with [redacted] failed", "java.io.IOException: body: [redacted]", "SecretsTest");
    }
}
