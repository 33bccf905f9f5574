package dev.almanac.sql;

import dev.almanac.source.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs a statement on a source only after the guard allowed it, under a timeout that cancels the
 * statement (the engine interrupts it and the source stays usable), a row cap (further rows are
 * not fetched) and byte budgets for a cell and for the result, applied while the rows are read
 * ({@link RowReader}); the result says whether and why it is {@code truncated}.
 */
public final class QueryExecutor {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "almanac-query-timeout");
        t.setDaemon(true);
        return t;
    });

    private final Source source;
    private final Guard guard;
    private final QueryLimits limits;

    /** @throws IllegalArgumentException when the guard reads another dialect than the source's */
    public QueryExecutor(Source source, Guard guard, QueryLimits limits) {
        if (guard.dialect() != source.dialect()) {
            throw new IllegalArgumentException("the guard reads " + guard.dialect().label() + " but the source " + source.id() + " is "
                    + source.dialect().label() + ": use new Guard(source.dialect())");
        }
        this.source = source;
        this.guard = guard;
        this.limits = limits;
    }

    public Source source() {
        return source;
    }

    public QueryLimits limits() {
        return limits;
    }

    /** This executor with its timeout cut to what is left of a budget (at least a millisecond): a query never outlives the turn. */
    public QueryExecutor within(java.time.Duration left) {
        java.time.Duration cut = left.compareTo(java.time.Duration.ofMillis(1)) < 0 ? java.time.Duration.ofMillis(1) : left;
        if (cut.compareTo(limits.timeout()) >= 0) return this;
        return new QueryExecutor(source, guard, limits.withTimeout(cut));
    }

    /** A plain-English description of what an allowed statement does. */
    public String explain(String sql) {
        return new Explainer(guard).explain(sql);
    }

    /** An allowed statement's parse tree in DuckDB's form (what the explanations are written from). */
    public com.fasterxml.jackson.databind.JsonNode parseTree(String sql) {
        return guard.parse(sql);
    }

    /** Why a text is not exactly one SQL expression in the source's dialect, or null when it is ({@link Guard#notOneExpression}). */
    public String notOneExpression(String expression) {
        return guard.notOneExpression(expression);
    }

    /** The tables a statement would read, as the guard sees them; empty when the guard rejects it. */
    public java.util.Set<String> tablesOf(String sql) {
        return guard.tablesOf(sql);
    }

    /** Runs the statement if the guard allows it. */
    public QueryResult execute(String sql) {
        Verdict.Allowed allowed = allowed(sql);
        long start = System.nanoTime();
        return run(allowed, limits, (rs, columns, types) -> {
            RowReader.Read read = RowReader.read(rs, columns.size(), limits);
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            return new QueryResult(allowed.sql(), columns, types, read.rows(), read.truncation(), allowed.tables(), elapsed);
        });
    }

    /**
     * Runs the statement if the guard allows it and hands its column names, then each row, to the consumers as they are read,
     * keeping none, within the export limits ({@link QueryLimits#forExport()}: this executor's timeout and cell budget, the
     * export's row and byte caps). Returns why the rows are not the whole result, if they are not.
     */
    public QueryResult.Truncation stream(String sql, Consumer<List<String>> columns, Consumer<List<Object>> rows) {
        Verdict.Allowed allowed = allowed(sql);
        QueryLimits export = limits.forExport();
        return run(allowed, export, (rs, names, types) -> {
            columns.accept(names);
            return RowReader.stream(rs, names.size(), export, rows);
        });
    }

    private Verdict.Allowed allowed(String sql) {
        Verdict verdict = guard.check(sql);
        if (verdict instanceof Verdict.Rejected rejected) throw new QueryRejected(rejected.reason());
        return (Verdict.Allowed) verdict;
    }

    /** Reads an open result set: its column names and type names are given. */
    @FunctionalInterface
    private interface Reading<T> {
        T read(ResultSet rs, List<String> columns, List<String> types) throws SQLException;
    }

    private <T> T run(Verdict.Allowed allowed, QueryLimits limits, Reading<T> reading) {
        AtomicBoolean timedOut = new AtomicBoolean();
        try (Connection connection = source.openConnection(); Statement statement = connection.createStatement()) {
            statement.setFetchSize(Math.min(limits.maxRows() + 1, 2048));
            ScheduledFuture<?> timer = TIMER.schedule(() -> cancel(statement, timedOut), limits.timeout().toMillis(), TimeUnit.MILLISECONDS);
            try (ResultSet rs = statement.executeQuery(allowed.sql())) {
                ResultSetMetaData meta = rs.getMetaData();
                int n = meta.getColumnCount();
                List<String> columns = new ArrayList<>(n);
                List<String> types = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    columns.add(meta.getColumnLabel(i));
                    types.add(meta.getColumnTypeName(i));
                }
                return reading.read(rs, List.copyOf(columns), List.copyOf(types));
            } finally {
                timer.cancel(false);
            }
        } catch (SQLException e) {
            if (timedOut.get()) throw new QueryTimedOut(limits.timeout(), e);
            if (QueryOutOfMemory.isOutOfMemory(e)) throw new QueryOutOfMemory(source, e);
            throw new QueryFailed("query failed: " + oneLine(e.getMessage()), e);
        }
    }

    private static void cancel(Statement statement, AtomicBoolean timedOut) {
        timedOut.set(true);
        try {
            statement.cancel();
        } catch (SQLException ignored) {
            // the statement finished or closed in the meantime
        }
    }

    /**
     * The engine's error as one line: DuckDB wraps the real error in a line about a "pending query
     * result" and follows it with the query and a caret; keep the error and its hint ("Did you mean").
     */
    static String oneLine(String message) {
        if (message == null || message.isBlank()) return "unknown error";
        StringBuilder out = new StringBuilder();
        for (String line : message.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.contains("unsuccessful or closed pending query result")) continue;
            if (l.startsWith("LINE ") || l.equals("^")) break;
            if (l.startsWith("Error: ")) l = l.substring("Error: ".length());
            if (out.length() > 0) out.append(' ');
            out.append(l);
        }
        return out.length() == 0 ? Source.firstLine(message) : out.toString();
    }
}
