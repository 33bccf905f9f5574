package dev.almanac.semantic;

import dev.almanac.AlmanacException;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.knowledge.SemanticFile.DatasetSpec;
import dev.almanac.knowledge.SemanticFile.DimensionSpec;
import dev.almanac.knowledge.SemanticFile.EntitySpec;
import dev.almanac.knowledge.SemanticFile.MetricSpec;
import dev.almanac.knowledge.SemanticFile.RelationshipSpec;
import dev.almanac.knowledge.TableNote;
import dev.almanac.source.Catalog;
import dev.almanac.source.Dialect;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Drafts a semantic model and table notes for a source nobody described yet ({@code almanac init}), from its catalog and a
 * bounded sample of each table's rows: a dataset per table or view, its key (declared, else inferred from the sample), a
 * dimension per column read by {@link ColumnReading}, relationships from declared foreign keys and from columns whose name and
 * type agree with another table's key and whose sampled values that key contains, and metrics (a count per dataset, distinct
 * counts of the entities it refers to, sums, averages, minimums and maximums of its numbers as their additivity allows).
 * Everything it writes carries a {@code drafted:} note saying why. Reads at most {@code sampleRows} rows a table, within a time
 * budget: the tables it has no time left to sample are drafted from the catalog alone, and the outcome says so.
 */
public final class ModelDrafter {
    /** How much it may read: rows a table, and the time for the whole draft. */
    public record Settings(int sampleRows, Duration budget) {
        public static final Settings DEFAULT = new Settings(1000, Duration.ofMinutes(5));

        public Settings {
            if (sampleRows < 1) throw new dev.almanac.UserError("the sample must be at least one row a table");
            if (budget.isNegative() || budget.isZero()) throw new dev.almanac.UserError("the time budget must be positive");
        }
    }

    /** Told as each table is read: how many of how many, and which. */
    public interface Progress {
        void table(int done, int total, String table);
    }

    /** What is already there (merge): the model written by people, and the tables that have notes. */
    public record Existing(SemanticModel model, Set<String> notedTables) {
        public static final Existing NONE = new Existing(SemanticModel.EMPTY, Set.of());
    }

    /** A table that could not be drafted, and why. */
    public record Skipped(String table, String reason) {}

    /** The draft: semantic files (one a dataset), table notes, and what happened. */
    public record Outcome(List<SemanticFile> files, List<TableNote> notes, int tables, int sampled, int fromCatalogOnly, List<Skipped> skipped,
                          boolean budgetRanOut, long rowsRead, int declaredRelationships, int inferredRelationships, int metrics, long millis) {}

    private final QueryExecutor executor;
    private final Dialect dialect;
    private final Settings settings;
    private final Existing existing;
    private final Progress progress;
    private long rowsRead;
    private long deadline;
    private final Map<String, String> tableOfDataset = new HashMap<>();
    /** The words of the source's table and column names, which an abbreviation in a name may stand for. */
    private Set<String> vocabulary = Set.of();

    public ModelDrafter(QueryExecutor executor, Settings settings, Existing existing, Progress progress) {
        this.executor = executor;
        this.dialect = executor.source().dialect();
        this.settings = settings;
        this.existing = existing;
        this.progress = progress == null ? (d, t, n) -> {} : progress;
    }

    /** A table as drafted: its dataset name, key, sample and column readings. */
    private static final class Table {
        final Catalog.Table table;
        final String ref;
        String dataset;
        String entity;
        List<String> key = List.of();
        String keyReason;
        List<List<Object>> rows;
        boolean complete;
        final Map<String, ColumnProfile> profiles = new LinkedHashMap<>();
        final Map<String, List<Object>> columnValues = new HashMap<>();
        final List<RelationshipSpec> relationships = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final Map<String, String> keyColumnsOut = new LinkedHashMap<>(); // foreign key column -> target dataset

        Table(Catalog.Table table, String ref) {
            this.table = table;
            this.ref = ref;
        }

        boolean sampled() {
            return rows != null;
        }
    }

    public Outcome draft(Catalog catalog) {
        long start = System.nanoTime();
        deadline = start + settings.budget().toNanos();
        Set<String> coveredTables = new HashSet<>();
        Map<String, String> datasetOfTable = new HashMap<>();
        for (Dataset d : existing.model().datasets()) {
            if (d.table() != null) {
                coveredTables.add(d.table().toLowerCase(Locale.ROOT));
                datasetOfTable.putIfAbsent(d.table().toLowerCase(Locale.ROOT), d.name());
            }
        }
        Set<String> schemas = new HashSet<>();
        for (Catalog.Table t : catalog.tables()) schemas.add(t.schema() == null ? "" : t.schema());
        boolean oneSchema = schemas.size() <= 1;
        List<String> identifiers = new ArrayList<>();
        for (Catalog.Table t : catalog.tables()) {
            identifiers.add(t.name());
            t.columns().forEach(c -> identifiers.add(c.name()));
        }
        vocabulary = Words.vocabulary(identifiers);

        // names in use: the model's, then each drafted one's
        Set<String> datasetNames = new HashSet<>();
        existing.model().datasets().forEach(d -> datasetNames.add(d.name()));
        Set<String> metricNames = new HashSet<>();
        existing.model().metrics().forEach(m -> metricNames.add(m.name()));
        Set<String> relationshipNames = new HashSet<>();
        existing.model().relationships().forEach(r -> relationshipNames.add(r.name()));
        Set<String> entityNames = new HashSet<>();
        existing.model().datasets().forEach(d -> d.entities().forEach(e -> entityNames.add(e.name())));

        List<Table> tables = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        boolean ranOut = false;
        int total = catalog.tables().size();
        int done = 0;
        for (Catalog.Table t : catalog.tables()) {
            String ref = oneSchema ? Sql.identifier(t.name(), dialect) : Sql.identifier(t.schema(), dialect) + "." + Sql.identifier(t.name(), dialect);
            String plainRef = oneSchema ? t.name() : t.schema() + "." + t.name();
            progress.table(done++, total, plainRef);
            if (coveredTables.contains(plainRef.toLowerCase(Locale.ROOT)) || coveredTables.contains(ref.toLowerCase(Locale.ROOT))) continue;
            if (t.columns().isEmpty()) {
                skipped.add(new Skipped(plainRef, "it has no columns"));
                continue;
            }
            Table d = new Table(t, ref);
            if (!ranOut && System.nanoTime() >= deadline) ranOut = true;
            if (!ranOut) {
                try {
                    sample(d);
                } catch (AlmanacException e) {
                    if (System.nanoTime() >= deadline) {
                        ranOut = true; // the budget ran out during this table's sample: drafted from the catalog
                    } else {
                        skipped.add(new Skipped(plainRef, "it could not be read: " + e.getMessage()));
                        continue;
                    }
                }
            }
            d.dataset = unique(Words.name(oneSchema ? t.name() : t.schema() + "_" + t.name()), datasetNames);
            datasetNames.add(d.dataset);
            tables.add(d);
        }
        progress.table(total, total, "");
        Map<String, Table> byTable = new HashMap<>();
        for (Table d : tables) {
            byTable.put(d.table.name().toLowerCase(Locale.ROOT), d);
            byTable.put(d.table.qualifiedName().toLowerCase(Locale.ROOT), d);
        }
        for (Table d : tables) key(d);
        for (Table d : tables) tableOfDataset.put(d.dataset, d.table.qualifiedName());
        for (Dataset x : existing.model().datasets()) if (x.table() != null) tableOfDataset.putIfAbsent(x.name(), x.table());
        for (Table d : tables) {
            if (d.key.size() != 1) continue;
            String e = Words.singular(d.dataset);
            d.entity = entityNames.contains(e) ? d.dataset : e;
            if (entityNames.contains(d.entity)) d.entity = null;
            else entityNames.add(d.entity);
        }
        // relationships: declared first, then inferred; none that closes a cycle of many-to-one joins, none to the table itself
        Map<String, Set<String>> edges = new HashMap<>();
        for (Relationship r : existing.model().relationships()) edges.computeIfAbsent(r.from(), k -> new HashSet<>()).add(r.to());
        int declared = 0, inferred = 0;
        for (Table d : tables) declared += declaredRelationships(d, byTable, datasetOfTable, edges, relationshipNames);
        for (Table d : tables) inferred += inferredRelationships(d, tables, edges, relationshipNames);

        List<SemanticFile> files = new ArrayList<>();
        List<TableNote> notes = new ArrayList<>();
        int metrics = 0;
        for (Table d : tables) {
            SemanticFile f = file(d, tables, metricNames);
            files.add(f);
            metrics += f.metrics().size();
            if (!existing.notedTables().contains(d.table.name().toLowerCase(Locale.ROOT)) && !existing.notedTables().contains(d.table.qualifiedName().toLowerCase(Locale.ROOT))) {
                notes.add(note(d, f));
            }
        }
        int sampled = (int) tables.stream().filter(Table::sampled).count();
        return new Outcome(List.copyOf(files), List.copyOf(notes), total, sampled, tables.size() - sampled, List.copyOf(skipped), ranOut, rowsRead,
                declared, inferred, metrics, (System.nanoTime() - start) / 1_000_000);
    }

    private Duration left() {
        return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
    }

    /** The first rows of the table, at most the sample size: what every reading of its values is made from. */
    private void sample(Table d) {
        List<String> cols = d.table.columns().stream().map(c -> Sql.identifier(c.name(), dialect)).toList();
        QueryResult r = executor.within(left()).execute("SELECT " + String.join(", ", cols) + " FROM " + d.ref + " LIMIT " + settings.sampleRows());
        d.rows = r.rows();
        d.complete = r.rows().size() < settings.sampleRows() && r.truncation() == QueryResult.Truncation.NONE;
        rowsRead += r.rows().size();
        for (int i = 0; i < d.table.columns().size(); i++) {
            List<Object> values = new ArrayList<>(d.rows.size());
            for (List<Object> row : d.rows) values.add(i < row.size() ? row.get(i) : null);
            String name = d.table.columns().get(i).name();
            d.columnValues.put(name, values);
            d.profiles.put(name, ColumnProfile.of(values));
        }
    }

    /** The declared primary key, else a column named as a key whose sampled values are set and all different. */
    private void key(Table d) {
        if (!d.table.primaryKey().isEmpty()) {
            d.key = List.copyOf(d.table.primaryKey());
            d.keyReason = "declared primary key";
            return;
        }
        if (!d.sampled() || d.rows.isEmpty()) return;
        String single = Words.singular(Words.name(d.table.name())).replace("_", "");
        for (Catalog.Column c : d.table.columns()) {
            String n = Words.name(c.name()).replace("_", "");
            boolean named = n.equals("id") || n.equals(single + "id") || n.equals(Words.name(d.table.name()).replace("_", "") + "id")
                    || n.equals(single + "key") || n.equals(single + "code") || n.equals(single + "no") || n.equals(single + "number");
            ColumnProfile p = d.profiles.get(c.name());
            if (named && p != null && p.unique()) {
                d.key = List.of(c.name());
                d.keyReason = "no primary key is declared; " + c.name() + " is named as one and its " + p.nonNull() + " sampled values are set and all different"
                        + (d.complete ? " (the whole table)" : " (a sample: check it)");
                return;
            }
        }
        d.notes.add("No usable key: none is declared and no column named as one has distinct values in the sample; rows are counted, not identified.");
    }

    private int declaredRelationships(Table d, Map<String, Table> byTable, Map<String, String> datasetOfTable, Map<String, Set<String>> edges,
                                      Set<String> names) {
        int n = 0;
        Set<String> drafted = new HashSet<>(); // a key declared twice (the same columns to the same table) is one relationship
        for (Catalog.ForeignKey fk : d.table.foreignKeys()) {
            String refTable = fk.referencedTable() == null ? "" : fk.referencedTable().toLowerCase(Locale.ROOT);
            Table to = byTable.get(refTable);
            String toDataset = to != null ? to.dataset : datasetOfTable.get(refTable);
            String what = "foreign key " + fk.columns() + " -> " + fk.referencedTable() + fk.referencedColumns();
            if (toDataset == null) {
                d.notes.add("Declared " + what + " is not drafted: table " + fk.referencedTable() + " is not in the source (or was not read).");
                continue;
            }
            List<String> fromCols = new ArrayList<>();
            for (String c : fk.columns()) d.table.column(c).ifPresent(col -> fromCols.add(col.name()));
            List<String> toCols = new ArrayList<>();
            List<String> wanted = fk.referencedColumns().isEmpty() && to != null ? to.key : fk.referencedColumns();
            if (to != null) for (String c : wanted) to.table.column(c).ifPresent(col -> toCols.add(col.name()));
            else toCols.addAll(wanted);
            if (fromCols.size() != fk.columns().size() || toCols.size() != fromCols.size() || toCols.isEmpty()) {
                d.notes.add("Declared " + what + " is not drafted: its columns are not all in the tables.");
                continue;
            }
            if (toDataset.equals(d.dataset)) {
                d.notes.add("Declared " + what + " refers to the table itself: a self-join, which the semantic model does not walk; not drafted.");
                continue;
            }
            if (to != null && !unique(to, toCols)) {
                d.notes.add("Declared " + what + " is not drafted: " + toCols + " is not unique in " + to.table.name() + " (a join on it would repeat rows).");
                continue;
            }
            if (reaches(edges, toDataset, d.dataset)) {
                d.notes.add("Declared " + what + " is not drafted: it would close a cycle of joins; declare it by hand if it is the one to walk.");
                continue;
            }
            if (!drafted.add(toDataset + " " + fromCols.toString().toLowerCase(Locale.ROOT) + " " + toCols.toString().toLowerCase(Locale.ROOT))) continue;
            boolean oneToOne = fromCols.equals(d.key);
            String reason = "declared " + what;
            add(d, toDataset, fromCols, toCols, oneToOne, reason, edges, names);
            n++;
        }
        return n;
    }

    /** Whether the columns are a key of the table: its key, or all different in a sample of the whole table. */
    private static boolean unique(Table t, List<String> cols) {
        if (cols.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList().equals(t.key.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList())) return true;
        if (!t.sampled()) return true; // cannot tell: the declaration is taken at its word
        if (cols.size() != 1) return false;
        ColumnProfile p = t.profiles.get(cols.get(0));
        return p != null && (p.nonNull() == 0 || p.distinct() == p.nonNull());
    }

    /** A table a column may refer to, by the column's name written without _ in lower case, and why. */
    private record Candidate(Table table, String reason) {}

    /**
     * Where a column of a given name may point: the tables whose one-column key has that name (not a bare id), and those whose
     * name (singular or as written) followed by id, code or key it is, with a key named so or id.
     */
    private static Map<String, List<Candidate>> candidates(List<Table> tables) {
        Map<String, List<Candidate>> out = new HashMap<>();
        for (Table t : tables) {
            if (t.key.size() != 1 || !t.sampled()) continue;
            String k = t.key.get(0);
            String nk = Words.name(k).replace("_", "");
            String single = Words.singular(Words.name(t.table.name())).replace("_", "");
            String plain = Words.name(t.table.name()).replace("_", "");
            Set<String> names = new LinkedHashSet<>();
            if (!nk.equals("id") && nk.length() > 2) {
                out.computeIfAbsent(nk, x -> new ArrayList<>()).add(new Candidate(t, "its name is the name of the key " + t.table.name() + "." + k));
                names.add(nk);
            }
            for (String n : List.of(single + "id", plain + "id")) {
                if ((nk.equals("id") || nk.equals(n)) && names.add(n)) {
                    out.computeIfAbsent(n, x -> new ArrayList<>()).add(new Candidate(t, "its name is " + t.table.name() + "'s name and id, and " + t.table.name() + "'s key is " + k));
                }
            }
            // "Airline" in flights, of the airlines whose key is uid: a column called what each of the table's rows is (its
            // values must still be the table's keys, and of the same type, for the relationship to be drafted)
            if (single.length() > 2 && !single.equals(nk) && names.add(single)) {
                out.computeIfAbsent(single, x -> new ArrayList<>()).add(new Candidate(t, "its name is what each row of " + t.table.name() + " is"));
            }
            for (String suffix : List.of("code", "key")) {
                if (nk.equals(suffix) && names.add(single + suffix)) {
                    out.computeIfAbsent(single + suffix, x -> new ArrayList<>()).add(new Candidate(t, "its name is " + t.table.name() + "'s name and its key (" + k + ")"));
                }
            }
        }
        return out;
    }

    private Map<String, List<Candidate>> candidates;

    private int inferredRelationships(Table d, List<Table> tables, Map<String, Set<String>> edges, Set<String> names) {
        if (candidates == null) candidates = candidates(tables);
        if (!d.sampled() || d.rows.isEmpty()) return 0;
        int n = 0;
        Set<String> used = new HashSet<>();
        d.relationships.forEach(r -> used.addAll(r.fromColumns().stream().map(c -> c.toLowerCase(Locale.ROOT)).toList()));
        for (Catalog.Column c : d.table.columns()) {
            if (used.contains(c.name().toLowerCase(Locale.ROOT))) continue;
            if (d.key.size() == 1 && d.key.get(0).equalsIgnoreCase(c.name())) continue;
            ColumnProfile p = d.profiles.get(c.name());
            if (p == null || p.nonNull() == 0) continue;
            String n1 = Words.name(c.name()).replace("_", "");
            Table target = null;
            String why = null;
            for (Candidate cand : candidates.getOrDefault(n1, List.of())) {
                Table t = cand.table();
                if (t == d) continue;
                ColumnProfile kp = t.profiles.get(t.key.get(0));
                if (kp == null || kp.numeric() != p.numeric()) continue; // the types must agree
                if (target != null) { // two tables could be meant: none is drafted
                    target = null;
                    why = null;
                    break;
                }
                target = t;
                why = cand.reason();
            }
            if (target == null) continue;
            String containment = contained(d, c.name(), target);
            if (containment == null) continue;
            if (reaches(edges, target.dataset, d.dataset)) {
                d.notes.add(c.name() + " looks like a reference to " + target.table.name() + " (" + why + "), not drafted: it would close a cycle of joins.");
                continue;
            }
            add(d, target.dataset, List.of(c.name()), List.of(target.key.get(0)), false,
                    "inferred, no foreign key is declared: " + why + "; the types agree; " + containment, edges, names);
            n++;
        }
        return n;
    }

    /** Whether the key holds the column's sampled values (at most 200 of them), said in words; null when it does not. */
    private String contained(Table d, String column, Table target) {
        List<String> values = d.profiles.get(column).values().stream().limit(200).toList();
        if (values.isEmpty()) return null;
        Set<String> keys = new HashSet<>();
        String key = target.key.get(0);
        if (target.sampled() && target.complete) {
            target.columnValues.get(key).forEach(v -> keys.add(text(v)));
        } else {
            boolean numeric = d.profiles.get(column).numeric();
            List<String> literals = values.stream().map(v -> numeric ? v : "'" + v.replace("'", "''") + "'").toList();
            try {
                QueryResult r = executor.within(left()).execute("SELECT DISTINCT " + Sql.identifier(key, dialect) + " FROM " + target.ref + " WHERE "
                        + Sql.identifier(key, dialect) + " IN (" + String.join(", ", literals) + ")");
                rowsRead += r.rows().size();
                r.rows().forEach(row -> keys.add(text(row.get(0))));
            } catch (AlmanacException e) {
                return null;
            }
        }
        long found = values.stream().filter(keys::contains).count();
        if (found < values.size() * 0.95 || found == 0) return null;
        return (found == values.size() ? "all " : found + " of ") + values.size() + " distinct values sampled are keys of " + target.table.name();
    }

    private static String text(Object v) {
        if (v == null) return null;
        if (v instanceof java.math.BigDecimal bd) return bd.stripTrailingZeros().toPlainString();
        return String.valueOf(v);
    }

    private void add(Table d, String toDataset, List<String> fromCols, List<String> toCols, boolean oneToOne, String reason,
                     Map<String, Set<String>> edges, Set<String> names) {
        String name = unique(d.dataset + "__" + Words.name(fromCols.get(0)), names);
        names.add(name);
        d.relationships.add(new RelationshipSpec(name, d.dataset, toDataset, oneToOne ? "one_to_one" : "many_to_one", fromCols, toCols, reason));
        edges.computeIfAbsent(d.dataset, k -> new HashSet<>()).add(toDataset);
        if (!oneToOne && fromCols.size() == 1) d.keyColumnsOut.put(fromCols.get(0), toDataset);
    }

    /** Whether {@code to} is reachable from {@code from} along many-to-one edges. */
    /**
     * What a table's rows are called: its name's words without those for the kind of table ("cars_data": cars), unless
     * another table is called so.
     */
    private String label(Table d, List<Table> tables) {
        String label = Words.label(d.table.name(), vocabulary);
        String core = Words.withoutContainer(label);
        if (core.equals(label)) return label;
        String single = Words.singularPhrase(core.toLowerCase(Locale.ROOT));
        boolean taken = tables.stream().anyMatch(o -> o != d
                && Words.singularPhrase(Words.label(o.table.name(), vocabulary).toLowerCase(Locale.ROOT)).equals(single));
        return taken ? label : core;
    }

    private static boolean reaches(Map<String, Set<String>> edges, String from, String to) {
        if (from.equals(to)) return true;
        Set<String> seen = new HashSet<>();
        List<String> todo = new ArrayList<>(List.of(from));
        while (!todo.isEmpty()) {
            String n = todo.remove(todo.size() - 1);
            if (n.equals(to)) return true;
            if (seen.add(n)) todo.addAll(edges.getOrDefault(n, Set.of()));
        }
        return false;
    }

    private SemanticFile file(Table d, List<Table> tables, Set<String> metricNames) {
        String label = label(d, tables);
        String singular = Words.singularPhrase(label.toLowerCase(Locale.ROOT));
        String plural = Words.pluralPhrase(singular);
        Set<String> keyColumns = new HashSet<>();
        d.key.forEach(k -> keyColumns.add(k.toLowerCase(Locale.ROOT)));
        d.relationships.forEach(r -> r.fromColumns().forEach(c -> keyColumns.add(c.toLowerCase(Locale.ROOT))));

        List<DimensionSpec> dims = new ArrayList<>();
        List<MetricSpec> metrics = new ArrayList<>();
        Set<String> dimNames = new HashSet<>();
        String timeDimension = null;
        String labelDimension = null;
        int bestTime = -1;
        Map<String, ColumnReading> readings = new LinkedHashMap<>();
        for (Catalog.Column c : d.table.columns()) {
            ColumnReading r = ColumnReading.of(c, d.sampled() ? d.profiles.get(c.name()) : null, keyColumns.contains(c.name().toLowerCase(Locale.ROOT)), dialect,
                    vocabulary);
            readings.put(c.name(), r);
        }
        String sampleNote = d.sampled() ? "" : " (from the catalog only: the time budget ran out before its rows were read)";
        for (Catalog.Column c : d.table.columns()) {
            ColumnReading r = readings.get(c.name());
            String name = unique(Words.name(c.name()), dimNames);
            dimNames.add(name);
            String colLabel = Words.label(c.name(), vocabulary);
            Set<String> synonyms = new LinkedHashSet<>(Words.synonyms(c.name(), vocabulary));
            synonyms.add(Words.withoutUnit(colLabel.toLowerCase(Locale.ROOT))); // "net worth" of Net_Worth_Millions
            if (c.comment() != null && c.comment().strip().split("\\s+").length <= 4 && c.comment().matches("[\\p{L}\\p{N} _-]+")) {
                synonyms.add(c.comment().strip().toLowerCase(Locale.ROOT));
            }
            String labelOf = null;
            if (r.kind() == Dimension.Kind.CATEGORICAL && labelDimension == null && d.entity != null && ColumnReading.nameLike(c.name())) {
                ColumnProfile p = d.profiles.get(c.name());
                if (p == null || p.distinct() >= Math.max(1, p.nonNull() * 0.9)) {
                    labelOf = d.entity;
                    labelDimension = name;
                    synonyms.add(singular + " " + Words.split(c.name()).get(Words.split(c.name()).size() - 1));
                    synonyms.add(singular);
                }
            }
            synonyms.remove(colLabel.toLowerCase(Locale.ROOT));
            synonyms.remove(name.replace('_', ' '));
            String type = r.kind().label();
            String expr = r.expr().equals(name) ? null : r.expr();
            String drafted = r.reason() + sampleNote;
            ColumnProfile p = d.profiles.get(c.name());
            if (r.kind() == Dimension.Kind.CATEGORICAL && p != null && !p.values().isEmpty()) {
                drafted += "; values seen: " + String.join(", ", p.values().stream().limit(8).map(v -> v.length() > 30 ? v.substring(0, 27) + "..." : v).toList())
                        + (p.values().size() > 8 ? ", ..." : "");
            }
            String grain = r.kind() == Dimension.Kind.TIME ? (r.grain() == null ? grainOfEpoch(d, c) : r.grain()).label() : null;
            dims.add(new DimensionSpec(name, type, expr, colLabel, c.comment(), List.copyOf(synonyms), grain, Map.of(), Map.of(), labelOf, drafted));
            if (r.kind() == Dimension.Kind.TIME) {
                int score = Words.split(c.name()).stream().anyMatch(w -> Set.of("date", "created", "time", "at", "timestamp", "day").contains(w)) ? 2 : 1;
                if (score > bestTime) {
                    bestTime = score;
                    timeDimension = name;
                }
            }
        }
        dims = runnable(d, dims);
        String chosenTime = timeDimension;
        if (chosenTime != null && dims.stream().noneMatch(x -> x.name().equals(chosenTime))) timeDimension = null;
        // metrics: a count of rows, distinct counts of the entities it refers to, and what its numbers allow
        String countName = unique(d.dataset + "_count", metricNames);
        metricNames.add(countName);
        metrics.add(metric(countName, "Number of " + plural, "The number of " + plural + " (rows of " + d.table.name() + ").", d.dataset, "count", null,
                timeDimension, "integer", List.of("how many " + plural, "number of " + plural, singular + " count", "count of " + plural),
                "a count of the table's rows"));
        for (Map.Entry<String, String> ref : d.keyColumnsOut.entrySet()) {
            String col = ref.getKey();
            String dimName = Words.name(col);
            String target = Words.pluralPhrase(Words.singularPhrase(Words.label(ref.getValue(), vocabulary).toLowerCase(Locale.ROOT)));
            String name = unique(d.dataset + "_distinct_" + dimName, metricNames);
            metricNames.add(name);
            metrics.add(metric(name, "Distinct " + target + " in " + plural, "The number of different " + target + " (" + col + ") the " + plural + " refer to.",
                    d.dataset, "count_distinct", Sql.identifier(col, dialect), timeDimension, "integer",
                    List.of("number of different " + target + " in " + plural, "distinct " + target + " of " + plural),
                    "a distinct count of the entity " + col + " refers to"));
        }
        for (Catalog.Column c : d.table.columns()) {
            ColumnReading r = readings.get(c.name());
            if (r.kind() != Dimension.Kind.NUMBER) continue;
            String col = Words.name(c.name());
            String what = Words.label(c.name(), vocabulary).toLowerCase(Locale.ROOT);
            List<String[]> aggs = new ArrayList<>();
            if (r.additivity() == ColumnReading.Additivity.SUM) aggs.add(new String[] {"sum", "total", "Total"});
            if (r.additivity() == ColumnReading.Additivity.SUM || r.additivity() == ColumnReading.Additivity.AVERAGE_ONLY) {
                aggs.add(new String[] {"avg", "average", "Average"});
            }
            if (r.additivity() != ColumnReading.Additivity.NONE) {
                aggs.add(new String[] {"min", "min", "Minimum"});
                aggs.add(new String[] {"max", "max", "Maximum"});
            }
            for (String[] a : aggs) {
                String name = unique(d.dataset + "_" + a[1] + "_" + col, metricNames);
                metricNames.add(name);
                String lbl = a[2] + " " + what + " of " + plural;
                List<String> syn = new ArrayList<>();
                // "pet age" of pets is "age" too ("the average age of the pets"), "net worth millions" "net worth"
                Set<String> ways = new LinkedHashSet<>(List.of(what, Words.withoutUnit(what)));
                if (what.startsWith(singular + " ") && what.length() > singular.length() + 3) ways.add(Words.withoutUnit(what.substring(singular.length() + 1)));
                for (String w : ways) {
                    syn.add(a[2].toLowerCase(Locale.ROOT) + " " + w);
                    if (a[0].equals("avg")) syn.add("mean " + w);
                    if (a[0].equals("max")) syn.add("highest " + w);
                    if (a[0].equals("min")) syn.add("lowest " + w);
                }
                metrics.add(metric(name, lbl, a[2] + " of " + c.name() + " over the " + plural + ".", d.dataset, a[0], r.expr(),
                        timeDimension, a[0].equals("avg") ? "number" : null, syn, r.reason()));
            }
        }
        List<EntitySpec> entities = new ArrayList<>();
        if (d.entity != null) entities.add(new EntitySpec(d.entity, "primary", d.key.get(0)));
        Set<String> dsSynonyms = new LinkedHashSet<>(List.of(singular, plural));
        headNoun(d, singular, tables).ifPresent(head -> dsSynonyms.addAll(List.of(head, Words.plural(head))));
        dsSynonyms.remove(d.dataset.replace('_', ' '));
        String description = (d.table.comment() != null ? d.table.comment().strip() + " " : "") + "One row per " + singular + " (table " + d.table.name() + ").";
        String drafted = "drafted by almanac init from " + (d.sampled() ? (d.complete ? "all " : "a sample of ") + d.rows.size() + " rows" : "the catalog only (the time budget ran out)")
                + (d.keyReason != null ? "; key: " + d.keyReason : "; no key");
        DatasetSpec ds = new DatasetSpec(d.dataset, d.ref, null, description, d.key, timeDimension, dims, List.of(), List.copyOf(dsSynonyms), entities, Map.of(), drafted);
        return new SemanticFile(d.dataset, "Drafted by almanac init for " + d.table.name() + "; edit freely, then remove the drafted: notes you agree with.",
                List.of(ds), d.relationships, metrics);
    }

    /**
     * "makers" of car makers, "players" of poker players: the last word of a name of several nouns alone, where English has
     * it as a noun and nothing else (never "list", "type", "state", which say other things), of four letters or more, and
     * no other table is called so nor has a column with it in its name that does not refer to these rows.
     */
    private Optional<String> headNoun(Table d, String singular, List<Table> tables) {
        List<String> words = List.of(singular.split(" "));
        String head = words.get(words.size() - 1);
        dev.almanac.reading.Lexicon english = dev.almanac.reading.Lexicon.english();
        if (words.size() < 2 || head.length() < 4 || !words.stream().allMatch(w -> w.chars().allMatch(Character::isLetter)
                && !dev.almanac.reading.FunctionWords.english().isFunctionWord(w) && english.partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.NOUN))
                || !english.partsOfSpeech(head).equals(Set.of(dev.almanac.reading.PartOfSpeech.NOUN))) return Optional.empty();
        for (Table o : tables) {
            if (o == d) continue;
            List<String> other = List.of(Words.singularPhrase(label(o, tables).toLowerCase(Locale.ROOT)).split(" "));
            if (other.get(other.size() - 1).equals(head)) return Optional.empty();
            for (Catalog.Column c : o.table.columns()) {
                if (Words.split(c.name()).stream().map(w -> Words.singular(w.toLowerCase(Locale.ROOT))).toList().contains(head)
                        && !d.dataset.equals(o.keyColumnsOut.get(c.name()))) return Optional.empty(); // "series name" of channels: not these series
            }
        }
        return Optional.of(head);
    }

    private Grain grainOfEpoch(Table d, Catalog.Column c) {
        List<Object> values = d.columnValues.get(c.name());
        if (values == null) return Grain.DAY;
        ColumnProfile p = d.profiles.get(c.name());
        Grain g = ColumnProfile.epochGrain(values, p.epochMillis() == p.nonNull() && p.epochSeconds() != p.nonNull());
        return g == null ? Grain.DAY : g;
    }

    private static MetricSpec metric(String name, String label, String description, String dataset, String agg, String expr, String timeDimension,
                                     String format, List<String> synonyms, String drafted) {
        return new MetricSpec(name, "simple", label, description, dataset, agg, expr, null, null, List.of(), timeDimension, null, null, null, null,
                null, List.of(), null, format, "integer".equals(format) ? 0 : null, null, List.of(), synonyms, List.of("drafted"), null, Map.of(), Map.of(),
                null, null, null, null, null, drafted);
    }

    private TableNote note(Table d, SemanticFile f) {
        Map<String, String> columnNotes = new LinkedHashMap<>();
        for (DimensionSpec dim : f.datasets().get(0).dimensions()) {
            String column = d.table.columns().stream().filter(c -> Words.name(c.name()).equals(dim.name())).map(Catalog.Column::name).findFirst().orElse(dim.name());
            columnNotes.put(column, dim.type() + (dim.grain() != null ? " (" + dim.grain() + ")" : "") + ": " + dim.drafted());
        }
        List<TableNote.Relation> related = new ArrayList<>();
        for (RelationshipSpec r : d.relationships) {
            String toTable = tableOfDataset.getOrDefault(r.to(), r.to());
            related.add(new TableNote.Relation(toTable, joinText(d.table.name(), r.fromColumns(), toTable, r.toColumns()), r.type().replace('_', '-')));
        }
        String time = f.datasets().get(0).defaultTimeDimension();
        String timeColumn = null;
        if (time != null) {
            for (DimensionSpec dim : f.datasets().get(0).dimensions()) {
                if (dim.name().equals(time) && dim.expr() == null) timeColumn = d.table.columns().stream()
                        .filter(c -> Words.name(c.name()).equals(dim.name())).map(Catalog.Column::name).findFirst().orElse(null);
            }
        }
        String description = f.datasets().get(0).description();
        List<String> quality = new ArrayList<>(d.notes);
        return new TableNote(d.table.qualifiedName(), description, null, null, timeColumn, null, List.of(), quality, columnNotes, related,
                f.datasets().get(0).drafted());
    }

    private static String joinText(String from, List<String> fromCols, String to, List<String> toCols) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < fromCols.size(); i++) parts.add(from + "." + fromCols.get(i) + " = " + to + "." + toCols.get(i));
        return String.join(" AND ", parts);
    }

    private static String unique(String name, Set<String> taken) {
        if (!taken.contains(name)) return name;
        for (int i = 2; ; i++) if (!taken.contains(name + "_" + i)) return name + "_" + i;
    }

    /**
     * Drops the time dimensions whose expression (a date from text or from epoch numbers) the source does not run, with a note:
     * every other expression is a plain column of the table.
     */
    private List<DimensionSpec> runnable(Table d, List<DimensionSpec> dims) {
        List<DimensionSpec> computed = dims.stream().filter(x -> x.expr() != null && !x.expr().matches("[\"`]?[A-Za-z_][A-Za-z0-9_ ]*[\"`]?")).toList();
        if (computed.isEmpty()) return dims;
        List<String> cols = new ArrayList<>();
        for (int i = 0; i < computed.size(); i++) cols.add("(" + computed.get(i).expr() + ") AS e" + i);
        if (runs("SELECT " + String.join(", ", cols) + " FROM " + d.ref + " LIMIT 0")) return dims;
        List<DimensionSpec> out = new ArrayList<>();
        for (DimensionSpec x : dims) {
            if (computed.contains(x) && !runs("SELECT (" + x.expr() + ") AS e FROM " + d.ref + " LIMIT 0")) {
                d.notes.add("Column read as " + x.type() + " but its expression " + x.expr() + " does not run here: left out.");
                continue;
            }
            out.add(x);
        }
        return out;
    }

    private boolean runs(String sql) {
        try {
            executor.within(left()).execute(sql);
            return true;
        } catch (AlmanacException e) {
            return false;
        }
    }
}
