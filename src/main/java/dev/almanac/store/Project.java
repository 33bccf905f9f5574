package dev.almanac.store;

import java.nio.file.Path;

/**
 * A project: a folder with {@code almanac.yml} naming its data source and {@code knowledge/}.
 *
 * @param source   a database path relative to {@code dir}, or a JDBC URL
 * @param demo     whether this is the demo project, whose warehouse is generated on first use
 * @param appStore the app store's JDBC URL (a team's PostgreSQL), or null for {@code data/almanac.db}
 * @param company  the names of the business the data is about ("Brightline"): in a question they mean "we"
 * @param queryTimeout how long one query may run ({@code query_timeout:} in seconds), or null for the default
 * @param fiscalYearStartMonth the month the business's fiscal year starts in ({@code fiscal_year_start_month:}, 1 to 12;
 *                             1, the calendar year, by default): "FY2026", "this fiscal year" and "fiscal Q2" are read by it
 */
public record Project(String name, Path dir, String source, Path knowledgeDir, boolean demo, String appStore, java.util.List<String> company,
                      java.time.Duration queryTimeout, int fiscalYearStartMonth) {
    public Project {
        company = company == null ? java.util.List.of() : java.util.List.copyOf(company);
        if (fiscalYearStartMonth < 1 || fiscalYearStartMonth > 12) throw new IllegalArgumentException("fiscal year start month " + fiscalYearStartMonth);
    }

    public Project(String name, Path dir, String source, Path knowledgeDir, boolean demo, String appStore, java.util.List<String> company,
                   java.time.Duration queryTimeout) {
        this(name, dir, source, knowledgeDir, demo, appStore, company, queryTimeout, 1);
    }

    public Project(String name, Path dir, String source, Path knowledgeDir, boolean demo, String appStore, java.util.List<String> company) {
        this(name, dir, source, knowledgeDir, demo, appStore, company, null);
    }

    public Project(String name, Path dir, String source, Path knowledgeDir, boolean demo) {
        this(name, dir, source, knowledgeDir, demo, null, null);
    }

    public Project(String name, Path dir, String source, Path knowledgeDir, boolean demo, String appStore) {
        this(name, dir, source, knowledgeDir, demo, appStore, null);
    }

    public static final String FILE = "almanac.yml";
    public static final String DEMO_SOURCE = "data/demo.duckdb";

    /** The source as something {@code Sources.open} understands: URLs as given, paths resolved against the project. */
    public String sourceSpec() {
        return source.startsWith("jdbc:") ? source : dir.resolve(source).normalize().toString();
    }

    /**
     * Where the app store lives: {@code $ALMANAC_APP_STORE} when set, else {@code app_store} of
     * almanac.yml, else the embedded SQLite file {@code data/almanac.db} of the project.
     */
    public String appStoreUrl(java.util.Map<String, String> env) {
        String fromEnv = env.get("ALMANAC_APP_STORE");
        if (fromEnv != null && !fromEnv.isBlank()) return fromEnv.strip();
        if (appStore != null && !appStore.isBlank()) return appStore.strip();
        return "jdbc:sqlite:" + dir.resolve("data").resolve("almanac.db");
    }

    public Path cacheDir() {
        return dir.resolve("data").resolve("cache");
    }
}
