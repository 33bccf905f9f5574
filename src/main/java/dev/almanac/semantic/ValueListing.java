package dev.almanac.semantic;

import static dev.almanac.semantic.MeasureFit.AGGREGATES;
import static dev.almanac.semantic.RecordShapes.DISTINCT_WORDS;
import static dev.almanac.semantic.RequestForms.REQUEST_FOR_LIST;
import static dev.almanac.semantic.RecordShapes.LIST_JOINERS;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.ModelAttributes.isKey;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.reading.FunctionWords;
import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.NoMetric;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Result;
import dev.almanac.semantic.QuestionParser.Span;
import dev.almanac.semantic.QuestionParser.ValueHit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The shape of a list of one attribute's values: "which currencies are used", "the names of the breeds", "the ages of
 * singers older than 30". The attribute is one of the records the question names (by its name or its name without theirs),
 * or of the records each of them refers to; the question is read whole for the listed records, its other words conditions
 * of them. Free text, numbers, times and the names of the records named are listed for each record; a category's values once.
 */
final class ValueListing {
    private final QuestionParser reader;
    private final SemanticModel model;

    ValueListing(QuestionParser reader) {
        this.reader = reader;
        this.model = reader.model;
    }

    /** Words that add the values up ("the surface area of the countries combined"): never a list of them. */
    private static final Set<String> ADDING_UP = Set.of("combined", "altogether", "overall");

    /** A list of a dimension's values ("which currencies are used"), the question read whole for it. */
    Result of(Question question, boolean attributes) {
        if (!REQUEST_FOR_LIST.matcher(question.q()).find() || question.compared().isPresent()) return new NoMetric();
        question = question.eachAsAll(reader.lexicon.namedRows(question.words()));
        List<String> words = question.words();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            // "the number of ... from each city" asks for a count, not the list of cities; "older than the average" is a condition
            if (reader.orders.superlativeAt(words, i) || w.equals("how") || ADDING_UP.contains(w) && !reader.lexicon.vocabulary().contains(w) || AGGREGATES.contains(w) && !Conditions.comparedAverage(words, new Span(i, i + 1, null)) && !reader.orders.inAttributeName(words, i)) {
                return new NoMetric();
            }
        }
        // a sorted list may show any attribute of its records (a name, a code); a list of values, a dimension's; of records the
        // question names, an attribute also by its name without theirs ("the names of airports": airport_name)
        List<Dataset> rowsCalled = reader.lexicon.namedRows(words);
        List<Dataset> namedRows = recordsNamed(question, rowsCalled);
        Map<List<String>, Object> base = attributes ? reader.lexicon.attributePhrases() : reader.lexicon.breakdownPhrases();
        List<Span> dims = new ArrayList<>(spans(words, base));
        for (Dataset ds : namedRows) {
            Map<List<String>, Object> shortNames = new HashMap<>();
            // of records the question names, any attribute of theirs may be listed, each record's ("the ages of the teachers")
            reader.lexicon.attributesOf(ds).forEach((phrase, dims_) -> { if (!base.containsKey(phrase)) shortNames.put(phrase, dims_); });
            dims.addAll(spans(words, shortNames));
        }
        List<Span> ordered = new ArrayList<>(dims);
        ordered.sort((a, b) -> a.from() != b.from() ? a.from() - b.from() : b.length() - a.length());
        Optional<Result> several = reader.shapes.severalAttributes(question);
        if (several.isPresent()) return several.get();
        // the records the question names ("the names of the breeds"): a listed attribute is one of theirs, by its name or by its
        // name without the records' ("breed_name"), never another's of the same name (the dogs' names)
        List<Dataset> named = namedRows;
        Set<Span> none = new java.util.HashSet<>(); // names of no attribute of the records named ("codes of countries" of a city's country code)
        for (Span d : ordered) {
            // "feature type name": an attribute's name whole, never a shorter one inside it ("feature type", a code's short name),
            // unless the longer one names no attribute of the records named ("the codes of countries": the countries' codes)
            if (ordered.stream().anyMatch(o -> o.length() > d.length() && o.from() <= d.from() && d.to() <= o.to() && !none.contains(o))) continue;
            // "the people whose nationality is not Russia": the attribute a condition is said of, never what is listed
            int before = d.from() - 1;
            while (before >= 0 && words.get(before).equals("the")) before--;
            if (before >= 0 && (words.get(before).equals("whose") || words.get(before).equals("where"))) continue;
            List<SemanticQuery> found = new ArrayList<>();
            List<Dimension> candidates = dimensionOf(d);
            if (!named.isEmpty()) {
                List<String> said = words.subList(d.from(), d.to());
                List<Dimension> own = new ArrayList<>();
                for (Dataset ds : named) {
                    for (Dimension x : candidates) if (x.dataset().equals(ds.name()) && !own.contains(x)) own.add(x);
                    // "the country codes of countries": others' references to these records name their key
                    for (Dimension x : candidates) {
                        Optional<Dimension> key = reader.attributes.referredKey(x).filter(k -> k.dataset().equals(ds.name()));
                        if (key.isPresent() && !own.contains(key.get())) own.add(key.get());
                    }
                    Dimension shortly = reader.lexicon.shortPhrases(ds).get(said);
                    if (shortly != null && !own.contains(shortly)) own.add(shortly);
                }
                if (own.isEmpty()) {
                    // "the names of poker players": an attribute of the one record each refers to (the person a player is)
                    Optional<Result> through = named.size() == 1 && rowsCalled.equals(named) ? referredAttribute(question, d, candidates, named.get(0), dims) : Optional.empty();
                    if (through.isPresent()) return through.get();
                    // records named by a value only ("Dutch", a language of a country's) may be rows related to those listed
                    // ("regions that speak Dutch"): the attribute is then the one its words name, its value's rows a condition
                    if (!rowsCalled.isEmpty() || candidates.size() != 1) { // no reading as a list: the records named have no such attribute
                        none.add(d);
                        continue;
                    }
                } else {
                    candidates = own;
                }
            }
            for (Dimension dim : candidates) {
                if (dim.time() && named.isEmpty()) continue; // a time is listed as an attribute of records the question names
                SemanticMetric.Simple listed = reader.listedRows(dim.dataset());
                Result r = reader.read(question, listed, new Span(d.from(), d.to(), List.of(listed)), List.of(), dims, null);
                if (!(r instanceof Parsed p)) continue;
                SemanticQuery x = p.query();
                // a list over a period only when the years are conditions: those of related rows ("stadiums with no concert in 2014")
                // or of the records' own attribute of years ("countries that became independent after 1950")
                if (question.period().isPresent() && (x.start() != null || p.period().isPresent())) continue;
                if (!x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null) continue;
                // "the names whose name is 'X'" lists what it names; "names that contain 'Al'", "names other than 'X'" list some
                if (x.filters().stream().anyMatch(f -> f.field().equals(model.reference(dim)) && Set.of("=", "in").contains(f.op()))) continue;
                // other records the question names ("templates ... documents use") must be read as a condition of the list, else
                // their words say something the list does not
                if (rowsCalled.stream().anyMatch(ds -> !ds.name().equals(dim.dataset()) && x.filters().stream()
                        .noneMatch(f -> model.dimension(f.field()).map(fd -> fd.dataset().equals(ds.name()) || reader.attributes.refersTo(fd, ds.name())).orElse(false))
                        && x.exists().stream().noneMatch(e -> e.dataset().equals(ds.name()) || e.filters().stream()
                                .anyMatch(f -> model.dimension(f.field()).map(fd -> fd.dataset().equals(ds.name())).orElse(false))))) continue;
                SemanticQuery values = x.withConditionsOf(List.of(), List.of(new SemanticQuery.GroupBy(model.reference(dim), List.of())));
                // free text (a paragraph's text), numbers (ages), times and the names of the records named are listed for each record,
                // duplicates kept; a category's values once each; a record's own key once per record
                boolean distinct = d.from() > 0 && DISTINCT_WORDS.contains(words.get(d.from() - 1)); // "the different texts": each once
                boolean perRecord = dim.kind() == Dimension.Kind.TEXT || dim.kind() == Dimension.Kind.NUMBER || dim.time()
                        || dim.labelsEntity() && named.stream().anyMatch(ds -> ds.name().equals(dim.dataset())); // "the names of cities": each city's
                found.add(perRecord && !distinct || model.dataset(dim.dataset()).map(ds -> isKey(ds, dim)).orElse(false)
                        ? values.records(dim.dataset()) : values);
            }
            if (found.size() == 1 && secondToList(words, d, dims).isPresent()) {
                Span other = secondToList(words, d, dims).get();
                return new Cannot("lists of two things at once ('" + String.join(" ", question.original().subList(d.from(), d.to())) + "' and '"
                        + String.join(" ", question.original().subList(other.from(), other.to())) + "') are not read yet");
            }
            if (found.size() == 1) return new Parsed(found.get(0), Optional.empty());
            if (found.size() > 1) return new Cannot("'" + String.join(" ", question.original().subList(d.from(), d.to())) + "' names several things to list: "
                    + String.join(", ", found.stream().map(f -> model.dimension(f.groupBy().get(0).dimension()).map(Dimension::displayName).orElse("")).toList()));
        }
        return new NoMetric();
    }

    /**
     * An attribute the records named do not have, of the records each of them refers to, one step many-to-one ("the names
     * of poker players", a player being a person with a name): each named record with that attribute, when the records have
     * no words of their own, one such attribute is found and the question is read whole for the records.
     */
    private Optional<Result> referredAttribute(Question question, Span d, List<Dimension> candidates, Dataset records, List<Span> dims) {
        List<String> said = question.words().subList(d.from(), d.to());
        // only records with no words of their own (keys and numbers: a player's winnings) are described by what they refer to;
        // an orchestra's name is not its conductor's
        if (!reader.lexicon.wordless(records)) return Optional.empty();
        Set<Dimension> referred = new LinkedHashSet<>();
        for (SemanticModel.Edge e : model.edgesFrom(records.name())) {
            if (!e.from().equals(records.name())) continue;
            for (Dimension x : candidates) if (x.dataset().equals(e.to()) && !x.time()) referred.add(x);
            model.dataset(e.to()).map(to -> reader.lexicon.shortPhrases(to).get(said)).ifPresent(referred::add);
        }
        if (referred.size() != 1 || secondToList(question.words(), d, dims).isPresent()) return Optional.empty();
        Dimension dim = referred.iterator().next();
        SemanticMetric.Simple listed = reader.listedRows(records.name());
        Result r = reader.read(question, listed, new Span(d.from(), d.to(), List.of(listed)), List.of(), dims, null);
        if (!(r instanceof Parsed p)) return Optional.empty();
        SemanticQuery x = p.query();
        if (!x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null) return Optional.empty();
        return Optional.of(new Parsed(x.withConditionsOf(List.of(), List.of(new SemanticQuery.GroupBy(model.reference(dim), List.of()))).records(records.name()),
                Optional.empty()));
    }

    /**
     * The datasets named, and those a name or code in the question names records of ("the population of Angola": a
     * country's name; "Kyle's grade"): a value of a dimension that labels its dataset's records or is called a name, of free
     * text or of a code.
     */
    private List<Dataset> recordsNamed(Question question, List<Dataset> named) {
        java.util.LinkedHashSet<Dataset> out = new java.util.LinkedHashSet<>(named);
        for (Span s : spans(question.words(), recordNames())) {
            // a name stands out (capitals, several words, a long word), never a word of the grammar ("are", "to" as codes)
            if (!ValueRule.distinctive(question.original(), s) || s.length() == 1 && FunctionWords.english().isFunctionWord(question.words().get(s.from()))) continue;
            if (Conditions.pieceOfText(question.words(), s.from())) continue; // "names containing 'Al'": a piece of text, not a record's name
            for (Object hit : (List<?>) s.target()) model.dataset(((ValueHit) hit).dimension().dataset()).ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    /** The values that name records: of a dimension labelling its records, of free text, of a code; made once. */
    private Map<List<String>, Object> recordNames() {
        Map<List<String>, Object> r = recordNames;
        if (r == null) {
            // a reference to another dataset's record (a flight's destination code) names that record, not its own
            recordNames = r = reader.lexicon.valuePhrases(model.dimensions().stream().filter(d -> !d.time() && (d.labelsEntity() || ColumnReading.nameLike(d.name())
                    || d.kind() == Dimension.Kind.TEXT || d.kind() == Dimension.Kind.IDENTIFIER) && reader.attributes.referredBy(d).isEmpty()).toList());
        }
        return r;
    }

    private volatile Map<List<String>, Object> recordNames;

    /** Another dimension named after "and" ("titles of songs and names of singers"): a second thing to list, which one list does not show. */
    private Optional<Span> secondToList(List<String> words, Span listed, List<Span> dims) {
        for (Span e : dims) {
            if (dimensionOf(e).equals(dimensionOf(listed))) continue;
            // "the names and the ages": only list words after the "and" ("... and have a population of 80000" is a condition);
            // "the population and life expectancy": the one before too
            Span first = e.from() < listed.from() ? e : listed, second = first == e ? listed : e;
            if (second.from() < first.to()) continue;
            for (int i = first.to(); i < second.from(); i++) {
                if (words.get(i).equals("and") && words.subList(i + 1, second.from()).stream().allMatch(LIST_JOINERS::contains)) return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
