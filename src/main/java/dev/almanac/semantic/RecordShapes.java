package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.NoMetric;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Result;
import dev.almanac.semantic.OrderWords.Sorted;
import dev.almanac.semantic.QuestionParser.Span;
import dev.almanac.semantic.QuestionParser.ValueHit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reader's rules for questions about records rather than one number: counts of distinct values, the most common
 * value, records with or without related rows, with a count of them or a measure of their own, several aggregates at
 * once, the record first by an attribute, lists of records' attributes. Each rule of a whole question's shape is a
 * {@link RecordShape}, with its corpus; the code here is theirs, over the reader whose words and model it uses.
 */
final class RecordShapes {
    private final QuestionParser reader;

    RecordShapes(QuestionParser reader) {
        this.reader = reader;
    }

    private static final Pattern WHICH_PERIODS = Pattern.compile("(?i)\\b(?:in\\s+|on\\s+|during\\s+)?(?:which|what)\\s+(days?|weeks?|months?|quarters?|years?)\\b");

    private static final Pattern NONE = Pattern.compile("(?i)\\b(?:no|without|missing)\\b");

    /** Words for the rows themselves: "no marketing spend data". */
    private static final Set<String> DATA_WORDS = Set.of("data", "record", "row", "entry", "value", "any", "figure", "number");

    private static final Set<String> PERIOD_PREPOSITIONS = Set.of("in", "during", "between", "for", "of", "from", "since", "before", "after", "over");

    /**
     * "Which months of 2024 have no marketing spend data?", "In which weeks of 2025 did we get no signups?", "which years had
     * no transcripts": the periods at the grain named, over the period asked, that hold no rows of the metric (or of the
     * records named, counted). Only when what follows "no" is the metric's
     * own words (or "data"): "which months had no orders with a discount" is not about periods with no orders.
     */
    Optional<Result> gaps(String q) {
        Matcher which = WHICH_PERIODS.matcher(q);
        if (!which.find() || !NONE.matcher(q).find()) return Optional.empty();
        List<String> all = QuestionWords.tokens(q, true);
        if (all.stream().anyMatch(w -> Ranking.MOST.contains(w) || Ranking.LEAST.contains(w))) return Optional.empty();
        Grain grain = GrainRule.UNITS.get(QuestionWords.singular(which.group(1).toLowerCase(Locale.ROOT)));
        String rest = q.substring(0, which.start()) + " " + q.substring(which.end());
        String withoutNone = NONE.matcher(rest).replaceAll(" ");
        String asked = withoutNone.replaceAll("(?i)\\b(data|records?|rows?|entries|any)\\b", " ") + " per " + grain.label();
        Result r = reader.parse(asked, null);
        // "which years had no transcripts": no metric named, the rows are, and their number is what is none
        if (r instanceof NoMetric) r = reader.parse("how many " + asked, null);
        if (!(r instanceof Parsed p)) return Optional.empty();
        SemanticQuery x = p.query();
        if (x.metrics().size() != 1 || !x.groupBy().isEmpty() || x.grain() != grain || x.start() == null || x.limit() != null || x.compareTo() != null) {
            return Optional.empty();
        }
        Set<String> own = reader.metricNames.wordsOf(reader.model.metric(x.metrics().get(0)).orElseThrow()).stems();
        Matcher noneInRest = NONE.matcher(rest);
        if (!noneInRest.find()) return Optional.empty();
        List<String> after = QuestionWords.tokens(rest.substring(noneInRest.start()), true);
        // the words after "no", up to a period's preposition or the end: the metric's own, or words for its rows
        boolean metricOnly = false;
        for (int i = 1; i < after.size(); i++) {
            String w = after.get(i);
            if (reader.lexicon.phrasalModelWord(after, i)) { // "customers signing up": the rows' event, its particle with it
                i++;
                continue;
            }
            if (PERIOD_PREPOSITIONS.contains(w)) break;
            if (DATA_WORDS.contains(w) || QuestionFrame.FILLER.contains(w) && !w.equals("with") || own.contains(QuestionWords.stem(w))) {
                metricOnly |= own.contains(QuestionWords.stem(w)) || DATA_WORDS.contains(w);
                continue;
            }
            return Optional.empty();
        }
        return metricOnly ? Optional.of(new Parsed(x.onlyGaps(), p.period())) : Optional.empty();
    }

    /**
     * A question that names no metric may ask for a list of a dimension's values: "list the products in the Monitors
     * category", "which currency is used in Japan?". The dimension named first is listed, over the rows of its dataset,
     * with filters read as for a metric; the question is read whole or not at all, and never with a period, a ranking
     * or a count (those ask for a metric). A list filtered on the dimension it lists says nothing, and is not meant.
     */
    Result listing(Question asked) {
        Optional<Result> itself = sortedByItself(asked);
        if (itself.isPresent()) return itself.get();
        Optional<Sorted> sorted = reader.orders.sorted(asked);
        Question question = sorted.map(Sorted::rest).orElse(asked);
        Result listed = reader.valueListing.of(question, sorted.isPresent());
        if (sorted.isEmpty() || !(listed instanceof Parsed p)) return listed;
        // "the names of teachers in ascending order of age": each record of the listed dataset, with the attribute it is sorted by
        SemanticQuery x = p.query();
        Dimension by = sorted.get().by();
        List<Dimension> shown = x.groupBy().stream().map(g -> reader.model.dimension(g.dimension()).orElse(null)).toList();
        // the records listed, sorted by an attribute of theirs or of the one record each refers to ("the names of poker players
        // in descending order of earnings": a player's name is the person's)
        String records = shown.isEmpty() || shown.contains(null) ? null : shown.stream().allMatch(d -> d.dataset().equals(by.dataset())) ? by.dataset()
                : x.records() != null && (by.dataset().equals(x.records()) || refersOnce(x.records(), by.dataset())) ? x.records() : null;
        if (records == null) return new Cannot("a list sorted by an attribute of other rows ('" + by.displayName() + "') is not read yet");
        return new Parsed(x.records(records).withOrder(List.of(new SemanticQuery.Order(reader.model.reference(by), sorted.get().descending()))),
                Optional.empty());
    }

    /**
     * "the earnings of poker players in descending order", "the names of people in alphabetical order": a list of one
     * attribute of records, sorted by that attribute, the direction said with no attribute of its own.
     */
    private Optional<Result> sortedByItself(Question question) {
        List<String> words = question.words();
        int from = -1, to = -1;
        for (int i = 0; i < words.size() && from < 0; i++) {
            String w = words.get(i);
            // "in descending order", "in alphabetical order", "ordered descending", "sorted alphabetically"
            if (i + 2 < words.size() && w.equals("in") && (OrderWords.ASCENDING.contains(words.get(i + 1)) || OrderWords.DESCENDING.contains(words.get(i + 1))) && words.get(i + 2).equals("order")) {
                from = i;
                to = i + 3;
            } else if (i + 1 < words.size() && Set.of("ordered", "sorted").contains(w) && (OrderWords.ASCENDING.contains(words.get(i + 1)) || OrderWords.DESCENDING.contains(words.get(i + 1)))) {
                from = i;
                to = i + 2;
            }
        }
        if (from < 0 || to < words.size() && !words.subList(to, words.size()).stream().allMatch(w -> w.equals("?") || w.equals("."))) return Optional.empty();
        // "the teachers sorted by age in ascending order", "conductors by age in ascending order": the direction of the attribute
        // said after "by", not of the list's own ("song names by singers" is read as "of singers" before)
        if (words.subList(0, from).contains("by")) return Optional.empty();
        boolean descending = words.subList(from, to).stream().anyMatch(OrderWords.DESCENDING::contains);
        Result r = reader.valueListing.of(question.without(from, to), true);
        if (!(r instanceof Parsed p) || p.query().records() == null || p.query().groupBy().size() != 1 || !p.query().order().isEmpty()) return Optional.empty();
        SemanticQuery x = p.query();
        return Optional.of(new Parsed(x.withOrder(List.of(new SemanticQuery.Order(x.groupBy().get(0).dimension(), descending))), Optional.empty()));
    }

    private volatile Map<List<String>, Object> ranked;

    /** What records are first by: their number attributes' phrases ({@link QuestionParser#numberPhrases}) and their times' ("the highest air date"). */
    private Map<List<String>, Object> rankedPhrases() {
        Map<List<String>, Object> r = ranked;
        if (r == null) {
            Map<List<String>, Object> out = new HashMap<>(reader.lexicon.dimensionPhrases(reader.model.dimensions().stream().filter(Dimension::time).toList()));
            out.putAll(reader.lexicon.numberPhrases());
            ranked = r = Map.copyOf(out);
        }
        return r;
    }

    /**
     * "name, country and age of all singers", "the names and release years of songs": attributes of one dataset named in a
     * row, only list words between them, read as the records of that dataset with those attributes, the rest of the question
     * (its conditions) read as a one-attribute list of it would be. The dataset is one the question names by a word of its
     * rows ("singers"), and an attribute is one of its dimensions by its name, label or synonym, or by its name without the
     * dataset's ("name" for a section's section_name). Empty when the question names no such list; a refusal when it
     * does but the rest of the question does not read with it, or reads with the records of more than one dataset.
     */
    Optional<Result> severalAttributes(Question question) {
        List<String> words = question.words();
        List<Result> refusals = new ArrayList<>();
        List<SemanticQuery> found = new ArrayList<>();
        String named = null;
        List<Dataset> rowsNamed = reader.lexicon.namedRows(words);
        for (Dataset rows : rowsNamed.isEmpty() ? rowsOfNamedValues(words) : rowsNamed) {
            Map<List<String>, Object> phrases = listPhrases(rows);
            List<Span> spans = Spans.longestFirst(Spans.spans(words, phrases));
            int their = theirListAt(words, rows);
            List<Span> theirRun = their < 0 ? List.of() : listRun(question, spans.stream().filter(x -> x.from() >= their).toList());
            List<Span> run = theirRun.size() > 1 ? theirRun : listRun(question, spans);
            if (run.size() < 2 || run.stream().anyMatch(x -> Spans.dimensionOf(x).size() != 1)) continue;
            // the records listed have an attribute of their own in the list: a list of others' attributes only is theirs
            if (run.stream().noneMatch(x -> Spans.dimensionOf(x).get(0).dataset().equals(rows.name()))) continue;
            named = String.join(", ", run.stream().map(x -> String.join(" ", question.original().subList(x.from(), x.to()))).toList());
            // the question without the list's later attributes, "for every singer" as "for all singers": read as the list of its
            // first attribute, which places the rest of its words
            Span first = run.get(0), last = run.get(run.size() - 1);
            Optional<SemanticQuery> theirs = recordsThenTheirList(question, rows, their, run);
            if (theirs.isPresent()) {
                found.add(theirs.get());
                continue;
            }
            Question alone = question.without(first.to(), last.to()).eachAsAll(List.of(rows));
            // an attribute of the records referred to: a clause that says only how they relate says nothing more
            if (run.stream().anyMatch(x -> !Spans.dimensionOf(x).get(0).dataset().equals(rows.name()))) alone = withoutRelationClause(alone);
            List<String> rest = alone.words();
            SemanticMetric.Simple listed = reader.listedRows(rows.name());
            Map<List<String>, Object> restPhrases = new HashMap<>(reader.lexicon.attributePhrases());
            restPhrases.putAll(phrases);
            Result r = reader.read(alone, listed, new Span(first.from(), first.to(), List.of(listed)), List.of(), Spans.spans(rest, restPhrases), null);
            if (!(r instanceof Parsed p)) {
                refusals.add(r);
                continue;
            }
            SemanticQuery x = p.query();
            if (!x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null) continue;
            List<SemanticQuery.GroupBy> shown = new ArrayList<>();
            for (Span a : run) {
                SemanticQuery.GroupBy g = new SemanticQuery.GroupBy(reader.model.reference(Spans.dimensionOf(a).get(0)), List.of());
                if (!shown.contains(g)) shown.add(g);
            }
            if (shown.size() < 2) continue;
            found.add(x.withConditionsOf(List.of(), shown).records(rows.name()));
        }
        if (found.size() == 1) return Optional.of(new Parsed(found.get(0), Optional.empty()));
        if (found.size() > 1) return Optional.of(new Cannot("'" + named + "' are attributes of several kinds of record: "
                + String.join(", ", found.stream().map(SemanticQuery::records).toList())));
        if (named == null) return Optional.empty();
        return Optional.of(refusals.size() == 1 && refusals.get(0) instanceof Cannot c ? c
                : new Cannot("the list of '" + named + "' could not be read with the rest of the question"));
    }

    /** Where a list starts after the records' noun, "and" and a possessive ("dogs and their ..."); -1 when the question has none. */
    private static int theirListAt(List<String> words, Dataset rows) {
        for (int i = 1; i + 2 < words.size(); i++) {
            if (!words.get(i).equals("and") || !MeasureFit.RECORDS_POSSESSIVES.contains(words.get(i + 1))) continue;
            final int end = i;
            if (java.util.stream.IntStream.rangeClosed(Math.max(0, end - 3), end - 1)
                    .anyMatch(from -> ReaderLexicon.namesRows(rows, words.subList(from, end).stream().map(QuestionWords::singular).toList()))) return i + 2;
        }
        return -1;
    }

    /**
     * "all dogs and their age and weight": the records said first, then "and" and a possessive before the list, which starts
     * at {@code their} ({@link #theirListAt}). The records are listed as they are without it (by what names them, as
     * "teachers and their hometowns" is), the list beside.
     */
    private Optional<SemanticQuery> recordsThenTheirList(Question question, Dataset rows, int their, List<Span> run) {
        if (their < 0 || run.get(0).from() != their) return Optional.empty();
        int end = their - 2;
        Result r = reader.valueListing.of(question.without(end, run.get(run.size() - 1).to()), true);
        if (!(r instanceof Parsed p) || !rows.name().equals(p.query().records()) || p.query().groupBy().isEmpty() || p.query().limit() != null
                || p.query().grain() != null || !p.query().order().isEmpty()) return Optional.empty();
        List<SemanticQuery.GroupBy> shown = new ArrayList<>(p.query().groupBy());
        for (Span a : run) {
            SemanticQuery.GroupBy g = new SemanticQuery.GroupBy(reader.model.reference(Spans.dimensionOf(a).get(0)), List.of());
            if (!shown.contains(g)) shown.add(g);
        }
        return Optional.of(p.query().withConditionsOf(List.of(), shown).records(rows.name()));
    }

    /**
     * What a list of a dataset's records may show: their attributes ({@link QuestionParser#attributesOf}), and those of the
     * records each of them refers to by one relationship, said with those records' noun ("the singer name" of a song, "the
     * first name of the professional" of a treatment, "treatment type description", a phrase of its own with the noun in it).
     * The records' own phrases come first. Made once per dataset.
     */
    private Map<List<String>, Object> listPhrases(Dataset rows) {
        return listPhrases.computeIfAbsent(rows.name(), k -> {
            Map<List<String>, Object> out = new HashMap<>(reader.lexicon.attributesOf(rows));
            // "the cost of each treatment", "the date of the treatment": their attribute said with their noun
            List<List<String>> own = ReaderLexicon.rowNames(rows).stream().map(x -> QuestionWords.tokens(x.replace('_', ' '), true)).distinct().toList();
            reader.lexicon.attributesOf(rows).forEach((phrase, dims) -> {
                // with a determiner only: "the elevation of airports and cities" is not "the elevation and city of each airport"
                for (List<String> noun : own) for (String det : OF_DETERMINERS) if (!det.isEmpty()) out.putIfAbsent(ofNoun(phrase, det, noun), dims);
            });
            Map<String, Long> edges = new HashMap<>();
            for (SemanticModel.Edge e : reader.model.edgesFrom(rows.name())) {
                if (e.from().equals(rows.name()) && !e.to().equals(rows.name())) edges.merge(e.to(), 1L, Long::sum);
            }
            edges.forEach((to, n) -> {
                Dataset referred = reader.model.dataset(to).orElse(null);
                if (n != 1 || referred == null) return; // two relationships to the same records (a flight's two airports): which one is not said
                List<List<String>> nouns = ReaderLexicon.rowNames(referred).stream().map(x -> QuestionWords.tokens(x.replace('_', ' '), true)).distinct().toList();
                reader.lexicon.attributesOf(referred).forEach((phrase, dims) -> {
                    if (nouns.stream().anyMatch(noun -> java.util.Collections.indexOfSubList(phrase, noun) >= 0)) out.putIfAbsent(phrase, dims);
                    for (List<String> noun : nouns) {
                        List<String> before = new ArrayList<>(noun);
                        before.addAll(phrase);
                        out.putIfAbsent(before, dims); // "professional first name" (the professional's)
                        for (String det : OF_DETERMINERS) out.putIfAbsent(ofNoun(phrase, det, noun), dims); // "first name of the professional"
                    }
                });
            });
            return Map.copyOf(out);
        });
    }

    private final Map<String, Map<List<String>, Object>> listPhrases = new java.util.concurrent.ConcurrentHashMap<>();

    /** Words that may stand between "of" and the noun of records: none, "the", "their", "all", "each". */
    private static final List<String> OF_DETERMINERS = List.of("", "the", "their", "its", "his", "her", "all", "each", "every");

    /** An attribute's phrase, "of", a determiner (when not empty) and a noun: "first name of the professional". */
    private static List<String> ofNoun(List<String> phrase, String determiner, List<String> noun) {
        List<String> out = new ArrayList<>(phrase);
        out.add("of");
        if (!determiner.isEmpty()) out.add(determiner);
        out.addAll(noun);
        return List.copyOf(out);
    }

    /**
     * The question without a clause that says only how records relate to others ("the orchestras they have conducted", "the
     * professional who operated it"): a personal pronoun, auxiliaries and one verb of the relationship ({@link #relationVerb}),
     * or a relative pronoun, auxiliaries, that verb and an object pronoun. Unchanged when it has none.
     */
    private Question withoutRelationClause(Question question) {
        List<String> words = question.words();
        FunctionWords english = FunctionWords.english();
        for (int i = 0; i < words.size(); i++) {
            boolean subject = english.is(words.get(i), dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN) && !Set.of("me", "us", "them", "him").contains(words.get(i));
            boolean relative = Set.of("who", "that", "which").contains(words.get(i));
            if (!subject && !relative) continue;
            int k = i + 1;
            while (k < words.size() && english.is(words.get(k), dev.almanac.reading.FunctionClass.AUXILIARY)) k++;
            if (k >= words.size() || !relationVerb(question, k)) continue;
            int end = k + 1;
            if (relative) {
                if (end >= words.size() || !english.is(words.get(end), dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN)) continue;
                end++;
            }
            int from = subject && i > 0 && Set.of("that", "which", "whom").contains(words.get(i - 1)) ? i - 1 : i;
            return question.without(from, end);
        }
        return question;
    }

    /**
     * The records a question names by a value of the attribute that names each of them ("the region and population of
     * Angola": Angola is a country's name), when it names no records by their own word.
     */
    private List<Dataset> rowsOfNamedValues(List<String> words) {
        List<Dataset> out = new ArrayList<>();
        for (Span v : Spans.spans(words, reader.allValuePhrases())) {
            for (Object hit : (List<?>) v.target()) {
                Dimension d = ((ValueHit) hit).dimension();
                if (d.labelsEntity()) reader.model.dataset(d.dataset()).filter(ds -> !out.contains(ds)).ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * The first run of two or more attribute spans joined by list words only: "and" (with "the", "their"), a comma, or
     * nothing when the run ends with "and" ("name country and age": a list whose commas were not typed). Empty otherwise.
     */
    private static List<Span> listRun(Question question, List<Span> found) {
        List<String> words = question.words();
        List<Span> spans = new ArrayList<>(found);
        spans.sort((a, b) -> a.from() - b.from());
        List<Span> run = new ArrayList<>();
        boolean bare = false, and = false;
        for (Span s : spans) {
            if (run.isEmpty()) {
                run.add(s);
                continue;
            }
            Span last = run.get(run.size() - 1);
            if (s.from() < last.to()) continue;
            // "and", or "together with", "along with" ("the date of each treatment, together with the first name of ...")
            java.util.function.IntPredicate joins = i -> words.get(i).equals("and") || words.get(i).equals("with") && i > 0 && Set.of("together", "along").contains(words.get(i - 1));
            boolean withAnd = s.from() > last.to() && java.util.stream.IntStream.range(last.to(), s.from()).allMatch(i -> LIST_JOINERS.contains(words.get(i))
                            || Set.of("together", "along", "with", "corresponding", "respective").contains(words.get(i)))
                    && java.util.stream.IntStream.range(last.to(), s.from()).anyMatch(joins);
            boolean next = s.from() == last.to();
            if (!withAnd && !next) {
                if (run.size() > 1) break;
                run.clear();
                bare = false;
                run.add(s);
                continue;
            }
            if (next && !question.commaAfterWord(last.to())) bare = true;
            and = withAnd;
            run.add(s);
            if (withAnd) break; // "and" ends a list
        }
        return run.size() < 2 || bare && !and ? List.of() : run;
    }

    /** Words that tie a record to the attribute it is first by: "the stadium with the largest capacity", "who has the highest". */
    private static final Set<String> SUPERLATIVE_LINKS = Set.of("with", "has", "have", "had", "having", "that", "who", "which", "whose", "of", "the");

    /**
     * "What is the name of the stadium with the largest capacity?", "Show the name and country of the singer who has the
     * lowest age": the records of one dataset first by a number attribute of their own (every record tied for first kept),
     * with the attributes the rest of the question lists. Empty when the question has no such superlative; a refusal when it
     * does but the rest does not read as a list of that dataset's attributes.
     */
    Optional<Result> superlativeRecord(Question question) {
        List<String> words = question.words();
        int cue = -1, head = -1, count = 1;
        // "the most", or a link word right before ("the document with greatest number of paragraphs"); "the 3 largest", "the top 3
        // largest": that many records first
        for (int i = 1; i < words.size() && cue < 0; i++) {
            if (!reader.orders.superlativeAt(words, i)) continue;
            int c = i, h = i, n = 1;
            if (Set.of("top", "bottom").contains(words.get(i)) && i + 2 < words.size() && QuestionWords.smallNumber(words.get(i + 1))
                    && (Ranking.MOST.contains(words.get(i + 2)) || Ranking.LEAST.contains(words.get(i + 2))) && !Set.of("top", "bottom").contains(words.get(i + 2))) {
                n = Integer.parseInt(words.get(i + 1)); // "the top 3 largest": the superlative is two words on
                c = i + 2;
            } else if (QuestionWords.smallNumber(words.get(i - 1)) && i >= 2) {
                n = Integer.parseInt(words.get(i - 1));
                h = Set.of("top", "bottom").contains(words.get(i - 2)) && i >= 3 ? i - 2 : i - 1;
            }
            if (n < 1 || h < 1 || !words.get(h - 1).equals("the") && !SUPERLATIVE_LINKS.contains(words.get(h - 1))) continue;
            cue = c;
            head = h;
            count = n;
        }
        if (cue < 0) return Optional.empty();
        // "the heaviest pet of each type": the first of each group, which one ranking of all the records does not give
        for (int i = cue + 1; i + 1 < words.size(); i++) {
            if (Set.of("each", "every", "per").contains(words.get(i))) {
                return Optional.of(new Cannot("'" + String.join(" ", question.original().subList(i, i + 2)) + "': the first of each group is not read yet"));
            }
        }
        final int at = cue;
        List<Span> after = Spans.spans(words, rankedPhrases()).stream().filter(sp -> sp.from() == at + 1).toList();
        if (after.isEmpty()) return count == 1 ? relatedCountFirst(question, at) : Optional.empty();
        Span by = Spans.longestFirst(after).get(0);
        int from = linkStart(question, head);
        if (from < 0) return Optional.empty();
        Question withoutCue = question.without(from, by.to());
        // "the 3 countries with the largest area": the number before the records' noun says how many
        for (int k = 1; k <= 3 && count == 1 && from - k - 1 >= 0; k++) {
            List<String> noun = words.subList(from - k, from);
            if (QuestionWords.smallNumber(words.get(from - k - 1)) && !reader.lexicon.rowsCalled(noun).isEmpty()) {
                count = Integer.parseInt(words.get(from - k - 1));
                withoutCue = withoutCue.without(from - k - 1, from - k);
            }
        }
        if (count < 1) return Optional.empty();
        Question listed = withoutCue;
        if (reader.orders.anySuperlative(listed.words())) return Optional.empty();
        String said = String.join(" ", question.original().subList(head, by.to()));
        Result list = severalAttributes(listed).orElseGet(() -> reader.valueListing.of(listed, true));
        if (!(list instanceof Parsed p)) return Optional.of(list instanceof Cannot c ? c : new Cannot("the records first by '" + said + "' could not be listed"));
        SemanticQuery x = p.query();
        boolean descending = Ranking.MOST.contains(words.get(at));
        for (Dimension d : Spans.dimensionOf(by)) {
            List<Dimension> shown = x.groupBy().stream().map(g -> reader.model.dimension(g.dimension()).orElse(null)).toList();
            if (shown.isEmpty() || shown.contains(null)) continue;
            // the records listed (a poker player's birth date is the person's) first by an attribute of theirs, or of the one record
            // each refers to ("the money rank of the tallest poker player": the person's height)
            String records = shown.stream().allMatch(s -> s.dataset().equals(d.dataset())) ? d.dataset()
                    : x.records() != null && (d.dataset().equals(x.records()) || refersOnce(x.records(), d.dataset())) ? x.records() : null;
            if (records == null) continue;
            if (shown.equals(List.of(d)) && count == 1) {
                // "the age of the oldest dog": the one value every record tied for first has, once
                return Optional.of(new Parsed(x.withConditionsOf(List.of(), x.groupBy())
                        .withOrder(List.of(new SemanticQuery.Order(reader.model.reference(d), descending))).limit(1), Optional.empty()));
            }
            SemanticQuery first = x.withConditionsOf(List.of(), x.groupBy()).records(records)
                    .withOrder(List.of(new SemanticQuery.Order(reader.model.reference(d), descending))).limit(count).withTies();
            return Optional.of(new Parsed(first, Optional.empty()));
        }
        return Optional.of(new Cannot("'" + said + "' is not an attribute of the records listed"));
    }

    /** Whether a noun is said in the plural: a regular plural ending, or a base form of its own in WordNet ("people" of "person"). */
    private static boolean plural(String said) {
        String w = said.toLowerCase(java.util.Locale.ROOT);
        return !QuestionWords.singular(w).equals(w) || Lexicon.english().baseForms(w, dev.almanac.reading.PartOfSpeech.NOUN).stream().anyMatch(b -> !b.equals(w));
    }

    /** Whether a dataset's rows refer to another's by exactly one relationship (many-to-one, or one-to-one). */
    private boolean refersOnce(String from, String to) {
        return !from.equals(to) && reader.model.edgesFrom(from).stream().filter(e -> e.from().equals(from) && e.to().equals(to)).count() == 1;
    }

    /**
     * Where the words that tie a superlative at {@code at} to its record begin: back from it (and its "the") over link words
     * ("with", "who has", "that have"), at least one of them and not the question's first word; -1 when there are none. A
     * verb of the relationship may stand there too, as a link: "the template used by the most documents", "the conductor
     * who has conducted the most orchestras" ({@link #relationVerb}).
     */
    private int linkStart(Question question, int at) {
        List<String> words = question.words();
        int from = words.get(at - 1).equals("the") ? at - 1 : at;
        int links = 0;
        if (from > 2 && PASSIVE_PREPOSITIONS.contains(words.get(from - 1)) && relationVerb(question, from - 2)
                && (words.get(from - 1).equals("by") || !Set.of("has", "have", "had", "having").contains(words.get(from - 3)))) { // passive: "used by the most", "used for the most"; "has paid for the most": the verb's own
            from -= 2;
            links++;
        } else if (from > 2 && relationVerb(question, from - 1) && (SUPERLATIVE_LINKS.contains(words.get(from - 2)) && !words.get(from - 2).equals("the")
                || FunctionWords.english().is(words.get(from - 2), dev.almanac.reading.FunctionClass.AUXILIARY))) { // "who has conducted the most"
            from -= 1;
            while (from > 0 && FunctionWords.english().is(words.get(from - 1), dev.almanac.reading.FunctionClass.AUXILIARY)
                    && !SUPERLATIVE_LINKS.contains(words.get(from - 1))) from--; // "that is hiring"
        }
        while (from > 0 && SUPERLATIVE_LINKS.contains(words.get(from - 1)) && !words.get(from - 1).equals("the")) {
            from--;
            links++;
        }
        return links == 0 || from == 0 ? -1 : from;
    }

    /** The prepositions after a passive verb of a relationship before the records counted ("used by", "used for", "spoken in"). */
    private static final Set<String> PASSIVE_PREPOSITIONS = Set.of("by", "for", "in", "on", "at");

    /**
     * A verb that says only how records relate to those they are counted or ranked by ("used", "conducted", "hiring"): a
     * verb's form English knows, never a word of the model (a status or an event the model records says which rows: "the
     * product returned by the most customers" is refused, not read as bought), nor denied.
     */
    private boolean relationVerb(Question question, int i) {
        List<String> words = question.words();
        String w = question.original().get(i).toLowerCase(java.util.Locale.ROOT); // as written: "speaks", never the noun's singular "speak"
        if (FunctionWords.english().isFunctionWord(words.get(i))) return false;
        if (i > 0 && (FunctionWords.english().is(words.get(i - 1), dev.almanac.reading.FunctionClass.NEGATION) || words.get(i - 1).endsWith("n't"))) return false;
        if (FunctionWords.english().isFunctionWord(w) || reader.lexicon.modelStems().contains(QuestionWords.stem(w)) || !w.chars().allMatch(Character::isLetter)) return false;
        // a verb's regular form ("conducted", "hiring"), or an irregular one English has as no noun ("gave", "taught")
        if (!w.matches("\\p{L}+(ed|en|ing|s)") && Lexicon.english().uses(w, dev.almanac.reading.PartOfSpeech.NOUN) > 0) return false;
        return Lexicon.english().baseForms(w, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(b -> !b.equals(w));
    }

    /**
     * "the name of the stadium with the most concerts", "the owner who has the greatest number of dogs": the records listed
     * first by how many rows of another dataset each has (the count of those rows, reached through the model's
     * relationships, orders the records and is not shown), ties kept. The records are those whose attributes the rest of the
     * question lists, the counted rows those the words after the superlative name (after "number of" when it is said); the
     * query is compiled to check that the counted rows reach the records. Empty when no dataset's rows are named there.
     */
    private Optional<Result> relatedCountFirst(Question question, int at) {
        List<String> words = question.words();
        // "Which industry has the most customers?" asks which value, answered with its count as every "which X has the most";
        // "Which shop has the most employees? Give me its name." asks for the record's attributes
        if (words.get(0).equals("which") && !SECOND_SENTENCE.matcher(question.q()).find()) return Optional.empty();
        int from = at + 1;
        boolean numberOf = from + 2 < words.size() && Set.of("number", "count").contains(words.get(from)) && words.get(from + 1).equals("of");
        if (numberOf) from += 2;
        int counted = -1;
        Dataset rows = null;
        SemanticMetric identified = null;
        for (int n = Math.min(3, words.size() - from); n >= 1 && rows == null; n--) {
            List<String> named = words.subList(from, from + n);
            List<Dataset> ds = reader.lexicon.rowsCalled(named);
            // "the most cities" counts them; "the largest city" is one city, the largest by some measure: the rows counted
            // are said in the plural, or after "number of"
            if (!numberOf && !plural(question.original().get(from + n - 1))) continue;
            if (ds.size() == 1) {
                rows = ds.get(0);
                counted = from + n;
            } else if (ds.isEmpty()) {
                // "the most languages" where no rows are languages: the different values of the one identifier called so
                Optional<SemanticMetric.Simple> values = reader.model.identifiedCount(String.join(" ", named));
                if (values.isPresent()) {
                    identified = values.get();
                    rows = reader.model.dataset(values.get().dataset()).orElse(null);
                    counted = from + n;
                }
            }
        }
        if (rows == null) return Optional.empty();
        SemanticMetric count = identified != null ? identified : countOf(rows).orElse(null);
        if (count == null) return Optional.empty();
        int start = linkStart(question, at);
        if (start < 0) return Optional.empty();
        Question rest = question.without(start, counted);
        // "Which shop has the most employees? Give me the shop name.": the first sentence names the records, the second says
        // what to show of them
        List<String> which = List.of();
        Matcher second = SECOND_SENTENCE.matcher(rest.q());
        if (words.get(0).equals("which") && second.find()) {
            int k = QuestionWords.tokens(rest.q().substring(0, second.start() + 1), false).size();
            if (k > 1 && k < rest.words().size()) {
                which = rest.words().subList(1, k).stream().filter(w -> !FunctionWords.english().isFunctionWord(w)).map(QuestionWords::singular).toList(); // "which of the countries"
                rest = rest.without(0, k);
            }
        }
        Question listed = rest;
        if (reader.orders.anySuperlative(listed.words())) return Optional.empty();
        String said = String.join(" ", question.original().subList(at, counted));
        Result list = severalAttributes(listed).orElseGet(() -> reader.valueListing.of(listed, true));
        if (!(list instanceof Parsed p)) return Optional.of(list instanceof Cannot c ? c : new Cannot("the records first by '" + said + "' could not be listed"));
        SemanticQuery x = p.query();
        if (!x.metrics().isEmpty() || x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || !x.order().isEmpty()) {
            return Optional.of(new Cannot("the records first by '" + said + "' could not be listed"));
        }
        String records = listedDataset(x);
        if (records == null || records.equals(rows.name())) return Optional.of(new Cannot("'" + said + "' does not say which records are first"));
        List<String> named = which;
        if (!named.isEmpty() && reader.model.dataset(records).map(d -> !ReaderLexicon.namesRows(d, named)).orElse(true)) {
            return Optional.of(new Cannot("'" + String.join(" ", named) + "' are not the records whose attributes are asked for"));
        }
        // the rows' own count, or, paired with the records in a table of their own, the model's distinct count of them there
        List<SemanticMetric> counts = new ArrayList<>(List.of(count));
        if (identified == null) bridge(records, rows.name()).flatMap(this::distinctCountOf).ifPresent(counts::add);
        for (SemanticMetric c : counts) {
            SemanticQuery first = x.withConditionsOf(List.of(), x.groupBy()).records(records)
                    .withOrder(List.of(new SemanticQuery.Order(c.name(), Ranking.MOST.contains(words.get(at))))).limit(1).withTies();
            try {
                reader.layer.compile(first);
                return Optional.of(new Parsed(first, Optional.empty()));
            } catch (RuntimeException e) {
                // not reached that way: the next count, if any
            }
        }
        return Optional.of(new Cannot("the " + rows.name() + " do not reach the " + records + " in the model: '" + said + "' cannot rank them"));
    }

    /** A question of two sentences: a sentence's end with words after it. */
    private static final Pattern SECOND_SENTENCE = Pattern.compile("[?.!]\\s+\\p{L}");

    /** "treatment on dogs": rows, a preposition, and other records each of those rows refers to, which say nothing more. */
    private static final Pattern ROWS_OF_OTHERS = Pattern.compile("(?i)^\\s*(.+?)\\s+(?:on|of|to|for|with|from)\\s+(?:the\\s+|their\\s+|its\\s+)?(.+?)\\s*$");

    /** The rows such words name first, when they refer to the records named after them one way. */
    private Optional<Dataset> rowsOfOthers(String words) {
        Matcher m = ROWS_OF_OTHERS.matcher(words);
        if (!m.matches()) return Optional.empty();
        Optional<Dataset> rows = rowsNamedBy(m.group(1)), others = rowsNamedBy(m.group(2));
        return rows.isPresent() && others.isPresent() && refersOnce(rows.get().name(), others.get().name()) ? rows : Optional.empty();
    }

    /**
     * The one dataset whose rows the words are what they are called ("concerts", "poker players"), or else the same words in
     * other forms; empty for none or several.
     */
    private Optional<Dataset> rowsNamedBy(String words) {
        List<String> named = QuestionWords.tokens(words, true);
        List<Dataset> ds = reader.lexicon.rowsCalled(named);
        if (ds.isEmpty() && named.size() > 1) {
            // "students enrolled" of a table called student_enrolment: the same words but for the form of each (a noun and a
            // participle of one verb)
            List<String> stems = named.stream().map(w -> QuestionWords.stem(QuestionWords.singular(w))).toList();
            ds = reader.model.datasets().stream().filter(d -> ReaderLexicon.rowNames(d).stream()
                    .anyMatch(n -> QuestionWords.tokens(n, true).stream().map(w -> QuestionWords.stem(QuestionWords.singular(w))).toList().equals(stems))).toList();
        }
        return ds.size() == 1 ? Optional.of(ds.get(0)) : Optional.empty();
    }

    /** The dataset a list shows: the one whose records it lists, else the one all its attributes are of; null for none. */
    private String listedDataset(SemanticQuery x) {
        if (x.records() != null) return x.records();
        Set<String> of = new LinkedHashSet<>();
        for (SemanticQuery.GroupBy g : x.groupBy()) of.add(reader.model.dimension(g.dimension()).map(Dimension::dataset).orElse(""));
        return of.size() == 1 && !of.contains("") ? of.iterator().next() : null;
    }

    private static final Pattern EACH_AND_AFTER = Pattern.compile("(?i)\\b(?:each|every)\\b(.*)$");

    /** What follows "each" or "every" in a count's words ("for each singer": "singer"); empty when they say neither. */
    private static String eachOf(String words) {
        Matcher each = EACH_AND_AFTER.matcher(words);
        return each.find() ? each.group(1).replaceAll("[?.!]", "").strip() : "";
    }

    /** The one plain count of a dataset's rows: its own count metric with no filter, else the count the model makes for it. */
    private Optional<SemanticMetric> countOf(Dataset d) {
        List<SemanticMetric> counts = reader.model.metrics().stream().filter(m -> m instanceof SemanticMetric.Simple s && s.agg() == SemanticMetric.Agg.COUNT
                && s.filter() == null && s.segments().isEmpty() && s.dataset().equals(d.name())).toList();
        if (counts.size() == 1) return Optional.of(counts.get(0));
        if (counts.isEmpty()) return reader.model.entityCount(d.name()).map(m -> (SemanticMetric) m);
        return Optional.empty();
    }

    /** "How many different nationalities ...", "the number of distinct languages ...": a count of an attribute's values. */
    private static final Pattern DISTINCT_COUNT = Pattern.compile("(?i)^\\s*(?:please\\s+)?(?:how\\s+many|(?:what\\s+is\\s+|what's\\s+|find\\s+|give\\s+me\\s+|"
            + "count\\s+|return\\s+|show\\s+|list\\s+)?(?:the\\s+)?(?:total\\s+)?(?:number|count)\\s+of|count)\\s+(?:the\\s+)?(?:different|distinct|unique)\\s+(.+)$");

    /**
     * "What are the " + {@code rest} read as a list of one attribute's values or records, with no period, grain, limit,
     * metric or related rows: the list a distinct count or a "most common" is made of. Empty otherwise.
     */
    private Optional<SemanticQuery> listOfOne(String rest) {
        if (!(reader.parse("What are the " + rest, null) instanceof Parsed p) || p.period().isPresent()) return Optional.empty();
        SemanticQuery x = p.query();
        boolean one = x.metrics().isEmpty() && x.groupBy().size() == 1 && x.grain() == null && x.limit() == null && x.exists().isEmpty();
        return one ? Optional.of(x) : Optional.empty();
    }

    private static final Pattern MOST_COMMON = Pattern.compile("(?i)^\\s*(?:(?:what|which)\\s+(?:is|are|was|were)|(?:please\\s+)?(?:list|show|give|find|tell)(?:\\s+me)?)"
            + "\\s+the\\s+(most|least)\\s+(?:common|frequent|popular)\\s+(.+?)\\s*[?.!]?\\s*$");

    /**
     * "What is the most common hometown of teachers?", "the least frequent nationality of singers": the question read as the
     * list of those values ("what are the hometowns of teachers"), each value ranked by how many rows have it (their plain
     * count, not shown), every value tied for first kept. Empty when the question is not so, or its list does not read.
     */
    Optional<Result> mostCommon(String q) {
        Matcher m = MOST_COMMON.matcher(q);
        if (!m.find()) return Optional.empty();
        SemanticQuery x = listOfOne(m.group(2)).orElse(null);
        if (x == null || !x.order().isEmpty()) return Optional.empty();
        Dimension d = reader.model.dimension(x.groupBy().get(0).dimension()).orElse(null);
        // "the most popular plan": a plan is one row of its own, so its own rows never make it common; what would (the
        // subscriptions to it, the customers on it) is not said
        if (d != null && reader.model.dataset(d.dataset()).map(ds -> ModelAttributes.namesEachRecord(ds, d) || ModelAttributes.calledAfterRecords(ds, d))
                .orElse(d.labelsEntity())) {
            return Optional.of(new Cannot("each " + InWords.of(d.name()) + " is one record of its own: counting its own rows does not rank it;"
                    + " say what it is counted by (\"the " + InWords.of(d.name()) + " with the most ...\")"));
        }
        Optional<SemanticMetric> count = d == null ? Optional.empty() : reader.model.dataset(d.dataset()).flatMap(this::countOf);
        if (count.isEmpty()) return Optional.of(new Cannot("what has the " + m.group(1).toLowerCase(Locale.ROOT) + " rows of " + d + " could not be counted"));
        SemanticQuery first = x.withConditionsOf(List.of(), x.groupBy())
                .withOrder(List.of(new SemanticQuery.Order(count.get().name(), m.group(1).equalsIgnoreCase("most")))).limit(1).withTies();
        return Optional.of(new Parsed(first, Optional.empty()));
    }

    /** "are there" at a question's end, which says nothing more ("how many different locations are there"). */
    private static final Pattern THERE_ARE = Pattern.compile("(?i)\\s+(?:are|is|were|was)\\s+there\\s*[?.!]?\\s*$");

    /**
     * "How many different nationalities do conductors have?", "Count the number of distinct store locations": the question
     * read as the list of those values it asks to count ("what are the nationalities ..."), then counted: the number of
     * distinct values of that attribute where the list's conditions hold. Empty when the question is not so worded or its
     * list does not read.
     */
    Optional<Result> distinctCount(String q) {
        Matcher m = DISTINCT_COUNT.matcher(q);
        if (!m.find()) return Optional.empty();
        // "how many different locations are there": the values listed, whether listed once each or for each record
        String rest = THERE_ARE.matcher(m.group(1)).replaceFirst("");
        // "how many distinct dogs": records, each counted once by its rows, never the values of what names them (two dogs
        // may share a name)
        SemanticQuery x = listOfOne(rest).orElse(null);
        // a condition on a count of related rows ("with at least one treatment") is each listed record's: counted without the
        // records it would hold of all of them together
        if (x == null || conditionOnACount(x)) return Optional.empty();
        Optional<Result> records = distinctRecords(rest, x);
        if (records.isPresent()) return records;
        SemanticQuery counted = x.withConditionsOf(List.of(), List.of()).records(null)
                .countDistinct(x.groupBy().get(0).dimension());
        return Optional.of(new Parsed(counted, Optional.empty()));
    }

    /** Whether a list's conditions hold of a measure (a count of related rows), each listed value's or record's, not of all rows together. */
    private boolean conditionOnACount(SemanticQuery x) {
        return x.filters().stream().anyMatch(f -> reader.model.dimension(f.field()).isEmpty());
    }

    /**
     * "How many distinct dogs have received a treatment", read as the list of them ({@code listed}): records each counted
     * once, which their plain count does, the list's conditions kept; empty when the list is not of the records the words
     * after "distinct" name alone ("distinct dog names" are values, two dogs may share one).
     */
    private Optional<Result> distinctRecords(String rest, SemanticQuery listed) {
        Dimension shown = reader.model.dimension(listed.groupBy().get(0).dimension()).orElse(null);
        Dataset rows = listed.records() == null ? null : reader.model.dataset(listed.records()).orElse(null);
        if (shown == null || rows == null || !shown.dataset().equals(rows.name()) || !ModelAttributes.namesEachRecord(rows, shown)) return Optional.empty();
        List<String> after = QuestionWords.tokens(rest, true);
        for (int n = Math.min(3, after.size()); n >= 1; n--) {
            if (!reader.lexicon.rowsCalled(after.subList(0, n)).equals(List.of(rows))) continue;
            // "dog names": an attribute of the records said right after their noun is what is counted
            List<String> next = after.subList(n, after.size());
            if (reader.model.dimensionsOf(rows.name()).stream().anyMatch(d -> namedFirst(d, rows, next))) return Optional.empty();
            return countOf(rows).map(count -> new Parsed(listed.withConditionsOf(List.of(count.name()), List.of()).records(null), Optional.empty()));
        }
        return Optional.empty();
    }

    /** Whether the first words of {@code after} name the attribute, by one of its phrases or its short name, the last word in either number. */
    private boolean namedFirst(Dimension d, Dataset own, List<String> after) {
        Map<List<String>, Object> phrases = new java.util.HashMap<>(reader.lexicon.dimensionPhrases(List.of(d)));
        reader.lexicon.shortPhrases(own).forEach((phrase, dim) -> { if (dim.equals(d)) phrases.putIfAbsent(phrase, dim); });
        for (int n = 1; n <= Math.min(4, after.size()); n++) {
            List<String> said = new ArrayList<>(after.subList(0, n));
            if (phrases.containsKey(said)) return true;
            said.set(n - 1, QuestionWords.singular(said.get(n - 1)));
            if (phrases.containsKey(said)) return true;
        }
        return false;
    }

    private static final Pattern HOW_MANY = Pattern.compile("(?i)^\\s*how\\s+many\\s+((\\p{L}+).*)$");

    /**
     * "How many continents are there?", "how many continents speak Chinese": the values of a category (not records, not
     * numbers) said in the plural right after "how many", read as the list of them, counted once each. Empty when the
     * question is not so, or its list is of records or of a number's values ("how many cylinders does the car have" asks
     * for a value).
     */
    Optional<Result> valuesCounted(String q) {
        Matcher m = HOW_MANY.matcher(q);
        if (!m.find()) return Optional.empty();
        String counted = m.group(1);
        // "how many conductor nationalities": the records' noun in the singular before the values' in the plural says whose
        String[] said = counted.strip().split("\\s+");
        String whose = null;
        if (said.length > 1 && plural(said[1]) && !plural(said[0])) {
            List<Dataset> named = reader.lexicon.rowsCalled(List.of(said[0].toLowerCase(Locale.ROOT)));
            if (named.size() == 1) {
                Dataset rows = named.get(0);
                String rest = counted.strip().substring(said[0].length()).strip();
                List<String> next = QuestionWords.tokens(rest, true);
                // the values' attribute must be theirs, said right after their noun
                if (reader.model.dimensionsOf(rows.name()).stream().noneMatch(d -> namedFirst(d, rows, next))) return Optional.empty();
                whose = rows.name();
                counted = rest;
            }
        }
        if (!plural(counted.split("\\s+")[0])) return Optional.empty();
        // "how many warehouses": records (counted by their rows), never the values of what names them; known from the words
        // alone, before the list is read (most questions of "how many" name records)
        List<String> after = QuestionWords.tokens(counted, true);
        boolean rowsNamed = java.util.stream.IntStream.rangeClosed(1, Math.min(3, after.size()))
                .anyMatch(n -> !reader.lexicon.rowsCalled(after.subList(0, n)).isEmpty());
        if (rowsNamed) return Optional.empty();
        SemanticQuery x = listOfOne(THERE_ARE.matcher(counted).replaceFirst("")).orElse(null);
        // "how many countries have more than 2 channels": a condition on a count is each value's, which a count of the values
        // of all rows together would hold of the grand total
        if (x == null || x.records() != null || conditionOnACount(x)) return Optional.empty();
        Dimension d = reader.model.dimension(x.groupBy().get(0).dimension()).orElse(null);
        if (d == null || d.time() || d.kind() == Dimension.Kind.NUMBER || d.kind() == Dimension.Kind.IDENTIFIER) return Optional.empty();
        if (whose != null && !d.dataset().equals(whose)) return Optional.empty();
        Dataset own = reader.model.dataset(d.dataset()).orElse(null);
        if (d.labelsEntity() || own == null || ModelAttributes.calledAfterRecords(own, d)) return Optional.empty();
        // the values counted are those said right after "how many" ("how many continents"), never an attribute named later
        // ("how many customers are there in each country" counts customers, by country, not the countries)
        if (!namedFirst(d, own, after)) return Optional.empty();
        return Optional.of(new Parsed(x.withConditionsOf(List.of(), List.of()).records(null).countDistinct(x.groupBy().get(0).dimension()), Optional.empty()));
    }

    /** "without any concerts", "that do not have any friends", "who have no pets": the related rows a record has none of. */
    private static final Pattern WITHOUT_RELATED_VERB = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:(?:do|does|did|have|has|had)\\s+not"
            + "|(?:do|does|did|have|has|had)n't|never)\\s+([\\p{L}]+)(?:\\s+([\\p{L}]+))?\\s+(?:any|a|an)\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /** "orchestras that did not perform": a verb denied with nothing after it. */
    private static final Pattern WITHOUT_RELATED_VERB_ALONE = Pattern.compile("(?i)\\s+(?:that|who|which)\\s+(?:(?:do|does|did|have|has|had)\\s+not"
            + "|(?:do|does|did|have|has|had)n't|never)\\s+([\\p{L}]+)\\s*[?.!]?\\s*$");

    /** The dataset whose rows a reading is of: the records listed, the dataset of the first attribute listed, or the one metric's. */
    private String rowsRead(SemanticQuery x) {
        return x.records() != null ? x.records() : x.metrics().isEmpty() && !x.groupBy().isEmpty()
                ? reader.model.dimension(x.groupBy().get(0).dimension()).map(Dimension::dataset).orElse(null)
                : x.metrics().size() == 1 ? reader.model.metric(x.metrics().get(0)).filter(mm -> mm instanceof SemanticMetric.Simple)
                        .map(mm -> ((SemanticMetric.Simple) mm).dataset()).orElse(null) : null;
    }

    /** Whether a list is of an attribute's values, each once, rather than of records (a code several records have). */
    private boolean valuesListed(SemanticQuery x) {
        return x.records() == null && x.metrics().isEmpty() && x.groupBy().size() == 1 && reader.model.dimension(x.groupBy().get(0).dimension())
                .map(d -> !d.labelsEntity() && reader.model.dataset(d.dataset()).map(ds -> !ModelAttributes.isKey(ds, d)).orElse(true)).orElse(true);
    }

    /** "people that are not poker players": records none of the others (that refer to them, one each) is. */
    private static final Pattern NOT_OTHERS = Pattern.compile("(?i)\\s+(?:that|who|which)\\s+(?:(?:are|is|were|was)\\s+not|aren't|isn't|weren't|wasn't)\\s+(?:a\\s+|an\\s+|any\\s+)?([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /**
     * "List the names of people that are not poker players": the records no row of another dataset refers to, when that
     * dataset's rows each refer to one of them (a poker player is a person). Empty when the question is not so worded, the
     * other rows do not refer to these, or the rest does not read.
     */
    private Optional<Result> notOthers(String q) {
        Matcher m = NOT_OTHERS.matcher(q);
        if (!m.find()) return Optional.empty();
        Dataset others = rowsNamedBy(m.group(1)).orElse(null);
        if (others == null) return Optional.empty();
        Result r = reader.parse(q.substring(0, m.start()).strip() + "?", null);
        if (!(r instanceof Parsed p) || p.period().isPresent() || p.query().grain() != null || p.query().compareTo() != null) return Optional.empty();
        String of = listedDataset(p.query());
        if (of == null || of.equals(others.name()) || !refersOnce(others.name(), of) || valuesListed(p.query())) return Optional.empty();
        SemanticQuery none = p.query().exists("not " + others.name() + " of " + of);
        try {
            reader.layer.compile(none);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(new Parsed(none, Optional.empty()));
    }

    private static final Pattern WITHOUT_RELATED_PASSIVE = Pattern.compile("(?i)\\s+(?:(?:that|which|who)\\s+)?(?:(?:is|are|was|were|has\\s+been|have\\s+been|had\\s+been)\\s+)?"
            + "(?:not|never)\\s+([\\p{L}]+(?:ed|en))(?:\\s+([\\p{L}]+))?\\s+any\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    private static final Pattern WITHOUT_RELATED = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:(?:do|does|did)\\s+not\\s+have|(?:do|does|did)n't\\s+have"
            + "|have\\s+no|has\\s+no|had\\s+no|with\\s+no|without|(?:where|in\\s+which)\\s+there\\s+(?:is|are|was|were)\\s+(?:no|not)|(?:in|at|during|for)\\s+which\\s+no)(?:\\s+(?:any|a\\s+single|a|an))?\\s+([\\p{L}][\\p{L} _-]*?)"
            + "(?:\\s+(?:yet|so\\s+far|at\\s+all|ever))?\\s*[?.!]?\\s*$");

    /**
     * "What are the names of the stadiums without any concerts?", "How many students have no pets?": the question without
     * those words, read as it would be, for the records that have no row of the dataset the last words name. The related
     * rows are those of a dataset whose rows the words name, and the answer's records must reach them through the model's
     * relationships (the query is compiled to check it). Empty when the question ends in no such words.
     */
    Optional<Result> withoutRelated(String q) {
        Matcher m = WITHOUT_RELATED.matcher(q);
        String relatedWords;
        if (m.find()) {
            relatedWords = m.group(1);
        } else {
            // "dogs that have not received any treatment", "owners who do not own any dogs": a verb (and its particle) denied of any
            // related row is the relationship itself, whichever verb says it; the model must relate the two one way only
            m = WITHOUT_RELATED_VERB.matcher(q);
            if (!m.find()) {
                m = WITHOUT_RELATED_PASSIVE.matcher(q); // "templates (that are) not used by any document"
                if (!m.find()) {
                    Optional<Result> byNoun = withoutWhatTheVerbNames(q);
                    return byNoun.isPresent() ? byNoun : notOthers(q);
                }
            }
            if (!Lexicon.english().partsOfSpeech(m.group(1)).contains(dev.almanac.reading.PartOfSpeech.VERB)
                    || m.group(2) != null && !FunctionWords.english().is(m.group(2).toLowerCase(Locale.ROOT), dev.almanac.reading.FunctionClass.PREPOSITION)) {
                return Optional.empty();
            }
            relatedWords = m.group(3);
        }
        return relatedRows(q.substring(0, m.start()), relatedWords, true);
    }

    /**
     * "orchestras that did not perform": a verb denied with no object, whose noun (WordNet's derivationally related form:
     * perform, performance) names the related rows, is the records without any of them; empty unless exactly one such noun
     * reads.
     */
    private Optional<Result> withoutWhatTheVerbNames(String q) {
        Matcher m = WITHOUT_RELATED_VERB_ALONE.matcher(q);
        if (!m.find()) {
            // "dogs that did not get treated", "dogs that have not been treated": the passive denied, as the verb is
            m = WITHOUT_RELATED_PARTICIPLE.matcher(q);
            if (!m.find() || !reader.lexicon.relatingVerb(m.group(1).toLowerCase(Locale.ROOT))) return Optional.empty();
        }
        Matcher said = m;
        return rowsTheVerbNames(said.group(1)).flatMap(noun -> relatedRows(q.substring(0, said.start()), Words.plural(noun), true)).filter(x -> x instanceof Parsed);
    }

    /** "dogs that did not get treated", "singers who were not interviewed", "that haven't been treated": a past participle denied. */
    private static final Pattern WITHOUT_RELATED_PARTICIPLE = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:(?:did|do|does)\\s+not\\s+get|(?:did|do|does)n't\\s+get"
            + "|(?:were|was|are|is)\\s+not|(?:weren't|wasn't|aren't|isn't)|(?:have|has|had)\\s+not\\s+been|(?:haven't|hasn't|hadn't)\\s+been)\\s+([\\p{L}]+ed)\\s*[?.!]?\\s*$");

    /** "dogs that got treated", "singers who were interviewed": a verb's past participle after "got", "were" or "have been". */
    private static final Pattern WITH_RELATED_PARTICIPLE = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:got|get|gotten|were|was|are|is"
            + "|(?:have|has|had)\\s+been)\\s+([\\p{L}]+ed)\\s*[?.!]?\\s*$");

    /**
     * "how many dogs got treated": a verb said of the records in the passive with nothing after it, whose noun names related
     * rows (treat, treatment), is the records with one or more of them; empty unless exactly one such noun reads and the verb
     * is no word of the model (a status says which rows).
     */
    private Optional<Result> withWhatTheVerbNames(String q) {
        Matcher m = WITH_RELATED_PARTICIPLE.matcher(q);
        if (!m.find() || !reader.lexicon.relatingVerb(m.group(1).toLowerCase(Locale.ROOT))) return Optional.empty();
        return rowsTheVerbNames(m.group(1)).flatMap(noun -> relatedRows(q.substring(0, m.start()), Words.plural(noun), false)).filter(x -> x instanceof Parsed);
    }

    /** The one noun of a verb (WordNet's derivationally related forms: perform, performance) that names some records' rows. */
    private Optional<String> rowsTheVerbNames(String verb) {
        List<String> nouns = Lexicon.english().nounsOfVerb(verb).stream().filter(n -> reader.lexicon.rowWords().containsKey(List.of(n))).toList();
        return nouns.size() == 1 ? Optional.of(nouns.get(0)) : Optional.empty();
    }

    /** "that have a pet", "with some concerts", "who have any friends": related rows a record has one or more of. */
    private static final Pattern WITH_RELATED = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:have|has|had|having|with)\\s+(?:a|an|any|some|at\\s+least\\s+one|one\\s+or\\s+more)\\s+"
            + "([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /** "that have pets", "with concerts": related rows said in the plural with no article, a record having one or more. */
    private static final Pattern WITH_RELATED_PLURAL = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:have|has|had|having|with)\\s+"
            + "([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    private static String lastWord(String words) {
        String w = words.strip();
        return w.substring(w.lastIndexOf(' ') + 1);
    }

    /** "dogs that received a treatment", "dogs that went through any treatments": a verb (and its particle) of the relationship. */
    private static final Pattern WITH_RELATED_VERB = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:(?:have|has|had|did|do|does)\\s+)?(?:ever\\s+)?"
            + "([\\p{L}]+)(?:\\s+([\\p{L}]+))?\\s+(?:a|an|any|some|at\\s+least\\s+one|one\\s+or\\s+more)\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /**
     * "Which students have a pet?", "How many dogs went through any treatments?": the question without those words, read as
     * it would be, for the records that have one row or more of the dataset the last words name (through the model's
     * relationships, one way only; the query is compiled to check). A
     * verb says the relationship only when it is no word of the model (a status the model records says which rows) and is
     * a verb English knows; its particle is a preposition. Empty when the question ends in no such words or the rest does
     * not read.
     */
    Optional<Result> withRelated(String q) {
        Optional<Result> read = withRelated(q, null);
        if (read.isPresent()) return read;
        // "how many customers have orders in 2025": a period after the related rows, theirs (never the records' own dates); only
        // where the words of having some rows are (read again, the rest of the question would be read once more for nothing)
        if (!HAVING_SOME.matcher(q).find()) return Optional.empty();
        return withoutItsPeriod(q).flatMap(w -> withRelated(w.rest(), w.timeframe()));
    }

    /** The words a question about records with related rows has: having, or an article or quantifier before the rows. */
    private static final Pattern HAVING_SOME = Pattern.compile("(?i)\\b(?:have|has|had|a|an|any|some|with)\\b");

    private Optional<Result> withRelated(String q, dev.almanac.quality.Timeframe period) {
        Matcher m = WITH_RELATED.matcher(q);
        String relatedWords;
        Matcher bare = WITH_RELATED_PLURAL.matcher(q);
        if (m.find()) {
            relatedWords = m.group(1);
        } else if (bare.find() && plural(lastWord(bare.group(1))) && rowsNamedBy(bare.group(1)).isPresent()) { // "students who have pets", "stadiums with concerts"
            m = bare;
            relatedWords = bare.group(1);
        } else {
            m = relationVerbBefore(WITH_RELATED_VERB, q).orElse(null);
            // "dogs who went through treatments", "dogs that got treatment": the rows with no article, when they name rows
            if (m == null) m = relationVerbBefore(WITH_RELATED_VERB_PLURAL, q).filter(x -> rowsNamedBy(x.group(3)).isPresent()).orElse(null);
            if (m == null) return period == null ? withWhatTheVerbNames(q) : Optional.empty();
            relatedWords = m.group(3);
        }
        return relatedRows(q.substring(0, m.start()), relatedWords, false, period);
    }

    /** "dogs that went through treatments": a verb (and its particle) of the relationship before rows in the plural. */
    private static final Pattern WITH_RELATED_VERB_PLURAL = Pattern.compile("(?i)\\s+(?:(?:that|who|which)\\s+)?(?:(?:have|has|had|did|do|does)\\s+)?(?:ever\\s+)?"
            + "([\\p{L}]+)(?:\\s+([\\p{L}]+))?\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /**
     * The match nearest the end whose verb says only the relationship: a verb English knows that is no function word and no
     * word of the model (a status says which rows), its particle a preposition.
     */
    private Optional<Matcher> relationVerbBefore(Pattern p, String q) {
        Matcher m = p.matcher(q);
        for (int from = 0; from < q.length() && m.find(from); from = m.start() + 1) {
            String verb = m.group(1).toLowerCase(Locale.ROOT);
            if (reader.lexicon.relatingVerb(verb)
                    && (m.group(2) == null || FunctionWords.english().is(m.group(2).toLowerCase(Locale.ROOT), dev.almanac.reading.FunctionClass.PREPOSITION))) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /**
     * The question before the words about related rows, read as it would be, for the records that have none ({@code none})
     * or one or more of the rows the words name: the shared end of {@link #withoutRelated} and {@link #withRelated}. Read
     * otherwise (empty) when the words name no dataset's rows or the rest does not read ("which months had no leads" asks
     * for periods with no rows); a list of values none of whose records has such rows is refused; so are records the
     * related rows do not reach (the query is compiled to check).
     */
    private Optional<Result> relatedRows(String before, String relatedWords, boolean none) {
        return relatedRows(before, relatedWords, none, null);
    }

    /** {@link #relatedRows(String, String, boolean)}, the related rows kept to a period on their own time when one is given. */
    private Optional<Result> relatedRows(String before, String relatedWords, boolean none, dev.almanac.quality.Timeframe period) {
        Dataset related = rowsNamedBy(relatedWords).or(() -> rowsOfOthers(relatedWords)).orElse(null);
        if (related == null) return Optional.empty();
        String during = "";
        if (period != null) {
            Dimension time = related.defaultTimeDimension() == null ? null : reader.model.dimension(related.name(), related.defaultTimeDimension()).orElse(null);
            if (time == null) return Optional.empty();
            String ref = reader.model.reference(time);
            during = " where " + ref + " >= " + period.start() + " and " + ref + " < " + period.end();
        }
        String rest = before.strip() + "?";
        Result r = reader.parse(rest, null);
        if (!none && !(r instanceof Parsed) && namedRecords(rest).isPresent()) r = new Parsed(namedRecords(rest).get(), Optional.empty()); // "Which students"
        if (!(r instanceof Parsed p) || p.period().isPresent() || p.query().grain() != null) return Optional.empty();
        SemanticQuery x = p.query();
        String of = rowsRead(x);
        if (of == null || of.equals(related.name()) || x.compareTo() != null) return Optional.empty();
        // "the type codes not used by any document": a value none of whose records has such rows, which a value of one record
        // without them is not
        if (none && valuesListed(x)) return Optional.of(new Cannot("values none of whose records have " + related.name() + " are not read yet"));
        SemanticQuery read = x.exists((none ? "not " : "") + related.name() + " of " + of + during);
        try {
            reader.layer.compile(read);
        } catch (RuntimeException e) {
            return Optional.of(new Cannot("the " + of + " and the " + related.name() + " are not related " + (none ? "" : "one way ") + "in the model"));
        }
        return Optional.of(new Parsed(read, Optional.ofNullable(period)));
    }

    private static final String COUNTED = "(\\d{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|a\\s+single|a|an)";

    /**
     * "that have more than 3 models", "with at least two friends", "who have 2 or more pets", "with fewer than 200 flights":
     * a number of related rows a record has, at the question's end.
     */
    private static final Pattern RELATED_COUNT = Pattern.compile("(?i)\\s+(?:(?:(?:that|who|which)\\s+)?(?:have|has|had|with|having)|(?:for|in)\\s+which\\s+there\\s+(?:are|is|were|was))\\s+(?:"
            + "(" + ComparisonRule.regex(ComparisonRule.Place.NUMBER_AFTER) + ")\\s+" + COUNTED
            + "|" + COUNTED + "\\s+(" + ComparisonRule.regex(ComparisonRule.Place.NUMBER_BEFORE) + "))\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /** {@link #RELATED_COUNT} anywhere in a question, not only at its end. */
    private static final Pattern RELATED_COUNT_SOMEWHERE = Pattern.compile(RELATED_COUNT.pattern().replace("\\s*[?.!]?\\s*$", ""));

    /**
     * "Which airlines have at least 10 flights?", "the names of singers that have more than one song": the question without
     * those words, read as it would be (records or values listed), for the records whose number of rows of the dataset the
     * last words name compares so (that dataset's plain count, reached through the model's relationships, a condition that
     * is not shown; the query is compiled to check the rows reach the records one way). The rows may be named by a count
     * metric of the model ("customers with more than 5 failed payments"), and counted over a period said after them
     * ("... in 2026": the counted rows' own, never the records'). Empty when the question ends in no such words or the rest
     * does not read as a list.
     */
    Optional<Result> relatedCountCondition(String asked) {
        Optional<Result> read = relatedCountCondition(asked, null);
        if (read.isPresent()) return read;
        // "which customers had more than 5 failed payments this year": a period after the count, of the rows counted (a number
        // of rows said somewhere first: most questions with a period have none, and are not read again)
        if (!RELATED_COUNT_SOMEWHERE.matcher(asked).find() && !VERB_BEFORE_COUNT.matcher(asked).find()) return Optional.empty();
        return withoutItsPeriod(asked).flatMap(w -> relatedCountCondition(w.rest(), w));
    }

    /** A question without the period it says, and that period's words (" in 2026"), for a shape read at the question's end. */
    private record WithoutPeriod(String rest, dev.almanac.quality.Timeframe timeframe) {
        /** The period's words as said after the rest (" in 2026"). */
        String period() {
            return " " + timeframe.text().strip();
        }
    }

    /** The question with its period taken out (and a preposition left dangling at its end), or empty when it says none. */
    private Optional<WithoutPeriod> withoutItsPeriod(String asked) {
        return reader.timeframes().parse(asked).map(t -> new WithoutPeriod(DANGLING_PREPOSITION.matcher(reader.timeframes().withoutPeriods(asked).strip())
                .replaceAll(""), t));
    }

    private Optional<Result> relatedCountCondition(String q, WithoutPeriod taken) {
        String period = taken == null ? "" : taken.period();
        Matcher m = RELATED_COUNT.matcher(q);
        if (!m.find()) {
            // "conductors that have conducted more than one orchestra", "templates used by more than one document": one verb of no
            // model word says the relationship, which the model's relationships say already ("have" reads the same)
            Optional<String> had = relationVerbAsHave(q);
            if (had.isEmpty()) return Optional.empty();
            q = had.get();
            m = RELATED_COUNT.matcher(q);
            if (!m.find()) return Optional.empty();
        }
        Dataset related = rowsNamedBy(m.group(5)).orElse(null);
        SemanticMetric count = related == null ? null : countOf(related).orElse(null);
        SemanticQuery counted = null;
        if (count == null || !period.isEmpty()) {
            // a count the model has, named by the words ("failed payments"), over the period said, read as it would be alone
            Result c = reader.parse("How many " + m.group(5).strip() + period + "?", null);
            if (!(c instanceof Parsed pc) || pc.query().metrics().size() != 1 || !pc.query().groupBy().isEmpty() || !pc.query().filters().isEmpty()
                    || !pc.query().exists().isEmpty() || pc.query().grain() != null || pc.query().compareTo() != null || pc.period().isPresent() == period.isEmpty()) return Optional.empty();
            SemanticMetric named = reader.model.metric(pc.query().metrics().get(0)).orElse(null);
            // a count, or a sum of 1 a row (dbt's way of counting)
            if (!(named instanceof SemanticMetric.Simple sc) || !sc.countsEachRow()) {
                return Optional.empty();
            }
            if (count != null && !count.name().equals(named.name()) && related.name().equals(sc.dataset()) && sc.filter() != null) return Optional.empty();
            count = named;
            counted = pc.query();
            related = reader.model.dataset(sc.dataset()).orElse(null);
            if (related == null) return Optional.empty();
        }
        String op;
        String n;
        if (m.group(1) != null) {
            op = ComparisonRule.operatorOf(ComparisonRule.Place.NUMBER_AFTER, m.group(1));
            n = m.group(2);
        } else {
            op = ComparisonRule.operatorOf(ComparisonRule.Place.NUMBER_BEFORE, m.group(4));
            n = m.group(3);
        }
        String number = n.matches("\\d+") ? n : n.toLowerCase(Locale.ROOT).matches("a|an|a\\s+single") ? "1" : QuestionWords.NUMBER_WORDS.get(n.toLowerCase(Locale.ROOT));
        if (number == null) return Optional.empty();
        String rest = q.substring(0, m.start()).strip() + "?";
        Result r = reader.parse(rest, null);
        if (!(r instanceof Parsed) && namedRecords(rest).isPresent()) r = new Parsed(namedRecords(rest).get(), Optional.empty());
        final Dataset relatedRows = related;
        if (!(r instanceof Parsed)) {
            // "Which hometowns have at least two teachers?": values of the counted rows' own attribute (free text, a number), each
            // once, kept by how many of those rows hold it; read as the list of that attribute of those rows
            Result of = reader.parse(rest.replaceAll("[?.!]\\s*$", "") + " of the " + m.group(5).strip() + "?", null);
            if (of instanceof Parsed po && relatedRows.name().equals(po.query().records()) && po.query().filters().isEmpty() && po.query().exists().isEmpty()
                    && po.query().groupBy().size() == 1 && reader.model.dimension(po.query().groupBy().get(0).dimension()).map(d -> d.dataset().equals(relatedRows.name())
                    && !ModelAttributes.isKey(relatedRows, d) && !d.labelsEntity()).orElse(false)) {
                r = new Parsed(po.query().records(null), po.period());
            }
        }
        if (!(r instanceof Parsed p) || p.period().isPresent()) return Optional.empty();
        SemanticQuery x = p.query();
        if (!x.metrics().isEmpty() || x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null || x.start() != null) return Optional.empty();
        // "channels that have more than 2 channels": a record is one row of its own dataset, never several (a value, "type codes
        // with fewer than three templates", has as many as hold it)
        if (x.records() != null && x.records().equals(related.name())) return Optional.of(new Cannot("'" + m.group().strip().replaceAll("[?.!]$", "")
                + "' counts the very records listed, and each is one"));
        String records = listedDataset(x);
        List<SemanticMetric> counts = new ArrayList<>(List.of(count));
        // "teachers who teach at least two courses", teachers and courses paired in a table of their own: the number of
        // different courses each teacher's pairs refer to (the model's distinct count of them)
        if (records != null && counted == null) bridge(records, related.name()).flatMap(this::distinctCountOf).ifPresent(counts::add);
        for (SemanticMetric c : counts) {
            List<SemanticQuery.Filter> filters = new ArrayList<>(x.filters());
            filters.add(new SemanticQuery.Filter(c.name(), op, List.of(number)));
            SemanticQuery having = x.where(filters);
            if (counted != null && counted.start() != null) having = having.between(counted.start(), counted.end());
            try {
                reader.layer.compile(having);
                return Optional.of(new Parsed(having, taken == null ? Optional.empty() : Optional.of(taken.timeframe())));
            } catch (RuntimeException e) {
                // not reached that way: the next count, if any
            }
        }
        return Optional.of(new Cannot("the " + related.name() + " do not reach what is listed one way in the model: '" + m.group().strip()
                + "' cannot be counted for them"));
    }

    /** The model's one plain distinct count of an attribute's values over its dataset's rows. */
    private Optional<SemanticMetric> distinctCountOf(Dimension d) {
        List<SemanticMetric> found = reader.model.metrics().stream().filter(m -> m instanceof SemanticMetric.Simple s && s.agg() == SemanticMetric.Agg.COUNT_DISTINCT
                && s.filter() == null && s.segments().isEmpty() && s.dataset().equals(d.dataset()) && s.expr() != null
                && s.expr().strip().replace("\"", "").equalsIgnoreCase(d.expr().strip().replace("\"", ""))).toList();
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** Before a number of related rows: the relative word, then the words of a verb ("have conducted", "are used by", "teach"). */
    private static final Pattern VERB_BEFORE_COUNT = Pattern.compile("(?i)(\\s+(?:that|who|which)\\s+|\\s+)((?:[\\p{L}']+\\s+){1,4}?)(?=(?:"
            + ComparisonRule.regex(ComparisonRule.Place.NUMBER_AFTER) + ")\\s+" + COUNTED + "\\s+[\\p{L}]|" + COUNTED + "\\s+(?:"
            + ComparisonRule.regex(ComparisonRule.Place.NUMBER_BEFORE) + ")\\s+[\\p{L}])");

    /**
     * The question with the verb before a number of related rows said as "have": auxiliaries, "by" and exactly one verb (and
     * a particle after it: "assigned to"), never denied. A verb that is a word of the model (a measure or a status:
     * "returned more than 2 orders", "opened more than 5 tickets") says which rows are counted, and goes after their noun
     * ("have more than 2 orders returned"), to be read with them or refused. Empty when the words before the number are
     * not such a verb.
     */
    private Optional<String> relationVerbAsHave(String q) {
        Matcher m = VERB_BEFORE_COUNT.matcher(q);
        for (int from = 0; from < q.length() && m.find(from); from = m.start() + 1) {
            List<String> said = QuestionWords.tokens(m.group(2), true);
            List<String> written = QuestionWords.tokens(m.group(2), false);
            int verbs = 0;
            boolean fits = !said.isEmpty() && said.size() == written.size();
            String modelVerb = null;
            for (int k = 0; fits && k < said.size(); k++) {
                String w = said.get(k);
                if (w.equals("done") || w.equals("doing")) verbs++; // "do" as the verb itself: its participles are never an auxiliary's
                else if (FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.AUXILIARY) || w.equals("by")) continue;
                else if (verbs == 1 && FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.PREPOSITION)) continue; // its particle: "assigned to"
                else if (FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.NEGATION) || w.endsWith("n't") || w.equals("not")) fits = false;
                else if (Lexicon.english().partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.VERB) || !Lexicon.english().baseForms(w, dev.almanac.reading.PartOfSpeech.VERB).isEmpty()) {
                    verbs++;
                    if (reader.lexicon.modelStems().contains(QuestionWords.stem(w))) modelVerb = written.get(k);
                } else fits = false;
            }
            if (!fits || verbs != 1) continue;
            if (modelVerb == null) return Optional.of(q.substring(0, m.start()) + m.group(1) + "have " + q.substring(m.end()));
            // "customers who opened more than 5 tickets": a word of the model says which rows are counted ("tickets opened"),
            // so it goes with them, and the count is read with it or not at all
            String rest = q.substring(m.end()).replaceAll("\\s*[?.!]\\s*$", "");
            return Optional.of(q.substring(0, m.start()) + m.group(1) + "have " + rest + " " + modelVerb);
        }
        return Optional.empty();
    }

    /**
     * "for each continent whose average life expectancy is less than 72", "Which regions have a total population over
     * 1000000?": groups kept by a measure of their own, at the question's end.
     */
    private static final Pattern MEASURE_CONDITION = Pattern.compile("(?i)\\s*,?\\s+(?:whose|where|with|(?:that|which|who)\\s+(?:have|has|had)|"
            + "having|have|has|had)\\s+(?:an?\\s+|the\\s+|their\\s+|its\\s+)?([\\p{L}][\\p{L} _-]*?)\\s+(?:(?:is|are|was|were)\\s+)?("
            + ComparisonRule.regex(ComparisonRule.Place.NUMBER_AFTER) + ")\\s+(\\d{1,12}(?:\\.\\d+)?)\\s*[?.!]?\\s*$");

    /** A preposition a period was said after, left at the end once the period is taken out ("at" of "at end of last quarter"). */
    private static final Pattern DANGLING_PREPOSITION = Pattern.compile("(?i)\\s+(?:at|in|on|during|for|over|by|as\\s+of)\\s*([?.!]?)\\s*$");

    /**
     * "What is the total population for each continent whose average life expectancy is less than 72?", "Which continents
     * have an average life expectancy below 72?": the question without the condition, read as it would be (a measure by
     * groups, or the groups listed), for the groups whose value of the measure the condition names compares so (the
     * measure read alone from its words: one metric, nothing else; a condition on the groups, not shown, but shown beside
     * records listed: "campaigns with a budget above $50,000" gives each one's budget). Never a number
     * attribute of rows ("customers with an age over 30" keeps rows), and the query is compiled to check the measure can be
     * had for those groups. Empty when the question ends in no such words or the rest does not read by groups.
     */
    Optional<Result> groupsByMeasure(String asked) {
        String q = asked, period = "";
        Matcher m = MEASURE_CONDITION.matcher(q);
        if (!m.find()) {
            // "customers with MRR over 25000 at the end of September": a period after the condition, read with the groups
            Optional<WithoutPeriod> w = withoutItsPeriod(asked);
            if (w.isEmpty()) return Optional.empty();
            q = w.get().rest();
            period = w.get().period();
            m = MEASURE_CONDITION.matcher(q);
            if (!m.find()) return Optional.empty();
        }
        List<String> said = QuestionWords.tokens(m.group(1), true);
        if (said.isEmpty() || reader.lexicon.numberPhrases().containsKey(said) || Spans.spans(said, reader.lexicon.numberPhrases()).stream().anyMatch(sp -> sp.length() == said.size())) return Optional.empty();
        String op = ComparisonRule.operatorOf(ComparisonRule.Place.NUMBER_AFTER, m.group(2));
        if (op == null) return Optional.empty();
        // the measure with the period, if one is said: read (and checked against the measure) as it would be alone
        Result measure = reader.parse("What is the " + m.group(1) + period + "?", null);
        if (!(measure instanceof Parsed pm) || pm.query().metrics().size() != 1 || !pm.query().filters().isEmpty() || !pm.query().groupBy().isEmpty()
                || pm.period().isPresent() == period.isEmpty() || pm.query().limit() != null || pm.query().compareTo() != null) return Optional.empty();
        String rest = q.substring(0, m.start()).strip() + "?";
        Result r = reader.parse(rest, null);
        if (!(r instanceof Parsed p) || p.query().groupBy().isEmpty() || p.query().limit() != null || p.period().isPresent() && !period.isEmpty()
                || p.query().compareTo() != null || p.query().grain() != null) return Optional.empty();
        List<SemanticQuery.Filter> filters = new ArrayList<>(p.query().filters());
        filters.add(new SemanticQuery.Filter(pm.query().metrics().get(0), op, List.of(m.group(3))));
        SemanticQuery kept = p.query().where(filters);
        // the records kept by a measure, shown with it: each one's value of the condition asked
        if (p.query().records() != null && p.query().metrics().isEmpty()) kept = kept.withMetrics(List.of(pm.query().metrics().get(0)));
        if (!period.isEmpty()) kept = kept.between(pm.query().start(), pm.query().end());
        try {
            reader.layer.compile(kept);
        } catch (RuntimeException e) {
            return Optional.of(new Cannot("'" + m.group(1).strip() + "' cannot be had for each of the groups asked"));
        }
        return Optional.of(new Parsed(kept, period.isEmpty() ? p.period() : pm.period()));
    }

    /** "... and the number of concerts for each singer", "..., names and the number of paragraphs in each document". */
    private static final Pattern WITH_COUNT = Pattern.compile("(?i)(?:\\s*,\\s*|\\s+)(?:and|as\\s+well\\s+as|along\\s+with|together\\s+with|with)\\s+(?:the\\s+)?(?:total\\s+)?"
            + "(?:number|count)\\s+of\\s+([\\p{L}][\\p{L} _-]*?)(?:\\s+(?:for|in|of|per)\\s+(?:each|every)(?:\\s+(?:one|[\\p{L}][\\p{L} _-]*?))?|\\s+each"
            + "|\\s+(?:that\\s+|which\\s+)?(?:they|he|she|it)\\s+((?:[\\p{L}]+\\s+){0,2}[\\p{L}]+))?\\s*[?.!]?\\s*$");

    /**
     * "List singer names and the number of concerts for each singer", "Show all document ids, names and the number of
     * paragraphs in each document": a list of records' attributes with, for each record, the number of rows of another
     * dataset it has (that dataset's plain count, reached through the model's relationships, shown beside the attributes).
     * The rest of the question is read as the list it is; the records after "for each" must be those listed. Empty when the
     * question is not so worded or its list does not read.
     */
    Optional<Result> recordsWithCounts(String q) {
        Matcher m = WITH_COUNT.matcher(q);
        if (!m.find()) return Optional.empty();
        if (m.group(2) != null) {
            // "the number of courses they teach": auxiliaries and one verb of the relationship, which says nothing more
            List<String> clause = QuestionWords.tokens(m.group(2), false).stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
            for (int i = 0; i + 1 < clause.size(); i++) if (!FunctionWords.english().is(clause.get(i), dev.almanac.reading.FunctionClass.AUXILIARY)) return Optional.empty();
            String verb = clause.get(clause.size() - 1);
            if (!reader.lexicon.relatingVerb(verb)) return Optional.empty();
        }
        Dataset related = rowsNamedBy(m.group(1)).orElse(null);
        if (related == null) return Optional.empty();
        SemanticMetric count = countOf(related).orElse(null);
        if (count == null) return Optional.empty();
        String rest = q.substring(0, m.start()).strip() + "?";
        Result r = reader.parse(rest, null);
        if (!(r instanceof Parsed p) || p.period().isPresent()) return Optional.empty();
        SemanticQuery x = p.query();
        if (!x.metrics().isEmpty() || x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null) return Optional.empty();
        String records = listedDataset(x);
        if (records == null) return Optional.empty();
        if (x.records() == null && x.groupBy().size() == 1) {
            // "Show all countries and the number of singers in each country": values listed once each, each with its count
            String each = eachOf(m.group());
            Dimension listed = reader.model.dimension(x.groupBy().get(0).dimension()).orElse(null);
            if (listed == null || !each.isEmpty() && !each.equalsIgnoreCase("one") && !QuestionWords.tokens(each, true).equals(QuestionWords.tokens(listed.displayName(), true))
                    && !reader.lexicon.attributesOf(reader.model.dataset(listed.dataset()).orElseThrow()).containsKey(QuestionWords.tokens(each, true))) {
                return Optional.empty();
            }
            SemanticQuery byValue = x.withConditionsOf(List.of(count.name()), x.groupBy());
            try {
                reader.layer.compile(byValue);
            } catch (RuntimeException e) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(byValue, Optional.empty()));
        }
        if (records.equals(related.name())) return Optional.empty();
        // "for each singer": the records counted for are those listed; with neither "each" nor "they ...", the number may be
        // of all of them ("the names of conductors and the number of orchestras")
        String each = eachOf(m.group());
        if (each.isEmpty() && m.group(2) == null && !m.group().matches("(?is).*\\b(?:each|every)\\b.*")) return Optional.empty();
        if (!each.isEmpty() && !each.equalsIgnoreCase("one") && reader.model.dataset(records).map(d -> !ReaderLexicon.namesRows(d, QuestionWords.tokens(each, true))).orElse(true)) {
            return Optional.empty();
        }
        SemanticQuery withCount = x.withConditionsOf(List.of(count.name()), x.groupBy())
                .records(records);
        try {
            reader.layer.compile(withCount);
        } catch (RuntimeException e) {
            // "the number of concerts for each singer", singers and concerts paired in a table of their own: the number of
            // different concerts each singer's pairs refer to
            Optional<SemanticQuery> paired = bridge(records, related.name()).map(fk -> x.withConditionsOf(List.of(), x.groupBy()).records(records)
                    .countDistinct(reader.model.reference(fk)));
            if (paired.isPresent()) {
                try {
                    reader.layer.compile(paired.get());
                    return Optional.of(new Parsed(paired.get(), Optional.empty()));
                } catch (RuntimeException again) {
                    // not reached that way either
                }
            }
            return Optional.of(new Cannot("the " + related.name() + " do not reach the " + records + " one way in the model: they cannot be counted for each"));
        }
        return Optional.of(new Parsed(withCount, Optional.empty()));
    }

    /**
     * "..., with their churn scores", "and what is their budget": after the records asked for, a possessive and a measure of
     * those same records, each record's own value of it ({@link #recordsWithTheirMeasure}).
     */
    private static final Pattern THEIR_MEASURE = Pattern.compile("(?i)\\s*,?\\s+(?:with|and|along\\s+with|together\\s+with|including)\\s+"
            + "(?:(?:what|what's|whats)\\s+(?:(?:is|was|are|were)\\s+)?)?(?:their|its)\\s+([\\p{L}][\\p{L}\\s_-]*?)\\s*[?.!]?\\s*$");

    /** The aggregations whose value over one row is that row's own value. */
    private static final Set<SemanticMetric.Agg> OWN_VALUE = Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.AVG, SemanticMetric.Agg.MIN, SemanticMetric.Agg.MAX);

    /**
     * "Show me all high risk customers with their churn scores", "which campaigns started in 2026 and what is their budget":
     * the records read as a list, each with its own value of a measure of theirs: a plain sum, average, minimum or maximum of
     * a column of the records' own dataset (no filter), over each record of a dataset with a key, is that record's value.
     * Empty when the words after the possessive name anything else, or the records listed are not the measure's.
     */
    Optional<Result> recordsWithTheirMeasure(String q) {
        Matcher m = THEIR_MEASURE.matcher(q);
        if (!m.find() || m.start() == 0) return Optional.empty();
        Result listed = reader.parse(q.substring(0, m.start()).strip() + "?", null);
        if (!(listed instanceof Parsed p)) return Optional.empty();
        SemanticQuery x = p.query();
        String records = listedDataset(x);
        if (records == null || !x.metrics().isEmpty() || x.groupBy().isEmpty() || x.grain() != null || x.limit() != null || x.compareTo() != null
                || x.start() != null) return Optional.empty();
        SemanticMetric.Simple own = ownValueNamed(m.group(1).strip(), records).orElse(null);
        Dataset rows = reader.model.dataset(records).orElse(null);
        if (own == null || rows == null || rows.primaryKey().isEmpty()) return Optional.empty();
        SemanticQuery withValue = x.withConditionsOf(List.of(own.name()), x.groupBy()).records(records);
        try {
            reader.layer.compile(withValue);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(new Parsed(withValue, p.period()));
    }

    /**
     * The measure of a dataset's records whose value over one record is the record's own, named by the words: the metric they
     * read as alone ("churn scores", "average salary"), else the one column that such measures of the dataset sum, average or
     * bound, called by those words ("salaries" of the average of {@code salary}). Empty when the words name another thing or
     * several columns.
     */
    private Optional<SemanticMetric.Simple> ownValueNamed(String words, String dataset) {
        Result measured = reader.parse("What is the " + words + "?", null);
        if (measured instanceof Parsed mp) {
            SemanticQuery asked = mp.query();
            if (asked.metrics().size() != 1 || !asked.groupBy().isEmpty() || !asked.filters().isEmpty() || !asked.exists().isEmpty() || asked.start() != null
                    || asked.grain() != null || asked.records() != null || !asked.segments().isEmpty() || mp.period().isPresent()) return Optional.empty();
            return reader.model.metric(asked.metrics().get(0)).filter(x -> ownValue(x, dataset)).map(x -> (SemanticMetric.Simple) x);
        }
        List<String> said = QuestionWords.tokens(words, true).stream().map(QuestionWords::singular).toList();
        Map<String, SemanticMetric.Simple> byColumn = new HashMap<>();
        for (SemanticMetric x : reader.model.metrics()) {
            if (!ownValue(x, dataset)) continue;
            SemanticMetric.Simple s = (SemanticMetric.Simple) x;
            String column = s.expr().strip().replace("\"", "");
            if (!column.matches("[A-Za-z_][A-Za-z0-9_]*")) continue;
            List<String> named = QuestionWords.tokens(column.replace('_', ' '), true).stream().map(QuestionWords::singular).toList();
            if (named.equals(said)) byColumn.putIfAbsent(column.toLowerCase(Locale.ROOT), s);
        }
        return byColumn.size() == 1 ? Optional.of(byColumn.values().iterator().next()) : Optional.empty();
    }

    /** A plain sum, average, minimum or maximum of a column of the dataset, no filter: over one of its rows, the row's value. */
    private static boolean ownValue(SemanticMetric m, String dataset) {
        return m instanceof SemanticMetric.Simple s && s.dataset().equals(dataset) && OWN_VALUE.contains(s.agg()) && s.filter() == null
                && s.segments().isEmpty() && s.expr() != null && !s.isSnapshot();
    }

    /**
     * The attribute of the one dataset that pairs two others ("singer_in_concert": each row one singer and one concert, one
     * relationship to each) by which its rows refer to {@code counted}; empty when no dataset or several pair them so.
     */
    private Optional<Dimension> bridge(String records, String counted) {
        List<Dimension> found = new ArrayList<>();
        for (Dataset b : reader.model.datasets()) {
            if (b.name().equals(records) || b.name().equals(counted) || !refersOnce(b.name(), records) || !refersOnce(b.name(), counted)) continue;
            SemanticModel.Edge e = reader.model.edgesFrom(b.name()).stream().filter(x -> x.from().equals(b.name()) && x.to().equals(counted)).findFirst().orElseThrow();
            if (e.fromColumns().size() != 1) continue;
            reader.model.dimensionsOf(b.name()).stream().filter(d -> !d.time() && d.expr().strip().replace("\"", "").equalsIgnoreCase(e.fromColumns().get(0)))
                    .findFirst().ifPresent(found::add);
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** "Which airlines", "Show all airlines": records asked for by what their rows are called, nothing else said. */
    private static final Pattern RECORDS_NAMED = Pattern.compile("(?i)^\\s*(?:please\\s+)?(?:which|what|find|show|list|give|display)(?:\\s+me)?"
            + "(?:\\s+(?:all|the|every|each|all\\s+the))?\\s+([\\p{L}][\\p{L} _-]*?)\\s*[?.!]?\\s*$");

    /**
     * The records a request names by what their rows are called and nothing else ("Which airlines"), shown by the one
     * attribute that names each (a dimension labelling the dataset's entity: an airline's name). Empty when the words name
     * no dataset's rows, or its records have no such attribute or several.
     */
    private Optional<SemanticQuery> namedRecords(String request) {
        Matcher m = RECORDS_NAMED.matcher(request);
        if (!m.find()) return Optional.empty();
        Optional<Dataset> rows = rowsNamedBy(m.group(1));
        if (rows.isEmpty()) return Optional.empty();
        List<Dimension> labels = reader.attributes.namingAttributes(rows.get());
        if (labels.size() != 1) return Optional.empty();
        return Optional.of(new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy(reader.model.reference(labels.get(0)), List.of())), null, null, null, List.of(),
                null, null, null, null, null).records(rows.get().name()));
    }

    private static final String AGGREGATE = "(average|mean|minimum|maximum|min|max|lowest|highest|smallest|largest|total|sum)";

    /** "the average, minimum and maximum age": aggregates listed before one measure. */
    private static final Pattern AGGREGATE_LIST = Pattern.compile("(?i)\\b" + AGGREGATE + "((?:\\s*,\\s*" + AGGREGATE + ")*)\\s*,?\\s+and\\s+(?:the\\s+)?"
            + AGGREGATE + "\\b");

    private static final Pattern ONE_AGGREGATE = Pattern.compile("(?i)" + AGGREGATE);

    /**
     * "What is the average, minimum and maximum age of singers from France?": the question read once for each aggregate
     * ("the average age of singers from France", ...), each reading whole and naming one metric, all alike but for it: one
     * query of those metrics, in the order asked. Anything else is refused: the readings must agree.
     */
    Optional<Result> severalAggregates(String q) {
        Matcher m = AGGREGATE_LIST.matcher(q);
        if (!m.find()) return Optional.empty();
        List<String> aggregates = new ArrayList<>();
        Matcher each = ONE_AGGREGATE.matcher(m.group());
        while (each.find()) aggregates.add(each.group());
        List<String> metrics = new ArrayList<>();
        SemanticQuery shared = null;
        Optional<Timeframe> period = Optional.empty();
        for (String aggregate : aggregates) {
            Result r = reader.parse(q.substring(0, m.start()) + aggregate + q.substring(m.end()), null);
            if (!(r instanceof Parsed p) || p.query().metrics().size() != 1) {
                return Optional.of(new Cannot("the question asks for several aggregates ('" + m.group() + "') and '" + aggregate + "' is not read whole"));
            }
            SemanticQuery alone = p.query();
            SemanticQuery rest = alone.withMetrics(List.of()).withOrder(List.of());
            if (shared != null && !shared.equals(rest) || metrics.contains(alone.metrics().get(0))) {
                return Optional.of(new Cannot("the aggregates of '" + m.group() + "' read differently"));
            }
            shared = rest;
            period = p.period();
            metrics.add(alone.metrics().get(0));
        }
        return Optional.of(new Parsed(shared.withMetrics(metrics), period));
    }

    /** "the total population and maximum GNP ...": an aggregate of one measure and another of a second, joined by "and". */
    private static final Pattern TWO_AGGREGATES = Pattern.compile("(?i)\\b" + AGGREGATE + "\\s+((?:[\\p{L}\\d]+\\s+){0,3}?[\\p{L}\\d]+)\\s*,?\\s+and\\s+(?:the\\s+)?"
            + AGGREGATE + "\\s+");

    private static final Pattern WORD_AND_SPACE = Pattern.compile("\\S+\\s*");

    /**
     * "What is the total population and maximum GNP in Asia?", "the average GNP and total population of nations whose
     * government is US territory": the question read once for each aggregate with its own measure and the rest of the
     * question ("the total population in Asia", "the maximum GNP in Asia"), the second measure's words the fewest after
     * its aggregate with which both read whole, each naming one metric, all alike but for it: one query of both metrics.
     * Empty when no split reads so (the question is then read as it is, and refused if it names two measures).
     */
    Optional<Result> aggregatesOfTwoMeasures(String q) {
        Matcher m = TWO_AGGREGATES.matcher(q);
        if (!m.find() || ONE_AGGREGATE.matcher(m.group(2)).matches()) return Optional.empty();
        String before = q.substring(0, m.start());
        String tail = q.substring(m.end());
        Matcher word = WORD_AND_SPACE.matcher(tail);
        int words = 0;
        while (word.find() && ++words <= 4) {
            String second = tail.substring(0, word.start()) + word.group().strip();
            String rest = tail.substring(word.end());
            Result a = reader.parse(before + m.group(1) + " " + m.group(2) + " " + rest, null);
            Result b = reader.parse(before + m.group(3) + " " + second + " " + rest, null);
            if (!(a instanceof Parsed pa) || !(b instanceof Parsed pb) || pa.query().metrics().size() != 1 || pb.query().metrics().size() != 1) continue;
            SemanticQuery shared = pa.query().withMetrics(List.of()).withOrder(List.of());
            if (pa.query().metrics().equals(pb.query().metrics()) || !shared.equals(pb.query().withMetrics(List.of()).withOrder(List.of()))
                    || !pa.period().equals(pb.period())) continue;
            List<String> metrics = List.of(pa.query().metrics().get(0), pb.query().metrics().get(0));
            return Optional.of(new Parsed(shared.withMetrics(metrics), pa.period()));
        }
        return Optional.empty();
    }

    /** Words that ask how many: "how many", "the number of", "#" (said as "number of"), "count of". */
    private static final Pattern COUNT_ASKED = Pattern.compile("(?i)\\bhow\\s+many\\b|\\bnumber\\s+of\\b|\\bcount\\s+of\\b|#");

    /** Where a second question about the same rows may begin: a comma, "and", a semicolon, a plus or an ampersand. */
    private static final Pattern CLAUSE_JOIN = Pattern.compile("(?i)\\s*(?:,\\s*(?:and\\s+)?|;\\s*|\\s+and\\s+|\\s*[+&]\\s*)(?=\\S)");

    /** The words, besides function words, that ask what some rows come to in money ("how much do they add up to", "what are they worth"). */
    private static final Set<String> AMOUNT_ASKED = Set.of("much", "worth", "add", "up", "total", "come", "amount", "sum", "value");

    /**
     * "How many invoices are still open, and how much do they add up to?", "How many open opportunities are there in each
     * stage, and what are they worth?", "the number of deals won last quarter + the average deal size": a count of rows read
     * whole, then a second question of the same rows, either what they are worth (a pronoun for them and words asking an
     * amount: the one amount of money the model sums over those rows, {@link SemanticModel#amountOf}) or a measure named
     * alone, with nothing of its own (no condition, breakdown or period) and taken over the same rows as the count
     * ({@link SemanticModel#sameRows}), or how many of them ("..., and how many were opened": a count of some of the same rows,
     * {@link SemanticModel#someRows}): one query of both, with the count's conditions, breakdowns and period. A second
     * question of other rows is not read here (the question is then refused).
     */
    Optional<Result> countAndMeasure(String q) {
        if (!COUNT_ASKED.matcher(q).find()) return Optional.empty();
        Matcher join = CLAUSE_JOIN.matcher(q);
        while (join.find()) {
            String second = q.substring(join.end());
            // the first part asks how many, and the second asks again or names a measure: else no second question (and no reading)
            if (!COUNT_ASKED.matcher(q.substring(0, join.start())).find()) continue;
            if (!worthOfThem(second) && !HOW_MANY_OF_THEM.matcher(second.strip()).matches()
                    && Spans.spans(QuestionWords.tokens(second, true), reader.metricNames.metricPhraseMap()).isEmpty()) continue;
            Result first = reader.parse(q.substring(0, join.start()), null);
            if (!(first instanceof Parsed counted) || counted.query().metrics().size() != 1) continue;
            if (!(reader.model.metric(counted.query().metrics().get(0)).orElse(null) instanceof SemanticMetric.Simple count) || count.agg() != SemanticMetric.Agg.COUNT) continue;
            // "..., and how many were opened": how many of them, the first question's rows said again if need be
            boolean some = HOW_MANY_OF_THEM.matcher(second.strip()).matches();
            Optional<SemanticMetric.Simple> measure = worthOfThem(second) ? reader.model.amountOf(count) : namedAlone(second);
            if (some && measure.isEmpty()) measure = someOfThem(q.substring(0, join.start()), second);
            if (measure.isEmpty() || measure.get().name().equals(count.name())
                    || !(some ? reader.model.someRows(count, measure.get()) : reader.model.sameRows(count, measure.get()))) continue;
            return Optional.of(new Parsed(counted.query().withMetrics(List.of(count.name(), measure.get().name())), counted.period()));
        }
        return Optional.empty();
    }

    /** Whether a clause asks what rows named before are worth: a pronoun for them, and besides function words only words asking an amount. */
    private static boolean worthOfThem(String clause) {
        FunctionWords grammar = FunctionWords.english();
        List<String> words = QuestionWords.tokens(clause, true);
        boolean them = words.stream().anyMatch(w -> grammar.is(w, dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN) || grammar.is(w, dev.almanac.reading.FunctionClass.POSSESSIVE)
                || Set.of("those", "these").contains(w));
        boolean asked = words.stream().anyMatch(w -> !w.equals("up") && AMOUNT_ASKED.contains(w));
        return them && asked && words.stream().allMatch(w -> AMOUNT_ASKED.contains(w) || grammar.isFunctionWord(w));
    }

    /** "how many were opened" after "how many emails did we send": a second count with no noun of its own. */
    private static final Pattern HOW_MANY_OF_THEM = Pattern.compile("(?i)^how\\s+many\\s+(?:of\\s+(?:them|those|these)\\s+)?((?:were|are|was|is|did|do|does|have|had|got|get)\\b.*)$");

    /**
     * "..., and how many were opened": the second count read with the first's counted words in it ("how many emails were
     * opened"), the fewest words after the first's "how many" with which it reads, as a measure named alone.
     */
    private Optional<SemanticMetric.Simple> someOfThem(String first, String second) {
        Matcher them = HOW_MANY_OF_THEM.matcher(second.strip());
        Matcher asked = Pattern.compile("(?i)\\bhow\\s+many\\s+").matcher(first);
        if (!them.matches() || !asked.find()) return Optional.empty();
        List<String> after = QuestionWords.tokens(first.substring(asked.end()), false);
        for (int n = 1; n <= Math.min(3, after.size()); n++) {
            Optional<SemanticMetric.Simple> m = namedAlone("how many " + String.join(" ", after.subList(0, n)) + " " + them.group(1));
            if (m.isPresent()) return m;
        }
        return Optional.empty();
    }

    /** The one measure a clause names with nothing else of its own: no condition, breakdown, period or order. */
    private Optional<SemanticMetric.Simple> namedAlone(String clause) {
        if (!(reader.parse(clause, null) instanceof Parsed p) || p.query().metrics().size() != 1 || p.period().isPresent()) return Optional.empty();
        if (!p.query().withMetrics(List.of()).withOrder(List.of()).equals(new SemanticQuery(List.of(), List.of(), null, null, null, List.of(), List.of(), null, null, List.of(), List.of()))) {
            return Optional.empty();
        }
        return reader.model.metric(p.query().metrics().get(0)).filter(SemanticMetric.Simple.class::isInstance).map(SemanticMetric.Simple.class::cast);
    }

    /** Words that ask for values each once. */
    static final Set<String> DISTINCT_WORDS = Set.of("different", "distinct", "unique");

    /** Words that may stand between the attributes of one list ("name, country and age", "the names and the ages"). */
    static final Set<String> LIST_JOINERS = Set.of("and", "the", "their", "its", "his", "her", "also", "as", "well");

    /** Words that say nothing more in a request for a list ("the plans we offer", "the currency used in Japan"). */
    static final List<String> LISTING_WORDS = List.of("list", "show", "return", "display", "find", "give", "tell", "used", "use", "available", "offered", "exist", "existing", "called",
            "known", "kind", "type", "sort");


    /** Whether "for" stands before a word, "the" and "all" aside ("for all the different cylinders"). */
    static boolean forBefore(List<String> words, int at) {
        int i = at - 1;
        while (i >= 0 && Set.of("the", "all").contains(words.get(i))) i--;
        return i >= 0 && words.get(i).equals("for");
    }
}
