package dev.almanac.quality;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.TableNote;
import dev.almanac.source.Catalog;
import dev.almanac.source.Dialect;
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
 * <li>expected buckets: every bucket of the period (up to today); observed buckets: those with rows of that column,
 * found by one query whose bucket bounds are literals, so that it reads alike on every engine; missing = expected minus
 * observed.</li>
 * </ol>
 */
public final class TimelinessCheck {
    private static final Pattern DAILY = Pattern.compile("(?i)\\b(daily|per day|each day|by day)\\b");
    private static final Pattern YEARLY = Pattern.compile("(?i)\\b(yearly|annually|per year|each year|by year)\\b");

    private final Catalog catalog;
    private final KnowledgeSet knowledge;
    private final QueryExecutor executor;
    private final LocalDate today;
    private final FiscalYear fiscalYear;

    public TimelinessCheck(Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, LocalDate today) {
        this(catalog, knowledge, executor, today, FiscalYear.CALENDAR);
    }

    /** @param fiscalYear the project's fiscal year, for the period a question asks ("FY2026") */
    public TimelinessCheck(Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, LocalDate today, FiscalYear fiscalYear) {
        this.fiscalYear = fiscalYear;
        this.catalog = catalog;
        this.knowledge = knowledge;
        this.executor = executor;
        this.today = today;
    }

    /** @param questions the thread's questions, oldest first, the current one last */
    public Timeliness evaluate(List<String> questions, List<String> sqlRun) {
        if (sqlRun.isEmpty()) return Timeliness.of(Timeliness.Status.NOT_EVALUATED, "no query was run");
        TimeframeParser parser = new TimeframeParser(today, fiscalYear);
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
        List<LocalDate> buckets = buckets(period.start(), last, grain);
        String dqSql = bucketQuery(footprint, buckets, period.end());
        QueryResult r = executor.execute(dqSql);
        Set<Integer> observedBuckets = new java.util.HashSet<>();
        for (List<Object> row : r.rows()) if (row.get(0) instanceof Number n) observedBuckets.add(n.intValue());
        List<String> missing = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < buckets.size(); i++) {
            String bucket = label(buckets.get(i).toString(), grain);
            if (observedBuckets.contains(i)) seen.add(bucket);
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
        // the table as queries name it: a table outside the default schema is read through its schema
        Optional<TableNote> note = knowledge.note(table.qualifiedName()).or(() -> knowledge.note(table.name()));
        if (note.isPresent() && note.get().timeColumn() != null && table.column(note.get().timeColumn()).isPresent()) {
            boolean epoch = "epoch_ms".equalsIgnoreCase(note.get().timeFormat());
            return new Footprint(table.qualifiedName(), note.get().timeColumn(), epoch, table.rowCount());
        }
        List<Catalog.Column> temporal = table.columns().stream().filter(Catalog.Column::isTemporal).toList();
        String lower = sql.toLowerCase(Locale.ROOT);
        Set<String> filtered = new LinkedHashSet<>();
        int where = lower.indexOf(" where ");
        for (Catalog.Column c : temporal) if (where >= 0 && lower.indexOf(c.name().toLowerCase(Locale.ROOT), where) >= 0) filtered.add(c.name());
        if (!filtered.isEmpty()) return new Footprint(table.qualifiedName(), filtered.iterator().next(), false, table.rowCount());
        if (temporal.size() == 1) return new Footprint(table.qualifiedName(), temporal.get(0).name(), false, table.rowCount());
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

    /** The first days of the buckets of a grain from the one holding {@code first} to the one holding {@code last}. */
    static List<LocalDate> buckets(LocalDate first, LocalDate last, String grain) {
        LocalDate b = switch (grain) {
            case "year" -> first.withDayOfYear(1);
            case "day" -> first;
            default -> first.withDayOfMonth(1);
        };
        List<LocalDate> out = new ArrayList<>();
        for (; !b.isAfter(last); b = switch (grain) {
            case "year" -> b.plusYears(1);
            case "day" -> b.plusDays(1);
            default -> b.plusMonths(1);
        }) {
            out.add(b);
        }
        return out;
    }

    /**
     * The buckets that have rows, by number, in one scan of the table and in any dialect: the bounds are written as
     * literals (epoch milliseconds for an epoch column) and compared, with no date function of any engine.
     */
    private String bucketQuery(Footprint footprint, List<LocalDate> buckets, LocalDate end) {
        Dialect dialect = executor.source().dialect();
        String column = dialect.quote(footprint.column);
        java.util.function.Function<LocalDate, String> bound = footprint.epochMillis
                ? d -> String.valueOf(d.atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli())
                : dialect::startOf;
        StringBuilder bucket = new StringBuilder("CASE");
        for (int i = 1; i < buckets.size(); i++) bucket.append(" WHEN ").append(column).append(" < ").append(bound.apply(buckets.get(i))).append(" THEN ").append(i - 1);
        bucket.append(" ELSE ").append(buckets.size() - 1).append(" END");
        return "SELECT DISTINCT " + (buckets.size() == 1 ? "0" : bucket) + " AS bucket\nFROM " + dialect.quoteQualified(footprint.table) + "\nWHERE " + column + " >= "
                + bound.apply(buckets.get(0)) + " AND " + column + " < " + bound.apply(end);
    }
}
