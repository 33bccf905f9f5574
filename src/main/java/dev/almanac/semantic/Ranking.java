package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules that read a ranking of one metric's groups, tried in this order once its breakdowns are read: each sets the
 * order (the metric's, highest or lowest first), how many groups are kept, or the period a ranking of periods is by, and
 * marks its words placed; a rule reads nothing a rule before it read. Each is a named rule with the examples it must read
 * beside it, {@code "database: question => query"} (a Spider dev database's drafted model, or a corpus model of the tests'
 * own), the whole question's query as its JSON; the test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum Ranking implements CorpusRule {
    /** "the top continents by number of countries": every group, in the ranking's order (read with the breakdown it ranks). */
    RANKED_BREAKDOWN((reader, at) -> {
        if (at.rankedAllDescending != null) at.order.add((at.rankedAllDescending ? "-" : "") + at.metric.name());
    }, "world_1: List the top continents by number of countries. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}"),
    /** "the top 3 continents by ...", "the bottom 2 regions": so many groups, highest or lowest first. */
    TOP_N(Ranking::topN,
            "world_1: What are the top 3 continents by number of countries? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}],'limit':3}",
            "world_1: Show the bottom 2 regions by number of countries. => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':false}],'limit':2}"),
    /** "the continents from most to fewest countries", "least to most": every group, ordered from the end said first to the other. */
    END_TO_END(Ranking::endToEnd,
            "world_1: Show the number of countries by continent, from most to fewest. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}",
            "world_1: Which regions have the least to most countries? => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':false}]}",
            // a question another team published with its model (Snowflake's Tasty Bytes Cortex quickstart)
            "tasty_bytes: Which countries generate the least to most total sales revenue? => {'metrics':['total_sales'],'group_by':[{'dimension':'country'}],'order':[{'field':'total_sales','descending':false}]}"),
    /** "which continent has the most countries", "the two regions with the fewest": the first group (every one tied with it), or so many. */
    SUPERLATIVE(Ranking::superlative,
            "world_1: Which continent has the most countries? => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}],'limit':1,'ties':true}",
            "world_1: Which two regions have the fewest countries? => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':false}],'limit':2}",
            // groups asked in the plural with no count ("which regions have ..."): more than one, how many unsaid: every group, ranked
            "world_1: Which regions have the most countries? => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':true}]}",
            // the measure's own word in the plural ("area code states") says nothing of how many groups are asked
            "voter_1: Which state has the most area code states? => {'metrics':['area_code_state_count'],'group_by':[{'dimension':'area_code_state.state'}],'order':[{'field':'area_code_state_count','descending':true}],'limit':1,'ties':true}",
            "tasty_bytes: Which countries have the highest number of customers in our loyalty program? => {'metrics':['customer_count'],'group_by':[{'dimension':'country'}],'order':[{'field':'customer_count','descending':true}]}"),
    /** "rank the continents by number of countries", "regions ranked by ..., lowest first": every group, in that order. */
    RANK_VERB(Ranking::rankVerb,
            "world_1: Rank the continents by number of countries. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}",
            "world_1: Rank the regions by number of countries, lowest first. => {'metrics':['country_count'],'group_by':[{'dimension':'region'}],'order':[{'field':'country_count','descending':false}]}"),
    /** "... for each pet type, ordered by pet type", "Order by document id.": every group, sorted by an attribute grouped by. */
    ORDERED_BY_GROUP(Ranking::orderedByGroup,
            "pets_1: Show the number of pets for each pet type, ordered by pet type. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pet_type','descending':false}]}",
            "pets_1: Show the number of pets for each pet type sorted by pet type in descending order. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pet_type','descending':true}]}",
            "pets_1: Show the number of pets for each pet type, ordered by weight. => refused"),
    /**
     * "spend by channel, largest first", "the number of countries by continent in descending order": every group, ordered by
     * the measure in the direction said, when no attribute is named to sort by (read before, by {@link #ORDERED_BY_GROUP}).
     */
    DIRECTION_OF_THE_MEASURE(Ranking::directionOfTheMeasure,
            "world_1: Show the number of countries by continent, largest first. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':true}]}",
            "world_1: Show the number of countries by continent in ascending order. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}],'order':[{'field':'country_count','descending':false}]}",
            "world_1: Show the number of countries by continent in ascending order of population. => refused"),
    /** "which month had the most claims", "the three best weeks": a ranking with no breakdown is one of periods, by the unit named. */
    RANKED_PERIODS(Ranking::rankedPeriods,
            "insurer: Which month of 2025 had the most claims? => {'metrics':['claims'],'grain':'month','start':'2025-01-01','end':'2026-01-01','order':[{'field':'claims','descending':true}],'limit':1,'ties':true}");

    /** A ranking's words and what is read of it: the question's words, which are placed, the metric, its breakdowns, and the order, count and period unit read. */
    static final class Said {
        final List<String> words;
        final boolean[] used;
        final SemanticMetric metric;
        final List<String> groupBy;
        final Boolean rankedAllDescending;
        /** Whether the groups are asked for in the plural ("which regions have the most ..."). */
        final boolean pluralGroups;
        final List<String> order = new ArrayList<>();
        Integer limit;
        Grain grain;

        Said(List<String> words, boolean[] used, SemanticMetric metric, List<String> groupBy, Boolean rankedAllDescending, boolean pluralGroups,
             Integer limit, Grain grain) {
            this.words = words;
            this.pluralGroups = pluralGroups;
            this.used = used;
            this.metric = metric;
            this.groupBy = groupBy;
            this.rankedAllDescending = rankedAllDescending;
            this.limit = limit;
            this.grain = grain;
        }
    }

    private interface Rule {
        void read(QuestionParser reader, Said at);
    }

    private final Rule rule;
    private final List<String> examples;

    Ranking(Rule rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** Every rule in order over the words: what they read is in {@code at}. */
    static Said read(QuestionParser reader, Said at) {
        for (Ranking r : values()) r.rule.read(reader, at);
        return at;
    }

    private static void orderedByGroup(QuestionParser reader, Said at) {
        if (!at.order.isEmpty() || at.groupBy.isEmpty()) return;
        List<String> w = at.words;
        for (int i = 0; i + 2 < w.size(); i++) {
            if (at.used[i] || !SORTING.contains(w.get(i)) || !w.get(i + 1).equals("by")) continue;
            int from = w.get(i + 2).equals("the") ? i + 3 : i + 2;
            for (int to = w.size(); to > from; to--) {
                Object hit = reader.lexicon.attributePhrases().get(w.subList(from, to));
                if (!(hit instanceof List<?> dims)) continue;
                String field = dims.stream().map(d -> reader.model.reference((Dimension) d)).filter(at.groupBy::contains).findFirst().orElse(null);
                if (field == null) return;
                int end = to;
                boolean descending = false;
                for (List<String> said : List.of(List.of("in", "descending", "order"), List.of("in", "ascending", "order"), List.of("descending"), List.of("ascending"))) {
                    if (end + said.size() <= w.size() && w.subList(end, end + said.size()).equals(said)) {
                        descending = said.contains("descending");
                        end += said.size();
                        break;
                    }
                }
                at.order.add((descending ? "-" : "") + field);
                for (int k = i; k < end; k++) at.used[k] = true;
                return;
            }
        }
    }

    /** The verbs that ask rows to be put in an order. */
    private static final java.util.Set<String> SORTING = java.util.Set.of("order", "ordered", "sort", "sorted", "arrange", "arranged");

    private static void topN(QuestionParser reader, Said at) {
        if (!at.order.isEmpty()) return;
        Matcher top = TOP.matcher(String.join(" ", at.words));
        if (!top.find()) return;
        at.limit = Integer.parseInt(top.group(2));
        at.order.add((LEAST.contains(top.group(1)) ? "" : "-") + at.metric.name());
        Spans.markWords(at.words, at.used, top.group(1), top.group(2));
    }

    private static void endToEnd(QuestionParser reader, Said at) {
        if (!at.order.isEmpty() || at.groupBy.isEmpty()) return;
        List<String> words = at.words;
        for (int i = 0; i + 2 < words.size(); i++) {
            String from = words.get(i), to = words.get(i + 2);
            if (at.used[i] || at.used[i + 2] || !words.get(i + 1).equals("to")) continue;
            boolean ascending = LEAST.contains(from) && MOST.contains(to);
            if (!ascending && !(MOST.contains(from) && LEAST.contains(to))) continue;
            at.order.add((ascending ? "" : "-") + at.metric.name());
            at.used[i] = at.used[i + 1] = at.used[i + 2] = true;
            if (i > 0 && words.get(i - 1).equals("from")) at.used[i - 1] = true;
            return;
        }
    }

    private static void superlative(QuestionParser reader, Said at) {
        if (!at.order.isEmpty()) return;
        List<String> words = at.words;
        String joined = String.join(" ", words);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (at.used[i] || !MOST.contains(w) && !LEAST.contains(w)) continue;
            boolean counted = i > 0 && QuestionWords.smallNumber(words.get(i - 1)) && !at.used[i - 1]; // "our three best months"
            boolean rankingQuestion = joined.startsWith("which") || joined.startsWith("what") || joined.contains(" which ") || i > 0 && words.get(i - 1).equals("the")
                    || counted || i == 0 || i == 1 && words.get(0).equals("our"); // "best month for signups this year"
            if (!rankingQuestion) continue;
            at.order.add((LEAST.contains(w) ? "" : "-") + at.metric.name());
            if (counted) {
                at.limit = Integer.parseInt(words.get(i - 1));
                at.used[i - 1] = true;
            }
            // "which region has the most": the first group (and every one tied with it); "which regions have the most": groups
            // in the plural, so more than one, and no count said: every group, in the ranking's order
            if (at.limit == null && !(at.pluralGroups && !at.groupBy.isEmpty())) at.limit = 1;
            at.used[i] = true;
        }
    }

    private static void rankVerb(QuestionParser reader, Said at) {
        if (!at.order.isEmpty() || at.groupBy.isEmpty()) return;
        List<String> words = at.words;
        for (int i = 0; i < words.size(); i++) {
            if (at.used[i] || !Set.of("rank", "ranked", "ranking").contains(words.get(i))) continue;
            // "lowest first", "smallest first": the direction said by the end that comes first
            boolean lowest = words.stream().anyMatch(OrderWords.ASCENDING::contains);
            for (int k = 0; k + 1 < words.size(); k++) {
                if (at.used[k] || !words.get(k + 1).equals("first") || at.used[k + 1]) continue;
                if (!LEAST.contains(words.get(k)) && !MOST.contains(words.get(k))) continue;
                lowest = LEAST.contains(words.get(k));
                at.used[k] = at.used[k + 1] = true;
            }
            at.order.add((lowest ? "" : "-") + at.metric.name());
            at.used[i] = true;
            for (int k = 0; k < words.size(); k++) {
                if (!at.used[k] && (OrderWords.ASCENDING.contains(words.get(k)) || OrderWords.DESCENDING.contains(words.get(k)) || words.get(k).equals("order"))) at.used[k] = true;
            }
            return;
        }
    }

    private static void directionOfTheMeasure(QuestionParser reader, Said at) {
        if (!at.order.isEmpty() || at.groupBy.isEmpty() || at.limit != null) return;
        List<String> words = at.words;
        int n = words.size();
        while (n > 0 && !words.get(n - 1).chars().anyMatch(Character::isLetterOrDigit)) n--;
        // "..., highest first" at the end
        if (n >= 2 && !at.used[n - 2] && !at.used[n - 1] && words.get(n - 1).equals("first") && (MOST.contains(words.get(n - 2)) || LEAST.contains(words.get(n - 2)))) {
            at.order.add((LEAST.contains(words.get(n - 2)) ? "" : "-") + at.metric.name());
            at.used[n - 2] = at.used[n - 1] = true;
            return;
        }
        // "... in descending order" at the end, of nothing named
        if (n >= 3 && words.get(n - 1).equals("order") && words.get(n - 3).equals("in") && !at.used[n - 1] && !at.used[n - 2] && !at.used[n - 3]
                && (OrderWords.ASCENDING.contains(words.get(n - 2)) && !Set.of("alphabetical", "alphabetically", "alphabetic", "lexicographic", "lexicographical",
                        "lexicographically").contains(words.get(n - 2)) || OrderWords.DESCENDING.contains(words.get(n - 2)))) {
            at.order.add((OrderWords.DESCENDING.contains(words.get(n - 2)) ? "-" : "") + at.metric.name());
            at.used[n - 3] = at.used[n - 2] = at.used[n - 1] = true;
        }
    }

    private static void rankedPeriods(QuestionParser reader, Said at) {
        if (at.limit == null || !at.groupBy.isEmpty() || at.grain != null) return;
        List<String> words = at.words;
        // "which month had the most", "the three best months", "on which day"
        for (int i = 1; i < words.size(); i++) {
            Grain unit = GrainRule.UNITS.get(words.get(i));
            String before = words.get(i - 1);
            if (unit == null || at.used[i] || !(Set.of("which", "what").contains(before) || MOST.contains(before) || LEAST.contains(before))) continue;
            at.grain = unit;
            at.used[i] = true;
            return;
        }
    }

    /** "top 5", "lowest 3": a ranking's end and how many of it. */
    static final Pattern TOP = Pattern.compile("\\b(top|best|biggest|largest|highest|bottom|worst|smallest|lowest)\\s+(\\d{1,3})\\b");

    static final Set<String> MOST = Set.of("most", "highest", "largest", "biggest", "best", "greatest", "top", "maximum");

    static final Set<String> LEAST = Set.of("least", "lowest", "smallest", "fewest", "worst", "minimum", "bottom");
}
