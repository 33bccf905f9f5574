package dev.almanac.demo;

import dev.almanac.AlmanacException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.duckdb.DuckDBConnection;

/**
 * Writes the Brightline demo warehouse: 58 tables of a SaaS + commerce company with keys, comments and
 * the real-world gotchas its knowledge files document. Deterministic: the same scale gives the same
 * table contents. The file is written under a temporary name and moved into place when complete, so
 * an interrupted run never leaves a half-built warehouse behind.
 */
public final class DemoGenerator {
    public static final double MAX_SCALE = 100;

    private final double scale;

    public DemoGenerator(double scale) {
        if (!(scale > 0) || scale > MAX_SCALE) throw new IllegalArgumentException("scale must be > 0 and <= " + MAX_SCALE);
        this.scale = scale;
    }

    /** Generates the warehouse into {@code target}, replacing it; returns rows written per table. */
    public Map<String, Long> generate(Path target) {
        try {
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path temp = dir.resolve(target.getFileName() + ".building");
            Files.deleteIfExists(temp);
            Files.deleteIfExists(dir.resolve(temp.getFileName() + ".wal"));
            Map<String, Long> counts;
            // Rows are appended to key-less staging tables in memory, so that parents and children can be
            // written in one pass; they are then moved into the file in creation order, which lets the
            // engine check every key and leaves no dead space behind in the file.
            try (DuckDBConnection c = (DuckDBConnection) dev.almanac.source.NativeLibraries.duckDb("jdbc:duckdb:", new java.util.Properties())) {
                List<String> ddl = schemaStatements();
                try (Statement s = c.createStatement()) {
                    s.execute("SET threads = 1"); // one thread: insertion order, and so the file, is reproducible
                    s.execute("ATTACH '" + temp.toString().replace("'", "''") + "' AS demo");
                    s.execute("USE demo");
                    for (String statement : ddl) s.execute(statement);
                    for (String statement : ddl) if (statement.startsWith("CREATE TABLE")) s.execute(staging(statement));
                }
                counts = fill(c, ddl);
                try (Statement s = c.createStatement()) {
                    for (String table : counts.keySet()) {
                        s.execute("INSERT INTO demo.main." + table + " SELECT * FROM " + STAGING + "." + table);
                        s.execute("DROP TABLE " + STAGING + "." + table);
                    }
                    s.execute("CHECKPOINT demo");
                    s.execute("USE memory");
                    s.execute("DETACH demo");
                }
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return counts;
        } catch (IOException | SQLException e) {
            throw new AlmanacException("demo generation failed: " + e.getMessage(), e);
        }
    }

    static final String STAGING = "memory.main";

    /** The same table in the in-memory staging database, without foreign keys. */
    static String staging(String createTable) {
        return createTable.replaceFirst("^CREATE TABLE (\\w+)", "CREATE TABLE " + STAGING + ".$1")
                .replaceAll("\\s*REFERENCES \\w+\\(\\w+\\)", "");
    }

    static List<String> schemaStatements() throws IOException {
        try (InputStream in = DemoGenerator.class.getResourceAsStream("schema.sql")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> statements = new ArrayList<>();
            for (String part : text.split(";\\s*\\n")) {
                String sql = part.lines().filter(l -> !l.strip().startsWith("--")).reduce("", (a, b) -> a + b + "\n").strip();
                if (!sql.isEmpty()) statements.add(sql);
            }
            return statements;
        }
    }

    private Map<String, Long> fill(DuckDBConnection c, List<String> ddl) throws SQLException {
        World world = new World(scale);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String statement : ddl) {
            if (statement.startsWith("CREATE TABLE")) counts.put(statement.split("\\s+")[2], 0L);
        }
        Sink sink = new Sink(c, counts);
        reference(sink, world);
        organisation(sink, world);
        new SaasSection(world, sink).write();
        new CommerceSection(world, sink).write();
        new ActivitySection(world, sink).write();
        return counts;
    }

    /** Opens writers and records how many rows each table got. */
    static final class Sink {
        private final DuckDBConnection connection;
        private final Map<String, Long> counts;

        Sink(DuckDBConnection connection, Map<String, Long> counts) {
            this.connection = connection;
            this.counts = counts;
        }

        TableWriter open(String table) throws SQLException {
            return new TableWriter(connection, table, counts);
        }
    }

    // ------------------------------------------------------------------ reference data

    private static final String[][] COUNTRIES = {
            // code, name, region, currency, weight, vat
            {"US", "United States", "1", "USD", "34", "0.00"}, {"CA", "Canada", "1", "CAD", "6", "5.00"},
            {"MX", "Mexico", "4", "MXN", "3", "16.00"}, {"BR", "Brazil", "4", "BRL", "4", "17.00"},
            {"GB", "United Kingdom", "2", "GBP", "11", "20.00"}, {"DE", "Germany", "2", "EUR", "10", "19.00"},
            {"FR", "France", "2", "EUR", "7", "20.00"}, {"NL", "Netherlands", "2", "EUR", "4", "21.00"},
            {"ES", "Spain", "2", "EUR", "3", "21.00"}, {"IN", "India", "3", "INR", "6", "18.00"},
            {"JP", "Japan", "3", "JPY", "5", "10.00"}, {"AU", "Australia", "3", "AUD", "5", "10.00"},
            {"SG", "Singapore", "3", "SGD", "2", "9.00"}};

    private static final String[][] CURRENCIES = {
            {"USD", "US Dollar", "$", "1.0"}, {"EUR", "Euro", "€", "0.92"}, {"GBP", "Pound Sterling", "£", "0.79"},
            {"CAD", "Canadian Dollar", "C$", "1.33"}, {"MXN", "Mexican Peso", "Mex$", "18.5"}, {"BRL", "Brazilian Real", "R$", "5.2"},
            {"INR", "Indian Rupee", "₹", "79.0"}, {"JPY", "Japanese Yen", "¥", "128.0"}, {"AUD", "Australian Dollar", "A$", "1.42"},
            {"SGD", "Singapore Dollar", "S$", "1.36"}};

    private static void reference(Sink sink, World w) throws SQLException {
        try (TableWriter t = sink.open("regions")) {
            t.row(1, "North America", "NA");
            t.row(2, "Europe", "EMEA");
            t.row(3, "Asia Pacific", "APAC");
            t.row(4, "Latin America", "LATAM");
        }
        try (TableWriter t = sink.open("currencies")) {
            for (String[] c : CURRENCIES) t.row(c[0], c[1], c[2]);
        }
        try (TableWriter t = sink.open("countries")) {
            for (String[] c : COUNTRIES) {
                t.row(c[0], c[1], Integer.parseInt(c[2]), c[3]);
                w.countryCodes.add(c[0]);
                w.countryRegion.put(c[0], Integer.parseInt(c[2]));
                w.countryWeights.add(Integer.parseInt(c[4]));
            }
        }
        try (TableWriter t = sink.open("tax_rates")) {
            for (String[] c : COUNTRIES) t.row(c[0], new java.math.BigDecimal(c[5]), LocalDate.of(2020, 1, 1));
        }
        Rng rng = new Rng("fx_rates");
        try (TableWriter t = sink.open("fx_rates")) {
            // random walk in basis points per currency, one row per calendar day up to FX_END
            long[] level = new long[CURRENCIES.length];
            for (int i = 1; i < CURRENCIES.length; i++) level[i] = Math.round(Double.parseDouble(CURRENCIES[i][3]) * 1_000_000);
            for (LocalDate d = World.START; !d.isAfter(World.FX_END); d = d.plusDays(1)) {
                for (int i = 1; i < CURRENCIES.length; i++) {
                    level[i] += level[i] * rng.between(-40, 41) / 10_000;
                    t.row(d, CURRENCIES[i][0], java.math.BigDecimal.valueOf(level[i], 6));
                }
            }
        }
        try (TableWriter t = sink.open("calendar_days")) {
            for (LocalDate d = LocalDate.of(2020, 1, 1); d.isBefore(LocalDate.of(2028, 1, 1)); d = d.plusDays(1)) {
                t.row(d, d.getYear(), (d.getMonthValue() - 1) / 3 + 1, d.getMonthValue(), d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR),
                        d.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH),
                        d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY);
            }
        }
        try (TableWriter t = sink.open("holidays")) {
            for (int year = 2021; year <= 2026; year++) {
                for (String[] c : COUNTRIES) {
                    t.row(LocalDate.of(year, 1, 1), c[0], "New Year's Day");
                    t.row(LocalDate.of(year, 5, 1), c[0], c[0].equals("US") || c[0].equals("CA") ? "Spring Holiday" : "Labour Day");
                    t.row(LocalDate.of(year, 12, 25), c[0], "Christmas Day");
                }
            }
        }
    }

    // ------------------------------------------------------------------ organisation

    static final String[] FIRST = {"Ava", "Ben", "Chloe", "Daniel", "Elena", "Farid", "Grace", "Hiro", "Isabel", "Jonas",
            "Kira", "Liam", "Maya", "Noah", "Olivia", "Priya", "Quinn", "Rafael", "Sofia", "Tomas", "Uma", "Victor",
            "Wen", "Ximena", "Yusuf", "Zoe", "Amara", "Bruno", "Carmen", "Dmitri", "Esther", "Felix"};
    static final String[] LAST = {"Adams", "Brown", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Haddad", "Ito", "Jensen",
            "Kim", "Lopez", "Müller", "Nakamura", "Okafor", "Patel", "Rossi", "Silva", "Tanaka", "Umar", "Varga", "Weber",
            "Xu", "Yilmaz", "Zhang", "Novak", "Singh", "Dubois"};

    private static final String[][] DEPARTMENTS = {
            {"Engineering", "CC-100", "120"}, {"Product", "CC-110", "25"}, {"Sales", "CC-200", "80"},
            {"Marketing", "CC-210", "35"}, {"Customer Support", "CC-300", "70"}, {"Finance", "CC-400", "20"},
            {"People", "CC-410", "15"}, {"Operations", "CC-500", "35"}};

    private static void organisation(Sink sink, World w) throws SQLException {
        try (TableWriter t = sink.open("departments")) {
            for (int i = 0; i < DEPARTMENTS.length; i++) t.row(i + 1, DEPARTMENTS[i][0], DEPARTMENTS[i][1]);
        }
        String[][] offices = {{"San Francisco", "US", "2016-03-01"}, {"New York", "US", "2018-06-01"}, {"London", "GB", "2019-01-15"},
                {"Berlin", "DE", "2020-09-01"}, {"Singapore", "SG", "2022-02-01"}, {"São Paulo", "BR", "2023-05-01"}};
        try (TableWriter t = sink.open("offices")) {
            for (int i = 0; i < offices.length; i++) t.row(i + 1, offices[i][0], offices[i][1], LocalDate.parse(offices[i][2]));
        }
        Rng rng = new Rng("employees");
        int id = 0;
        try (TableWriter emp = sink.open("employees"); TableWriter sal = sink.open("employee_salaries")) {
            int salaryId = 0;
            for (int d = 0; d < DEPARTMENTS.length; d++) {
                String dept = DEPARTMENTS[d][0];
                int size = Integer.parseInt(DEPARTMENTS[d][2]);
                int head = id + 1;
                List<Integer> ids = new ArrayList<>();
                for (int k = 0; k < size; k++) {
                    id++;
                    ids.add(id);
                    String first = rng.pick(FIRST);
                    String last = rng.pick(LAST);
                    LocalDate hired = rng.date(LocalDate.of(2016, 1, 1), World.END.minusDays(30));
                    LocalDate left = rng.chance(0.12) ? rng.date(hired.plusDays(90), World.END.plusDays(400)) : null;
                    if (left != null && left.isAfter(World.END)) left = null;
                    String title = k == 0 ? "Head of " + dept : titleFor(dept, rng);
                    emp.row(id, first + " " + last, (first + "." + last + id).toLowerCase(Locale.ROOT).replace("ü", "u") + "@brightline.example",
                            d + 1, rng.between(1, offices.length), k == 0 ? null : head, title, hired, left);
                    long salary = baseSalary(dept) + rng.between(-15_000, 25_000);
                    int raises = rng.between(0, 2);
                    LocalDate effective = hired;
                    for (int r = 0; r <= raises; r++) {
                        sal.row(++salaryId, id, effective, TableWriter.dollars(salary * 100));
                        effective = effective.plusMonths(rng.between(10, 18));
                        if (effective.isAfter(World.END) || (left != null && effective.isAfter(left))) break;
                        salary += salary * rng.between(3, 9) / 100;
                    }
                }
                w.employeesByDepartment.put(dept, ids);
            }
        }
    }

    private static String titleFor(String dept, Rng rng) {
        return switch (dept) {
            case "Engineering" -> rng.pick(new String[] {"Software Engineer", "Senior Software Engineer", "Staff Engineer", "Engineering Manager"});
            case "Sales" -> rng.pick(new String[] {"Account Executive", "Account Executive", "Sales Development Rep", "Sales Manager"});
            case "Customer Support" -> rng.pick(new String[] {"Support Specialist", "Support Specialist", "Support Lead"});
            case "Marketing" -> rng.pick(new String[] {"Marketing Manager", "Growth Marketer", "Content Strategist"});
            default -> rng.pick(new String[] {"Analyst", "Specialist", "Manager"});
        };
    }

    private static long baseSalary(String dept) {
        return switch (dept) {
            case "Engineering" -> 150_000;
            case "Product" -> 140_000;
            case "Sales" -> 95_000;
            case "Finance" -> 110_000;
            default -> 85_000;
        };
    }
}
