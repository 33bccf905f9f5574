package dev.almanac.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import org.sqlite.SQLiteConfig;

/**
 * Scores SQL predictions against gold SQL in the Spider / BIRD layout: the gold file is a JSON list
 * of {@code db_id}, {@code question} and {@code query} (Spider) or {@code SQL} (BIRD); the prediction
 * file has one SQL per line in the same order; databases are {@code DIR/db_id/db_id.sqlite}, read
 * through the SQLite JDBC driver in read-only mode. Both queries run under a timeout. Each item gets
 * two verdicts: ours ({@link ResultComparator}, exact mode, ordered when the gold orders) and the
 * set comparison BIRD defines (the sets of result rows are equal).
 */
public final class PredictionScorer {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "almanac-prediction-timeout");
        t.setDaemon(true);
        return t;
    });

    public enum Status { SCORED, MISSING_DATABASE, MISSING_PREDICTION, GOLD_FAILED, PREDICTION_FAILED, TIMEOUT }

    /** One question's outcome. {@code correct}: our verdict; {@code setEqual}: BIRD's. */
    public record Item(int index, String db, String question, Status status, boolean correct, boolean setEqual, String detail) {}

    public record Report(List<Item> items, double seconds) {
        public long evaluable() {
            return items.stream().filter(i -> i.status() != Status.MISSING_DATABASE && i.status() != Status.GOLD_FAILED).count();
        }

        public long correct() {
            return items.stream().filter(Item::correct).count();
        }

        public long setEqual() {
            return items.stream().filter(Item::setEqual).count();
        }

        public long problems() {
            return items.stream().filter(i -> i.status() != Status.SCORED && i.status() != Status.PREDICTION_FAILED).count();
        }

        /** Per database: evaluable questions, correct (ours), correct (set), problems. */
        public Map<String, long[]> perDatabase() {
            Map<String, long[]> out = new TreeMap<>();
            for (Item i : items) {
                long[] c = out.computeIfAbsent(i.db(), k -> new long[4]);
                if (i.status() != Status.MISSING_DATABASE && i.status() != Status.GOLD_FAILED) c[0]++;
                if (i.correct()) c[1]++;
                if (i.setEqual()) c[2]++;
                if (i.status() != Status.SCORED && i.status() != Status.PREDICTION_FAILED) c[3]++;
            }
            return out;
        }
    }

    record Gold(String db, String question, String sql) {}

    public static List<Gold> readGold(Path file) {
        try {
            JsonNode root = JSON.readTree(file.toFile());
            if (root == null || !root.isArray()) throw new UserError("gold file " + file + " must be a JSON list of {db_id, question, query|SQL}");
            List<Gold> gold = new ArrayList<>();
            for (JsonNode n : root) {
                String sql = n.has("query") ? n.get("query").asText() : n.path("SQL").asText(null);
                if (sql == null || !n.has("db_id")) throw new UserError("gold file " + file + ": item " + gold.size() + " needs db_id and query (or SQL)");
                gold.add(new Gold(n.get("db_id").asText(), n.path("question").asText(""), sql));
            }
            return gold;
        } catch (IOException e) {
            throw new UserError("cannot read gold file " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    public static List<String> readPredictions(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip).toList();
        } catch (IOException e) {
            throw new UserError("cannot read prediction file " + file + ": " + e.getMessage());
        }
    }

    public static Report score(Path goldFile, Path predFile, Path dbDir, int parallel, Duration timeout, IntConsumer progress) {
        List<Gold> gold = readGold(goldFile);
        List<String> preds = readPredictions(predFile);
        if (!Files.isDirectory(dbDir)) throw new UserError("database folder not found: " + dbDir);
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
        try {
            List<Future<Item>> futures = new ArrayList<>();
            for (int i = 0; i < gold.size(); i++) {
                final int index = i;
                futures.add(pool.submit(() -> {
                    Item item = scoreOne(index, gold.get(index), index < preds.size() ? preds.get(index) : null, dbDir, timeout);
                    if (progress != null) progress.accept(index);
                    return item;
                }));
            }
            List<Item> items = new ArrayList<>();
            for (Future<Item> f : futures) {
                try {
                    items.add(f.get());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return new Report(items, (System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    static Item scoreOne(int index, Gold g, String predicted, Path dbDir, Duration timeout) {
        Path db = dbDir.resolve(g.db()).resolve(g.db() + ".sqlite");
        if (!Files.isRegularFile(db)) return new Item(index, g.db(), g.question(), Status.MISSING_DATABASE, false, false, "no database " + db);
        Table expected;
        try {
            expected = run(db, g.sql(), timeout);
        } catch (TimedOut e) {
            return new Item(index, g.db(), g.question(), Status.TIMEOUT, false, false, "gold query ran past " + timeout.toSeconds() + " s");
        } catch (SQLException e) {
            return new Item(index, g.db(), g.question(), Status.GOLD_FAILED, false, false, "gold query failed: " + firstLine(e.getMessage()));
        }
        if (predicted == null || predicted.isBlank()) {
            return new Item(index, g.db(), g.question(), Status.MISSING_PREDICTION, false, false, "no prediction on line " + (index + 1));
        }
        Table actual;
        try {
            actual = run(db, predicted, timeout);
        } catch (TimedOut e) {
            return new Item(index, g.db(), g.question(), Status.TIMEOUT, false, false, "prediction ran past " + timeout.toSeconds() + " s");
        } catch (SQLException e) {
            return new Item(index, g.db(), g.question(), Status.PREDICTION_FAILED, false, false, "prediction failed: " + firstLine(e.getMessage()));
        }
        Verdict ours = ResultComparator.compare(expected, actual, Comparison.EXACT, 0, ResultComparator.ordersResult(g.sql()));
        boolean set = setEqual(expected, actual);
        return new Item(index, g.db(), g.question(), Status.SCORED, ours.passed(), set, ours.passed() ? "" : ours.reason());
    }

    /** BIRD's execution accuracy: the results are equal as sets of rows (column order as written, duplicates and order ignored). */
    static boolean setEqual(Table expected, Table actual) {
        return rowSet(expected).equals(rowSet(actual));
    }

    private static Set<List<String>> rowSet(Table t) {
        Set<List<String>> rows = new HashSet<>();
        for (List<Object> row : t.rows()) {
            List<String> r = new ArrayList<>(row.size());
            for (Object v : row) r.add(v == null ? "\u0000null" : v.toString());
            rows.add(r);
        }
        return rows;
    }

    /** The query ran past its timeout. */
    public static final class TimedOut extends Exception {
        TimedOut() {
            super("timed out");
        }
    }

    /** The rows of a query on a SQLite file, opened read-only, as plain SQLite returns them. */
    public static Table run(Path db, String sql, Duration timeout) throws SQLException, TimedOut {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        AtomicBoolean fired = new AtomicBoolean();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath(), config.toProperties());
             Statement s = c.createStatement()) {
            var timer = TIMER.schedule(() -> {
                fired.set(true);
                try {
                    s.cancel();
                } catch (SQLException ignored) {
                    // finished meanwhile
                }
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            try (ResultSet rs = s.executeQuery(sql)) {
                return Table.of(rs);
            } catch (SQLException e) {
                if (fired.get()) throw new TimedOut();
                throw e;
            } finally {
                timer.cancel(false);
            }
        }
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("").strip();
    }
}
