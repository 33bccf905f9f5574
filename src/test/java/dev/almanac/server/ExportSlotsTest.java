package dev.almanac.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

/** The downloads' slots: per user, in all, and the disk budget, each given back when a download ends. */
class ExportSlotsTest {
    @Test
    void downloads_beyond_the_servers_total_are_refused_until_one_ends() {
        ExportSlots slots = new ExportSlots(new ExportLimits(2, 2, 1L << 20));
        ExportSlots.Slot a = slots.acquire("ann");
        ExportSlots.Slot b = slots.acquire("bo");
        assertThatThrownBy(() -> slots.acquire("cy")).isInstanceOfSatisfying(ApiError.class, e -> {
            assertThat(e.status).isEqualTo(429);
            assertThat(e.code).isEqualTo("too_many_exports");
            assertThat(e.getMessage()).contains("exports_total");
        });
        a.close();
        a.close(); // twice changes nothing
        try (ExportSlots.Slot c = slots.acquire("cy")) {
            assertThat(slots.running()).isEqualTo(2);
        }
        b.close();
        assertThat(slots.running()).isZero();
    }

    @Test
    void the_disk_budget_is_shared_and_given_back() throws Exception {
        ExportSlots slots = new ExportSlots(new ExportLimits(1, 4, 2000));
        try (ExportSlots.Slot a = slots.acquire("ann"); OutputStream out = a.counting(new ByteArrayOutputStream())) {
            out.write(new byte[1400]);
            assertThat(slots.bytesInUse()).isEqualTo(1400);
            try (ExportSlots.Slot b = slots.acquire("bo"); OutputStream other = b.counting(new ByteArrayOutputStream())) {
                assertThatThrownBy(() -> other.write(new byte[800])).isInstanceOfSatisfying(ExportSlots.SpaceFull.class,
                        e -> assertThat(e.asApiError().code).isEqualTo("export_space_busy"));
            }
            assertThatThrownBy(() -> out.write(new byte[800])).isInstanceOfSatisfying(ExportSlots.SpaceFull.class,
                    e -> assertThat(e.asApiError().status).isEqualTo(422));
        }
        assertThat(slots.bytesInUse()).isZero();
    }
}
