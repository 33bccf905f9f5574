package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Readings shared by the parsers of a layer and day: one reading per question, a reading in progress waited for. */
class ReadingsTest {
    private static final QuestionParser.Result READ = new QuestionParser.NoMetric();

    @Test
    void a_question_being_read_on_another_thread_is_waited_for_and_not_read_again() throws Exception {
        Readings readings = new Readings();
        AtomicInteger reads = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        CompletableFuture<QuestionParser.Result> first = CompletableFuture.supplyAsync(() -> readings.of("q", () -> {
            reads.incrementAndGet();
            started.countDown();
            await(finish);
            return READ;
        }, r -> true));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<QuestionParser.Result> second = CompletableFuture.supplyAsync(() -> readings.of("q", () -> {
            reads.incrementAndGet();
            return READ;
        }, r -> true));
        Thread.sleep(50);
        assertThat(second).as("waits for the first reading").isNotDone();
        finish.countDown();

        assertThat(second.get(10, TimeUnit.SECONDS)).isSameAs(first.get(10, TimeUnit.SECONDS));
        assertThat(reads).hasValue(1);
    }

    @Test
    void a_reading_not_to_keep_is_read_again_next_time_and_a_failed_one_is_not_kept() {
        Readings readings = new Readings();
        AtomicInteger reads = new AtomicInteger();
        readings.of("q", () -> { reads.incrementAndGet(); return READ; }, r -> false);
        readings.of("q", () -> { reads.incrementAndGet(); return READ; }, r -> false);
        assertThat(reads).hasValue(2);
        assertThat(readings.known("q")).isNull();

        assertThatThrownBy(() -> readings.of("bad", () -> { throw new IllegalStateException("no"); }, r -> true)).hasMessage("no");
        assertThat(readings.of("bad", () -> READ, r -> true)).isSameAs(READ);
        assertThat(readings.known("bad")).isSameAs(READ);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
