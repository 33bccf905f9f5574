package dev.almanac.semantic;

import static dev.almanac.semantic.ModelAttributes.isKey;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.Spans.anyUsed;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.Spans.longestFirst;
import static dev.almanac.semantic.Spans.mark;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules that read a dimension the question names as a breakdown of one metric (a group-by), once its values are placed.
 * The cue rules are tried in this order for each dimension named, longest phrase first; the first that finds the dimension
 * asked by returns the words that ask it ("by", "for each", none for a ranking's count), and a dimension no rule asks by is
 * left for other readings (a value's noun, the rows' own words). The rules after them read breakdowns said otherwise (in the
 * metric's own phrase, by two values of one dimension). A dimension named that stands for several is asked back. Each is a
 * named rule with the examples it must read beside it, {@code "database: question => query"} (a Spider dev database's
 * drafted model, or a corpus model of the tests' own); the test {@code RuleCorporaTest} reads them all. No rule names a
 * model's word.
 */
enum Breakdown implements CorpusRule {
    /**
     * "in each continent", "by region", "per nation", "which region", "the most common region": a cue word right before it,
     * or before "different", "distinct" right before it ("for each of the different continents").
     */
    CUE(Breakdown::cue,
            "world_1: How many countries are there in each continent? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}",
            "world_1: What is the total surface area by region? => {'metrics':['country_total_surface_area'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_total_surface_area','descending':true}]}",
            "tasty_bytes: How many customers are there in each country? => {'metrics':['customer_count'],'group_by':[{'dimension':'country'}],'order':[{'field':'customer_count','descending':true}]}",
            "car_1: What is the maximum weight for each of the different cylinders? => {'metrics':['cars_data_max_weight'],'group_by':[{'dimension':'cylinders'}]}",
            // a number is grouped by only when a ranking of the rows counted asks for one of its values ("which grade has the most")
            "network_1: Which grade has the most high schoolers? => {'metrics':['highschooler_count'],'group_by':[{'dimension':'grade'}],'order':[{'field':'highschooler_count','descending':true}],'limit':1,'ties':true}",
            "network_1: What grade is Kyle in? => {'group_by':[{'dimension':'grade'}],'filters':[{'field':'name','op':'=','values':['Kyle']}],'records':'highschooler'}",
            // a key of the rows counted that refers to other rows is those rows, said by their name: the country's name, not its key
            "car_1: Which country has the most car makers? => {'metrics':['car_makers_count'],'group_by':[{'dimension':'country_name'}],'order':[{'field':'car_makers_count','descending':true}],'limit':1,'ties':true}",
            // "by" after a past participle, before records in the plural, says who did it: no breakdown by them
            "pets_1: How many pets are owned by students older than 20? => refused",
            // the noun after "each" is what is taken one at a time, never a word of the measure read around it
            "voter_1: How many area codes does each state have? => refused",
            "concert_singer: how many singers performed in each concert => refused",
            // the records' noun right before an attribute of theirs says whose it is: one group, by the attribute
            "singer: total sales of songs by singer citizenship => {'metrics':['song_total_sales'],'group_by':[{'dimension':'citizenship'}],'order':[{'field':'song_total_sales','descending':true}]}",
            "employee_hire_evaluation: avg age by employee city => {'metrics':['employee_average_age'],'group_by':[{'dimension':'city'}]}",
            "orchestra: num of orchestras by conductor nationality => {'metrics':['orchestra_count'],'group_by':[{'dimension':'nationality'}],'order':[{'field':'orchestra_count','descending':true}]}",
            // records in the plural after "by", then said which ones: who made the rows, not a group each
            "singer: avg sales of songs by singers from united states => refused"),
    /**
     * "the continent that has the most countries", "the region with the fewest countries": the one said with "the", in the
     * singular, before a relative clause (or "with") that ranks by the measure, which ends it: the group first in that
     * ranking. Between them function words and at most one verb that is no word of the model.
     */
    RANKED_CLAUSE(Breakdown::rankedClause,
            "world_1: Give the continent that has the most countries. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}],'limit':1,'ties':true}",
            "world_1: Show the region with the fewest countries. => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':false}],'limit':1,'ties':true}",
            "world_1: List the regions with the most countries. => refused"),
    /** "by continent and region": a dimension after "and" (or a comma) right after one grouped by. */
    AFTER_ANOTHER(Breakdown::afterAnother,
            "world_1: How many countries are there by continent and region? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'},{'dimension':'region'}],'order':[{'field':'country_count','descending':true}]}"),
    /** "the top 3 continents", "which two regions": so many groups (the count with "which" read here, after "top" by the ranking). */
    COUNTED(Breakdown::counted,
            "world_1: What are the top 3 continents by number of countries? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}],'limit':3}",
            "world_1: Which 2 regions have the most countries? => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':true}],'limit':2}"),
    /** "the 3 largest regions by number of countries": a count and a ranking word before it, both read by the ranking. */
    COUNTED_RANKING(Breakdown::countedRanking,
            "world_1: Show the 3 biggest regions by number of countries. => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':true}],'limit':3}"),
    /**
     * "the top continent by number of countries", "the best performing region by ...", "the biggest adjuster by claimed amount":
     * a ranking word (a superlative of quality or size) right before it and the
     * metric right after it and "by"; one group (the ranking word read by the ranking), or said in the plural every group in
     * the ranking's order.
     */
    RANKED_BY(Breakdown::rankedBy,
            "world_1: What is the top continent by number of countries? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}],'limit':1,'ties':true}",
            "world_1: List the top continents by number of countries. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}",
            "insurer: Who was the biggest adjuster by claimed amount in 2025? => {'metrics':['claimed_amount'],'group_by':[{'dimension':'adjuster'}],'order':[{'field':'claimed_amount','descending':true}],'limit':1,'ties':true,'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "the maximum weight for the different cylinders", "show different nationalities and the number of people": a measure
     * of each of the different values asked for is one by each.
     */
    DIFFERENT(Breakdown::different,
            "car_1: What is the maximum weight for the different cylinders? => {'metrics':['cars_data_max_weight'],'group_by':[{'dimension':'cylinders'}]}"),
    /** "the premiums by region" of a metric called so: a breakdown in the metric's own phrase is asked all the same, never dropped. */
    IN_METRIC_PHRASE(Breakdown::inMetricPhrase,
            "insurer: What were the premiums by region? => {'metrics':['premiums'],'group_by':[{'dimension':'region'}],'order':[{'field':'premiums','descending':true}]}",
            // a rate the metric's own name says is per a dimension's values is that rate, never a breakdown by them
            "insurer: What were the claims per region in 2024? => {'metrics':['claims_per_region'],'start':'2024-01-01','end':'2025-01-01'}",
            // an attribute whose name begins with the metric's last words is the one named ("premiums by region group")
            "insurer: What were the premiums by region group? => {'metrics':['premiums'],'group_by':[{'dimension':'region_group'}],'order':[{'field':'premiums','descending':true}]}"),
    /**
     * "claimed amount per region" where the model has "average claimed amount per region": a breakdown said with "per"
     * right after the measure's words, which another measure's own name says in that order as its rate, may mean that
     * measure; which one is not read (said with "by", or by the other's name, each reads).
     */
    PER_AS_RATE(Breakdown::perAsRate,
            "insurer: What was the claimed amount per region in 2025? => refused",
            "insurer: What was the claimed amount by region in 2025? => {'metrics':['claimed_amount'],'group_by':[{'dimension':'region'}],'order':[{'field':'claimed_amount','descending':true}],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "avg population per country by continent": "per" before the records each value is of ("population per country", each
     * country's own) and a breakdown "by" another attribute: whether the measure is of those records or grouped by them
     * too is not read.
     */
    PER_RECORD_AND_BY(Breakdown::perRecordAndBy,
            "singer: avg net worth per singer by citizenship => refused",
            "singer: What is the average net worth of singers by citizenship? => {'metrics':['singer_average_net_worth_millions'],'group_by':[{'dimension':'citizenship'}]}"),
    /**
     * "Asia and Europe, which has more countries": two values of one dimension compare the groups; joined by "or" with
     * nothing that compares, or "combined", "in total", they are one group of rows. Joined by "and" alone in a count of
     * different records, which one record counted may have both of, they are refused: each, or both, is not said.
     */
    COMPARED_VALUES(Breakdown::comparedValues,
            "world_1: How many countries are there in Asia and Europe respectively? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'filters':[{'field':'continent','op':'in','values':['Asia','Europe']}],'order':[{'field':'country_count','descending':true}]}",
            // a count of different records over rows that may hold both values: each, or both, is not said
            "world_1: count of nations using english and dutch => refused");

    /** A breakdown's words and what is read of it: the question, its words placed, the metric, the dimensions named, and what the rules read. */
    static final class Said {
        final String q;
        final List<String> words;
        final List<String> original;
        final boolean[] used;
        final SemanticMetric metric;
        final QuestionParser.Span metricSpan;
        final boolean[] metricWords;
        final List<Dimension> dims;
        final List<QuestionParser.Span> dimSpans;
        final Map<String, List<String>> filterValues;
        final List<String> groupBy = new ArrayList<>();
        /** "which five continents": the count the rules read with the dimension. */
        Integer limit;
        /** "the top continents by ...": every group, in the ranking's order. */
        Boolean rankedAllDescending;

        Said(String q, List<String> words, List<String> original, boolean[] used, SemanticMetric metric, QuestionParser.Span metricSpan,
             boolean[] metricWords, List<Dimension> dims, List<QuestionParser.Span> dimSpans, Map<String, List<String>> filterValues) {
            this.q = q;
            this.words = words;
            this.original = original;
            this.used = used;
            this.metric = metric;
            this.metricSpan = metricSpan;
            this.metricWords = metricWords;
            this.dims = dims;
            this.dimSpans = dimSpans;
            this.filterValues = filterValues;
        }
    }

    /** A cue rule: the words before a dimension named that ask for it by ("" when they are read elsewhere), or null. */
    private interface Cue {
        String of(QuestionParser reader, Said at, QuestionParser.Span d);
    }

    /** A rule over the whole question, after the cue rules: a result that ends the reading (asked back or refused), if any. */
    private interface After {
        Optional<QuestionParser.Result> read(QuestionParser reader, Said at);
    }

    private final Cue cue;
    private final After after;
    private final List<String> examples;

    Breakdown(Cue cue, String... examples) {
        this.cue = cue;
        this.after = null;
        this.examples = List.of(examples);
    }

    Breakdown(After after, String... examples) {
        this.cue = null;
        this.after = after;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** Every rule over the words: the breakdowns read are in {@code at}, or the result that ends the reading. */
    static Optional<QuestionParser.Result> read(QuestionParser reader, Said at) {
        Map<QuestionParser.Span, QuestionParser.Span> owners = recordsBeforeTheirAttribute(reader, at);
        for (QuestionParser.Span d : Spans.longestFirst(at.dimSpans)) {
            if (Spans.anyUsed(at.used, d)) continue;
            // a key that refers to rows another candidate is an attribute of is those rows, named by it: "which country" is the
            // country's name, not a car maker's country key, though the key is the metric's own
            List<Dimension> ds = reader.dimensions.closest(reader.attributes.withoutReferences(Spans.dimensionOf(d)), d, at.metric, at.words, at.used, at.metricWords);
            String cue = null;
            for (Breakdown rule : values()) {
                if (rule.cue == null) continue;
                cue = rule.cue.of(reader, at, d);
                if (cue != null) break;
            }
            if (cue == null && owners.containsKey(d)) { // "by singer citizenship": the cue before the records' noun
                QuestionParser.Span owner = owners.get(d);
                String before = cueBefore(at.words, owner.from());
                if (before != null) {
                    markCue(at.words, at.used, owner.from(), before);
                    cue = "";
                }
            }
            if (cue == null) { // "by loan status": the cue before a noun of the rows whose attribute it is, which says whose
                Optional<RowsBefore> rows = rowsNounBefore(reader, at, d, Spans.dimensionOf(d));
                if (rows.isPresent()) {
                    Spans.mark(at.used, rows.get().noun());
                    markCue(at.words, at.used, rows.get().noun().from(), rows.get().cue());
                    ds = rows.get().theirs();
                    cue = "";
                }
            }
            if (cue == null) continue;
            if (ds.size() > 1) {
                String shown = String.join(" ", at.original.subList(d.from(), d.to()));
                List<String> options = new ArrayList<>();
                List<String> names = QuestionParser.toldApart(ds);
                for (String n : names) options.add(at.q.replaceFirst("(?i)\\b" + Pattern.quote(shown) + "\\b", Matcher.quoteReplacement(n.toLowerCase(Locale.ROOT))));
                return Optional.of(reader.checked(new QuestionParser.Clarify("By which do you mean: " + String.join(", ", names) + "?", options)));
            }
            String field = reader.model.reference(ds.get(0));
            if (at.filterValues.containsKey(field) && at.filterValues.get(field).size() > 1) continue;
            if (cue.equals("across") && eachItsOwnGroup(reader, at.metric, ds.get(0))) {
                // "the min and max height across players": over all of them, a player being no group of players
                Spans.mark(at.used, d);
                markCue(at.words, at.used, d.from(), cue);
                continue;
            }
            if (!at.groupBy.contains(field)) at.groupBy.add(field);
            Spans.mark(at.used, d);
            markCue(at.words, at.used, d.from(), cue);
        }
        for (Breakdown rule : values()) {
            if (rule.after == null) continue;
            Optional<QuestionParser.Result> ends = rule.after.read(reader, at);
            if (ends.isPresent()) return ends;
        }
        return Optional.empty();
    }

    /** The noun of some rows said between a breakdown's cue and an attribute, and the candidates that are those rows' own. */
    private record RowsBefore(QuestionParser.Span noun, String cue, List<Dimension> theirs) {}

    /**
     * "by loan status", "per customer segment": one or two words right before an attribute that name one dataset's rows
     * (its name, table or synonyms), after a breakdown's cue, when that dataset has the attribute among the candidates: the
     * attribute is those rows' own, as "the status of the loans" says. Empty otherwise.
     */
    private static Optional<RowsBefore> rowsNounBefore(QuestionParser reader, Said at, QuestionParser.Span d, List<Dimension> ds) {
        for (int n = 1; n <= 2 && d.from() - n >= 1; n++) {
            int from = d.from() - n;
            String cue = cueBefore(at.words, from);
            List<Dataset> named = reader.lexicon.rowsCalled(at.words.subList(from, d.from()).stream().map(QuestionWords::singular).toList());
            QuestionParser.Span noun = new QuestionParser.Span(from, d.from(), named);
            if (cue == null || named.size() != 1 || Spans.anyUsed(at.used, noun) || !saidTogether(at, d.from() - 1)) continue;
            List<Dimension> theirs = ds.stream().filter(x -> x.dataset().equals(named.get(0).name())).toList();
            if (!theirs.isEmpty()) return Optional.of(new RowsBefore(noun, cue, theirs));
        }
        return Optional.empty();
    }

    /**
     * "by singer citizenship", "by employee city": the records' noun (what names each of them) right before an attribute of
     * theirs says whose attribute it is, as "the city of the employee" does; it is no second group (by each employee).
     */
    private static Map<QuestionParser.Span, QuestionParser.Span> recordsBeforeTheirAttribute(QuestionParser reader, Said at) {
        Map<QuestionParser.Span, QuestionParser.Span> owners = new HashMap<>();
        for (QuestionParser.Span d : at.dimSpans) {
            List<Dimension> naming = Spans.dimensionOf(d);
            if (Spans.anyUsed(at.used, d) || naming.isEmpty() || Spans.longerOver(at.dimSpans, d).findAny().isPresent()) continue;
            for (QuestionParser.Span e : at.dimSpans) {
                if (e.from() != d.to() || Spans.anyUsed(at.used, e) || Spans.longerOver(at.dimSpans, e).findAny().isPresent() || !saidTogether(at, d.to() - 1)) continue;
                // what names the records, or a key that refers to them ("channel" of a cartoon), then an attribute of those records
                if (Spans.dimensionOf(e).stream().anyMatch(x -> naming.stream().anyMatch(n -> !n.equals(x)
                        && (namesEach(reader, n) && n.dataset().equals(x.dataset()) || reader.attributes.refersTo(n, x.dataset()))))) {
                    Spans.mark(at.used, d);
                    owners.put(e, d);
                    break;
                }
            }
        }
        return owners;
    }

    /** Whether a word and the next are written with nothing but a space or a possessive between (no comma: "owner id, first name"). */
    private static boolean saidTogether(Said at, int i) {
        if (i + 1 >= at.original.size()) return false;
        return Pattern.compile("(?i)(?<!\\w)" + Pattern.quote(at.original.get(i)) + "(?:'s|\u2019s|')?\\s+" + Pattern.quote(at.original.get(i + 1)) + "(?!\\w)").matcher(at.q).find();
    }

    /** Whether an attribute names each record of its dataset (its label, or a name no two records share). */
    private static boolean namesEach(QuestionParser reader, Dimension d) {
        return d.labelsEntity() || reader.model.dataset(d.dataset()).map(ds -> ModelAttributes.namesEachRecord(ds, d)).orElse(false);
    }

    private static String cue(QuestionParser reader, Said at, QuestionParser.Span d) {
        String cue = cueBefore(at.words, d.from());
        if ("by".equals(cue) && (agentAfterParticiple(at, d) || qualifiedAgents(at, d))) return null;
        if (cue != null || d.from() < 2 || !RecordShapes.DISTINCT_WORDS.contains(at.words.get(d.from() - 1))) return cue;
        // "for each of the different continents": the cue before the word that asks for the values each once, which the
        // breakdown's groups are already (that word is left for the check of words placed)
        String before = cueBefore(at.words, d.from() - 1);
        if (before == null || java.util.Arrays.stream(before.split(" ")).noneMatch(BREAKDOWN_WORDS::contains)) return null;
        markCue(at.words, at.used, d.from() - 1, before);
        return "";
    }

    /**
     * Whether a breakdown by this attribute would make each record of the metric's own rows a group of its own: the
     * attribute names those records (their key or their label), so "across" them says over which rows, not by which.
     */
    private static boolean eachItsOwnGroup(QuestionParser reader, SemanticMetric metric, Dimension d) {
        Set<String> rows = reader.datasetsOf(metric);
        if (!rows.equals(Set.of(d.dataset()))) return false;
        return reader.model.dataset(d.dataset()).map(ds -> ModelAttributes.namesEachRecord(ds, d)).orElse(d.labelsEntity());
    }

    /** The words that ask for a breakdown on their own ("by", "per", "each"), not a question word ("which", "what"). */
    private static final Set<String> BREAKDOWN_WORDS = Set.of("by", "per", "each", "every", "across");

    private static String rankedClause(QuestionParser reader, Said at, QuestionParser.Span d) {
        List<String> words = at.words;
        if (d.from() < 1 || !words.get(d.from() - 1).equals("the") || d.to() >= words.size() || !CLAUSE_OPENERS.contains(words.get(d.to()))
                || at.metricSpan.from() <= d.to()) return null;
        if (!at.original.get(d.to() - 1).toLowerCase(Locale.ROOT).equals(words.get(d.to() - 1))) return null; // "the offices with the most": how many is not said
        int verbs = 0;
        for (int k = d.to() + 1; k < at.metricSpan.from(); k++) {
            String w = words.get(k);
            if (Ranking.MOST.contains(w) || Ranking.LEAST.contains(w)) return "";
            if (QuestionFrame.FILLER.contains(w)) continue;
            // one verb that says how the group relates to what is counted, never a word of the model (which says which rows)
            boolean verb = !dev.almanac.reading.Lexicon.english().baseForms(at.original.get(k).toLowerCase(Locale.ROOT), dev.almanac.reading.PartOfSpeech.VERB).isEmpty()
                    && !reader.lexicon.modelStems().contains(QuestionWords.stem(w));
            if (!verb || ++verbs > 1) return null;
        }
        return null;
    }

    /** The words that open what is said of a group: a relative pronoun, or "with". */
    private static final Set<String> CLAUSE_OPENERS = Set.of("that", "which", "who", "with");

    private static String afterAnother(QuestionParser reader, Said at, QuestionParser.Span d) {
        int before = d.from() - 1;
        return before >= 0 && Set.of("and", ",").contains(at.words.get(before)) && reader.dimensions.groupedJustBefore(before, at.used, at.dimSpans, at.groupBy) ? "and" : null;
    }

    private static String counted(QuestionParser reader, Said at, QuestionParser.Span d) {
        List<String> words = at.words;
        if (d.from() < 2 || !QuestionWords.smallNumber(words.get(d.from() - 1))) return null;
        String before = words.get(d.from() - 2);
        if (!Ranking.TOP.matcher(before + " " + words.get(d.from() - 1)).matches() && !before.equals("which")) return null;
        if (before.equals("which")) {
            at.limit = Integer.parseInt(words.get(d.from() - 1));
            at.used[d.from() - 1] = true;
            at.used[d.from() - 2] = true;
        }
        return "";
    }

    private static String countedRanking(QuestionParser reader, Said at, QuestionParser.Span d) {
        List<String> words = at.words;
        return d.from() >= 2 && QuestionWords.smallNumber(words.get(d.from() - 2)) && !at.used[d.from() - 2]
                && (Ranking.MOST.contains(words.get(d.from() - 1)) || Ranking.LEAST.contains(words.get(d.from() - 1))) ? "" : null;
    }

    private static String rankedBy(QuestionParser reader, Said at, QuestionParser.Span d) {
        List<String> words = at.words;
        int rank = d.from() >= 2 && words.get(d.from() - 1).equals("performing") ? d.from() - 2 : d.from() - 1;
        if (rank < 0 || !Breakdown.RANK_BEFORE.contains(words.get(rank)) || at.used[rank] || d.to() + 1 != at.metricSpan.from()
                || !words.get(d.to()).equals("by") || at.used[d.to()] || at.metricSpan.scattered()) return null;
        at.used[d.to()] = true;
        if (rank < d.from() - 1) at.used[d.from() - 1] = true;
        if (!at.original.get(d.to() - 1).toLowerCase(Locale.ROOT).equals(words.get(d.to() - 1))) { // said in the plural
            at.rankedAllDescending = Ranking.MOST.contains(words.get(rank));
            at.used[rank] = true;
        }
        return "";
    }

    private static String different(QuestionParser reader, Said at, QuestionParser.Span d) {
        List<String> words = at.words;
        if (d.from() < 1 || !RecordShapes.DISTINCT_WORDS.contains(words.get(d.from() - 1)) || at.metric.info().synonyms().equals(RecordShapes.LISTING_WORDS)) return null;
        boolean measureAfter = at.metricSpan.from() > d.to() && words.subList(d.to(), at.metricSpan.from()).contains("and");
        if (!measureAfter && !RecordShapes.forBefore(words, d.from() - 1)) return null;
        at.used[d.from() - 1] = true;
        return "";
    }

    private static Optional<QuestionParser.Result> perRecordAndBy(QuestionParser reader, Said at) {
        if (at.groupBy.size() < 2) return Optional.empty();
        List<String> words = at.words;
        for (QuestionParser.Span d : at.dimSpans) {
            if (d.from() < 1 || !words.get(d.from() - 1).equals("per") || Spans.dimensionOf(d).stream().noneMatch(x -> namesEach(reader, x)
                    && at.groupBy.contains(reader.model.reference(x)))) continue;
            boolean byOther = at.dimSpans.stream().anyMatch(o -> o != d && o.from() >= 1 && words.get(o.from() - 1).equals("by")
                    && Spans.dimensionOf(o).stream().anyMatch(x -> at.groupBy.contains(reader.model.reference(x))));
            if (byOther) return Optional.of(new QuestionParser.Cannot("'per " + String.join(" ", at.original.subList(d.from(), d.to()))
                    + "' may say what each value is of or a group beside the other: which is meant is not read"));
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Result> perAsRate(QuestionParser reader, Said at) {
        List<String> words = at.words;
        if (at.metricSpan == null || at.metricSpan.scattered()) return Optional.empty();
        for (QuestionParser.Span d : at.dimSpans) {
            if (d.from() != at.metricSpan.to() + 1 || !words.get(d.from() - 1).equals("per") || !Spans.anyUsed(at.used, d)) continue;
            List<String> said = words.subList(at.metricSpan.from(), d.to());
            for (SemanticMetric other : reader.model.metrics()) {
                if (other == at.metric) continue;
                for (String name : ownNames(other)) {
                    if (java.util.Collections.indexOfSubList(QuestionWords.tokens(name, true), said) < 0) continue;
                    String shown = String.join(" ", at.original.subList(at.metricSpan.from(), d.to()));
                    return Optional.of(new QuestionParser.Cannot("'" + shown + "' may be " + at.metric.displayName() + " by "
                            + String.join(" ", at.original.subList(d.from(), d.to())) + ", or " + other.displayName() + ": which one is meant is not read"));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Result> inMetricPhrase(QuestionParser reader, Said at) {
        List<String> words = at.words;
        for (QuestionParser.Span d : at.dimSpans) {
            if (d.from() < 1 || !Spans.inSpan(at.metricSpan, d.from()) || !Spans.inSpan(at.metricSpan, d.from() - 1)
                    || !Set.of("by", "per").contains(words.get(d.from() - 1))) continue;
            // "average revenue per account": a rate the metric's own name says is per one of them, never a breakdown
            if (words.get(d.from() - 1).equals("per") && ratePer(at.metric, words.subList(d.from(), d.to()))) continue;
            // "revenue by product category" of a metric said "revenue by product": the attribute named is the longer one
            if (at.dimSpans.stream().anyMatch(o -> o.from() <= d.from() && o.to() > d.to() && o.to() > at.metricSpan.to())) continue;
            List<Dimension> ds = reader.attributes.withoutReferences(Spans.dimensionOf(d).stream().filter(at.dims::contains).toList());
            if (ds.size() != 1) {
                return Optional.of(new QuestionParser.Cannot("the breakdown in '" + String.join(" ", at.original.subList(at.metricSpan.from(), at.metricSpan.to()))
                        + "' could not be read"));
            }
            if (!at.groupBy.contains(reader.model.reference(ds.get(0)))) at.groupBy.add(reader.model.reference(ds.get(0)));
        }
        return Optional.empty();
    }

    /**
     * Whether the metric's own name, label or a synonym says it is per these words ("Average revenue per account",
     * "cost_per_click", "average revenue per customer"); a synonym that groups ("premiums by region") says "by".
     */
    /** A metric's own names: its name, its label without the aside, and its synonyms. */
    private static List<String> ownNames(SemanticMetric metric) {
        List<String> names = new ArrayList<>(List.of(metric.name().replace('_', ' '), QuestionParser.withoutAside(metric.displayName())));
        names.addAll(metric.info().synonyms());
        return names;
    }

    private static boolean ratePer(SemanticMetric metric, List<String> said) {
        for (String name : ownNames(metric)) {
            List<String> t = QuestionWords.tokens(name, true);
            int per = t.indexOf("per");
            if (per >= 0 && per + said.size() < t.size() && t.subList(per + 1, per + 1 + said.size()).equals(said)) return true;
        }
        return false;
    }

    private static Optional<QuestionParser.Result> comparedValues(QuestionParser reader, Said at) {
        List<String> words = at.words;
        boolean comparing = COMPARING.matcher(at.q).find();
        boolean union = words.contains("or") && !words.contains("and") && !comparing
                || words.stream().anyMatch(TOGETHER::contains) && !comparing && words.stream().noneMatch(w -> w.equals("each") || w.equals("respectively"));
        if (union) return Optional.empty();
        for (Map.Entry<String, List<String>> e : at.filterValues.entrySet()) {
            if (e.getValue().size() > 1 && !at.groupBy.contains(e.getKey()) && !comparing && words.contains("and")
                    && at.metric instanceof SemanticMetric.Simple s && s.agg() == SemanticMetric.Agg.COUNT_DISTINCT) {
                // "nations using English and Dutch" of a count of different countries over rows of languages: a country counted
                // may have both values, so each value's count and the count of those with both are two answers
                return Optional.of(new QuestionParser.Cannot("'" + String.join(" and ", e.getValue()) + "': whether each is counted apart or only "
                        + at.metric.displayName() + " with both is not read; ask for each, or for those with both"));
            }
            if (e.getValue().size() > 1 && !at.groupBy.contains(e.getKey())) {
                at.groupBy.add(e.getKey());
                for (int i = 0; i < words.size(); i++) if (GROUP_COMPARISON.contains(words.get(i))) at.used[i] = true; // "did Asia or Europe have more"
            }
        }
        return Optional.empty();
    }

    /** Words that ask for the groups, before the dimension named: the longest said is the one read. */
    private static final List<String> GROUP_CUES = List.of("broken down by", "split by", "grouped by", "for each of our", "for each of the", "through which",
            "what were the", "what are the", "which were the", "which are the",
            "in each of our", "each of our", "each of the", "for each", "for every", "most common", "most frequent", "most popular", "by", "per", "each",
            "every", "across", "which", "what");
    static final Set<String> RANK_BEFORE = Set.of("top", "bottom", "best", "worst", "largest", "biggest", "greatest", "highest", "smallest", "lowest");
    /** Words that say two groups are compared, placed with the values compared. */
    private static final Set<String> GROUP_COMPARISON = Set.of("more", "less", "fewer", "higher", "lower", "bigger", "smaller", "larger", "better",
            "worse", "compare", "compared", "comparison", "versus", "vs", "against", "between", "respectively", "separately");
    /** Words that ask two groups to be set side by side. */
    private static final Pattern COMPARING = Pattern.compile("(?i)\\b(compare[ds]?|comparison|versus|vs\\.?|against|which|more|less|fewer|higher|lower|bigger|"
            + "smaller|larger|better|worse|each|respectively|separately|side by side)\\b");
    /** Words that ask for one figure over the values named. */
    private static final Set<String> TOGETHER = Set.of("total", "combined", "together", "altogether", "sum");

    /**
     * "pets owned by students older than 20", "films directed by people who ...": "by" after a verb's past participle and
     * before records named in the plural says who did it (the passive's agent), not a breakdown of them.
     */
    private static boolean agentAfterParticiple(Said at, QuestionParser.Span d) {
        int by = d.from() - 1;
        if (by < 1 || d.to() > at.original.size()) return false;
        String verb = at.original.get(by - 1).toLowerCase(Locale.ROOT);
        boolean participle = (verb.endsWith("ed") || verb.endsWith("en") || verb.endsWith("wn")) && !SORTING.contains(verb)
                && dev.almanac.reading.Lexicon.english().baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(b -> !b.equals(verb));
        return participle && saidInPlural(at, d.to() - 1);
    }

    /** Whether a word was written in the plural of the (singular) word read. */
    private static boolean saidInPlural(Said at, int i) {
        String noun = at.original.get(i).toLowerCase(Locale.ROOT);
        return !noun.equals(at.words.get(i)) && QuestionWords.singular(noun).equals(at.words.get(i));
    }

    /**
     * "sales of songs by singers from France", "songs by singers with a net worth over 20": records in the plural after "by",
     * then said which ones, are who made the rows (those singers' songs), not a group each.
     */
    private static boolean qualifiedAgents(Said at, QuestionParser.Span d) {
        if (d.to() >= at.words.size() || d.to() > at.original.size() || !QUALIFIERS.contains(at.words.get(d.to()))) return false;
        return saidInPlural(at, d.to() - 1);
    }

    /** The words that open what is said of some records: a preposition of origin or having, a relative pronoun. */
    private static final Set<String> QUALIFIERS = Set.of("from", "with", "who", "that", "whose", "which", "born", "aged", "older", "younger");

    /** Participles that say how rows are arranged by what follows ("ordered by", "grouped by"), not who did something. */
    private static final Set<String> SORTING = Set.of("ordered", "sorted", "grouped", "broken", "split", "ranked", "arranged", "listed", "organized", "organised");

    /** The cue right before a word, if any. */
    static String cueBefore(List<String> words, int at) {
        for (String cue : GROUP_CUES) {
            List<String> c = List.of(cue.split(" "));
            int start = at - c.size();
            if (start >= 0 && words.subList(start, at).equals(c)) return cue;
        }
        return null;
    }

    private static void markCue(List<String> words, boolean[] used, int at, String cue) {
        if (cue.isEmpty()) return;
        int n = cue.split(" ").length;
        for (int i = at - n; i < at; i++) if (!Ranking.MOST.contains(words.get(i))) used[i] = true; // "most common reason": "most" is the ranking's
    }

    /**
     * "the number of car makers in each continent, with the continent's id and name": a breakdown by the attribute that
     * names some records (or their key) shows each of them, and other attributes of those records the question names, by
     * their names or short names ({@link ShortName}), its key as "id", are shown beside it, each record's, in the order
     * asked; "name" is the naming attribute itself. Words of other records are left to the leftover check.
     */
    static void groupedAttributes(QuestionParser reader, List<String> words, boolean[] used, List<String> groupBy) {
        for (String field : List.copyOf(groupBy)) {
            Dimension g = reader.model.dimension(field).orElse(null);
            if (g == null) continue;
            // a breakdown by a reference to other records (a country's continent key) is one by those records
            List<Dataset> referred = reader.model.edgesFrom(g.dataset()).stream().filter(e -> reader.attributes.refersTo(g, e.to())).map(e -> reader.model.dataset(e.to()).orElse(null))
                    .filter(java.util.Objects::nonNull).distinct().toList();
            Dataset records = referred.size() == 1 ? referred.get(0) : reader.model.dataset(g.dataset()).orElse(null);
            if (records == null) continue;
            List<Dimension> names = reader.attributes.namingAttributes(records);
            Dimension key = referred.size() == 1 ? g : reader.model.dimensionsOf(records.name()).stream().filter(d -> isKey(records, d)).findFirst().orElse(null);
            if (referred.isEmpty() && !names.contains(g) && g != key) continue;
            Map<List<String>, Object> phrases = new HashMap<>(reader.lexicon.attributesOf(records));
            if (names.size() == 1) phrases.put(List.of("name"), List.of(names.get(0)));
            if (key != null) {
                phrases.put(List.of("id"), List.of(key));
                phrases.put(List.of("ids"), List.of(key));
            }
            List<Span> said = new ArrayList<>(longestFirst(spans(words, phrases)));
            said.sort((a, b) -> a.from() - b.from());
            int at = groupBy.indexOf(field);
            List<String> shown = new ArrayList<>();
            for (Span sp : said) {
                List<Dimension> ds = dimensionOf(sp);
                if (anyUsed(used, sp) || ds.size() != 1 || ds.get(0).time()) continue;
                // "the employee name": an attribute of other records, which the breakdown does not show
                if (sp.from() > 0 && reader.lexicon.rowWords().getOrDefault(List.of(singular(words.get(sp.from() - 1))), List.of()).stream().anyMatch(r -> r != records)) continue;
                // the records' own key is the reference's value ("the continent id" of countries by their continent key)
                String ref = isKey(records, ds.get(0)) && key != null ? reader.model.reference(key) : reader.model.reference(ds.get(0));
                if (!ref.equals(field) && !groupBy.contains(ref) && !shown.contains(ref)) shown.add(ref);
                mark(used, sp);
            }
            groupBy.addAll(at + 1, shown);
        }
    }

    /** Words after which a noun asks for a breakdown. */
    static final Set<String> BREAKDOWN_CUES = Set.of("by", "per", "each", "every");
}
