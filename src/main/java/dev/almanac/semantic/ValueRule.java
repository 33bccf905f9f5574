package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.digits;

import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.almanac.reading.FunctionWords;

/**
 * The rules that place a value of the model's dimensions named in a question about one metric ("in France", "of the type
 * CV", "whose nationality is not USA") as a condition on its rows, read longest phrase first, before the breakdowns. The
 * rules that set words aside are tried first: a phrase one of them reads is not a value (it ends the reading when it cannot
 * be told what it is). Then a value is taken only on evidence that it is one, by the first evidence rule that holds; a
 * value of several dimensions is asked back, one after a word that excludes it is a condition that keeps the other rows.
 * Each is a named rule with the examples it must read beside it, {@code "database: question => query"} (a Spider dev
 * database's drafted model, or a corpus model of the tests' own; {@code => refused} for a question that must not be
 * answered); the test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum ValueRule implements CorpusRule {
    /**
     * "in", "us", "it", "a": a word of three letters or fewer that is not a noun is a value only written as a code ("IN",
     * "US") or declared as one, and a function word never; such a phrase is left for the check of words placed.
     */
    SHORT_WORD(ValueRule::shortWord,
            "tennis: How many matches were played in round sf? => refused",
            "tennis: How many matches were played in round SF? => {'metrics':['matches_count'],'filters':[{'field':'round','op':'=','values':['SF']}]}"),
    /**
     * "retirements and walkovers", "retirements that were walkovers" of a measure called Walkovers and a match outcome
     * "walkover": words that are another measure's own name, and a value with nothing around it
     * that says it is one, are read neither way as a value (two measures asked, each read on its own by {@link SideBySide};
     * or which one is meant is not read).
     */
    ANOTHER_MEASURE(ValueRule::anotherMeasure,
            "tennis: How many retirements and walkovers were there? => {'metrics':['retirements','walkovers']}",
            "tennis: How many retirements were walkovers? => refused"),
    /**
     * "claims that were filed in 2025" of a count of claims by their filing time: the event the metric's own time records,
     * told in the past or named, is the metric's word, not a value of a status.
     */
    EVENT_OF_THE_METRIC(ValueRule::eventOfTheMetric,
            "insurer: How many claims were opened in 2025? => {'metrics':['claims_opened'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "the highest CSAT", "the lowest number of tickets": a word that ranks, said right before the measure, ranks by it,
     * never a value it is a name of (a priority "highest"); left for the ranking.
     */
    RANKS_THE_MEASURE(ValueRule::ranksTheMeasure,
            "insurer: Which adjuster had the most claims in 2025? => {'metrics':['claims'],'group_by':[{'dimension':'adjuster'}],'order':[{'field':'claims','descending':true}],'limit':1,'ties':true,'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "the people in Research", "our people working in Legal" of a measure of persons where some attribute has a value
     * "People": a word English says of any person, in lower case and joined to no other value, is the persons measured,
     * never that value.
     */
    PERSONS_THEMSELVES(ValueRule::personsThemselves,
            "staffing: What is the average salary of the people in Research? => {'metrics':['average_salary'],'filters':[{'field':'division','op':'=','values':['Research']}]}",
            "staffing: What is the average salary in the People division? => {'metrics':['average_salary'],'filters':[{'field':'division','op':'=','values':['People']}]}"),
    /**
     * "lapsed claims" where "lapsed" is a value of the policies' status and claims have a status of their own: a value of
     * other records' attribute said right beside the records the metric counts ("overdue invoices", "invoices that are
     * overdue"), of a kind those records have too (the last word of both attributes' names), may be meant of either; which
     * one is meant is not read. Said of the other records by name ("claims on lapsed policies") it is theirs.
     */
    OTHER_RECORDS_KIND(ValueRule::otherRecordsKind,
            "insurer: How many lapsed claims were there in 2025? => refused",
            "insurer: How many claims that are lapsed were there in 2025? => refused",
            "insurer: claims lapsed in 2025 => refused",
            "insurer: How many claims on lapsed policies were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'policy_status','op':'=','values':['lapsed']}]}"),
    /**
     * "how many customers upgraded" where "upgraded" is the very value of subscription events' type, which the metric
     * cannot be read by, and only another name the model gives a trial outcome ("converted") it can: the word is that
     * other attribute's own value, which reading it by the other name would drop; which one is meant is not read.
     */
    OWN_VALUE_ELSEWHERE(ValueRule::ownValueElsewhere,
            "insurer: How many claims were rebuffed in 2025? => refused",
            "insurer: How many claims were denied in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'status','op':'=','values':['denied']}]}"),
    /**
     * "open cases", "mail claims", "claims that are open": a value of an attribute of the records the metric counts, said
     * right before their noun or as what they are; the records say what it is of.
     */
    BESIDE_ITS_RECORDS((reader, at, v) -> Verdict.evident(v.withContext.isEmpty() && at.metricSpan != null && besideTheRecords(at, v.span)
            && v.hits.stream().allMatch(h -> at.ownDatasets.contains(h.dimension().dataset()))),
            "insurer: How many mail claims were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'intake','op':'=','values':['mail']}]}",
            "insurer: How many policies are currently lapsed? => {'metrics':['policies'],'filters':[{'field':'policy_status','op':'=','values':['lapsed']}]}"),
    /**
     * "average salary by shift pattern" where "Pattern" is a value of the shift pattern: words of a value that are part of
     * a longer phrase naming the value's own attribute are that name, not the value ("... whose shift pattern is Pattern"
     * still names it, after the attribute's name).
     */
    NAME_OF_ITS_ATTRIBUTE((reader, at, v) -> Spans.longerOver(at.anyDimSpans, v.span)
            .anyMatch(d -> v.hits.stream().anyMatch(h -> Spans.dimensionOf(d).contains(h.dimension()))) ? Verdict.SET_ASIDE : Verdict.NONE,
            "staffing: average salary by shift pattern => {'metrics':['average_salary'],'group_by':[{'dimension':'shift_pattern'}]}",
            "staffing: average salary where the shift pattern is Pattern => {'metrics':['average_salary'],'filters':[{'field':'shift_pattern','op':'=','values':['Pattern']}]}"),
    /** A value of its dimension with the dimension's word, or another of its values, next to it ("the intake mail", "the type CV", "CV or PP"). */
    NEXT_TO_ITS_ATTRIBUTE((reader, at, v) -> Verdict.evident(!v.withContext.isEmpty()),
            "insurer: How many claims had the intake mail? => {'metrics':['claims'],'filters':[{'field':'intake','op':'=','values':['mail']}]}",
            "cre_Doc_Template_Mgt: How many templates have template type code CV? => {'metrics':['templates_count'],'filters':[{'field':'templates.template_type_code','op':'=','values':['CV']}]}"),
    /** A value written as a name: several words, a capital not at the start, a word of six letters or more, a code in capitals. */
    WRITTEN_AS_NAME((reader, at, v) -> Verdict.evident(distinctive(at.original, v.span)),
            "tennis: How many matches were played at Wimbledon? => {'metrics':['matches_count'],'filters':[{'field':'tourney_name','op':'=','values':['Wimbledon']}]}",
            "orchestra: How many conductors are from usa? => {'metrics':['conductor_count'],'filters':[{'field':'nationality','op':'=','values':['USA']}]}"),
    /** "claims sent by post", "came via mail": a value after a preposition of means, when one dimension has it. */
    BY_MEANS((reader, at, v) -> Verdict.evident(v.byMeans),
            "insurer: How many claims came via mail? => {'metrics':['claims'],'filters':[{'field':'intake','op':'=','values':['mail']}]}"),
    /** A name the model declares for a value of every dimension it names (its author's synonym), and a name in English too. */
    DECLARED((reader, at, v) -> Verdict.evident(reader.dimensions.declared(v.hits, at.words.subList(v.span.from(), v.span.to()))),
            "tennis: How many players are lefty? => {'metrics':['players_count'],'filters':[{'field':'handedness','op':'=','values':['left']}]}");

    /** The values' words and what is placed of them: the question, its words placed, the metric, the phrases named, and the conditions read. */
    static final class Said {
        final String q;
        final List<String> words;
        final List<String> original;
        final boolean[] used;
        final SemanticMetric metric;
        final QuestionParser.Span metricSpan;
        final boolean[] metricWords;
        final List<QuestionParser.Span> dimSpans;
        final List<QuestionParser.Span> anyDimSpans;
        final List<QuestionParser.Span> valueSpans;
        final Set<String> ownStems;
        final Set<String> ownDatasets;
        /** The values each attribute is asked to have, and those it is asked not to have. */
        final Map<String, List<String>> filterValues = new LinkedHashMap<>();
        final Map<String, List<String>> negatedValues = new LinkedHashMap<>();
        /** The attribute each word placed as a value is a value of. */
        final String[] valueOf;

        Said(String q, List<String> words, List<String> original, boolean[] used, SemanticMetric metric, QuestionParser.Span metricSpan, boolean[] metricWords,
             List<QuestionParser.Span> dimSpans, List<QuestionParser.Span> anyDimSpans, List<QuestionParser.Span> valueSpans, Set<String> ownStems, Set<String> ownDatasets) {
            this.q = q;
            this.words = words;
            this.original = original;
            this.used = used;
            this.metric = metric;
            this.metricSpan = metricSpan;
            this.metricWords = metricWords;
            this.dimSpans = dimSpans;
            this.anyDimSpans = anyDimSpans;
            this.valueSpans = valueSpans;
            this.ownStems = ownStems;
            this.ownDatasets = ownDatasets;
            this.valueOf = new String[words.size()];
        }
    }

    /** A phrase that names values, and what is known of it before the rules: the values it names and those with their attribute next to them. */
    static final class Named {
        final QuestionParser.Span span;
        final List<QuestionParser.ValueHit> hits;
        final List<QuestionParser.ValueHit> withContext;
        /** Part of a longer phrase that names a dimension ("sales" of "sales channel"). */
        final boolean inDimensionPhrase;
        /** After "by", "via" or "through", of one dimension. */
        final boolean byMeans;

        @SuppressWarnings("unchecked")
        Named(QuestionParser reader, Said at, QuestionParser.Span span) {
            this.span = span;
            this.hits = (List<QuestionParser.ValueHit>) span.target();
            this.withContext = hits.stream().filter(h -> reader.dimensions.valueInContext(at.words, span, h.dimension(), at.dimSpans, at.valueSpans)).toList();
            this.inDimensionPhrase = Spans.longerOver(at.anyDimSpans, span).findAny().isPresent();
            this.byMeans = span.from() > 0 && Set.of("by", "via", "through").contains(at.words.get(span.from() - 1)) && hits.size() == 1 && !inDimensionPhrase;
        }
    }

    /** What a rule decides of a phrase: nothing (the next rule is tried), set aside as no value, a value on evidence, or the reading ended. */
    record Verdict(Decision decision, QuestionParser.Result ends) {
        enum Decision { NOTHING, SET_ASIDE, EVIDENT, ENDS }

        static final Verdict NONE = new Verdict(Decision.NOTHING, null);
        static final Verdict SET_ASIDE = new Verdict(Decision.SET_ASIDE, null);
        static final Verdict EVIDENT = new Verdict(Decision.EVIDENT, null);

        static Verdict evident(boolean holds) {
            return holds ? EVIDENT : NONE;
        }

        static Verdict ends(QuestionParser.Result result) {
            return new Verdict(Decision.ENDS, result);
        }
    }

    private interface Rule {
        Verdict of(QuestionParser reader, Said at, Named v);
    }

    private final Rule rule;
    private final List<String> examples;

    ValueRule(Rule rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"} or {@code "... => refused"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** Every rule over the values named: what is placed is in {@code at}, or the result that ends the reading. */
    static Optional<QuestionParser.Result> place(QuestionParser reader, Said at) {
        List<String> words = at.words;
        List<String> original = at.original;
        SemanticModel model = reader.model;
        for (QuestionParser.Span span : Spans.longestFirst(at.valueSpans)) {
            if (Spans.anyUsed(at.used, span)) continue;
            Named v = new Named(reader, at, span);
            Verdict verdict = Verdict.NONE;
            for (ValueRule r : values()) {
                verdict = r.rule.of(reader, at, v);
                if (verdict != Verdict.NONE) break;
            }
            if (verdict.ends() != null) return Optional.of(verdict.ends());
            if (verdict != Verdict.EVIDENT) continue; // set aside, or a short common word without evidence: left for the check of words placed
            List<QuestionParser.ValueHit> chosen = v.withContext.isEmpty() ? v.hits : v.withContext;
            Set<Dimension> ds = new LinkedHashSet<>(reader.dimensions.closest(chosen.stream().map(QuestionParser.ValueHit::dimension).distinct().toList(), span, at.metric, words,
                    at.used, at.metricWords));
            chosen = chosen.stream().filter(h -> ds.contains(h.dimension())).toList();
            if (ds.size() > 1 && reader.layer.sameRows(chosen)) {
                // one answer whichever is meant ("Aruba", a country's name and its local name): the one that names the records
                List<QuestionParser.ValueHit> naming = chosen.stream().filter(h -> h.dimension().labelsEntity()).toList();
                chosen = List.of(naming.size() == 1 ? naming.get(0) : chosen.get(0));
                ds.retainAll(List.of(chosen.get(0).dimension()));
            }
            if (ds.size() > 1) {
                String shown = String.join(" ", original.subList(span.from(), span.to()));
                List<String> options = new ArrayList<>();
                List<String> names = QuestionParser.toldApart(List.copyOf(ds));
                for (String n : names) options.add(at.q.replaceFirst("(?i)\\b" + Pattern.quote(shown) + "\\b",
                        Matcher.quoteReplacement(n.toLowerCase(Locale.ROOT) + " " + shown)));
                return Optional.of(reader.checked(new QuestionParser.Clarify("'" + shown + "' is a value of several things: " + String.join(", ", names)
                        + ". Which one do you mean?", options)));
            }
            QuestionParser.ValueHit hit = chosen.get(0);
            Optional<QuestionParser.Result> wholeOrPart = wholeOrPart(at, span, hit);
            if (wholeOrPart.isPresent()) return wholeOrPart;
            String field = model.reference(hit.dimension());
            int negation = negationBefore(words, at.used, span, hit.dimension());
            if ((negation >= 0 ? at.filterValues : at.negatedValues).containsKey(field)) {
                return Optional.of(new QuestionParser.Cannot("a value of " + hit.dimension().displayName()
                        + " is asked for and another is excluded: which rows are meant is not read yet"));
            }
            (negation >= 0 ? at.negatedValues : at.filterValues).computeIfAbsent(field, k -> new ArrayList<>()).add(String.valueOf(hit.value()));
            if (negation >= 0) {
                at.used[negation] = true;
                if (negation + 1 < words.size() && (words.get(negation).equals("other") && words.get(negation + 1).equals("than")
                        || words.get(negation).equals("no") && words.get(negation + 1).equals("longer"))) at.used[negation + 1] = true;
            }
            Spans.mark(at.used, span);
            for (int k = span.from(); k < span.to(); k++) at.valueOf[k] = field;
            Optional<QuestionParser.Result> around = markAround(reader, at, v, hit);
            if (around.isPresent()) return around;
        }
        return Optional.empty();
    }

    /**
     * Marks the words around a value placed that say what it is ("the type CV", "CV as its type", "whose nationality is
     * CV", the noun it qualifies, "by" of means); a metric read from its words out of order, one of them the noun the value
     * qualifies ("claims from open policies" is not "policy claims"), ends the reading.
     */
    private static Optional<QuestionParser.Result> markAround(QuestionParser reader, Said at, Named named, QuestionParser.ValueHit hit) {
        List<String> words = at.words;
        boolean[] used = at.used;
        QuestionParser.Span v = named.span;
        if (named.byMeans && named.withContext.isEmpty() && !distinctive(at.original, v)) used[v.from() - 1] = true;
        for (QuestionParser.Span d : at.dimSpans) if (Spans.adjacent(d, v) && Spans.dimensionOf(d).contains(hit.dimension())) Spans.mark(used, d);
        // "a republic as their form of government": the value, then "as" and the attribute it is the value of
        for (QuestionParser.Span d : at.dimSpans) {
            if (!Spans.dimensionOf(d).contains(hit.dimension()) || d.from() <= v.to() || d.from() - v.to() > 2 || !words.get(v.to()).equals("as")) continue;
            if (!words.subList(v.to() + 1, d.from()).stream().allMatch(w -> FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.POSSESSIVE)
                    || FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.ARTICLE))) continue;
            for (int k = v.to(); k < d.to(); k++) used[k] = true;
        }
        for (int i : Spans.neighbours(v, words.size())) {
            if (!used[i] && reader.lexicon.dimensionStems(hit.dimension()).contains(QuestionWords.stem(words.get(i)))) used[i] = true; // "annually billed"
        }
        reader.markAttributeBefore(words, used, v, hit.dimension()); // "whose nationality is USA", "a nationality other than USA"
        // the noun right after a value is what it qualifies ("monthly plans", "retail companies"), not a breakdown
        for (QuestionParser.Span d : at.anyDimSpans) {
            if (d.from() == v.to() && !Spans.anyUsed(used, d) && Breakdown.cueBefore(words, d.from()) == null) Spans.mark(used, d);
        }
        QuestionParser.Span metricSpan = at.metricSpan;
        if (metricSpan.scattered() && Spans.outOfOrder(metricSpan) && v.to() < words.size() && Spans.inSpan(metricSpan, v.to())
                && reader.lexicon.entityWords().contains(words.get(v.to()))) {
            return Optional.of(new QuestionParser.Cannot(QuestionParser.QUALIFIED + ": '" + at.original.get(v.to()) + "' is what "
                    + String.join(" ", at.original.subList(v.from(), v.to())) + " qualifies"));
        }
        if (v.to() < words.size() && !used[v.to()] && reader.lexicon.entityWords().contains(words.get(v.to()))) used[v.to()] = true; // "annual subscriptions"
        return Optional.empty();
    }

    private static Verdict shortWord(QuestionParser reader, Said at, Named v) {
        QuestionParser.Span span = v.span;
        if (span.length() != 1) return Verdict.NONE;
        String said = at.original.get(span.from());
        boolean aside = QuestionFrame.FILLER.contains(at.words.get(span.from())) || said.length() <= 3 && !said.equals(said.toUpperCase(Locale.ROOT))
                && !QuestionWords.shortNoun(said) && !reader.dimensions.declared(v.hits, at.words.subList(span.from(), span.to()));
        return aside ? Verdict.SET_ASIDE : Verdict.NONE;
    }

    @SuppressWarnings("unchecked")
    private static Verdict anotherMeasure(QuestionParser reader, Said at, Named v) {
        if (!v.withContext.isEmpty()) return Verdict.NONE;
        // the value's words, or they and the words right after them ("emails sent" of a channel "Email"): another measure's name
        List<SemanticMetric> measures = List.of();
        int to = v.span.to();
        boolean conjoined = false;
        for (int end = Math.min(at.words.size(), v.span.to() + 2); end >= v.span.to() && measures.isEmpty(); end--) {
            if (end > v.span.to() && (at.metricSpan == null || Spans.inSpan(at.metricSpan, end - 1))) continue;
            List<String> said = at.words.subList(v.span.from(), end);
            measures = ((List<SemanticMetric>) reader.metricNames.metricPhraseMap().getOrDefault(said, List.of())).stream()
                    .filter(m -> m != at.metric && QuestionParser.ownName(m, said)).toList();
            to = end;
            conjoined = !measures.isEmpty() && QuestionParser.conjoined(at.words, new QuestionParser.Span(v.span.from(), to, measures), at.metricSpan);
            // with the words after it, only as a second measure joined to the first ("completed orders" is a value and its rows)
            if (end > v.span.to() && !conjoined) measures = List.of();
        }
        if (measures.isEmpty()) return Verdict.NONE;
        // an input of the metric said on its own is what the metric is of ("the open rate of emails sent"); joined to it, a second measure
        if (!conjoined && measures.stream().allMatch(m -> at.metric.inputNames().contains(m.name()))) return Verdict.NONE;
        if (conjoined) {
            return Verdict.ends(QuestionParser.twoMeasures(at.metric, measures.get(0)));
        }
        return Verdict.ends(new QuestionParser.Cannot("'" + String.join(" ", at.original.subList(v.span.from(), to)) + "' names the measure "
                + measures.get(0).displayName() + " and a value of " + v.hits.get(0).dimension().displayName() + ": which one is meant is not read"));
    }

    private static Verdict otherRecordsKind(QuestionParser reader, Said at, Named v) {
        if (!v.withContext.isEmpty() || at.metricSpan == null || !besideTheRecords(at, v.span)) return Verdict.NONE;
        if (v.hits.stream().anyMatch(h -> at.ownDatasets.contains(h.dimension().dataset()))) return Verdict.NONE;
        List<Dimension> own = at.ownDatasets.stream().flatMap(d -> reader.model.dimensionsOf(d).stream()).filter(d -> !d.time()).toList();
        for (QuestionParser.ValueHit h : v.hits) {
            String kind = kind(h.dimension());
            Optional<Dimension> same = own.stream().filter(d -> kind(d).equals(kind)).findFirst();
            if (same.isEmpty()) continue;
            String shown = String.join(" ", at.original.subList(v.span.from(), v.span.to()));
            String records = String.join(" ", at.original.subList(at.metricSpan.from(), at.metricSpan.to()));
            return Verdict.ends(new Cannot("'" + shown + "' is a value of " + h.dimension().displayName() + ", said of " + records + ", which have their own "
                    + same.get().displayName() + ": which one is meant is not read"));
        }
        return Verdict.NONE;
    }

    private static Verdict ownValueElsewhere(QuestionParser reader, Said at, Named v) {
        if (!v.withContext.isEmpty()) return Verdict.NONE;
        List<String> said = at.words.subList(v.span.from(), v.span.to());
        if (v.hits.stream().anyMatch(h -> QuestionWords.tokens(String.valueOf(h.value()), true).equals(said))) return Verdict.NONE; // said as its own value
        Set<String> readable = new java.util.HashSet<>();
        reader.layer.dimensionsOf(at.metric).forEach(d -> readable.add(d.qualifiedName()));
        // the model's values said so, of every attribute (a value's own phrase is its first hit of its attribute)
        @SuppressWarnings("unchecked") List<QuestionParser.ValueHit> everywhere = (List<QuestionParser.ValueHit>) reader.allValuePhrases().getOrDefault(said, List.of());
        for (QuestionParser.ValueHit elsewhere : everywhere) {
            if (readable.contains(elsewhere.dimension().qualifiedName()) || !QuestionWords.tokens(String.valueOf(elsewhere.value()), true).equals(said)) continue;
            QuestionParser.ValueHit named = v.hits.get(0);
            return Verdict.ends(new Cannot("'" + String.join(" ", at.original.subList(v.span.from(), v.span.to())) + "' is a value of " + elsewhere.dimension().displayName()
                    + ", which " + at.metric.displayName() + " cannot be read by, and another name for '" + named.value() + "' of "
                    + named.dimension().displayName() + ": which one is meant is not read"));
        }
        return Verdict.NONE;
    }

    /** The kind of thing an attribute is: the last word of its label, or of its name ("status" of "Subscription status"). */
    private static String kind(Dimension d) {
        List<String> words = QuestionWords.tokens(d.label() != null ? d.label() : d.name().replace('_', ' '), true);
        return words.isEmpty() ? "" : QuestionWords.singular(words.get(words.size() - 1));
    }

    /**
     * Whether a phrase stands right before the metric's words ("overdue invoices") or after them, with only a relative word,
     * auxiliaries and adverbs of state between if any ("invoices overdue", "invoices that are overdue", "invoices still open").
     */
    private static boolean besideTheRecords(Said at, QuestionParser.Span span) {
        if (at.metricSpan.scattered()) return false;
        if (span.to() == at.metricSpan.from()) return true;
        FunctionWords grammar = FunctionWords.english();
        int k = at.metricSpan.to();
        while (k < span.from() && (grammar.is(at.words.get(k), dev.almanac.reading.FunctionClass.AUXILIARY) || Set.of("that", "which", "who").contains(at.words.get(k))
                || QuestionWords.STATE_ADVERBS.contains(at.words.get(k)))) k++;
        return k == span.from();
    }

    private static Verdict eventOfTheMetric(QuestionParser reader, Said at, Named v) {
        List<String> words = at.words;
        QuestionParser.Span span = v.span;
        if (!v.withContext.isEmpty() || span.length() != 1 || v.inDimensionPhrase) return Verdict.NONE;
        // "claims that were filed": the event, told in the past; "claims are open", "still open" is a state, a value
        // "still open", "currently open", "open now": a state said of the rows, never the event
        if (words.contains("still") || words.contains("currently") || words.contains("now")) return Verdict.NONE;
        boolean pastEvent = span.from() > 0 && words.get(span.from() - 1).equals("were");
        boolean timedEvent = reader.metricNames.eventStems(at.metric).contains(QuestionWords.stem(words.get(span.from())));
        boolean aside = (pastEvent || timedEvent) && at.ownStems.contains(QuestionWords.stem(words.get(span.from())))
                // "the average size of deals closed in Q2": the event the metric's own rows record the time of, not a value of other rows
                || timedEvent && v.hits.stream().noneMatch(h -> at.ownDatasets.contains(h.dimension().dataset()));
        if (!aside) return Verdict.NONE;
        at.used[span.from()] = true;
        return Verdict.SET_ASIDE;
    }

    private static Verdict ranksTheMeasure(QuestionParser reader, Said at, Named v) {
        QuestionParser.Span span = v.span;
        if (span.length() != 1 || at.metricSpan == null || !v.withContext.isEmpty()) return Verdict.NONE;
        String w = at.words.get(span.from());
        if (!Ranking.MOST.contains(w) && !Ranking.LEAST.contains(w)) return Verdict.NONE;
        int k = span.to();
        while (k < at.words.size() && Set.of("number", "of", "total", "average", "avg").contains(at.words.get(k)) && !Spans.inSpan(at.metricSpan, k)) k++;
        return k < at.words.size() && Spans.inSpan(at.metricSpan, k) ? Verdict.SET_ASIDE : Verdict.NONE;
    }

    private static Verdict personsThemselves(QuestionParser reader, Said at, Named v) {
        QuestionParser.Span span = v.span;
        if (span.length() != 1 || v.inDimensionPhrase) return Verdict.NONE;
        int i = span.from();
        String said = at.original.get(i);
        boolean joined = i > 0 && Set.of("or", "and", "nor").contains(at.words.get(i - 1)) || i + 1 < at.words.size() && Set.of("or", "and", "nor").contains(at.words.get(i + 1));
        if (joined || !said.equals(said.toLowerCase(java.util.Locale.ROOT)) || !QuestionFrame.anyPerson(at.words.get(i)) || !ofPersons(reader.model, at.metric)) {
            return Verdict.NONE;
        }
        at.used[i] = true;
        return Verdict.SET_ASIDE;
    }

    /** Whether a metric measures persons: it counts them, or its rows are theirs or each of one person (a salary of an employee). */
    private static boolean ofPersons(SemanticModel model, SemanticMetric metric) {
        if (MeasureFit.countsPersons(model, metric)) return true;
        for (SemanticMetric.Simple in : model.simpleInputs(metric)) {
            for (Relationship r : model.relationships()) {
                if (r.from().equals(in.dataset()) && model.dataset(r.to()).map(QuestionWords::ofPersons).orElse(false)) return true;
            }
        }
        return false;
    }

    /**
     * A value of other rows said whole while a word of it is on its own a value of the rows' own ("organic search" a
     * customer's channel, "search" a visit's source): which one is meant is not read.
     */
    @SuppressWarnings("unchecked")
    private static Optional<QuestionParser.Result> wholeOrPart(Said at, QuestionParser.Span v, QuestionParser.ValueHit hit) {
        if (v.length() <= 1 || at.ownDatasets.contains(hit.dimension().dataset())) return Optional.empty();
        for (QuestionParser.Span part : at.valueSpans) {
            if (part.length() != 1 || part.from() < v.from() || part.from() >= v.to()) continue;
            Optional<QuestionParser.ValueHit> ownHit = ((List<QuestionParser.ValueHit>) part.target()).stream()
                    .filter(h -> at.ownDatasets.contains(h.dimension().dataset())).findFirst();
            if (ownHit.isPresent()) {
                return Optional.of(new QuestionParser.Cannot("'" + String.join(" ", at.original.subList(v.from(), v.to())) + "' is a value of " + hit.dimension().displayName()
                        + ", and '" + at.original.get(part.from()) + "' one of " + ownHit.get().dimension().displayName() + ": which one is meant is not read"));
            }
        }
        return Optional.empty();
    }

    /** A value that stands on its own: several words, written with a capital, or a long word. */
    static boolean distinctive(List<String> original, QuestionParser.Span v) {
        if (v.length() > 1) return true;
        String w = original.get(v.from());
        return Character.isUpperCase(w.charAt(0)) && !(v.from() == 0) || w.length() >= 6 || w.chars().allMatch(c -> Character.isUpperCase(c) || Character.isDigit(c)) && w.length() >= 2
                || nameOnly(w);
    }

    /**
     * A word typed in lower case that English has only as a name: a noun whose most frequent sense is one named thing (no
     * broader sense in WordNet: "asia", "texas", "usa"), or a word of four letters or more English does not know at all
     * ("kyle", "volvo"). Never a function word or a word English uses as anything but a noun.
     */
    static boolean nameOnly(String w) {
        if (w.length() < 3 || !w.chars().allMatch(Character::isLowerCase)) return false;
        if (dev.almanac.reading.FunctionWords.english().isFunctionWord(w)) return false;
        dev.almanac.reading.Lexicon english = dev.almanac.reading.Lexicon.english();
        Set<dev.almanac.reading.PartOfSpeech> pos = english.partsOfSpeech(w);
        if (pos.isEmpty()) return w.length() >= 4 && !english.knows(w);
        return pos.equals(Set.of(dev.almanac.reading.PartOfSpeech.NOUN)) && english.namesOneThing(w);
    }

    /**
     * The word that excludes a value, when one stands before it with only an auxiliary, an article, a preposition or the
     * words of the value's attribute between ("whose nationality is not USA", "that do not have the nationality USA", "other
     * than Europe", "excluding France"); -1 when none does. "Not only" excludes nothing.
     */
    static int negationBefore(List<String> words, boolean[] used, QuestionParser.Span v, Dimension dim) {
        var function = dev.almanac.reading.FunctionWords.english();
        Set<String> attribute = ModelAttributes.attributeStems(dim);
        for (int i = v.from() - 1; i >= 0 && i >= v.from() - 6; i--) {
            String w = words.get(i);
            if (used[i]) return -1;
            if (QuestionWords.NEGATIONS.contains(w) || w.endsWith("n't") && function.is(w, dev.almanac.reading.FunctionClass.NEGATION)) {
                return i + 1 < words.size() && words.get(i + 1).equals("only") ? -1 : i;
            }
            if (w.equals("than") && i > 0 && words.get(i - 1).equals("other")) return i - 1;
            if (w.equals("longer") && i > 0 && words.get(i - 1).equals("no")) return i - 1; // "no longer active"
            boolean between = QuestionWords.linking(w) && !w.equals("than") || attribute.contains(QuestionWords.stem(w))
                    || attribute.contains(QuestionWords.stem(QuestionWords.singular(w)));
            if (!between) return -1;
        }
        return -1;
    }

    /**
     * "in Hawaii or Wisconsin", "either PP or PPT": an "or" the reader places joins two values of one attribute, read as
     * either of them; any other "or" ("in Hawaii or with the role X", "8 cylinders or made before 1980") asks for rows that
     * meet one of two conditions, which a reading of conditions that all hold would answer wrong: a refusal. Across the
     * "or", words of the grammar and placed words of an attribute may stand before the values ("or the state of Wisconsin").
     * The "either" of a joint read is placed.
     */
    static Optional<QuestionParser.Cannot> alternatives(List<String> words, List<String> original, boolean[] used, String[] valueOf, boolean compared) {
        for (int i = 0; i < words.size(); i++) {
            if (used[i] || !words.get(i).equals("or")) continue;
            if (i > 0 && digits(words.get(i - 1)) && ComparisonRule.after(words, i).isPresent()) continue; // "2 or more": a comparison's
            String before = null, after = null;
            for (int k = i - 1; k >= 0 && before == null; k--) {
                if (valueOf[k] != null) before = valueOf[k];
                else if (!skippedAroundOr(words.get(k), used[k])) break;
            }
            for (int k = i + 1; k < words.size() && after == null; k++) {
                if (valueOf[k] != null) after = valueOf[k];
                else if (!skippedAroundOr(words.get(k), used[k])) break;
            }
            if (compared && before == null && after == null) continue; // "lower in Q3 or Q4": the periods a comparison weighs
            if (before == null || !before.equals(after)) {
                return Optional.of(new Cannot("rows that meet one of two conditions ('" + String.join(" ", original.subList(Math.max(0, i - 2), Math.min(words.size(), i + 3)))
                        + "') are not read yet"));
            }
            for (int k = i - 1; k >= 0; k--) {
                if (valueOf[k] == null && words.get(k).equals("either")) used[k] = true;
                if (valueOf[k] == null && !skippedAroundOr(words.get(k), used[k]) && !words.get(k).equals("either")) break;
            }
        }
        return Optional.empty();
    }

    /** A word an "or" between values may reach over: a word of the grammar, or a placed word that is no value. */
    private static boolean skippedAroundOr(String w, boolean used) {
        return used || FunctionWords.english().isFunctionWord(w) || w.equals("either");
    }
}
