package dev.almanac.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many writers on the embedded SQLite store at once, each reading before it writes: every transaction lands, none fails busy. */
class SqliteConcurrentWritesTest {
    @TempDir
    Path dir;

    @Test
    void concurrent_read_then_write_transactions_all_commit() throws Exception {
        AppStore store = AppStore.sqlite(dir.resolve("almanac.db"));
        try {
            store.inTransaction(c -> {
                c.createStatement().execute("CREATE TABLE counter_probe (n INTEGER NOT NULL)");
                return null;
            });
            int writers = 24;
            int each = 40;
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        store.inTransaction(c -> {
                            int next;
                            try (var rs = c.createStatement().executeQuery("SELECT coalesce(max(n), 0) + 1 FROM counter_probe")) {
                                rs.next();
                                next = rs.getInt(1);
                            }
                            try (var ps = c.prepareStatement("INSERT INTO counter_probe VALUES (?)")) {
                                ps.setInt(1, next);
                                ps.executeUpdate();
                            }
                            return null;
                        });
                        store.read(c -> c.createStatement().executeQuery("SELECT count(*) FROM counter_probe").next());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
            pool.shutdown();
            int rows = store.read(c -> {
                try (var rs = c.createStatement().executeQuery("SELECT count(*), count(DISTINCT n), max(n) FROM counter_probe")) {
                    rs.next();
                    assertThat(rs.getInt(2)).as("each transaction saw the one before it").isEqualTo(rs.getInt(1));
                    assertThat(rs.getInt(3)).isEqualTo(rs.getInt(1));
                    return rs.getInt(1);
                }
            });
            assertThat(rows).isEqualTo(writers * each);
        } finally {
            store.close();
        }
    }
}
