package dev.almanac.semantic;

import dev.almanac.source.Catalog;
import dev.almanac.source.Dialect;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What one column is, read from its name, its declared type and (when it was sampled) its values: an identifier, a time (typed,
 * ISO-date text, or epoch numbers), a category, free text, or a number, with whether a sum of it means anything. Each reading
 * carries the reason, which the drafted model keeps in its {@code drafted:} note.
 */
record ColumnReading(Dimension.Kind kind, String expr, Grain grain, Additivity additivity, String reason) {

    /** What may be computed over a number: a sum (an amount, a quantity), or only an average, minimum and maximum (an age, a rate). */
    enum Additivity { SUM, AVERAGE_ONLY, RANGE_ONLY, NONE }

    /** The last words of an identifier-like name ({@code customer_id}, {@code zip}, {@code isbn}). */
    private static final Set<String> IDENTIFIER_WORDS = Set.of("id", "ids", "key", "code", "uuid", "guid", "sku", "zip", "zipcode", "postcode",
            "postal", "phone", "telephone", "fax", "isbn", "ssn", "email", "url", "uri", "hash", "token", "iban", "vin", "ip");
    /** Words of a number that is not summed: a sum of ages, rates or coordinates means nothing. */
    private static final Set<String> NON_ADDITIVE_WORDS = Set.of("age", "rate", "ratio", "percent", "percentage", "pct", "share", "score", "rating",
            "rank", "ranking", "grade", "level", "temperature", "temp", "latitude", "longitude", "lat", "lon", "lng", "avg", "average", "mean",
            "median", "price", "height", "speed", "density", "index", "version", "position", "seq", "sequence", "floor", "ordinal", "order",
            "elevation", "altitude", "gpa", "probability", "margin", "utilization", "efficiency", "per", "tax", "discount", "fee", "percentile");
    /** Words of a calendar part: a year, month or day number is compared and ranged, never summed. */
    private static final Set<String> CALENDAR_WORDS = Set.of("year", "yr", "month", "day", "week", "quarter", "hour", "minute", "weekday");
    /** Words that say a column holds a moment, for numbers that could also be large amounts. */
    private static final Set<String> MOMENT_WORDS = Set.of("date", "time", "timestamp", "ts", "at", "epoch", "created", "updated", "modified",
            "when", "unix", "since", "until", "start", "end", "started", "ended", "born", "deleted", "seen", "login", "logged");
    /** Words of a column that names a row. */
    static final Set<String> NAME_WORDS = Set.of("name", "title", "label", "fullname", "username", "nickname");

    static final int MAX_CATEGORIES = 50;

    static boolean identifierNamed(String column) {
        List<String> w = Words.split(column);
        if (w.isEmpty()) return false;
        String last = w.get(w.size() - 1);
        if (IDENTIFIER_WORDS.contains(last)) return true;
        // "flight_no", "employee_number", "order_num": a number that names one row; "number_of_seats", "num_employees" are counts
        return w.size() > 1 && Set.of("no", "number", "num", "nbr").contains(last) && !Set.of("no", "number", "num", "nbr").contains(w.get(0));
    }

    static boolean nameLike(String column) {
        List<String> w = Words.split(column);
        return !w.isEmpty() && NAME_WORDS.contains(w.get(w.size() - 1));
    }

    /**
     * Reads a column; {@code key} when it is a declared or inferred key, {@code p} null when its values were not sampled;
     * {@code vocabulary}: the words of the source's names an abbreviation in the column's may stand for.
     */
    static ColumnReading of(Catalog.Column c, ColumnProfile p, boolean key, Dialect dialect, Set<String> vocabulary) {
        String col = Sql.identifier(c.name(), dialect);
        List<String> words = Words.expanded(Words.split(c.name()), vocabulary);
        String type = c.type() == null ? "" : c.type().toUpperCase(Locale.ROOT);
        boolean typedTime = type.startsWith("DATE") || type.startsWith("TIMESTAMP") || type.equals("DATETIME") || type.startsWith("TIME WITH")
                || type.startsWith("TIMESTAMPTZ");
        boolean typedNumber = type.matches("(?i)(TINY|SMALL|MEDIUM|BIG|U)?INT(EGER)?\\d*( UNSIGNED)?|HUGEINT|UBIGINT|USMALLINT|UTINYINT|UINTEGER|NUMERIC.*|DECIMAL.*|REAL|FLOAT.*|DOUBLE.*|NUMBER.*|INT[248]|SERIAL|BIGSERIAL|SMALLSERIAL|MONEY");
        boolean typedBool = type.startsWith("BOOL") || type.equals("BIT");
        boolean calendar = words.stream().anyMatch(CALENDAR_WORDS::contains);

        if (key) return new ColumnReading(Dimension.Kind.IDENTIFIER, col, null, Additivity.NONE, "a key of its table: an identifier, never summed");
        if (p != null && p.nonNull() == 0 && !typedTime) {
            return new ColumnReading(typedNumber ? Dimension.Kind.NUMBER : Dimension.Kind.TEXT, col, null,
                    typedNumber ? Additivity.RANGE_ONLY : Additivity.NONE, "no value set in the sample; read from its type " + c.type());
        }
        // time: a date or timestamp type, ISO-date text, or epoch numbers
        if (typedTime && (p == null || p.nonNull() == 0 || p.temporalValues() == p.nonNull())) {
            return new ColumnReading(Dimension.Kind.TIME, col, p == null || p.grain() == null ? Grain.DAY : p.grain(), Additivity.NONE,
                    "its type is " + c.type() + (p != null && p.grain() != null ? "; the values sampled are at " + p.grain().label() + " grain" : ""));
        }
        if (p != null && !p.numeric() && p.nonNull() > 0 && p.isoText() == p.nonNull()) {
            return new ColumnReading(Dimension.Kind.TIME, Sql.isoDate(col, dialect), p.grain() == null ? Grain.DAY : p.grain(), Additivity.NONE,
                    "every value sampled (" + p.nonNull() + ") is an ISO date written as text; at " + (p.grain() == null ? Grain.DAY : p.grain()).label() + " grain");
        }
        boolean momentNamed = words.stream().anyMatch(MOMENT_WORDS::contains);
        if (p != null && p.integral() && p.nonNull() >= 1 && !identifierNamed(c.name()) && !calendar && (momentNamed || p.distinct() >= 3)
                && !words.stream().anyMatch(NON_ADDITIVE_WORDS::contains) && !measureNamed(words)) {
            boolean seconds = p.epochSeconds() == p.nonNull();
            boolean millis = p.epochMillis() == p.nonNull();
            if (seconds || millis) {
                return new ColumnReading(Dimension.Kind.TIME, Sql.epochDate(col, millis, dialect), null, Additivity.NONE,
                        "every value sampled (" + p.nonNull() + ") is a moment of 2000-2100 in epoch " + (millis ? "milliseconds" : "seconds"));
            }
        }
        if (typedBool || p != null && p.booleans()) {
            return new ColumnReading(Dimension.Kind.CATEGORICAL, col, null, Additivity.NONE, "a yes/no value");
        }
        boolean number = p != null ? p.numeric() : typedNumber;
        if (identifierNamed(c.name()) && !(p != null && few(p) && !p.unique())) {
            return new ColumnReading(Dimension.Kind.IDENTIFIER, col, null, Additivity.NONE, "its name (" + c.name() + ") says it identifies something: never summed");
        }
        if (number) {
            if (p != null && few(p) && p.integral() && !measureNamed(words) && p.distinct() <= 12
                    && (calendar || p.distinct() <= 2 || words.stream().noneMatch(NON_ADDITIVE_WORDS::contains))) {
                return new ColumnReading(Dimension.Kind.CATEGORICAL, col, null, Additivity.NONE,
                        p.distinct() + " distinct values in " + p.nonNull() + " sampled: a code or a period to break down by, never summed");
            }
            if (calendar || p != null && p.integral() && p.min() != null && p.min() >= 1800 && p.max() <= 2100 && words.contains("year")) {
                return new ColumnReading(Dimension.Kind.NUMBER, col, null, Additivity.RANGE_ONLY, "a calendar part (" + c.name() + "): compared, never summed");
            }
            if (momentNamed) {
                return new ColumnReading(Dimension.Kind.NUMBER, col, null, Additivity.RANGE_ONLY, "a number named as a moment (" + c.name() + "): compared, never summed");
            }
            boolean nonAdditive = words.stream().anyMatch(NON_ADDITIVE_WORDS::contains) || p != null && p.allFraction();
            return new ColumnReading(Dimension.Kind.NUMBER, col, null, nonAdditive ? Additivity.AVERAGE_ONLY : Additivity.SUM,
                    nonAdditive ? "a number whose sum means nothing (" + (p != null && p.allFraction() ? "every value sampled is a fraction" : "its name: " + c.name())
                            + "): averaged, never summed" : "a number that adds up: summed, averaged");
        }
        // text
        if (p != null && p.digitText() == p.nonNull() && p.nonNull() > 0 && calendar && p.maxLength() == 4 && p.leadingZero() == 0) {
            return new ColumnReading(Dimension.Kind.NUMBER, Sql.number(col, true, dialect), null, Additivity.RANGE_ONLY,
                    "years written as text (" + c.name() + "): compared as numbers, never summed");
        }
        if (p != null && p.nonNull() > 0 && p.decimalText() == p.nonNull() && p.leadingZero() == 0 && !(few(p) && !p.unique())
                && (p.digitText() < p.nonNull() || p.maxLength() <= 9)) {
            return new ColumnReading(Dimension.Kind.NUMBER, Sql.number(col, p.digitText() == p.nonNull(), dialect), null,
                    measureNamed(words) ? Additivity.SUM : Additivity.AVERAGE_ONLY, "numbers written as text: read as numbers"
                            + (measureNamed(words) ? ", summed" : ", averaged, not summed (nothing in its name says they add up)"));
        }
        if (p != null && p.digitText() == p.nonNull() && p.nonNull() > 0) {
            return few(p) && !p.unique()
                    ? new ColumnReading(Dimension.Kind.CATEGORICAL, col, null, Additivity.NONE, "codes of digits written as text (" + p.distinct() + " distinct): a category, never a number")
                    : new ColumnReading(Dimension.Kind.IDENTIFIER, col, null, Additivity.NONE, "codes of digits written as text" + (p.leadingZero() > 0 ? ", some with leading zeros" : "")
                            + ": an identifier, never a number");
        }
        if (nameLike(c.name()) && (p == null || p.avgLength() <= 80)) {
            return new ColumnReading(Dimension.Kind.CATEGORICAL, col, null, Additivity.NONE, "its name (" + c.name() + ") says it names each row");
        }
        if (p == null) {
            return new ColumnReading(Dimension.Kind.TEXT, col, null, Additivity.NONE, "text not sampled (the time budget ran out): free text until a person says otherwise");
        }
        if ((few(p) || repeated(p)) && p.avgLength() <= 60) {
            return new ColumnReading(Dimension.Kind.CATEGORICAL, col, null, Additivity.NONE, p.distinct() + " distinct values in " + p.nonNull() + " sampled");
        }
        return new ColumnReading(Dimension.Kind.TEXT, col, null, Additivity.NONE, p.distinct() + " distinct values in " + p.nonNull()
                + " sampled, " + Math.round(p.avgLength()) + " characters on average: free text, never a breakdown");
    }

    /** Few enough distinct values to break down by: at most {@link #MAX_CATEGORIES}, and repeated (at most half as many as values). */
    static boolean few(ColumnProfile p) {
        return p.distinct() > 0 && p.distinct() <= MAX_CATEGORIES && p.distinct() <= Math.max(2, p.nonNull() / 2);
    }

    /**
     * Short text whose values repeat, on average half again as many rows as values ("United States" 4 times among 8 singers
     * of 5 citizenships): a category, though a small table has too few rows for {@link #few}'s half.
     */
    private static boolean repeated(ColumnProfile p) {
        return p.distinct() > 0 && p.distinct() <= MAX_CATEGORIES && p.distinct() * 3 <= p.nonNull() * 2;
    }

    private static boolean measureNamed(List<String> words) {
        return words.stream().anyMatch(Set.of("amount", "total", "count", "quantity", "sum", "revenue", "sales", "cost", "budget", "population",
                "balance", "value", "spend", "spent", "paid", "income", "profit", "salary", "wage", "weight", "capacity", "distance", "duration",
                "size", "area", "volume", "points", "goals", "votes", "attendance", "number")::contains);
    }
}
