package dev.almanac.semantic;

import dev.almanac.knowledge.SemanticFile;
import dev.almanac.knowledge.SemanticFile.DatasetSpec;
import dev.almanac.knowledge.SemanticFile.DimensionSpec;
import dev.almanac.knowledge.SemanticFile.MetricInputSpec;
import dev.almanac.knowledge.SemanticFile.MetricSpec;
import dev.almanac.knowledge.SemanticFile.RelationshipSpec;
import dev.almanac.knowledge.SemanticFile.SegmentSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The semantic model of a project: every semantic file's datasets, dimensions, segments,
 * relationships and metrics, with names resolved across files. {@link #load} checks what needs no
 * database (names, references, types, cycles) and reports each problem at its place in its file.
 */
public final class SemanticModel {
    public static final SemanticModel EMPTY = new SemanticModel();
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[a-z][a-z0-9_]*");

    private final Map<String, Dataset> datasets = new LinkedHashMap<>();
    /** Dimensions by their qualified name, {@code dataset.dimension} (lower case): a name is unique in its dataset only. */
    private final Map<String, Dimension> dimensions = new LinkedHashMap<>();
    /** Dimensions by their bare name, each dataset's that has one. */
    private final Map<String, List<Dimension>> byBareName = new LinkedHashMap<>();
    private final Map<String, Segment> segments = new LinkedHashMap<>();
    private final Map<String, Relationship> relationships = new LinkedHashMap<>();
    private final Map<String, SemanticMetric> metrics = new LinkedHashMap<>();
    /** Where each item was declared: "kind:name" -> (semantic file name, path inside it). */
    private final Map<String, Place> places = new HashMap<>();

    /** A place in a semantic file: the file's item name and a path such as {@code /datasets/0/dimensions/2}. */
    public record Place(String file, String path) {
        public Place at(String field) {
            return new Place(file, path + "/" + field);
        }
    }

    /** A problem with the model, at its place. */
    public record Issue(Place place, String message) {}

    /** What loading gave: the model (with every well-formed item) and its problems. */
    public record Loaded(SemanticModel model, List<Issue> issues) {
        public boolean ok() {
            return issues.isEmpty();
        }
    }

    private SemanticModel() {}

    public static SemanticModel of(Collection<SemanticFile> files) {
        return load(files).model();
    }

    /** The model as the engine of the dialect reads it: each expression with a variant for the dialect ({@code dialects:}) takes it. */
    public static SemanticModel of(Collection<SemanticFile> files, dev.almanac.source.Dialect dialect) {
        return load(files, dialect).model();
    }

    public static Loaded load(Collection<SemanticFile> files) {
        return load(files, null);
    }

    public static Loaded load(Collection<SemanticFile> files, dev.almanac.source.Dialect dialect) {
        SemanticModel m = new SemanticModel();
        List<Issue> issues = new ArrayList<>();
        new Loader(m, issues, dialect).load(files);
        m.nameRowsWithoutLayerAffix();
        m.nameJoinedNamesAlike();
        return new Loaded(m, List.copyOf(issues));
    }

    /**
     * A name a dataset's rows are called by ("drug" of {@code dim_drug.drug_name}, {@link Loader#nameOfRows}) is also the
     * name of the column that joins to it from another dataset ({@code fact_adverse_event.drug_name}, one of the
     * relationship's columns): the same value, read without the join, so that "adverse events by drug" groups the events by
     * the drug name they hold, not by a joined row that may be missing.
     */
    private void nameJoinedNamesAlike() {
        for (Relationship r : relationships.values()) {
            for (int i = 0; i < r.fromColumns().size() && i < r.toColumns().size(); i++) {
                Dimension to = dimensionOver(r.to(), r.toColumns().get(i));
                Dimension from = dimensionOver(r.from(), r.fromColumns().get(i));
                if (to == null || from == null || !key(from.name()).equals(key(to.name()))) continue;
                String called = Loader.rowNoun(r.to());
                if (!to.synonyms().contains(called) || from.synonyms().stream().anyMatch(x -> x.equalsIgnoreCase(called))) continue;
                List<String> synonyms = new ArrayList<>(from.synonyms());
                synonyms.add(called);
                dimensions.put(key(from.dataset()) + "." + key(from.name()), new Dimension(from.name(), from.dataset(), from.time(), from.expr(), from.label(),
                        from.description(), synonyms, from.grain(), from.valueSynonyms(), from.keyExpr(), from.kind()));
            }
        }
    }

    /** The dimension of a dataset whose expression is the column, or null. */
    private Dimension dimensionOver(String dataset, String column) {
        return dimensions.values().stream().filter(d -> d.dataset().equals(dataset) && d.expr() != null && unquoted(d.expr()).equalsIgnoreCase(unquoted(column)))
                .findFirst().orElse(null);
    }

    /**
     * A dataset whose table is named with a warehouse layer's affix ({@code fact_adverse_event}, {@code dim_drug}) has its
     * rows called by the name without it ("adverse events", "drugs"), as people say them, unless another dataset is
     * called so.
     */
    private void nameRowsWithoutLayerAffix() {
        Set<String> taken = new java.util.HashSet<>();
        for (Dataset d : datasets.values()) {
            taken.add(d.name().toLowerCase(Locale.ROOT).replace('_', ' '));
            d.synonyms().forEach(x -> taken.add(x.toLowerCase(Locale.ROOT).replace('_', ' ')));
        }
        for (Map.Entry<String, Dataset> e : datasets.entrySet()) {
            Dataset d = e.getValue();
            String bare = Dataset.bareName(d.name());
            if (bare == null || taken.contains(bare)) continue;
            List<String> synonyms = new ArrayList<>(d.synonyms());
            synonyms.add(bare);
            e.setValue(new Dataset(d.name(), d.table(), d.sql(), d.description(), d.primaryKey(), d.defaultTimeDimension(), synonyms, d.entities()));
        }
    }

    /** The names a dialect's variants are written under ({@code postgresql} and {@code postgres} alike). */
    public static final Map<String, dev.almanac.source.Dialect> DIALECT_KEYS = Map.of("duckdb", dev.almanac.source.Dialect.DUCKDB,
            "postgresql", dev.almanac.source.Dialect.POSTGRES, "postgres", dev.almanac.source.Dialect.POSTGRES, "sqlite", dev.almanac.source.Dialect.SQLITE,
            "trino", dev.almanac.source.Dialect.TRINO, "mysql", dev.almanac.source.Dialect.MYSQL, "snowflake", dev.almanac.source.Dialect.SNOWFLAKE,
            "bigquery", dev.almanac.source.Dialect.BIGQUERY);

    public boolean isEmpty() {
        return metrics.isEmpty() && datasets.isEmpty();
    }

    public Collection<Dataset> datasets() {
        return datasets.values();
    }

    public Collection<Dimension> dimensions() {
        return dimensions.values();
    }

    public Collection<Segment> segments() {
        return segments.values();
    }

    public Collection<Relationship> relationships() {
        return relationships.values();
    }

    public Collection<SemanticMetric> metrics() {
        return metrics.values();
    }

    public Optional<Dataset> dataset(String name) {
        return Optional.ofNullable(datasets.get(key(name)));
    }

    /**
     * A dimension by a reference: qualified ({@code orders.status}), through an entity path as dbt writes it
     * ({@code customer__region}: the dataset of entity {@code customer}, or the dataset of that name, its singular or plural),
     * or bare ({@code status}) when one dataset has a dimension of that name. Empty when unknown or ambiguous
     * ({@link #candidates} tells which).
     */
    public Optional<Dimension> dimension(String ref) {
        List<Dimension> found = candidates(ref);
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** A dataset's own dimensions (named exactly as the dataset is), in the model's order. */
    public List<Dimension> dimensionsOf(String dataset) {
        Map<String, List<Dimension>> by = byDataset;
        if (by == null) {
            Map<String, List<Dimension>> out = new HashMap<>();
            for (Dimension d : dimensions.values()) out.computeIfAbsent(d.dataset(), k -> new ArrayList<>()).add(d);
            out.replaceAll((k, v) -> List.copyOf(v));
            byDataset = by = out;
        }
        return by.getOrDefault(dataset, List.of());
    }

    private volatile Map<String, List<Dimension>> byDataset;

    /** A dataset's own dimension of that name. */
    public Optional<Dimension> dimension(String dataset, String name) {
        return Optional.ofNullable(dimensions.get(key(dataset) + "." + key(name)));
    }

    /** Every dimension a reference could mean: one for a qualified or unambiguous one, several for an ambiguous bare name. */
    public List<Dimension> candidates(String ref) {
        String k = key(ref);
        int dot = k.indexOf('.');
        if (dot > 0 && !dimensions.containsKey(k) && k.substring(dot + 1).equals(ROW_AMOUNT)) return rowAmount(k.substring(0, dot)).map(List::of).orElse(List.of());
        if (dot > 0) return Optional.ofNullable(dimensions.get(k)).map(List::of).orElse(List.of());
        Optional<EntityPath> path = EntityPath.of(k);
        if (path.isPresent()) {
            for (String dataset : datasetsOfEntity(path.get().entity())) {
                Dimension d = dimensions.get(dataset + "." + path.get().name());
                if (d != null) return List.of(d);
            }
            return List.of();
        }
        return byBareName.getOrDefault(k, List.of());
    }

    /** The name of a dataset's {@link #rowAmount row amount}, always referred to with its dataset's: {@code orders.row_amount}. */
    public static final String ROW_AMOUNT = "row_amount";

    /**
     * What each row of a dataset is worth in money, for conditions on it ("orders over $500", "deals larger than 50k") where
     * the model declares no dimension for it: the one expression the dataset's money measures aggregate (their format
     * currency, or a currency for unit), a bare column preferred to a computed one when they differ ("amount_usd" over
     * "amount_usd * win_probability_pct / 100.0"); empty when there is none or no single one, or when nothing says the
     * dataset's rows are records (no primary key or entity: they may be a month's totals). A number attribute of the
     * dataset, never a breakdown, and not among {@link #dimensions()}: the model's author did not write it.
     */
    public Optional<Dimension> rowAmount(String dataset) {
        return rowAmounts.computeIfAbsent(key(dataset), ds -> {
            Dataset rows = datasets.get(ds);
            // rows that are records (a key says so): a dataset without one may hold totals (a month's revenue), not records
            if (rows == null || dimensions.containsKey(ds + "." + ROW_AMOUNT) || rows.primaryKey().isEmpty()
                    && rows.entities().stream().noneMatch(Dataset.Entity::identifies)) return Optional.empty();
            java.util.Set<String> exprs = new java.util.LinkedHashSet<>();
            for (SemanticMetric m : metrics.values()) {
                if (!(m instanceof SemanticMetric.Simple s) || !key(s.dataset()).equals(ds) || s.expr() == null || s.agg() == SemanticMetric.Agg.COUNT
                        || s.agg() == SemanticMetric.Agg.COUNT_DISTINCT) continue;
                String unit = s.info().unit() == null ? "" : s.info().unit().strip().toLowerCase(Locale.ROOT);
                boolean money = "currency".equals(s.info().format()) || CURRENCY_UNITS.contains(unit.split("\\s+")[0]);
                if (money) exprs.add(s.expr().strip());
            }
            if (exprs.size() > 1) exprs.removeIf(e -> !e.matches("[A-Za-z_][A-Za-z0-9_]*"));
            if (exprs.size() != 1) return Optional.empty();
            return Optional.of(new Dimension(ROW_AMOUNT, rows.name(), false, exprs.iterator().next(), "amount",
                    "What each row is worth, as the dataset's money measures add it up", List.of(), null, Map.of(), null, Dimension.Kind.NUMBER));
        });
    }

    /**
     * The words for the currency a dataset's money measures are in ("dollars", "usd" of a unit USD or $): what a number
     * said with one of them ("over 500 dollars") is worth in. Empty when they name no unit, or several.
     */
    public java.util.Set<String> currencyWords(String dataset) {
        java.util.Set<String> units = new java.util.HashSet<>();
        for (SemanticMetric m : metrics.values()) {
            if (!(m instanceof SemanticMetric.Simple s) || !key(s.dataset()).equals(key(dataset)) || s.info().unit() == null) continue;
            String unit = s.info().unit().strip().toLowerCase(Locale.ROOT).split("\\s+")[0];
            for (Map.Entry<String, java.util.Set<String>> c : CURRENCIES.entrySet()) if (c.getValue().contains(unit)) units.add(c.getKey());
        }
        return units.size() == 1 ? CURRENCIES.get(units.iterator().next()) : java.util.Set.of();
    }

    /** Each currency's words, its code and symbol among them. */
    private static final Map<String, java.util.Set<String>> CURRENCIES = Map.of(
            "usd", java.util.Set.of("usd", "$", "dollar", "dollars", "bucks"),
            "eur", java.util.Set.of("eur", "€", "euro", "euros"),
            "gbp", java.util.Set.of("gbp", "£", "pound", "pounds"));

    private static final java.util.Set<String> CURRENCY_UNITS = java.util.Set.of("usd", "eur", "gbp", "jpy", "chf", "cad", "aud", "dollars", "dollar", "euros",
            "euro", "pounds", "$", "€", "£");
    private final Map<String, Optional<Dimension>> rowAmounts = new java.util.concurrent.ConcurrentHashMap<>();

    /** The reference that names a dimension shortest and unambiguously: its bare name, else {@code dataset.name}. */
    public String reference(Dimension d) {
        if (d.name().equals(ROW_AMOUNT) && !dimensions.containsKey(key(d.dataset()) + "." + ROW_AMOUNT)) return d.qualifiedName();
        return byBareName.getOrDefault(key(d.name()), List.of()).size() == 1 ? d.name() : d.qualifiedName();
    }

    /**
     * The datasets an entity name may mean: the one whose primary, unique or natural entity has that name; else a dataset
     * whose primary key is {@code <entity>_id}, or the dataset named so (or its plural, singular).
     */
    private List<String> datasetsOfEntity(String entity) {
        List<String> out = new ArrayList<>();
        for (Dataset d : datasets.values()) if (d.identifyingEntity(entity).isPresent()) out.add(key(d.name()));
        if (!out.isEmpty()) return out;
        for (Dataset d : datasets.values()) {
            if (d.primaryKey().size() == 1 && key(d.primaryKey().get(0)).equals(entity + "_id")) out.add(key(d.name()));
        }
        for (String n : List.of(entity, entity + "s", entity + "es", entity.endsWith("y") ? entity.substring(0, entity.length() - 1) + "ies" : entity,
                entity.endsWith("s") ? entity.substring(0, entity.length() - 1) : entity)) {
            if (datasets.containsKey(n) && !out.contains(n)) out.add(n);
        }
        return out;
    }

    /** A simple metric's time dimension (its dataset's), if it has one. */
    public Optional<Dimension> timeDimensionOf(SemanticMetric.Simple s) {
        return s.timeDimension() == null ? Optional.empty() : dimension(s.dataset(), s.timeDimension());
    }

    /**
     * Whether two measures are taken over the same rows: one dataset, one condition of their own, the same segments and the
     * same time dimension (so a period keeps the same rows of both).
     */
    public boolean sameRows(SemanticMetric.Simple a, SemanticMetric.Simple b) {
        return a.dataset().equals(b.dataset()) && Objects.equals(a.filter(), b.filter()) && Set.copyOf(a.segments()).equals(Set.copyOf(b.segments())) && sameTime(a, b);
    }

    /** Whether two measures of one dataset are dated alike: the same time dimension, and the same snapshot dimension if any. */
    private boolean sameTime(SemanticMetric.Simple a, SemanticMetric.Simple b) {
        return timeDimensionOf(a).equals(timeDimensionOf(b)) && Objects.equals(a.snapshotDimension(), b.snapshotDimension());
    }

    /**
     * Whether a count is of some of the rows another counts: both counts, of one dataset, by the same time dimension, the
     * second with the first's condition and segments (if any) and a condition or a segment more ("emails opened" of
     * "emails sent").
     */
    public boolean someRows(SemanticMetric.Simple all, SemanticMetric.Simple some) {
        if (all.agg() != SemanticMetric.Agg.COUNT || some.agg() != SemanticMetric.Agg.COUNT || !all.dataset().equals(some.dataset())) return false;
        if (!sameTime(all, some)) return false;
        if (all.filter() != null && !all.filter().equals(some.filter()) || !some.segments().containsAll(all.segments())) return false;
        return some.filter() != null && !some.filter().equals(all.filter()) || some.segments().size() > all.segments().size();
    }

    /**
     * What a measure's rows are worth: the one amount of money the model sums over the same rows ({@link #sameRows}); of
     * several, the one that sums a column as it is (an open opportunity's amount, not its amount weighted by a probability).
     * Empty when there is none, or no one of them.
     */
    public Optional<SemanticMetric.Simple> amountOf(SemanticMetric.Simple rows) {
        List<SemanticMetric.Simple> sums = moneySums(rows.dataset(), rows.filter(), rows.segments()).stream().filter(x -> sameTime(rows, x)).toList();
        if (sums.size() > 1) sums = sums.stream().filter(x -> x.expr() != null && x.expr().strip().matches("[A-Za-z_][A-Za-z0-9_]*")).toList();
        return sums.size() == 1 ? Optional.of(sums.get(0)) : Optional.empty();
    }

    /**
     * The amounts of money the model sums over a dataset's rows under one condition of their own (none: null) and these
     * segments, in the model's order.
     */
    public List<SemanticMetric.Simple> moneySums(String dataset, String filter, List<String> segments) {
        Set<String> on = Set.copyOf(segments);
        return metrics().stream().filter(m -> m instanceof SemanticMetric.Simple x && x.dataset().equals(dataset) && x.agg() == SemanticMetric.Agg.SUM
                && Objects.equals(x.filter(), filter) && Set.copyOf(x.segments()).equals(on) && MeasureFit.isMoney(m)).map(SemanticMetric.Simple.class::cast).toList();
    }

    /** A simple metric's snapshot dimension (its dataset's), if it has one. */
    public Optional<Dimension> snapshotDimensionOf(SemanticMetric.Simple s) {
        return s.snapshotDimension() == null ? Optional.empty() : dimension(s.dataset(), s.snapshotDimension());
    }

    public Optional<Segment> segment(String name) {
        return Optional.ofNullable(segments.get(key(name)));
    }

    public Optional<Relationship> relationship(String name) {
        return Optional.ofNullable(relationships.get(key(name)));
    }

    /** A metric by name: one of the model's, or the count of a dataset's rows made from it ({@link #entityCount}). */
    public Optional<SemanticMetric> metric(String name) {
        SemanticMetric m = metrics.get(key(name));
        if (m == null) m = entityCounts().get(key(name));
        if (m == null) m = identifiedCounts().get(key(name));
        if (m == null) m = countsThrough.get(key(name));
        return Optional.ofNullable(m);
    }

    /** The counts of records through other rows made so far ({@link #countedThrough}), by metric name. */
    private final Map<String, SemanticMetric.Simple> countsThrough = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The records a plain count counts, counted through the rows of each other dataset that refer to them by one column:
     * "how many countries" by an attribute of the rows that refer to countries (a language of a country's languages) is the
     * number of different countries those rows refer to. The model's own distinct count of that column where it has one,
     * else one made from the relationship. None for a count with conditions of its own, or through a dataset that refers to
     * the records twice (a flight's two airports: which one is not said).
     */
    public List<SemanticMetric.Simple> countedThrough(SemanticMetric metric) {
        if (!(metric instanceof SemanticMetric.Simple c) || c.agg() != SemanticMetric.Agg.COUNT || c.filter() != null || !c.segments().isEmpty()) return List.of();
        Dataset counted = datasets.get(key(c.dataset()));
        if (counted == null || counted.primaryKey().size() != 1) return List.of();
        List<SemanticMetric.Simple> out = new ArrayList<>();
        for (Relationship r : relationships.values()) {
            if (!r.to().equals(counted.name()) || r.oneToOne() || r.from().equals(counted.name()) || r.fromColumns().size() != 1) continue;
            if (relationships.values().stream().filter(o -> o.from().equals(r.from()) && o.to().equals(r.to())).count() != 1) continue;
            String column = unquoted(r.fromColumns().get(0));
            Optional<SemanticMetric.Simple> own = metrics.values().stream()
                    .filter(x -> x instanceof SemanticMetric.Simple s && s.dataset().equals(r.from()) && s.agg() == SemanticMetric.Agg.COUNT_DISTINCT
                            && s.filter() == null && s.segments().isEmpty() && s.expr() != null && unquoted(s.expr()).equalsIgnoreCase(column))
                    .map(x -> (SemanticMetric.Simple) x).findFirst();
            if (own.isPresent()) {
                out.add(own.get());
                continue;
            }
            String name = key(r.from()) + "_distinct_" + key(counted.name());
            out.add(countsThrough.computeIfAbsent(name, n -> {
                String records = Words.plural(counted.name().replace('_', ' '));
                SemanticMetric.Info info = new SemanticMetric.Info("Number of " + records + " in " + r.from().replace('_', ' '), "The different " + records
                        + " the rows of " + r.from() + " refer to (" + column + "), counted from the semantic model.", null, "integer", 0, null, List.of(), List.of(),
                        List.of("counted_through"), null);
                Dataset through = datasets.get(key(r.from()));
                return new SemanticMetric.Simple(n, info, r.from(), SemanticMetric.Agg.COUNT_DISTINCT, r.fromColumns().get(0), null, null, List.of(),
                        through == null ? null : through.defaultTimeDimension(), null, false, null, null);
            }));
        }
        return out;
    }

    /** Whether a metric counts the different records its rows refer to by one column (a distinct count of a reference). */
    public boolean countsThroughReference(SemanticMetric metric) {
        if (!(metric instanceof SemanticMetric.Simple s) || s.agg() != SemanticMetric.Agg.COUNT_DISTINCT || s.expr() == null || s.filter() != null) return false;
        String column = unquoted(s.expr());
        return relationships.values().stream().anyMatch(r -> r.from().equals(s.dataset()) && !r.oneToOne() && r.fromColumns().size() == 1
                && unquoted(r.fromColumns().get(0)).equalsIgnoreCase(column));
    }

    /** Whether a metric counts the different values of its dataset's one-column primary key: as many as its rows. */
    public boolean countsKeys(SemanticMetric.Simple c) {
        Dataset d = datasets.get(key(c.dataset()));
        return d != null && c.agg() == SemanticMetric.Agg.COUNT_DISTINCT && c.filter() == null && c.segments().isEmpty() && c.expr() != null
                && d.primaryKey().size() == 1 && unquoted(c.expr()).equalsIgnoreCase(unquoted(d.primaryKey().get(0)));
    }

    private static String unquoted(String column) {
        return column.replace("\"", "").strip();
    }

    /**
     * The number of different values of the one identifier column named after a noun ({@code customer_id} of "customer"),
     * where no dataset's rows are called so: "how many customers" of a Cortex view whose rows are customers' metrics, or
     * of any table that only refers to them, is the number of different customer ids it holds, whatever its rows are.
     * Empty when two datasets have such a column (which one counts is not said), or a metric or dataset has the name.
     */
    public Optional<SemanticMetric.Simple> identifiedCount(String noun) {
        return Optional.ofNullable(identifiedCounts().get(identifiedCountName(noun)));
    }

    private static String identifiedCountName(String noun) {
        return noun.replace(' ', '_') + "_count";
    }

    /**
     * Whether an identifier is a thing named by its own value in a table of pairs: one column of a key of several (a
     * country's languages keyed by country and language) that refers to no dataset, so its values are the things themselves.
     */
    public boolean valueOfPairs(Dimension d) {
        Dataset ds = datasets.get(key(d.dataset()));
        if (ds == null || ds.primaryKey().size() < 2 || d.expr() == null) return false;
        String column = d.expr().replace("\"", "").strip();
        if (ds.primaryKey().stream().noneMatch(k -> k.replace("\"", "").strip().equalsIgnoreCase(column))) return false;
        return relationships.values().stream().noneMatch(r -> r.from().equals(ds.name()) && r.fromColumns().stream().anyMatch(c -> c.replace("\"", "").strip().equalsIgnoreCase(column)));
    }

    /** The identified counts by metric name. */
    private Map<String, SemanticMetric.Simple> identifiedCounts;

    private Map<String, SemanticMetric.Simple> identifiedCounts() {
        if (identifiedCounts != null) return identifiedCounts;
        Map<String, List<Dimension>> byNoun = new java.util.LinkedHashMap<>();
        for (Dimension d : dimensions.values()) {
            if (d.time() || d.kind() == Dimension.Kind.NUMBER) continue;
            List<String> words = List.of(d.name().toLowerCase(Locale.ROOT).split("_+"));
            if (words.size() >= 2 && words.get(words.size() - 1).equals("id")) {
                byNoun.computeIfAbsent(String.join(" ", words.subList(0, words.size() - 1)), k -> new ArrayList<>()).add(d);
            } else if (d.kind() == Dimension.Kind.IDENTIFIER && valueOfPairs(d)) {
                byNoun.computeIfAbsent(String.join(" ", words), k -> new ArrayList<>()).add(d); // "language" of a country's languages
            }
        }
        Map<String, SemanticMetric.Simple> out = new java.util.LinkedHashMap<>();
        byNoun.forEach((noun, dims) -> {
            String name = identifiedCountName(noun);
            boolean rowsCalledSo = datasets.values().stream().anyMatch(ds -> key(ds.name()).equals(noun.replace(' ', '_'))
                    || ds.synonyms().stream().anyMatch(x -> x.equalsIgnoreCase(noun)));
            if (dims.size() != 1 || rowsCalledSo || metrics.containsKey(name) || entityCounts().containsKey(name)) return;
            Dimension d = dims.get(0);
            String counted = Words.plural(noun);
            SemanticMetric.Info info = new SemanticMetric.Info("Number of " + counted, "The different values of " + d.qualifiedName()
                    + " (no dataset's rows are " + counted + "), counted from the semantic model.", null, "integer", 0, null, List.of(), List.of("number of " + counted), List.of("identified_count"), null);
            out.put(name, new SemanticMetric.Simple(name, info, d.dataset(), SemanticMetric.Agg.COUNT_DISTINCT, d.expr(), null, null, List.of(),
                    dataset(d.dataset()).map(Dataset::defaultTimeDimension).orElse(null), null, false, null, null));
        });
        identifiedCounts = out;
        return out;
    }

    /**
     * The count of a dataset's rows ("how many products", "how many warehouses") for a dataset with no plain count metric
     * of its own, with or without a primary key (published models declare none for many tables whose rows are what is
     * counted: a feed's discrepancies): named {@code <dataset>_count}, with the dataset's default segments and time
     * dimension, made from the model rather than written in it (so not among {@link #metrics()}).
     */
    public Optional<SemanticMetric.Simple> entityCount(String dataset) {
        return Optional.ofNullable(entityCounts().get(key(dataset) + "_count"));
    }

    private Map<String, SemanticMetric.Simple> entityCounts;

    private Map<String, SemanticMetric.Simple> entityCounts() {
        if (entityCounts != null) return entityCounts;
        Map<String, SemanticMetric.Simple> out = new java.util.LinkedHashMap<>();
        for (Dataset d : datasets.values()) {
            if (metrics.containsKey(d.name() + "_count")) continue;
            boolean counted = metrics.values().stream().anyMatch(x -> x instanceof SemanticMetric.Simple s && s.dataset().equals(d.name())
                    && s.countsEveryRow());
            if (counted) continue;
            out.put(d.name() + "_count", rowCount(d, d.name() + "_count"));
        }
        entityCounts = out;
        return out;
    }

    /** The count of a dataset's rows (with its default segments), whatever metrics it has: what a list of its values is grouped over. */
    public SemanticMetric.Simple rowsOf(String dataset) {
        Dataset d = dataset(dataset).orElseThrow(() -> new IllegalArgumentException("unknown dataset " + dataset));
        return rowCount(d, d.name() + "_rows");
    }

    private static SemanticMetric.Simple rowCount(Dataset d, String name) {
        String bare = Dataset.bareName(d.name());
        String rows = bare != null && d.synonyms().contains(bare) ? Dataset.rowsInWords(d.name()) : d.name().replace('_', ' ');
        SemanticMetric.Info info = new SemanticMetric.Info("Number of " + rows, "Number of " + rows + " (rows of " + (d.table() != null ? d.table() : d.name())
                + "), counted from the semantic model.", null, "integer", 0, null, List.of(), List.of("number of " + rows), List.of("entity_count"), null);
        return new SemanticMetric.Simple(name, info, d.name(), SemanticMetric.Agg.COUNT, null, null, null, List.of(), d.defaultTimeDimension(), null, false, null,
                null);
    }

    public Optional<Place> place(String kind, String name) {
        return Optional.ofNullable(places.get(kind + ":" + name));
    }

    /** The relationships that leave a dataset towards a "one" side (one-to-one ones both ways), as directed edges. */
    public List<Edge> edgesFrom(String dataset) {
        List<Edge> out = new ArrayList<>();
        for (Relationship r : relationships.values()) {
            if (r.from().equals(dataset)) out.add(new Edge(r, r.from(), r.to(), r.fromColumns(), r.toColumns()));
            if (r.oneToOne() && r.to().equals(dataset)) out.add(new Edge(r, r.to(), r.from(), r.toColumns(), r.fromColumns()));
        }
        return out;
    }

    /** A relationship walked in one direction: from {@code from}'s columns to {@code to}'s. */
    public record Edge(Relationship relationship, String from, String to, List<String> fromColumns, List<String> toColumns) {}

    /** The simple metrics a metric is computed from (itself when simple), each once. */
    public Set<SemanticMetric.Simple> simpleInputs(SemanticMetric metric) {
        Set<SemanticMetric.Simple> out = new java.util.LinkedHashSet<>();
        collect(metric, out, new HashSet<>());
        return out;
    }

    private void collect(SemanticMetric metric, Set<SemanticMetric.Simple> out, Set<String> seen) {
        if (!seen.add(metric.name())) return;
        if (metric instanceof SemanticMetric.Simple s) out.add(s);
        for (String input : metric.inputNames()) metric(input).ifPresent(x -> collect(x, out, seen));
    }

    static String key(String name) {
        return name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------------ loading

    private static final class Loader {
        private final SemanticModel m;
        private final List<Issue> issues;
        private final dev.almanac.source.Dialect dialect;
        /** Per cumulative metric, the key its input is written under (input, or measure as dbt says), to point at its line. */
        private final Map<String, String> inputKeys = new HashMap<>();

        Loader(SemanticModel m, List<Issue> issues, dev.almanac.source.Dialect dialect) {
            this.m = m;
            this.issues = issues;
            this.dialect = dialect;
        }

        /** The item's expression for the dialect: its variant for the dialect if it has one, else the plain one. */
        private String variant(String plain, Map<String, String> dialects, Place place) {
            for (Map.Entry<String, String> e : dialects.entrySet()) {
                dev.almanac.source.Dialect d = DIALECT_KEYS.get(e.getKey());
                if (d == null) {
                    issues.add(new Issue(place.at("dialects"), "unknown dialect '" + e.getKey() + "'; one of duckdb, postgresql, sqlite, trino, mysql, snowflake, bigquery"));
                    return plain;
                }
                if (e.getValue() == null || e.getValue().isBlank()) {
                    issues.add(new Issue(place.at("dialects/" + e.getKey()), "the " + e.getKey() + " variant is empty"));
                    return plain;
                }
            }
            if (dialect == null) return plain;
            for (Map.Entry<String, String> e : dialects.entrySet()) if (DIALECT_KEYS.get(e.getKey()) == dialect) return e.getValue();
            return plain;
        }

        void load(Collection<SemanticFile> files) {
            List<Runnable> metricsLater = new ArrayList<>();
            for (SemanticFile f : files) {
                for (int i = 0; i < f.datasets().size(); i++) dataset(f.datasets().get(i), new Place(f.name(), "/datasets/" + i));
            }
            for (SemanticFile f : files) {
                for (int i = 0; i < f.relationships().size(); i++) relationship(f.relationships().get(i), new Place(f.name(), "/relationships/" + i));
                for (int i = 0; i < f.metrics().size(); i++) {
                    MetricSpec spec = f.metrics().get(i);
                    Place place = new Place(f.name(), "/metrics/" + i);
                    if (named(spec.name(), "metric", m.metrics, place)) metricsLater.add(() -> metric(spec, place, f.name()));
                    else metricsLater.add(() -> {});
                }
            }
            metricsLater.forEach(Runnable::run);
            checkCumulativeInputs();
            entityRelationships();
            checkDatasetsDefaults();
            checkRelationshipCycles();
            checkMetricCycles();
        }

        /** A name is given and written [a-z][a-z0-9_]*; else the problem is reported at its place. */
        private boolean wellFormed(String name, String kind, Place place) {
            if (name == null || name.isBlank()) {
                issues.add(new Issue(place, kind + " needs a name"));
                return false;
            }
            if (!NAME.matcher(name).matches()) {
                issues.add(new Issue(place.at("name"), kind + " name '" + name + "' must be lower case letters, digits and _ , starting with a letter"));
                return false;
            }
            return true;
        }

        /** A dimension's name: unique in its dataset only (the place is kept under {@code dimension:dataset.name}). */
        private boolean named(String name, String kind, String dataset, Place place) {
            if (!wellFormed(name, kind, place)) return false;
            String qualified = dataset + "." + name;
            if (m.dimensions.containsKey(key(qualified))) {
                issues.add(new Issue(place.at("name"), "duplicate " + kind + " '" + name + "' in dataset " + dataset));
                return false;
            }
            m.places.put(kind + ":" + qualified, place);
            return true;
        }

        private boolean named(String name, String kind, Map<String, ?> existing, Place place) {
            if (!wellFormed(name, kind, place)) return false;
            if (existing.containsKey(name)) {
                Place first = m.places.get(kind + ":" + name);
                issues.add(new Issue(place.at("name"), "duplicate " + kind + " '" + name + "'" + (first == null ? "" : " (first in semantic file " + first.file() + ")")));
                return false;
            }
            m.places.put(kind + ":" + name, place);
            return true;
        }

        private void dataset(DatasetSpec d, Place place) {
            if (!named(d.name(), "dataset", m.datasets, place)) return;
            boolean hasTable = d.table() != null && !d.table().isBlank();
            boolean hasSql = d.sql() != null && !d.sql().isBlank();
            if (hasTable == hasSql) {
                issues.add(new Issue(place, "dataset '" + d.name() + "' needs exactly one of table or sql"));
                return;
            }
            List<Dataset.Entity> entities = new ArrayList<>();
            for (int i = 0; i < d.entities().size(); i++) {
                SemanticFile.EntitySpec e = d.entities().get(i);
                Place at = place.at("entities/" + i);
                if (e.name() == null || !NAME.matcher(e.name()).matches()) {
                    issues.add(new Issue(at.at("name"), "entity name '" + e.name() + "' must be lower case letters, digits and _ , starting with a letter"));
                    continue;
                }
                Dataset.Entity.Type type;
                try {
                    type = Dataset.Entity.Type.valueOf((e.type() == null ? "" : e.type().strip()).toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException x) {
                    issues.add(new Issue(at.at("type"), "entity type must be primary, unique, natural or foreign, not '" + e.type() + "'"));
                    continue;
                }
                if (entities.stream().anyMatch(x -> x.name().equals(e.name()))) {
                    issues.add(new Issue(at.at("name"), "duplicate entity '" + e.name() + "' in dataset " + d.name()));
                    continue;
                }
                entities.add(new Dataset.Entity(e.name(), type, e.expr() == null || e.expr().isBlank() ? e.name() : e.expr().strip()));
                m.places.put("entity:" + d.name() + "." + e.name(), at);
            }
            List<String> key = d.primaryKey();
            if (key.isEmpty()) { // a primary entity over one column is the dataset's key
                key = entities.stream().filter(e -> e.type() == Dataset.Entity.Type.PRIMARY && e.expr().matches("[A-Za-z_][A-Za-z0-9_]*"))
                        .map(Dataset.Entity::expr).limit(1).toList();
            }
            m.datasets.put(d.name(), new Dataset(d.name(), hasTable ? d.table().strip() : null, hasSql ? variant(d.sql(), d.dialects(), place) : null, d.description(),
                    key, d.defaultTimeDimension(), d.synonyms(), entities));
            // a drafted model says its labels from the data (names nearly unique), an imported one cannot say them
            boolean saysLabels = d.dimensions().stream().anyMatch(x -> x.labelOf() != null || x.drafted() != null);
            String label = saysLabels ? null : namingLabel(m.datasets.get(d.name()), d.dimensions());
            String rowsName = saysLabels || label != null ? null : nameOfRows(d);
            for (int i = 0; i < d.dimensions().size(); i++) {
                DimensionSpec spec = d.dimensions().get(i);
                if (spec.name().equals(label)) spec = inferredLabel(spec, m.datasets.get(d.name()));
                else if (rowsName != null && spec.name().equalsIgnoreCase(rowsName.replace(' ', '_') + "_name")) spec = calledAlso(spec, rowsName);
                dimension(yesNo(spec), d.name(), place.at("dimensions/" + i));
            }
            for (int i = 0; i < d.segments().size(); i++) segment(d.segments().get(i), d.name(), place.at("segments/" + i));
        }

        private void dimension(DimensionSpec d, String dataset, Place place) {
            if (!named(d.name(), "dimension", dataset, place)) return;
            String type = d.type() == null ? "categorical" : d.type().strip().toLowerCase(Locale.ROOT);
            Dimension.Kind kind = java.util.Arrays.stream(Dimension.Kind.values()).filter(k -> k.label().equals(type)).findFirst().orElse(null);
            if (kind == null) {
                issues.add(new Issue(place.at("type"), "dimension type must be categorical, time, identifier, text or number, not '" + d.type() + "'"));
                return;
            }
            boolean time = type.equals("time");
            Grain grain = null;
            if (time) {
                if (d.grain() == null) {
                    issues.add(new Issue(place, "time dimension '" + d.name() + "' needs its native grain (day, week, month, quarter or year)"));
                    return;
                }
                grain = grain(d.grain(), place.at("grain"));
                if (grain == null) return;
            } else if (d.grain() != null) {
                issues.add(new Issue(place.at("grain"), "only a time dimension has a grain"));
                return;
            }
            if (kind != Dimension.Kind.CATEGORICAL && !d.values().isEmpty()) {
                issues.add(new Issue(place.at("values"), "only a categorical dimension has value synonyms"));
                return;
            }
            String expr = d.expr() == null || d.expr().isBlank() ? d.name() : variant(d.expr(), d.dialects(), place).strip();
            String keyExpr = null;
            if (d.labelOf() != null) {
                if (kind != Dimension.Kind.CATEGORICAL) {
                    issues.add(new Issue(place.at("label_of"), (kind == Dimension.Kind.IDENTIFIER ? "an " : "a ") + kind.label() + " dimension cannot be the label of an entity (only a categorical one)"));
                    return;
                }
                keyExpr = entityKey(m.datasets.get(key(dataset)), d.labelOf().strip());
                if (keyExpr == null) {
                    Dataset ds = m.datasets.get(key(dataset));
                    List<String> known = new ArrayList<>();
                    ds.entities().stream().filter(Dataset.Entity::identifies).forEach(e -> known.add(e.name()));
                    if (ds.primaryKey().size() == 1) known.add(ds.primaryKey().get(0));
                    issues.add(new Issue(place.at("label_of"), "label_of names an entity that identifies the rows of dataset " + dataset
                            + " (or its one-column primary key), not '" + d.labelOf() + "'" + (known.isEmpty() ? "; it has none" : "; one of " + String.join(", ", known))));
                    return;
                }
            }
            Dimension dim = new Dimension(d.name(), dataset, time, expr, d.label(), d.description(), d.synonyms(), grain, d.values(), keyExpr, kind);
            m.dimensions.put(key(dataset) + "." + key(d.name()), dim);
            m.byBareName.computeIfAbsent(key(d.name()), k -> new ArrayList<>()).add(dim);
        }

        /**
         * The dimension that names the rows of a dataset whose model declares no label (dbt, Cortex and Ossie cannot say
         * one): the categorical dimension called after the dataset's one identifying entity and "name" ({@code location_name}
         * of entity {@code location}, dbt's own convention), or plain {@code name} or {@code full_name} (a person's whole name);
         * null when none or more than one fits.
         */
        private static String namingLabel(Dataset ds, List<DimensionSpec> dims) {
            List<Dataset.Entity> identifying = ds == null ? List.of() : ds.entities().stream().filter(Dataset.Entity::identifies).toList();
            if (identifying.size() != 1) return null;
            String entity = key(identifying.get(0).name());
            List<String> named = dims.stream().filter(Loader::categorical)
                    .map(DimensionSpec::name).filter(n -> key(n).equals(entity + "_name") || key(n).equals("name") || key(n).equals("full_name")).toList();
            return named.size() == 1 ? named.get(0) : null;
        }

        /**
         * What one row of a dataset with no single identifying column is called, when a categorical dimension is its name:
         * "drug" of {@code dim_drug} (rows of a drug, a dose and a route) with {@code drug_name}; null otherwise. "By drug"
         * then groups by that name, as people mean, where no key of one column says which drug a row is.
         */
        private static String nameOfRows(DatasetSpec d) {
            String noun = rowNoun(d.name());
            String wanted = noun.replace(' ', '_') + "_name";
            long named = d.dimensions().stream().filter(x -> categorical(x) && x.name().equalsIgnoreCase(wanted)).count();
            return named == 1 ? noun : null;
        }

        /** What one row of a dataset is called by its name: "drug" of {@code dim_drug} or of {@code drugs}. */
        static String rowNoun(String dataset) {
            String bare = Dataset.bareName(dataset);
            return bare != null ? bare : Words.singular(dataset.replace('_', ' ').toLowerCase(Locale.ROOT));
        }

        /** A dimension called by one more name. */
        private static DimensionSpec calledAlso(DimensionSpec d, String called) {
            if (d.synonyms().stream().anyMatch(x -> x.equalsIgnoreCase(called))) return d;
            List<String> synonyms = new ArrayList<>(d.synonyms());
            synonyms.add(called);
            return new DimensionSpec(d.name(), d.type(), d.expr(), d.label(), d.description(), List.copyOf(synonyms), d.grain(), d.values(), d.dialects(),
                    d.labelOf(), d.drafted());
        }

        /**
         * A dimension found to name its dataset's entity: the label of that entity, called by the entity's name too and by
         * what the dataset's rows are called ("customer" of a view of customers), so that "top 5 customers by churn score"
         * ranks the records by what names them.
         */
        private static DimensionSpec inferredLabel(DimensionSpec d, Dataset ds) {
            Dataset.Entity e = ds.entities().stream().filter(Dataset.Entity::identifies).findFirst().orElseThrow();
            DimensionSpec called = calledAlso(d, e.name().replace('_', ' ').toLowerCase(Locale.ROOT));
            for (String rows : ds.synonyms()) called = calledAlso(called, Words.singular(rows.strip().toLowerCase(Locale.ROOT)));
            return new DimensionSpec(d.name(), d.type(), d.expr(), d.label(), d.description(), called.synonyms(), d.grain(), d.values(), d.dialects(),
                    e.name(), d.drafted());
        }

        /** Whether a dimension is categorical, as its type says or by default. */
        private static boolean categorical(DimensionSpec d) {
            return d.type() == null || d.type().strip().equalsIgnoreCase("categorical");
        }

        private static final Pattern IS_ADJECTIVE = Pattern.compile("(?i)is_([a-z]+)(?:_[a-z0-9_]+)?");

        /**
         * A yes/no dimension called {@code is_<adjective>} ({@code is_perishable_supply}, {@code is_food_item}: dbt's
         * convention) whose values say nothing of their words: its value true is also called by the adjective ("which
         * supplies are perishable", "perishable supplies"), and so are all its words ("food item" of {@code is_food_item});
         * false is that word denied.
         */
        private static DimensionSpec yesNo(DimensionSpec d) {
            Matcher m = IS_ADJECTIVE.matcher(d.name());
            if (!m.matches() || !categorical(d) || !d.values().isEmpty()) return d;
            String adjective = m.group(1).toLowerCase(Locale.ROOT), words = d.name().substring(3).replace('_', ' ').toLowerCase(Locale.ROOT);
            return new DimensionSpec(d.name(), d.type(), d.expr(), d.label(), d.description(), d.synonyms(), d.grain(),
                    Map.of("true", words.equals(adjective) ? List.of(adjective) : List.of(adjective, words)), d.dialects(), d.labelOf(), d.drafted());
        }

        /** The SQL of the key a label names: an identifying entity of the dataset, or its one-column primary key; null if neither. */
        private static String entityKey(Dataset ds, String name) {
            if (ds == null) return null;
            Optional<Dataset.Entity> e = ds.identifyingEntity(name);
            if (e.isPresent()) return e.get().expr();
            return ds.primaryKey().size() == 1 && ds.primaryKey().get(0).equalsIgnoreCase(name) ? ds.primaryKey().get(0) : null;
        }

        private void segment(SegmentSpec s, String dataset, Place place) {
            if (!named(s.name(), "segment", m.segments, place)) return;
            if (s.expr() == null || s.expr().isBlank()) {
                issues.add(new Issue(place, "segment '" + s.name() + "' needs expr, a condition over its dataset's columns"));
                return;
            }
            m.segments.put(s.name(), new Segment(s.name(), dataset, variant(s.expr(), s.dialects(), place).strip(), s.label(), s.description(), Boolean.TRUE.equals(s.isDefault())));
        }

        private Grain grain(String text, Place place) {
            try {
                return Grain.parse(text);
            } catch (dev.almanac.UserError e) {
                issues.add(new Issue(place, e.getMessage()));
                return null;
            }
        }

        private void relationship(RelationshipSpec r, Place place) {
            String name = r.name() != null ? r.name() : (r.from() + "_to_" + r.to());
            for (String side : List.of("from", "to")) {
                String ds = side.equals("from") ? r.from() : r.to();
                if (ds == null) {
                    issues.add(new Issue(place, "relationship needs '" + side + "', a dataset"));
                    return;
                }
                if (!m.datasets.containsKey(ds)) {
                    issues.add(new Issue(place.at(side), "unknown dataset '" + ds + "'" + Names.didYouMean(ds, m.datasets.keySet())));
                    return;
                }
            }
            String type = r.type() == null ? "many_to_one" : r.type().strip().toLowerCase(Locale.ROOT).replace('-', '_');
            if (!type.equals("many_to_one") && !type.equals("one_to_one")) {
                issues.add(new Issue(place.at("type"), "relationship type must be many_to_one or one_to_one (declare one-to-many from the other side), not '"
                        + r.type() + "'"));
                return;
            }
            if (r.fromColumns().isEmpty() || r.fromColumns().size() != r.toColumns().size()) {
                issues.add(new Issue(place, "relationship '" + name + "' needs from_columns and to_columns of the same, non-zero length"));
                return;
            }
            if (r.from().equals(r.to())) {
                issues.add(new Issue(place.at("to"), "relationship '" + name + "' joins " + r.from() + " to itself: a cycle the join planner cannot walk"));
                return;
            }
            Map<String, Relationship> rels = m.relationships;
            if (!named(name, "relationship", rels, place)) return;
            rels.put(name, new Relationship(name, r.from(), r.to(), type.equals("one_to_one"), r.fromColumns(), r.toColumns()));
        }

        private void metric(MetricSpec s, Place place, String file) {
            SemanticMetric.Info info = new SemanticMetric.Info(s.label(), s.description(), s.unit(), s.format(), s.decimals(), s.owner(),
                    s.caveats(), s.synonyms(), s.tags(), file);
            if (s.format() != null && !Set.of("currency", "percent", "number", "integer").contains(s.format())) {
                issues.add(new Issue(place.at("format"), "format must be currency, percent, number or integer"));
                return;
            }
            if (s.decimals() != null && (s.decimals() < 0 || s.decimals() > 10)) {
                issues.add(new Issue(place.at("decimals"), "decimals must be between 0 and 10"));
                return;
            }
            String type = s.type() == null ? "simple" : s.type().strip().toLowerCase(Locale.ROOT);
            SemanticMetric metric = switch (type) {
                case "simple" -> simple(s, info, place);
                case "ratio" -> ratio(s, info, place);
                case "derived" -> derived(s, info, place);
                case "cumulative" -> cumulative(s, info, place);
                default -> {
                    issues.add(new Issue(place.at("type"), "metric type must be simple, ratio, derived or cumulative, not '" + s.type() + "'"));
                    yield null;
                }
            };
            if (metric != null) m.metrics.put(s.name(), metric);
        }

        private SemanticMetric simple(MetricSpec s, SemanticMetric.Info info, Place place) {
            if (s.dataset() == null) {
                issues.add(new Issue(place, "simple metric '" + s.name() + "' needs a dataset"));
                return null;
            }
            Dataset ds = m.datasets.get(s.dataset());
            if (ds == null) {
                issues.add(new Issue(place.at("dataset"), "unknown dataset '" + s.dataset() + "'" + Names.didYouMean(s.dataset(), m.datasets.keySet())));
                return null;
            }
            if (s.agg() == null) {
                issues.add(new Issue(place, "simple metric '" + s.name() + "' needs agg: sum, count, count_distinct, avg, min, max, median or percentile"));
                return null;
            }
            SemanticMetric.Agg agg;
            try {
                agg = SemanticMetric.Agg.valueOf(s.agg().strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                issues.add(new Issue(place.at("agg"), "unknown agg '" + s.agg() + "'; one of sum, count, count_distinct, avg, min, max, median, percentile"));
                return null;
            }
            if ((s.expr() == null || s.expr().isBlank()) && agg != SemanticMetric.Agg.COUNT) {
                issues.add(new Issue(place, "metric '" + s.name() + "' needs expr, the expression to " + agg.label()));
                return null;
            }
            if (agg == SemanticMetric.Agg.PERCENTILE) {
                if (s.percentile() == null || s.percentile().signum() <= 0 || s.percentile().compareTo(java.math.BigDecimal.ONE) >= 0) {
                    issues.add(new Issue(place.at("percentile"), "a percentile metric needs percentile between 0 and 1 (0.9 for the 90th)"));
                    return null;
                }
            } else if (s.percentile() != null) {
                issues.add(new Issue(place.at("percentile"), "percentile applies only to agg: percentile"));
                return null;
            }
            if (s.numerator() != null || s.denominator() != null || !s.metrics().isEmpty()) {
                issues.add(new Issue(place.at("type"), "numerator, denominator and metrics belong to ratio and derived metrics; '" + s.name() + "' is simple"));
                return null;
            }
            for (int i = 0; i < s.segments().size(); i++) {
                if (!m.segments.containsKey(s.segments().get(i))) {
                    issues.add(new Issue(place.at("segments/" + i), "unknown segment '" + s.segments().get(i) + "'" + Names.didYouMean(s.segments().get(i), m.segments.keySet())));
                    return null;
                }
            }
            String time = s.timeDimension() != null ? s.timeDimension() : ds.defaultTimeDimension();
            if (time != null && !timeDimensionOf(ds.name(), time, place.at(s.timeDimension() != null ? "time_dimension" : "dataset"))) return null;
            String snapshot = null;
            boolean last = true;
            if (s.nonAdditiveDimension() != null) {
                snapshot = s.nonAdditiveDimension().name();
                if (snapshot == null || !timeDimensionOf(ds.name(), snapshot, place.at("non_additive_dimension"))) return null;
                String choice = s.nonAdditiveDimension().windowChoice() == null ? "max" : s.nonAdditiveDimension().windowChoice().toLowerCase(Locale.ROOT);
                if (!choice.equals("max") && !choice.equals("min")) {
                    issues.add(new Issue(place.at("non_additive_dimension/window_choice"), "window_choice is max (the last snapshot) or min (the first)"));
                    return null;
                }
                last = choice.equals("max");
                if (time == null) time = snapshot;
                if (!time.equals(snapshot)) {
                    issues.add(new Issue(place.at("non_additive_dimension"), "the snapshot dimension must be the metric's time dimension (" + time + ")"));
                    return null;
                }
            }
            Grain timeGrain = null;
            if (s.timeGrain() != null) {
                timeGrain = grain(s.timeGrain(), place.at("time_grain"));
                if (timeGrain == null) return null;
                if (time == null) {
                    issues.add(new Issue(place.at("time_grain"), "time_grain needs a time dimension"));
                    return null;
                }
            }
            return new SemanticMetric.Simple(s.name(), info, ds.name(), agg, s.expr() == null ? null : variant(s.expr(), s.dialects(), place).strip(), s.percentile(),
                    s.filter() == null || s.filter().isBlank() ? null : variant(s.filter(), s.filterDialects(), place.at("filter")).strip(), s.segments(), time,
                    snapshot, last, timeGrain, s.fillNullsWith(),
                    s.joinToTimespine());
        }

        private boolean timeDimensionOf(String dataset, String name, Place place) {
            Dimension d = m.dimensions.get(key(dataset) + "." + key(name));
            if (d == null || !d.time()) {
                List<String> own = m.dimensions.values().stream().filter(x -> x.time() && x.dataset().equals(dataset)).map(Dimension::name).toList();
                issues.add(new Issue(place, "'" + name + "' is not a time dimension of dataset " + dataset
                        + (own.isEmpty() ? " (it has none)" : "; its time dimensions: " + String.join(", ", own))));
                return false;
            }
            return true;
        }

        private SemanticMetric ratio(MetricSpec s, SemanticMetric.Info info, Place place) {
            if (s.numerator() == null || s.denominator() == null) {
                issues.add(new Issue(place, "ratio metric '" + s.name() + "' needs a numerator and a denominator (metric names)"));
                return null;
            }
            if (!knownMetric(s.numerator(), place.at("numerator")) || !knownMetric(s.denominator(), place.at("denominator"))) return null;
            if (s.dataset() != null || s.agg() != null || s.expr() != null) {
                issues.add(new Issue(place.at("type"), "a ratio metric is computed from its numerator and denominator; dataset, agg and expr belong to simple metrics"));
                return null;
            }
            return new SemanticMetric.Ratio(s.name(), info, s.numerator(), s.denominator());
        }

        private SemanticMetric derived(MetricSpec s, SemanticMetric.Info info, Place place) {
            if (s.expr() == null || s.expr().isBlank() || s.metrics().isEmpty()) {
                issues.add(new Issue(place, "derived metric '" + s.name() + "' needs expr and its input metrics"));
                return null;
            }
            if (s.dataset() != null || s.agg() != null) {
                issues.add(new Issue(place.at("type"), "a derived metric is computed from other metrics; dataset and agg belong to simple metrics"));
                return null;
            }
            List<SemanticMetric.Input> inputs = new ArrayList<>();
            Set<String> columns = new HashSet<>();
            for (int i = 0; i < s.metrics().size(); i++) {
                MetricInputSpec in = s.metrics().get(i);
                Place p = place.at("metrics/" + i);
                if (in == null || in.name() == null) {
                    issues.add(new Issue(p, "an input needs a metric name"));
                    return null;
                }
                if (!knownMetric(in.name(), p)) return null;
                Offset offset = Offset.NONE;
                if (in.offsetWindow() != null) {
                    try {
                        offset = Offset.parse(in.offsetWindow());
                    } catch (dev.almanac.UserError e) {
                        issues.add(new Issue(p.at("offset_window"), e.getMessage()));
                        return null;
                    }
                }
                if (in.alias() != null && !NAME.matcher(in.alias()).matches()) {
                    issues.add(new Issue(p.at("alias"), "alias '" + in.alias() + "' must be lower case letters, digits and _"));
                    return null;
                }
                if (!offset.isNone() && in.alias() == null) {
                    issues.add(new Issue(p, "an input with an offset_window needs an alias to tell it from the metric itself"));
                    return null;
                }
                SemanticMetric.Input input = new SemanticMetric.Input(in.name(), in.alias(), offset);
                if (!columns.add(input.column())) {
                    issues.add(new Issue(p, "input '" + input.column() + "' appears twice; give one an alias"));
                    return null;
                }
                inputs.add(input);
            }
            for (String word : Names.identifiers(s.expr())) {
                if (!columns.contains(word) && !Names.SQL_WORDS.contains(word)) {
                    issues.add(new Issue(place.at("expr"), "'" + word + "' in the expression is not one of the inputs (" + String.join(", ", columns) + ")"));
                    return null;
                }
            }
            return new SemanticMetric.Derived(s.name(), info, s.expr().strip(), inputs);
        }

        /**
         * A cumulative metric: its input must be known (that it is a simple sum or count with a time dimension is checked once
         * every metric is read, in {@link #checkCumulativeInputs()}), its window a length and its grain to date a grain.
         */
        private SemanticMetric cumulative(MetricSpec s, SemanticMetric.Info info, Place place) {
            String inputKey = s.input() != null ? "input" : "measure"; // dbt's word for it
            String input = s.input() != null ? s.input() : s.measure();
            if (s.input() != null && s.measure() != null) {
                issues.add(new Issue(place.at("measure"), "input and measure both name what a cumulative metric accumulates: give one"));
                return null;
            }
            if (input == null || input.isBlank()) {
                issues.add(new Issue(place, "cumulative metric '" + s.name() + "' needs input: the simple metric it accumulates"));
                return null;
            }
            if (s.dataset() != null || s.agg() != null || s.expr() != null || s.numerator() != null || s.denominator() != null || !s.metrics().isEmpty()) {
                issues.add(new Issue(place.at("type"), "a cumulative metric accumulates its input; dataset, agg, expr, numerator, denominator and metrics"
                        + " belong to the other kinds"));
                return null;
            }
            if (!knownMetric(input, place.at(inputKey))) return null;
            if (s.window() != null && s.grainToDate() != null) {
                issues.add(new Issue(place.at("grain_to_date"), "a cumulative metric sums over a window (7 days) or from the start of a grain"
                        + " (month to date), not both"));
                return null;
            }
            Offset window = null;
            if (s.window() != null) {
                try {
                    window = Offset.parse(s.window());
                } catch (dev.almanac.UserError e) {
                    issues.add(new Issue(place.at("window"), "a window is written like '7 days', '4 weeks', '1 month', '1 year'; got '" + s.window() + "'"));
                    return null;
                }
                if (window.isNone()) {
                    issues.add(new Issue(place.at("window"), "a window must be at least one day long; got '" + s.window() + "'"));
                    return null;
                }
            }
            Grain toDate = null;
            if (s.grainToDate() != null) {
                toDate = grain(s.grainToDate(), place.at("grain_to_date"));
                if (toDate == null) return null;
            }
            SemanticMetric.PeriodAgg periodAgg = null;
            if (s.periodAgg() != null) {
                try {
                    periodAgg = SemanticMetric.PeriodAgg.parse(s.periodAgg());
                } catch (dev.almanac.UserError e) {
                    issues.add(new Issue(place.at("period_agg"), e.getMessage()));
                    return null;
                }
            }
            inputKeys.put(s.name(), inputKey);
            return new SemanticMetric.Cumulative(s.name(), info, input.strip(), window, toDate, periodAgg);
        }

        /** Each cumulative metric's input is a simple sum, count or distinct count with a time dimension, not a snapshot. */
        private void checkCumulativeInputs() {
            for (SemanticMetric metric : List.copyOf(m.metrics.values())) {
                if (!(metric instanceof SemanticMetric.Cumulative c)) continue;
                Place place = m.places.get("metric:" + c.name()).at(inputKeys.getOrDefault(c.name(), "input"));
                SemanticMetric in = m.metrics.get(c.input());
                String problem = null;
                if (in == null) continue; // reported where the input is defined
                if (!(in instanceof SemanticMetric.Simple s)) {
                    problem = "the input of a cumulative metric is a simple metric; " + c.input() + " is " + in.kind();
                } else if (!Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.COUNT, SemanticMetric.Agg.COUNT_DISTINCT).contains(s.agg())) {
                    problem = "a cumulative metric adds up its input over time: " + c.input() + " is " + (s.agg() == SemanticMetric.Agg.AVG ? "an " : "a ")
                            + s.agg().label() + ", not a sum, a count or a distinct count";
                } else if (s.isSnapshot()) {
                    problem = c.input() + " is a snapshot (non_additive_dimension), which does not add up over time";
                } else if (s.timeDimension() == null) {
                    problem = c.input() + " has no time dimension to accumulate over";
                } else if (s.timeGrain() != null) {
                    problem = c.input() + " is defined per " + s.timeGrain().label() + " (time_grain), so it cannot be accumulated day by day";
                } else if (c.grainToDate() != null) {
                    Grain own = m.dimensions.get(key(s.dataset()) + "." + key(s.timeDimension())).grain();
                    if (!c.grainToDate().isMultipleOf(own) || c.grainToDate() == own) {
                        problem = "grain_to_date " + c.grainToDate().label() + " must be coarser than the grain " + c.input() + " is recorded at ("
                                + own.label() + ")";
                    }
                }
                if (problem != null) {
                    issues.add(new Issue(place, problem));
                    m.metrics.remove(c.name());
                    continue;
                }
                // a running total of dollars is in dollars: the unit, format and decimals the metric does not say are its input's
                SemanticMetric.Info i = c.info(), from = in.info();
                // (an average of days of a count has fractions: not its integer format or decimals)
                boolean average = c.periodAgg() == SemanticMetric.PeriodAgg.AVERAGE;
                String format = i.format() != null ? i.format() : average && "integer".equals(from.format()) ? null : from.format();
                SemanticMetric.Info info = new SemanticMetric.Info(i.label(), i.description(), i.unit() != null ? i.unit() : from.unit(), format,
                        i.decimals() != null ? i.decimals() : average ? null : from.decimals(), i.owner(), i.caveats(), i.synonyms(), i.tags(), i.file());
                m.metrics.put(c.name(), new SemanticMetric.Cumulative(c.name(), info, c.input(), c.window(), c.grainToDate(), c.periodAgg()));
            }
        }

        private boolean knownMetric(String name, Place place) {
            if (m.places.containsKey("metric:" + name)) return true;
            issues.add(new Issue(place, "unknown metric '" + name + "'" + Names.didYouMean(name, m.places.keySet().stream()
                    .filter(k -> k.startsWith("metric:")).map(k -> k.substring(7)).toList())));
            return false;
        }

        /**
         * The relationships entities make: a foreign entity of one dataset refers to the dataset whose identifying entity has
         * its name, many to one (MetricFlow's joins), unless a declared relationship already joins the two on those columns.
         * A foreign entity that several datasets identify is left for a declared relationship to settle.
         */
        private void entityRelationships() {
            for (Dataset from : List.copyOf(m.datasets.values())) {
                for (Dataset.Entity e : from.entities()) {
                    if (e.type() != Dataset.Entity.Type.FOREIGN) continue;
                    List<Dataset> targets = m.datasets.values().stream().filter(d -> d != from && d.identifyingEntity(e.name()).isPresent()).toList();
                    if (targets.size() != 1) continue;
                    Dataset to = targets.get(0);
                    String toColumn = to.identifyingEntity(e.name()).orElseThrow().expr();
                    boolean declared = m.relationships.values().stream().anyMatch(r -> r.from().equals(from.name()) && r.to().equals(to.name())
                            && r.fromColumns().equals(List.of(e.expr())) && r.toColumns().equals(List.of(toColumn)));
                    String name = from.name() + "__" + e.name();
                    if (declared || m.relationships.containsKey(name)) continue;
                    m.relationships.put(name, new Relationship(name, from.name(), to.name(), false, List.of(e.expr()), List.of(toColumn)));
                    m.places.put("relationship:" + name, m.places.get("entity:" + from.name() + "." + e.name())); // problems point at the entity
                }
            }
        }

        private void checkDatasetsDefaults() {
            for (Dataset d : m.datasets.values()) {
                if (d.defaultTimeDimension() != null) {
                    Place p = m.places.get("dataset:" + d.name());
                    Dimension t = m.dimensions.get(key(d.name()) + "." + key(d.defaultTimeDimension()));
                    if (t == null || !t.time()) {
                        issues.add(new Issue(p.at("default_time_dimension"), "'" + d.defaultTimeDimension() + "' is not a time dimension of dataset " + d.name()));
                    }
                }
            }
        }

        /**
         * Many-to-one edges must not lead back to where they started (one-to-one counted one way). A cycle is reported at
         * each of its relationships: which one is wrong is the author's call.
         */
        private void checkRelationshipCycles() {
            Map<String, List<Relationship>> out = new LinkedHashMap<>();
            for (Relationship r : m.relationships.values()) out.computeIfAbsent(r.from(), k -> new ArrayList<>()).add(r);
            Set<String> done = new HashSet<>();
            for (String start : out.keySet()) {
                List<Relationship> path = cycleFrom(start, out, new ArrayList<>(), new HashSet<>(), done);
                if (path != null) {
                    Relationship last = path.get(path.size() - 1);
                    List<Relationship> cycle = path.subList(path.stream().map(Relationship::from).toList().indexOf(last.to()), path.size());
                    StringBuilder loop = new StringBuilder(cycle.get(0).from());
                    for (Relationship r : cycle) loop.append(" -(").append(r.name()).append(")-> ").append(r.to());
                    for (Relationship r : cycle) {
                        issues.add(new Issue(m.places.get("relationship:" + r.name()), "relationships form a cycle: " + loop
                                + "; declare each join from the many side to the one side only"));
                    }
                    return;
                }
            }
        }

        private List<Relationship> cycleFrom(String node, Map<String, List<Relationship>> out, List<Relationship> path, Set<String> onPath, Set<String> done) {
            if (done.contains(node)) return null;
            onPath.add(node);
            for (Relationship r : out.getOrDefault(node, List.of())) {
                path.add(r);
                if (onPath.contains(r.to())) return path;
                List<Relationship> c = cycleFrom(r.to(), out, path, onPath, done);
                if (c != null) return c;
                path.remove(path.size() - 1);
            }
            onPath.remove(node);
            done.add(node);
            return null;
        }

        private void checkMetricCycles() {
            for (SemanticMetric metric : m.metrics.values()) {
                if (dependsOn(metric, metric.name(), new HashSet<>())) {
                    issues.add(new Issue(m.places.get("metric:" + metric.name()), "metric '" + metric.name() + "' is defined in terms of itself"));
                }
            }
        }

        private boolean dependsOn(SemanticMetric metric, String target, Set<String> seen) {
            for (String in : metric.inputNames()) {
                if (in.equals(target)) return true;
                SemanticMetric next = m.metrics.get(in);
                if (next != null && seen.add(in) && dependsOn(next, target, seen)) return true;
            }
            return false;
        }
    }
}
