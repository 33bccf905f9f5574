package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules that check a metric read from the question is the kind of figure it asks for, once the metric's own words
 * are placed: each refuses, naming why, a question whose words ask for something else (another thing counted, an amount
 * of a count, a record with an extreme rather than the extreme, a moment of what adds up over a period). They are tried in
 * this order and the first refusal ends the reading. Each is a named rule with the examples it must refuse beside it,
 * {@code "database: question => refused"}, and where it helps one it lets through (a Spider dev database's drafted model,
 * or a corpus model of the tests' own); the test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum MeasureFit implements CorpusRule {
    /** "claiming policies" of a count of claims: a word of the metric in its -ing form qualifies the records after it. */
    QUALIFIES_RECORDS(MeasureFit::qualifiesRecords,
            "insurer: How many paying policies are there? => refused"),
    /** "the car with the maximum weight": the car is asked for, not the maximum weight. */
    RECORD_WITH_THE_EXTREME(MeasureFit::recordWithTheExtreme,
            "car_1: What is the car with the maximum weight? => refused",
            "car_1: What is the maximum weight? => {'metrics':['cars_data_max_weight']}",
            // "which employee got the highest bonus" asks for one employee, never each one's highest bonus
            "employee_hire_evaluation: which employee got the highest bonus => refused",
            "employee_hire_evaluation: which employee has the highest bonus => refused",
            "tvshow: Which country has the highest rating? => refused",
            "tvshow: Which language has the lowest rating? => refused",
            "employee_hire_evaluation: What is the highest bonus of each employee? => {'metrics':['evaluation_max_bonus'],'group_by':[{'dimension':'employee.name'}]}"),
    /**
     * "the highest total share" of a maximum (a number whose sum means nothing has no total): a total said right before or
     * inside the measure's words is a sum, which a maximum or a minimum is not.
     */
    TOTAL_OF_AN_EXTREME(MeasureFit::totalOfAnExtreme,
            "tvshow: Which country has the highest total share? => refused",
            "tvshow: What is the highest total share? => refused",
            "tvshow: What is the highest share? => {'metrics':['tv_series_max_share']}"),
    /**
     * "tickets still open" read as tickets opened: a state said of the rows ("still", "currently" before the word) is not
     * the event a measure counts them by.
     */
    STATE_NOT_EVENT(MeasureFit::stateNotEvent,
            "insurer: How many claims are still open? => {'metrics':['open_claims']}",
            "insurer: How many claims were opened in 2025? => {'metrics':['claims_opened'],'start':'2025-01-01','end':'2026-01-01'}"),
    /** "premiums at the end of 2025": a moment of a period, of a measure that adds up over a period (not a snapshot). */
    MOMENT_OF_A_SUM(MeasureFit::momentOfASum,
            "insurer: What were the premiums written at the end of 2025? => refused"),
    /**
     * "members at the start of 2026": the first day of a period, of a measure kept by day (its value that day); one kept by
     * month or longer (a month's count taken on its first day or at its end, which the model does not say) or adding up over
     * a period has none to give.
     */
    START_OF_A_PERIOD(MeasureFit::startOfAPeriod,
            "insurer: How many policies were there at the start of 2026? => refused",
            "insurer: What were the premiums written at the start of 2025? => refused"),
    /** "how many people live in the countries of ..." of a count of countries: the thing counted is named, and a metric that counts something else is not it. */
    OTHER_THING_COUNTED(MeasureFit::otherThingCounted,
            "world_1: How many people live in the countries of Asia? => refused",
            "car_1: How many car models are there in total? => {'metrics':['model_list_count']}",
            "dog_kennels: How many dog owners are there? => refused",
            "dog_kennels: How many owners are there? => {'metrics':['owners_count']}",
            "world_1: What is the number of people living in the countries of Asia? => refused",
            "student_transcripts_tracking: How many students enrolled in Bachelor programs? => refused",
            "student_transcripts_tracking: How many student enrolments are there? => {'metrics':['student_enrolment_count']}",
            "dog_kennels: What is the number of treatments? => {'metrics':['treatments_count']}"),
    /**
     * "what is the total claim value" of a count of claims, "the sum of claims", "the total claimed": a value or a sum is an
     * amount, which a count is not.
     */
    VALUE_OF_A_COUNT(MeasureFit::valueOfACount,
            "insurer: What is the sum of claims in 2025? => refused",
            "insurer: What is the total of claims in 2025? => refused",
            "insurer: What is the total claims value in 2025? => refused",
            "insurer: What was the total claimed in 2025? => refused",
            "flight_2: total flights? => {'metrics':['flights_count']}",
            "insurer: What was the total of claims opened in 2025? => refused",
            "insurer: What was the total number of claims opened in 2025? => {'metrics':['claims_opened'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "employees hired after 2010" of a count of employees kept with no time of their own: a period asked of a measure
     * that has none (and no year attribute read it as a condition) is refused, said so in the question's words.
     */
    NO_TIME_FOR_THE_PERIOD(MeasureFit::noTimeForThePeriod,
            "tennis: How many players were there in 2025? => refused",
            "insurer: How many claims were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "list the policies and their premiums": a possessive right before the measure's words, with no word that asks for an
     * aggregate, asks for each record's own value, which a total or an average over them all is not.
     */
    EACH_RECORDS_OWN(MeasureFit::eachRecordsOwn,
            "insurer: List the policies and their premiums. => refused",
            "insurer: List the payments and their amounts. => refused",
            "insurer: What was the total of the premiums written in 2025? => {'metrics':['premiums'],'start':'2025-01-01','end':'2026-01-01'}"),
    /** "how much" asks for an amount, "how many" for a count: a metric of the other kind is not what was asked. */
    OTHER_KIND_OF_FIGURE(MeasureFit::otherKindOfFigure,
            "insurer: How much was the claimed amount in 2025? => {'metrics':['claimed_amount'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How much were the policies in 2025? => refused",
            // the rows' one amount of money with no condition, asked by their noun (MetricPhrases#amountOfTheRows)
            "insurer: How much did the claims come to in 2025? => {'metrics':['claimed_amount'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: What was the average number of claims per policy in 2025? => refused");

    /** What the rules see: the question, the metric read, its words, which words are placed, and the period left to read (not a year condition). */
    record Asked(Question question, SemanticMetric metric, QuestionParser.Span metricSpan, boolean[] used, Optional<Timeframe> periodLeft) {
        List<String> words() {
            return question.words();
        }

        List<String> original() {
            return question.original();
        }
    }

    private interface Rule {
        Optional<QuestionParser.Cannot> check(QuestionParser reader, Asked at);
    }

    private final Rule rule;
    private final List<String> examples;

    MeasureFit(Rule rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"} or {@code "... => refused"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** The first refusal of the rules in order, if any. */
    static Optional<QuestionParser.Cannot> check(QuestionParser reader, Asked at) {
        for (MeasureFit r : values()) {
            Optional<QuestionParser.Cannot> no = r.rule.check(reader, at);
            if (no.isPresent()) return no;
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Cannot> qualifiesRecords(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        QuestionParser.Span s = at.metricSpan();
        if (s.scattered() || s.length() != 1 || s.to() >= words.size()) return Optional.empty();
        String w = words.get(s.from());
        SemanticMetric metric = at.metric();
        // the metric's own form ("returns") names it; a ranking word before ("best selling product") ranks by it
        boolean ownForm = QuestionWords.tokens(QuestionParser.nameAndLabel(metric), true).contains(w)
                || metric.info().synonyms().stream().anyMatch(x -> QuestionWords.tokens(x, true).contains(w));
        boolean ranked = s.from() > 0 && (Ranking.MOST.contains(words.get(s.from() - 1)) || Ranking.LEAST.contains(words.get(s.from() - 1)));
        if (!w.endsWith("ing") || ownForm || ranked || !reader.lexicon.entityWords().contains(words.get(s.to()))) return Optional.empty();
        return Optional.of(new QuestionParser.Cannot("'" + at.original().get(s.from()) + "' qualifies '" + at.original().get(s.to()) + "', it does not name "
                + metric.displayName()));
    }

    private static Optional<QuestionParser.Cannot> recordWithTheExtreme(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        QuestionParser.Span s = at.metricSpan();
        if (!(at.metric() instanceof SemanticMetric.Simple extreme) || extreme.agg() != SemanticMetric.Agg.MAX && extreme.agg() != SemanticMetric.Agg.MIN
                || s.scattered() || s.from() < 2) return Optional.empty();
        // "which employee got the highest bonus": the question word before the records, the extreme said of them after a verb,
        // and nothing that asks for each one's ("each", "every", "per", "for", "by"): one record asked for, not each one's extreme
        // ("which country has the highest rating": the records or a group of them, the noun after the question word)
        if (Set.of("which", "what", "who").contains(words.get(0)) && !dev.almanac.reading.FunctionWords.english().isFunctionWord(words.get(1))
                && !Spans.inSpan(s, 1)
                && words.stream().noneMatch(w -> Set.of("each", "every", "per", "for", "by", "all").contains(w))) {
            int v = s.from() - 1;
            if (words.get(v).equals("the")) v--;
            if (v >= 2 && !dev.almanac.reading.FunctionWords.english().isFunctionWord(words.get(v)) || v >= 2 && Set.of("has", "have", "had", "with").contains(words.get(v))) {
                return Optional.of(new QuestionParser.Cannot("the question asks which " + at.original().get(1) + " has the " + String.join(" ", at.original().subList(s.from(), s.to()))
                        + ", not each one's; rankings by it are not read yet"));
            }
        }
        int i = s.from() - 1;
        if (words.get(i).equals("the")) i--;
        if (i < 1 || !words.get(i).equals("with") || !reader.lexicon.entityWords().contains(words.get(i - 1))) return Optional.empty();
        List<String> original = at.original();
        return Optional.of(new QuestionParser.Cannot("the question asks for the " + original.get(i - 1) + " with the " + String.join(" ", original.subList(s.from(), s.to()))
                + ", not for that " + String.join(" ", original.subList(s.to() - 1, s.to()))));
    }

    private static Optional<QuestionParser.Cannot> totalOfAnExtreme(QuestionParser reader, Asked at) {
        if (!(at.metric() instanceof SemanticMetric.Simple extreme) || extreme.agg() != SemanticMetric.Agg.MAX && extreme.agg() != SemanticMetric.Agg.MIN) {
            return Optional.empty();
        }
        List<String> words = at.words();
        QuestionParser.Span s = at.metricSpan();
        for (int i = Math.max(0, s.from() - 2); i < s.to(); i++) {
            if (Set.of("total", "sum", "combined", "overall").contains(words.get(i))) {
                return Optional.of(new QuestionParser.Cannot("the question asks for a " + at.original().get(i) + ", but " + at.metric().displayName()
                        + " is a " + (extreme.agg() == SemanticMetric.Agg.MAX ? "maximum" : "minimum") + ", not a sum"));
            }
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Cannot> stateNotEvent(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        java.util.Collection<SemanticMetric.Simple> inputs = reader.model.simpleInputs(at.metric());
        // a measure with a condition of its own ("Open claims": status = 'open') is that state; a plain count by the time of an
        // event ("Tickets opened") is not
        boolean plainCountByEvent = inputs.stream().allMatch(x -> x.timeDimension() != null && x.filter() == null && x.segments().isEmpty())
                && !inputs.stream().allMatch(SemanticMetric.Simple::isSnapshot);
        if (!plainCountByEvent) return Optional.empty();
        for (int i = 0; i + 1 < words.size(); i++) {
            if (Set.of("still", "currently").contains(words.get(i)) && Spans.inSpan(at.metricSpan(), i + 1)) {
                return Optional.of(new QuestionParser.Cannot("'" + at.original().get(i) + " " + at.original().get(i + 1) + "' says what the rows are now, but "
                        + at.metric().displayName() + " counts when it happened"));
            }
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Cannot> momentOfASum(QuestionParser reader, Asked at) {
        boolean snapshot = reader.model.simpleInputs(at.metric()).stream().allMatch(SemanticMetric.Simple::isSnapshot);
        Optional<Timeframe> period = at.question().period();
        if (snapshot || !period.map(t -> t.description() != null && t.description().startsWith("the end of ")).orElse(false)) return Optional.empty();
        return Optional.of(new QuestionParser.Cannot("the question asks for " + period.get().description() + ", but " + at.metric().displayName()
                + " adds up over a period: the value at a moment is not read"));
    }

    private static Optional<QuestionParser.Cannot> startOfAPeriod(QuestionParser reader, Asked at) {
        Optional<Timeframe> period = at.question().period();
        if (!period.map(Timeframe::isStartOf).orElse(false)) return Optional.empty();
        boolean byDay = reader.model.simpleInputs(at.metric()).stream().allMatch(s -> s.isSnapshot()
                && reader.model.snapshotDimensionOf(s).or(() -> reader.model.timeDimensionOf(s)).map(d -> d.grain() == Grain.DAY).orElse(false));
        if (byDay) return Optional.empty();
        return Optional.of(new QuestionParser.Cannot("the question asks for " + period.get().description() + ", but " + at.metric().displayName()
                + " has no value of its own at that moment (ask for the end of the period before, or for the period itself)"));
    }

    private static Optional<QuestionParser.Cannot> otherThingCounted(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        SemanticMetric metric = at.metric();
        SemanticModel model = reader.model;
        // the words of what the metric counts, and the head nouns of its names ("enrolment" of "student enrolments")
        Set<String> inputs = new java.util.HashSet<>();
        model.simpleInputs(metric).forEach(in -> inputs.add(in.dataset()));
        Set<String> own = new java.util.HashSet<>(reader.metricNames.contentStems(metric));
        Set<String> heads = new java.util.HashSet<>();
        for (String in : inputs) {
            model.dataset(in).ifPresent(d -> {
                ReaderLexicon.datasetWords(d).forEach(w -> own.add(QuestionWords.stem(w)));
                ReaderLexicon.rowNames(d).forEach(n -> lastStem(n).ifPresent(heads::add));
            });
        }
        heads.addAll(phraseHeads(QuestionParser.withoutAside(metric.displayName())));
        metric.info().synonyms().forEach(n -> heads.addAll(phraseHeads(n)));
        for (int i = 0; i + 2 < words.size(); i++) {
            // "how many customers", "the number of customers who ...", "a count of customers": what is counted comes next
            boolean howMany = words.get(i).equals("how") && words.get(i + 1).equals("many");
            boolean numberOf = Set.of("number", "count", "numbers", "tally").contains(words.get(i)) && words.get(i + 1).equals("of");
            if (!howMany && !numberOf) continue;
            // the noun counted ends the nouns of records said together ("how many car models": models, not cars; "how many dog
            // owners": owners), and the metric's own noun there is what it counts
            int head = i + 2;
            while (head + 1 < words.size() && rowsNoun(reader, words.get(head)) && rowsNoun(reader, words.get(head + 1))) head++;
            String counted = words.get(head);
            // "how many students enrolled" of a count of student enrolments: the rows counted are enrolments, and "student" only
            // qualifies them; the students are rows of their own
            boolean othersRows = model.datasets().stream().filter(d -> !inputs.contains(d.name()))
                    .anyMatch(d -> ReaderLexicon.rowNames(d).stream().anyMatch(n -> lastStem(n).map(QuestionWords.stem(QuestionWords.singular(counted))::equals).orElse(false)));
            boolean qualifierOnly = !heads.contains(QuestionWords.stem(QuestionWords.singular(counted))) && othersRows;
            if (at.used()[head] && !qualifierOnly) continue;
            // "how many people live in ...": a count of persons, which a count of other rows (countries) is not
            if (QuestionFrame.anyPerson(counted) && !countsPersons(model, metric)) {
                return Optional.of(new QuestionParser.Cannot("the question asks how many people, but " + metric.displayName() + " counts something else"));
            }
            if (reader.lexicon.entityWords().contains(QuestionWords.singular(counted)) && (!own.contains(QuestionWords.stem(counted)) || qualifierOnly)) {
                return Optional.of(new QuestionParser.Cannot("the question asks how many " + at.original().get(head) + ", but " + metric.displayName()
                        + " counts something else"));
            }
        }
        return Optional.empty();
    }

    /**
     * The stems of the head nouns of a name's phrases ("Distinct courses in course arranges": course's and arrange's; "Number
     * of student enrolments": number's and enrolment's; "orders shipped": order's).
     */
    private static Set<String> phraseHeads(String name) {
        Set<String> out = new java.util.HashSet<>();
        List<String> t = QuestionWords.tokens(name.replace('_', ' '), true);
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        for (int i = 0; i < t.size(); i++) {
            // a noun is its phrase's head unless another noun follows it ("student" of "student enrolments"; "orders" of
            // "orders shipped" is the head, the participle after it says which)
            boolean last = i + 1 == t.size() || grammar.isFunctionWord(t.get(i + 1))
                    || !dev.almanac.reading.Lexicon.english().partsOfSpeech(t.get(i + 1)).contains(dev.almanac.reading.PartOfSpeech.NOUN);
            if (last && !grammar.isFunctionWord(t.get(i))) out.add(QuestionWords.stem(QuestionWords.singular(t.get(i))));
        }
        return out;
    }

    /** The stem of a name's last word, singular ("student enrolments": enrolment's). */
    private static Optional<String> lastStem(String name) {
        List<String> t = QuestionWords.tokens(name.replace('_', ' '), true);
        return t.isEmpty() ? Optional.empty() : Optional.of(QuestionWords.stem(QuestionWords.singular(t.get(t.size() - 1))));
    }

    /** Whether a metric counts or measures persons: its name or label says persons ("users"), or its rows are of persons. */
    static boolean countsPersons(SemanticModel model, SemanticMetric metric) {
        return QuestionWords.tokens(QuestionParser.nameAndLabel(metric), true).stream().anyMatch(QuestionWords::personNoun)
                || model.simpleInputs(metric).stream().anyMatch(in -> model.dataset(in.dataset()).map(QuestionWords::ofPersons).orElse(false));
    }

    /** Whether a word names rows of the model, in either number. */
    private static boolean rowsNoun(QuestionParser reader, String w) {
        return reader.lexicon.entityWords().contains(w) || reader.lexicon.rowWords().containsKey(List.of(QuestionWords.singular(w)));
    }

    private static Optional<QuestionParser.Cannot> valueOfACount(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        // "the total of refunds" where the refunds' rows also have a sum: the amount as likely as the count, which is not said
        boolean summed = reader.model.simpleInputs(at.metric()).stream().anyMatch(in -> reader.model.metrics().stream().anyMatch(m -> m instanceof SemanticMetric.Simple x
                && x.dataset().equals(in.dataset()) && x.agg() == SemanticMetric.Agg.SUM));
        boolean asksValue = java.util.stream.IntStream.range(0, words.size()).anyMatch(i -> !at.used()[i] && (words.get(i).equals("value")
                || (words.get(i).equals("sum") || summed && words.get(i).equals("total")) && i + 1 < words.size() && words.get(i + 1).equals("of")) || totalParticiple(words, i));
        if (!asksValue || !isCount(at.metric())) return Optional.empty();
        return Optional.of(new QuestionParser.Cannot("the question asks for a value, but " + at.metric().displayName() + " is a count; name the measure you mean"));
    }

    /**
     * "the total claimed in 2025", "total spent": "total" before a verb's past participle that ends its phrase (nothing but
     * function words or a number after it) is the sum of what was claimed or spent, an amount: the participle is no noun of
     * records ("claimed" is not "claims").
     */
    private static boolean totalParticiple(List<String> words, int i) {
        if (!words.get(i).equals("total") || i + 1 >= words.size()) return false;
        String next = words.get(i + 1);
        dev.almanac.reading.Lexicon english = dev.almanac.reading.Lexicon.english();
        List<String> verbs = english.baseForms(next, dev.almanac.reading.PartOfSpeech.VERB);
        boolean participle = next.endsWith("ed") && !verbs.isEmpty() && !verbs.contains(next) && english.senses(next, dev.almanac.reading.PartOfSpeech.NOUN).isEmpty();
        boolean endsPhrase = i + 2 >= words.size() || dev.almanac.reading.FunctionWords.english().isFunctionWord(words.get(i + 2))
                || words.get(i + 2).chars().allMatch(Character::isDigit);
        return participle && endsPhrase;
    }

    private static Optional<QuestionParser.Cannot> noTimeForThePeriod(QuestionParser reader, Asked at) {
        if (at.periodLeft().isEmpty() || reader.model.simpleInputs(at.metric()).stream().allMatch(s -> s.timeDimension() != null)) return Optional.empty();
        String said = at.periodLeft().get().description();
        return Optional.of(new QuestionParser.Cannot("the question names a period" + (said == null ? "" : " (" + said + ")") + ", but "
                + at.metric().displayName() + " has no time of its own to limit to one"));
    }

    private static Optional<QuestionParser.Cannot> eachRecordsOwn(QuestionParser reader, Asked at) {
        List<String> words = at.words();
        if (at.metricSpan().length() == 0 || at.metric().info().synonyms().equals(RecordShapes.LISTING_WORDS)) return Optional.empty();
        int from = at.metricSpan().from();
        // "their premiums" (the measure's words after the possessive) or "their amounts" (an aggregate's word after it)
        for (int i = 0; i + 1 < words.size(); i++) {
            if (!RECORDS_POSSESSIVES.contains(words.get(i))) continue;
            int owned = i + 1;
            // "the campaigns and their budgets": the measure's name said in two parts, the possessive before its last
            boolean split = owned != from && Spans.inSpan(at.metricSpan(), owned);
            boolean measure = owned == from || split;
            boolean aggregateWord = asksAggregate(words.get(owned));
            if (!measure && !aggregateWord) continue;
            // a word elsewhere that asks for an aggregate ("the total of their premiums", "the total sales for their songs") asks for one
            boolean aggregateAsked = java.util.stream.IntStream.range(0, words.size()).filter(k -> k != owned && (split || k < from || k >= at.metricSpan().to()))
                    .mapToObj(words::get).anyMatch(w -> asksAggregate(w) || COUNT_CUES.contains(w));
            if (aggregateAsked) return Optional.empty();
            return Optional.of(new QuestionParser.Cannot("'" + at.original().get(i) + " " + at.original().get(owned) + "' asks for each record's own value, not "
                    + at.metric().displayName() + " over them all; lists of records are not read yet"));
        }
        return Optional.empty();
    }

    private static final Pattern HOW_MUCH = Pattern.compile("(?i)\\bhow much\\b");
    /** "by how many percent" asks for a change, not a count. */
    private static final Pattern HOW_MANY = Pattern.compile("(?i)\\bhow many\\b(?!\\s+(percent|percentage|%))");

    private static Optional<QuestionParser.Cannot> otherKindOfFigure(QuestionParser reader, Asked at) {
        String q = at.question().q();
        boolean howMuch = HOW_MUCH.matcher(q).find();
        boolean howMany = HOW_MANY.matcher(q).find();
        boolean isCount = isCount(at.metric());
        boolean howMuchChange = howMuch && at.question().compared().isPresent(); // "how much did policies grow from January to February"
        // "the average number of orders per customer": a number of things asked, which no amount of money is
        List<String> words = at.words();
        boolean numberOf = java.util.stream.IntStream.range(0, words.size() - 1).anyMatch(i -> words.get(i).equals("number") && words.get(i + 1).equals("of")
                && !Spans.inSpan(at.metricSpan(), i));
        howMany |= numberOf;
        if (!(howMuch && isCount && !howMuchChange || howMany && isMoney(at.metric()))) return Optional.empty();
        if (howMuch && howMany && !howMuchChange) return Optional.of(new QuestionParser.Cannot("the question asks how many and how much, two questions; ask each on its own"));
        return Optional.of(new QuestionParser.Cannot("the question asks " + (howMuch ? "how much" : "how many") + ", but " + at.metric().displayName() + " is "
                + (isCount ? "a count" : "an amount of money") + "; name the measure you mean"));
    }

    static boolean isMoney(SemanticMetric metric) {
        return "currency".equals(metric.info().format()) || "USD".equalsIgnoreCase(metric.info().unit());
    }

    /**
     * A count (a sum of 1 per row too: dbt's {@code agg: sum, expr: 1}), or a sum of whole things that is not money ("units
     * sold"): "how much did we sell" asks for money, not units.
     */
    private static boolean isCount(SemanticMetric metric) {
        return metric.countsEachRow() || !isMoney(metric) && "integer".equals(metric.info().format());
    }

    /** Words that ask for an aggregate of rows (a count, a sum, an average, an extreme), never for the rows or values themselves. */
    static final Set<String> AGGREGATES = Set.of("number", "count", "total", "sum", "average", "avg", "mean", "median", "amount", "maximum",
            "minimum", "max", "min");

    /** Whether a word asks for an aggregate: one of {@link #AGGREGATES} or of the question's own ({@link QuestionFrame#AGGREGATE_WORDS}: "overall", "combined"). */
    static boolean asksAggregate(String word) {
        return AGGREGATES.contains(word) || QuestionFrame.AGGREGATE_WORDS.contains(word);
    }

    /** The possessives that refer to records just named ("the policies and their premiums", "each claim and its amount"). */
    static final Set<String> RECORDS_POSSESSIVES = Set.of("their", "its");

    /** Words that ask how many. */
    static final Set<String> COUNT_CUES = Set.of("how", "many", "number", "count", "total", "amount");
}
