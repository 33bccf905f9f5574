package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Reading;
import dev.almanac.reading.FunctionWords;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The rules that choose among the metrics a question's words name equally well (each read the whole question), tried in
 * this order while more than one is left: none left to choose is a question back naming each. Each is a named rule with
 * the examples it must read beside it, {@code "model: question => query"}: the model one written for the tests (a Spider
 * dev database's draft has too few metrics of like names), the whole question's query as its JSON (single quotes for
 * double). The test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum MetricChoice implements CorpusRule {
    /** The metrics whose own words (name, label, synonyms) cover most of the question's words. */
    MOST_OWN_WORDS("insurer: What is the average amount for all claims? => {'metrics':['average_claim']}",
            "insurer: What was the average amount in 2025 for claims? => {'metrics':['average_claim'],'start':'2025-01-01','end':'2026-01-01'}") {
        @Override
        List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words) {
            int most = best.stream().mapToInt(r -> reader.metricNames.ownWords(r.metric(), words)).max().orElseThrow();
            return best.stream().filter(r -> reader.metricNames.ownWords(r.metric(), words) == most).toList();
        }
    },
    /** The one metric whose very name or label the words in order are. */
    NAMED_EXACTLY("insurer: payments in 2025 => {'metrics':['payments_made'],'start':'2025-01-01','end':'2026-01-01'}") {
        @Override
        List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words) {
            return one(best, best.stream().filter(r -> !r.span().scattered()
                    && MetricNames.namedExactly(r.metric(), words.subList(r.span().from(), r.span().to()))).toList());
        }
    },
    /**
     * The one metric most of whose words the question writes as its names do, not in another form of them ("claims are
     * open" is the open claims, a state, not the claims opened, an event; the reader keeps a metric whose words are out of
     * order for this rule when they are written as its names and the words in order are not).
     */
    WRITTEN_AS_NAMED("insurer: How many claims are still open? => {'metrics':['open_claims']}",
            "insurer: How many claims are open? => {'metrics':['open_claims']}",
            "insurer: How many claims were opened in 2025? => {'metrics':['claims_opened'],'start':'2025-01-01','end':'2026-01-01'}") {
        @Override
        List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words) {
            int most = best.stream().mapToInt(r -> MetricNames.verbatimWords(r.metric(), words)).max().orElseThrow();
            return one(best, best.stream().filter(r -> MetricNames.verbatimWords(r.metric(), words) == most).toList());
        }
    },
    /** The one metric that adds up rows of the records the question names. */
    OF_RECORDS_NAMED("insurer: What is the average amount of policies in the north region? => {'metrics':['average_premium'],'filters':[{'field':'region','op':'=','values':['north']}]}") {
        @Override
        List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words) {
            List<String> named = reader.lexicon.namedRows(words).stream().map(Dataset::name).toList();
            return one(best, best.stream().filter(r -> !Collections.disjoint(reader.datasetsOf(r.metric()), named)).toList());
        }
    },
    /**
     * "how many quotes did we get" where the model's "quotes" counts the accepted ones only (its label says so) and another
     * metric counts them all: the question names the records, not the part of them the metric keeps, and is asked back
     * between the two ({@link #wholeCount}). Applied to the one reading the rules before it leave.
     */
    PART_UNSAID("insurer: How many quotes did we get in 2025? => asked back",
            "insurer: How many accepted quotes did we get in 2025? => {'metrics':['quotes'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many quotes were issued in 2025? => {'metrics':['quotes_issued'],'start':'2025-01-01','end':'2026-01-01'}") {
        @Override
        List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words) {
            return best;
        }
    };

    /**
     * The count of all the records beside the one reading's, when that reading counts some of them (a filter) and the
     * question says only the records: every word read as the metric names its records ("quotes"), and none of the words
     * its label adds to them ("accepted" of "Accepted quotes") is said anywhere in the question. The one count of the same
     * records with no filter, if the model has one.
     */
    static Optional<SemanticMetric> wholeCount(QuestionParser reader, Reading one, List<String> words) {
        if (!(one.metric() instanceof SemanticMetric.Simple part) || !part.countsRows() || part.filter() == null) return Optional.empty();
        Set<String> records = new HashSet<>();
        reader.model.dataset(part.dataset()).ifPresent(d -> ReaderLexicon.datasetWords(d).forEach(w -> records.add(QuestionWords.stem(w))));
        FunctionWords grammar = FunctionWords.english();
        int[] at = one.span().scattered() ? one.span().at() : IntStream.range(one.span().from(), one.span().to()).toArray();
        for (int i : at) {
            String w = words.get(i);
            if (!grammar.isFunctionWord(w) && !QuestionFrame.AGGREGATE_WORDS.contains(w) && !records.contains(QuestionWords.stem(w))) return Optional.empty();
        }
        Set<String> said = new HashSet<>();
        words.forEach(w -> said.add(QuestionWords.stem(w)));
        String label = part.info().label() == null ? part.name().replace('_', ' ') : QuestionParser.withoutAside(part.info().label());
        List<String> adds = QuestionWords.tokens(label, true).stream().filter(w -> !grammar.isFunctionWord(w) && !records.contains(QuestionWords.stem(w))).toList();
        if (adds.isEmpty() || adds.stream().anyMatch(w -> said.contains(QuestionWords.stem(w)))) return Optional.empty();
        List<SemanticMetric> whole = reader.model.metrics().stream().filter(m -> m instanceof SemanticMetric.Simple x && x.dataset().equals(part.dataset())
                && x.agg() == part.agg() && x.filter() == null && Objects.equals(x.expr(), part.expr())).toList();
        return whole.size() == 1 ? Optional.of(whole.get(0)) : Optional.empty();
    }

    private final List<String> examples;

    MetricChoice(String... examples) {
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "model: question => query"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** The readings this rule leaves of those left, all of them when it tells none apart. */
    abstract List<Reading> narrowed(QuestionParser reader, List<Reading> best, List<String> words);

    private static List<Reading> one(List<Reading> best, List<Reading> chosen) {
        return chosen.size() == 1 ? chosen : best;
    }

    /** The readings left after every rule, in order, while more than one is left. */
    static List<Reading> chosen(QuestionParser reader, List<Reading> best, List<String> words) {
        for (MetricChoice rule : values()) {
            if (best.size() <= 1) break;
            List<Reading> left = rule.narrowed(reader, best, words);
            best = left;
        }
        return best;
    }
}
