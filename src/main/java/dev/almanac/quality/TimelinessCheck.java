package dev.almanac.quality;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.TableNote;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The data-quality pass for TIMELINESS, internal and separate from the answer:
 * <ol>
 * <li>the requested period: from the latest question of the thread that names one (so a period given
 * turns earlier still counts), relative phrases resolved against the injected date;</li>
 * <li>the grain: day for a day, else month unless the question asks for days, weeks or years;</li>
 * <li>the time column of the data used: of the tables the turn's queries read, the largest one with
 * a time column — the knowledge's {@code time_column} (epoch milliseconds when its
 * {@code time_format} says so), else a date column the SQL filters on, else the table's only one;</li>
 * <li>observed buckets: the distinct buckets of that column inside the requested period; expected
 * buckets: {@code generate_series} over the period (up to today); missing = expected minus observed.</li>
 * </ol>
 */
public final class TimelinessCheck {
    private static final Pattern DAILY = Pattern.compile("(?i)\\b(daily|per day|each day|by day)\\b");
    private static final Pattern YEARLY = Pattern.compile("(?i)\\b(yearly|annually|per year|each year|by year)\\b");

    private final Catalog catalog;
    private final KnowledgeSet knowledge;
    private final QueryExecutor executor;
    private final LocalDate today;

    public TimelinessCheck(Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, LocalDate today) {
        this.catalog = catalog;
        this.knowledge = knowledge;
        this.executor = executor;
        this.today = today;
    }

    /** @param questions the thread's questions, oldest first, the current one last */
    public Timeliness evaluate(List<String> questions, List<String> sqlRun) {
        if (sqlRun.isEmpty()) return Timeliness.of(Timeliness.Status.NOT_EVALUATED, "no query was run");
        TimeframeParser parser = new TimeframeParser(today);
        Optional<Timeframe> tf = Optional.empty();
        String asked = "";
        for (int i = questions.size() - 1; i >= 0 && tf.isEmpty(); i--) {
            tf = parser.parse(questions.get(i));
            asked = questions.get(i);
        }
        if (tf.isEmpty()) return Timeliness.of(Timeliness.Status.UNKNOWN, "no period was requested in the conversation");
        Timeframe period = tf.get();
        String grain = period.grain() == Timeframe.Grain.DAY || DAILY.matcher(asked).find() ? "day"
                : YEARLY.matcher(asked).find() ? "year" : "month";

        Footprint footprint = footprint(sqlRun);
        if (footprint == null) {
            return new Timeliness(Timeliness.Status.UNKNOWN, requested(period, grain), null, List.of(), grain, null, null,
                    "the queries read no table with a time column", null);
        }
        LocalDate last = period.end().minusDays(1).isAfter(today) ? today : period.end().minusDays(1);
        if (last.isBefore(period.start())) {
            return new Timeliness(Timeliness.Status.MISMATCH, requested(period, grain), null, List.of(), grain, footprint.table, footprint.column,
                    "the requested period has not started yet", null);
        }
        String time = footprint.epochMillis ? "epoch_ms(" + quote(footprint.column) + ")" : quote(footprint.column);
        String dqSql = """
                WITH expected AS (
                  SELECT CAST(unnest(generate_series(date_trunc('%1$s', DATE '%2$s'), date_trunc('%1$s', DATE '%3$s'), INTERVAL 1 %1$s)) AS DATE) AS bucket
                ), observed AS (
                  SELECT DISTINCT CAST(date_trunc('%1$s', %4$s) AS DATE) AS bucket FROM %5$s
                  WHERE %4$s >= TIMESTAMP '%2$s' AND %4$s < TIMESTAMP '%6$s'
                )
                SELECT e.bucket, o.bucket IS NOT NULL AS seen FROM expected e LEFT JOIN observed o USING (bucket) ORDER BY e.bucket"""
                .formatted(grain, period.start(), last, time, quote(footprint.table), period.end());
        QueryResult r = executor.execute(dqSql);
        List<String> missing = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            String bucket = label(row.get(0).toString(), grain);
            if (Boolean.TRUE.equals(row.get(1))) seen.add(bucket);
            else missing.add(bucket);
        }
        Timeliness.Status status = seen.isEmpty() ? Timeliness.Status.MISMATCH : missing.isEmpty() ? Timeliness.Status.OK : Timeliness.Status.PARTIAL;
        String observed = seen.isEmpty() ? "no data in the period; " + footprint.table + "." + footprint.column + " covers " + range(footprint)
                : seen.get(0) + " to " + seen.get(seen.size() - 1) + " (" + seen.size() + " of " + (seen.size() + missing.size()) + " " + grain + "s)";
        String reason = switch (status) {
            case OK -> "every " + grain + " of the period has data";
            case PARTIAL -> missing.size() + " " + grain + (missing.size() == 1 ? " of the period has" : "s of the period have") + " no data";
            default -> "the data does not cover the requested period";
        };
        return new Timeliness(status, requested(period, grain), observed, missing, grain, footprint.table, footprint.column, reason, dqSql);
    }

    private record Footprint(String table, String column, boolean epochMillis, long rows) {}

    /** The largest table the queries read that has a time column, with that column. */
    private Footprint footprint(List<String> sqlRun) {
        Footprint best = null;
        for (String sql : sqlRun) {
            for (String name : executor.tablesOf(sql)) {
                Catalog.Table table = catalog.table(name).orElse(null);
                if (table == null) continue;
                Footprint f = timeColumn(table, sql);
                if (f != null && (best == null || f.rows > best.rows)) best = f;
            }
        }
        return best;
    }

    private Footprint timeColumn(Catalog.Table table, String sql) {
        Optional<TableNote> note = knowledge.note(table.name());
        if (note.isPresent() && note.get().timeColumn() != null && table.column(note.get().timeColumn()).isPresent()) {
            boolean epoch = "epoch_ms".equalsIgnoreCase(note.get().timeFormat());
            return new Footprint(table.name(), note.get().timeColumn(), epoch, table.rowCount());
        }
        List<Catalog.Column> temporal = table.columns().stream().filter(Catalog.Column::isTemporal).toList();
        String lower = sql.toLowerCase(Locale.ROOT);
        Set<String> filtered = new LinkedHashSet<>();
        int where = lower.indexOf(" where ");
        for (Catalog.Column c : temporal) if (where >= 0 && lower.indexOf(c.name().toLowerCase(Locale.ROOT), where) >= 0) filtered.add(c.name());
        if (!filtered.isEmpty()) return new Footprint(table.name(), filtered.iterator().next(), false, table.rowCount());
        if (temporal.size() == 1) return new Footprint(table.name(), temporal.get(0).name(), false, table.rowCount());
        return null;
    }

    private String range(Footprint f) {
        return catalog.table(f.table).flatMap(t -> t.column(f.column)).map(c -> c.min() == null ? "an unknown range" : c.min() + " to " + c.max())
                .orElse("an unknown range");
    }

    private static String requested(Timeframe tf, String grain) {
        return tf.label() + " (" + tf.start() + " to " + tf.end().minusDays(1) + ", by " + grain + ")";
    }

    private static String label(String date, String grain) {
        return switch (grain) {
            case "year" -> date.substring(0, 4);
            case "day" -> date.substring(0, 10);
            default -> date.substring(0, 7);
        };
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
