package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.sql.QueryResult;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The numeric grounding check on answers whose rows name people who share a name ("Esther Haddad (#162)"). */
class GroundingCheckTest {
    static final QueryResult OWNERS = new QueryResult("", List.of("account_owner", "new_customers"), List.of(),
            List.of(List.of("Esther Haddad (#182)", 41), List.of("Esther Haddad (#162)", 36)), false, Set.of(), 0);

    @Test
    void the_key_after_a_shared_name_is_an_identifier_not_a_measurement() {
        assertThat(GroundingCheck.ungrounded("Esther Haddad (#182) owns 41 customers, the other Esther Haddad (#162) 36.", List.of(OWNERS))).isEmpty();
    }

    @Test
    void a_count_not_in_the_rows_is_still_flagged_beside_a_key() {
        assertThat(GroundingCheck.ungrounded("Esther Haddad (#182) owns 77 customers.", List.of(OWNERS))).containsExactly("77");
    }
}
