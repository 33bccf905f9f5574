package dev.almanac.semantic;

import dev.almanac.reading.FunctionWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reader's guarantee: a question about one metric is answered only when every word is placed. Once every rule set has
 * read what it reads, each word left over is put to these rules in order; the first that decides holds it unplaced (it
 * says something the reading does not) or lets it pass (a word of English's closed classes, a word of the model's
 * records, a verb that only says how placed things relate). A word no rule lets pass is unplaced, and one unplaced word
 * stops the answer, naming the words. Each is a named rule with the examples it must read (or refuse) beside it,
 * {@code "database: question => query"} (a Spider dev database's drafted model, or a corpus model of the tests' own;
 * {@code => refused} for a question that must not be answered, {@code "first >> follow-up"} for a follow-up); the test {@code RuleCorporaTest} reads them all. No
 * rule names a model's word.
 */
enum WordPlacement implements CorpusRule {
    /** "in each one", "for every one": the pronoun "one" after "each" or "every", each group of the breakdown read. */
    EACH_ONE(Decision.PASSES, (reader, at, i) -> !at.groupBy.isEmpty() && at.original().get(i).equalsIgnoreCase("one") && i > 0
            && Set.of("each", "every").contains(at.words().get(i - 1)),
            "pets_1: Show each pet type and the number of pets of each one. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}]}"),
    /**
     * "dogs by breed size" read by breed: a word of a breakdown of the metric that was not read as one (an attribute's, or
     * the noun of records the rows refer to right after a breakdown read) is never let pass.
     */
    UNREAD_BREAKDOWN(Decision.UNPLACED, (reader, at, i) -> at.unreadBreakdown[i] && !QuestionFrame.FILLER.contains(at.words().get(i)),
            "dog_kennels: How many dogs are there by breed size? => refused"),
    /**
     * "by property type" of a model with a "property type code" and a property's name called "property": a word left over right
     * after placed words, which with them begins the name of another attribute of the model, says the question named that
     * one, not the shorter name placed; never let pass.
     */
    LONGER_NAME_BEGUN(Decision.UNPLACED, WordPlacement::longerNameBegun,
            "real_estate_properties: number of properties by property type => refused",
            "real_estate_properties: number of properties by property type code => {'metrics':['properties_count'],'group_by':[{'dimension':'ref_property_types.property_type_code'}],'order':[{'field':'properties_count','descending':true}]}"),
    /**
     * "list poker players and their earnings": in a list of the records' attributes, the records' own noun joined by "and"
     * and a possessive to what is listed is listed too; a reading that shows only the attributes drops it, so it is never
     * let pass as a word of the rows (a list that shows the records by their naming attribute reads it as that attribute).
     */
    RECORDS_LISTED_TOO(Decision.UNPLACED, (reader, at, i) -> at.metric.info().synonyms().equals(RecordShapes.LISTING_WORDS)
            && i + 2 < at.words().size() && at.words().get(i + 1).equals("and") && MeasureFit.RECORDS_POSSESSIVES.contains(at.words().get(i + 2))
            && reader.datasetsOf(at.metric).stream().anyMatch(d -> reader.model.dataset(d).map(ds -> java.util.stream.IntStream.rangeClosed(Math.max(0, i - 2), i)
                    .anyMatch(from -> ReaderLexicon.namesRows(ds, at.words().subList(from, i + 1).stream().map(QuestionWords::singular).toList()))).orElse(false)),
            "poker_player: list poker players and their earnings => refused",
            "course_teach: list teachers and their hometowns => {'group_by':[{'dimension':'name'},{'dimension':'hometown'}],'records':'teacher'}"),
    /** "in the US", "players from the IT": a personal pronoun's letters after an article or in capitals are a name, never the pronoun. */
    NAME_NOT_PRONOUN(Decision.UNPLACED, (reader, at, i) -> QuestionWords.nameNotPronoun(at.original(), at.words(), i),
            "insurer: How many claims came from the US? => refused",
            "insurer: How many us claims were there? => refused",
            "singer: how many us singers => refused",
            "insurer: How many claims were there in us? => refused",
            "insurer: Tell us how many claims there were in 2025 => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "list their ids instead of names", "any breed other than ...": a function word of several words that sets one thing
     * against another says which is not meant, which no reading places by passing it: the question is not read whole.
     */
    CONTRAST(Decision.UNPLACED, (reader, at, i) -> inContrast(at.words(), i),
            "pets_1: Show the number of pets for each pet type instead of the weight. => refused"),
    /**
     * "completed orders and returns", "riders and annual passes": a joining word between the measure's words and a value
     * said right beside them joins two things asked; read as a condition on the measure's rows it would answer another
     * question, so it never passes.
     */
    JOINED_TO_THE_MEASURE(Decision.UNPLACED, WordPlacement::joinedToTheMeasure,
            "pets_1: How many dog pets and students are there? => refused",
            "pets_1: How many students and dog pets are there? => refused",
            "pets_1: How many students have dog pets? => {'metrics':['student_count'],'exists':[{'dataset':'has_pet','filters':[{'field':'pet_type','op':'=','values':['dog']}],'of':'student'}]}"),
    /**
     * "the number of car models" of a count of cars: a noun of other records right after the measure's last word is the head
     * of the compound, what is counted, and the measure's word only qualifies it: never let pass as a word of related rows.
     */
    HEAD_OF_THE_COMPOUND(Decision.UNPLACED, WordPlacement::headOfTheCompound,
            "car_1: What is the number of car models? => {'metrics':['model_list_count']}"),
    /**
     * "how many subscribers" of a count of subscriptions, "at the company": the records' doer noun (a person's, in its first
     * sense: never "type" of "property type") or their verb ("leads created"), or the organization itself.
     */
    AGENT_OF_THE_RECORDS(Decision.PASSES, (reader, at, i) -> !at.afterBreakdownCue(i) && (QuestionWords.agentOf(at.words().get(i), at.entities)
            && (QuestionWords.personNoun(at.words().get(i)) || !dev.almanac.reading.Lexicon.english().partsOfSpeech(at.words().get(i)).contains(dev.almanac.reading.PartOfSpeech.NOUN))
            || reader.readingWords.organizationItself(at.words(), i)),
            "insurer: How many claims did the company have in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            // before the records' noun the word says which records, not whose
            "insurer: How many of the enterprise claims are open? => refused"),
    /** "list the number of different names": a word that asks for an aggregate never passes in a request for the rows themselves. */
    AGGREGATE_OF_A_LIST(Decision.UNPLACED, (reader, at, i) -> at.metric.info().synonyms().equals(RecordShapes.LISTING_WORDS)
            && MeasureFit.AGGREGATES.contains(at.words().get(i)),
            "dog_kennels: List the number of different names and ages of the dogs. => refused"),
    /**
     * "how many concerts took place in 2014": "take place", one of Levin's verbs of occurrence (1993, 48.3) said in two
     * words, of a count of events: that they happened, as "happened" says ({@link ReadingVocabulary}'s occurrence verbs).
     */
    TAKE_PLACE(Decision.PASSES, WordPlacement::takePlace,
            "insurer: How many claims took place in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims took the place in 2025? => refused"),
    /** "right now": the degree word of "now". */
    RIGHT_NOW(Decision.PASSES, (reader, at, i) -> at.words().get(i).equals("right") && i + 1 < at.words().size() && at.words().get(i + 1).equals("now"),
            "insurer: How many claims are open right now? => {'metrics':['open_claims']}"),
    /** "still open", "still pending": the state now, which a value placed after it is. */
    STILL(Decision.PASSES, (reader, at, i) -> at.words().get(i).equals("still") && i + 1 < at.words().size() && at.used[i + 1]
            && dev.almanac.reading.Lexicon.english().partsOfSpeech(at.words().get(i + 1)).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE),
            "insurer: How many claims are still open? => {'metrics':['open_claims']}"),
    /** "how did claims develop month by month": the verb asks how the measure went over the periods, which the series shows. */
    COURSE_OVER_TIME(Decision.PASSES, (reader, at, i) -> WordPlacement.courseOverTime(at.words(), at.used, i, at.metricSpan, at.grain),
            "insurer: How did claims develop month by month in 2025? => {'metrics':['claims'],'grain':'month','start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "each of the different cylinders", "distinct nationalities": values grouped by or listed are each other's distinct
     * already, and a count of different ones ("unique customers" of a count of different customer ids) counts each once.
     */
    DISTINCT_ALREADY(Decision.PASSES, WordPlacement::distinctAlready,
            "car_1: What is the maximum weight for each of the different cylinders? => {'metrics':['cars_data_max_weight'],'group_by':[{'dimension':'cylinders'}]}",
            "insurer: How many distinct weekly claimants were there in 2025? => {'metrics':['weekly_claimants'],'grain':'week','start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "the amount per claim", "revenue per order": "per", the preposition of distribution, says that what follows divides
     * the measure or groups it; when no rule read it as a breakdown, a grain or a metric's own phrase ("pages per session"),
     * the answer would give the whole for the rate asked: never let pass.
     */
    PER_UNREAD(Decision.UNPLACED, (reader, at, i) -> at.words().get(i).equals("per"),
            "insurer: What was the amount per claim in 2025? => refused",
            "insurer: What percent of claims were denied in 2025? => {'metrics':['claims'],'filters':[{'field':'status','op':'=','values':['denied']}],'share':true,'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims were there per adjuster in 2025? => {'metrics':['claims'],'group_by':[{'dimension':'adjuster'}],'order':[{'field':'claims','descending':true}],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "matches held at Wimbledon", "which owner owns the most dogs", "countries that use English": a verb that links the rows
     * to what it introduces, placed, says how they relate. Without a preposition only a verb of having, using or dealing
     * with ({@link QuestionFrame#relationVerb}) or the model's own word for the attribute ranked does: a verb of what befell
     * the rows ("delayed", "lost") says which are counted. A word of the model for these rows never passes as a verb.
     */
    LINKING_VERB(Decision.PASSES, WordPlacement::linkingVerb,
            "tennis: How many matches were held at Wimbledon? => {'metrics':['matches_count'],'filters':[{'field':'tourney_name','op':'=','values':['Wimbledon']}]}",
            "insurer: Which adjuster oversaw the most claims in 2025? => {'metrics':['claims'],'group_by':[{'dimension':'adjuster'}],'order':[{'field':'claims','descending':true}],'limit':1,'ties':true,'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: Which adjuster assessed the most claims in 2025? => {'metrics':['claims'],'group_by':[{'dimension':'adjuster'}],'order':[{'field':'claims','descending':true}],'limit':1,'ties':true,'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: Which adjuster delayed the most claims in 2025? => refused",
            "insurer: Which adjuster mislaid the most claims in 2025? => refused",
            "insurer: What was the total rebate on claims in 2025? => refused",
            // a word of an attribute not asked about ("work site"), as a verb before a value of another
            "staffing: What is the average salary of those working in Research? => {'metrics':['average_salary'],'filters':[{'field':'division','op':'=','values':['Research']}]}",
            "staffing: What is the average salary of those not working in Research? => refused"),
    /**
     * "average churn score" of a churn score its model averages, "total spend" of a spend it sums: the word of the metric's
     * own aggregation right before its name says what it already is.
     */
    OWN_AGGREGATION(Decision.PASSES, (reader, at, i) -> at.metricSpan != null && !at.metricSpan.scattered() && i == at.metricSpan.from() - 1
            && at.metric instanceof SemanticMetric.Simple s && WordPlacement.aggregationWord(at.words().get(i)) == s.agg(),
            "insurer: What was the total claimed amount in 2025? => {'metrics':['claimed_amount'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "count and avg gnp of countries", "min population and count of cities": a word of counting joined by "and" to another
     * aggregate asks for the count beside it; when no reading placed it, passing it would drop that column.
     */
    COUNT_BESIDE_ANOTHER(Decision.UNPLACED, (reader, at, i) -> !(at.metric instanceof SemanticMetric.Simple s && s.countsRows()) && countBesideAnother(at.words(), i),
            "poker_player: num and avg earnings of poker players by nationality => refused",
            "poker_player: What is the average earnings of poker players by nationality? => {'metrics':['poker_player_average_earnings'],'group_by':[{'dimension':'nationality'}]}"),
    /** "what", "the", "were", "there": a word of English's closed classes and the question's own function words. */
    FUNCTION_WORD(Decision.PASSES, (reader, at, i) -> QuestionFrame.FILLER.contains(at.words().get(i)),
            "insurer: What was the number of claims there were in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "claims we received", "did we make": a light verb of English, or one its most frequent sense makes one step narrower
     * than a light verb ({@link QuestionFrame#lightVerb}): the rows' own event, said again; or a verb of coming upon them
     * ("found", "detected") or of keeping a record of them ("logged"), which says they exist. A verb of an event of its own
     * ("lose", "refund") is not one.
     */
    LIGHT_VERB(Decision.PASSES, (reader, at, i) -> QuestionFrame.predicate(at.words(), i, at.metricSpan == null ? -1 : at.metricSpan.to() - 1)
            && QuestionFrame.lightVerb(at.words().get(i), i > 0 && QuestionFrame.subjectPronoun(at.words().get(i - 1))),
            "insurer: How many claims did we receive in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims did we get in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims did we forfeit in 2025? => refused",
            "insurer: How many claims came in during 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims did we pay in 2025? => refused",
            "insurer: How many claims were made in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            // a verb of noting the rows
            "insurer: How many claims were detected in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims did we find in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            // a verb of keeping a record, a verb after its subject even where it is more often a noun
            "insurer: How many claims did we log in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims were registered in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "how many plans do we offer", "which kinds of cover does the company provide": a verb of providing said by the
     * organization itself, in the present, of things that are no events ({@link #catalog}): all it has on offer. Of events
     * ("claims we offer"), or with a period, it says which rows, and is not let pass.
     */
    CATALOG(Decision.PASSES, WordPlacement::catalog,
            "insurer: How many coverages do we offer? => {'metrics':['coverages']}",
            "insurer: How many coverages does the company provide? => {'metrics':['coverages']}",
            "insurer: How many claims do we offer? => refused",
            "insurer: How many coverages do we withdraw? => refused"),
    /**
     * "what are the reserves now", "headcount today": the present, of a snapshot measure asked with no period, is its
     * latest value, which such a measure gives with none; in a clause in the present tense ("how many claims are open
     * now") it is the rows as they stand, which a question with no period reads. Said of events in the past ("claims we
     * got today") it is a period of a day the reader does not read, and the word is not let pass.
     */
    PRESENT(Decision.PASSES, (reader, at, i) -> QuestionFrame.PRESENT.contains(at.words().get(i)) && at.question.period().isEmpty()
            && at.question.compared().isEmpty() && (at.metric instanceof SemanticMetric.Simple sm && sm.isSnapshot()
                    || QuestionFrame.presentClause(at.words(), k -> at.used[k])),
            "insurer: What are the reserves now? => {'metrics':['reserves']}",
            "insurer: How many claims are open now? => {'metrics':['open_claims']}",
            "insurer: How many claims were filed today? => refused",
            "insurer: How many claims did we get today? => refused"),
    /** "how many people filed claims": persons of any kind ({@link QuestionFrame#anyPerson}), where the measure counts persons. */
    PERSONS_COUNTED(Decision.PASSES, (reader, at, i) -> QuestionFrame.anyPerson(at.words().get(i)) && MeasureFit.countsPersons(reader.model, at.metric),
            "insurer: How many people were travelers in 2025? => {'metrics':['travelers'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many people filed claims in 2025? => refused"),
    /**
     * "travelers who checked in during 2025" of rows dated by their check-in: a verb and the particle after it that,
     * written as one word, are a word of the measure's own time or name ("check in" of checkin_on) say the rows' event.
     */
    PHRASAL_OWN_EVENT(Decision.PASSES, WordPlacement::phrasalOwnEvent,
            "insurer: How many travelers checked in during 2025? => {'metrics':['travelers'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many travelers checked out during 2025? => refused"),
    /**
     * "failure rate by payment method type" of a payment method whose values are kinds already: a word for a kind right after
     * the last word of the one attribute grouped by, a category that names no record nor persons, says what its values are,
     * unless another word of another attribute the kind word is a word of is said too ("card ... type").
     */
    KIND_OF_ITS_ATTRIBUTE(Decision.PASSES, WordPlacement::kindOfItsAttribute,
            "insurer: Split the claims by intake type. => {'metrics':['claims'],'group_by':[{'dimension':'intake'}],'order':[{'field':'claims','descending':true}]}",
            "insurer: How many claims were there by adjuster type? => refused"),
    /** "split claims by status", "break the premiums down by region": a verb of dividing into groups, where groups were read. */
    BREAKDOWN_VERB(Decision.PASSES, (reader, at, i) -> !at.groupBy.isEmpty() && QuestionFrame.breakdownVerb(at.words().get(i)),
            "insurer: Split the claims by intake. => {'metrics':['claims'],'group_by':[{'dimension':'intake'}],'order':[{'field':'claims','descending':true}]}",
            "insurer: Break down the claims by intake. => {'metrics':['claims'],'group_by':[{'dimension':'intake'}],'order':[{'field':'claims','descending':true}]}",
            "insurer: Split the claims. => refused"),
    /** A word of the business's own name (the project's), not after a breakdown's cue: the business is "we". */
    OUR_NAME(Decision.PASSES, (reader, at, i) -> reader.ours.contains(at.words().get(i)) && !at.afterCue(i),
            "insurer: How many claims did Harbor Mutual have in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "leads created in 2025" of a count of leads by their created date: with a period said, a word of the measure's own time
     * (its time dimension's name, label or synonyms, not "date" or "time") says which event the period is of, the one the
     * measure is counted by; never another time's ("orders shipped in 2025" of orders counted when placed).
     */
    TIME_OF_THE_MEASURE(Decision.PASSES, WordPlacement::timeOfTheMeasure,
            "insurer: How many claims were filed in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            // a verb of the event's synset ("lodged" of claims dated when filed)
            "insurer: How many claims were lodged in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            // with no period, the word says no event of one
            "insurer: How many claims were filed? => refused"),
    /** A word of the model for the rows read (their records' nouns, the metric's entities), not after a breakdown's cue. */
    WORD_OF_THE_ROWS(Decision.PASSES, (reader, at, i) -> !at.afterCue(i) && QuestionWords.isAllowed(at.words().get(i), at.allowed),
            "insurer: How many claims of policies were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "customers tracked in our loyalty program" of a view described as one of "loyalty program" members: a noun after a
     * word of the rows, the two said together in the model's descriptions of the rows read, names where the rows are kept.
     * A noun that names an attribute of the model ("customer segment") names that, never where the rows are kept.
     */
    COMPOUND_OF_THE_ROWS(Decision.PASSES, (reader, at, i) -> i > 0 && !at.afterCue(i) && contentWord(at.words().get(i - 1)) && contentWord(at.words().get(i))
            && QuestionWords.isAllowed(at.words().get(i - 1), at.allowed) && at.describedPairs.contains(at.words().get(i - 1) + " " + at.words().get(i))
            && at.attributeSpans(reader).stream().noneMatch(s -> Spans.inSpan(s, i)),
            "insurer: How many claims came from policy holders in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims of claim intake were there in 2025? => refused"),
    /**
     * "total sales revenue": a noun right after the measure's own words that English (WordNet) says is the measure's word in
     * another name, a synonym of its last word or the head of one ("sales": "gross revenue"), restating it.
     */
    MEASURE_RESTATED(Decision.PASSES, (reader, at, i) -> i > 0 && at.metricWords[i - 1] && !at.afterCue(i)
            && restates(at.original().get(i - 1).toLowerCase(java.util.Locale.ROOT), at.words().get(i)),
            "poker_player: What is the total earnings income of poker players? => {'metrics':['poker_player_total_earnings']}"),
    /**
     * "countries that became independent after 1950": a copular verb (English's complex-intransitive verbs, which link a
     * subject to what it is, as "be" does) right before a word the reading placed.
     */
    COPULA(Decision.PASSES, WordPlacement::copulaBeforePlaced,
            "pets_1: How many pets remained older than 3? => {'metrics':['pets_count'],'filters':[{'field':'pet_age','op':'>','values':['3']}]}",
            "tvshow: How many cartoons ended up being directed by Ben Jones? => {'metrics':['cartoon_count'],'filters':[{'field':'directed_by','op':'=','values':['Ben Jones']}]}"),
    /**
     * "How many cartoons did each director create?": a verb of creation (Levin's create and build verbs, 1993, 26.1 and 26.4)
     * ending a count of rows by a breakdown, what each group made: the model's relationship of the rows to the group says it.
     */
    MADE_BY_EACH(Decision.PASSES, WordPlacement::madeByEach,
            "tvshow: How many cartoons did each director create? => {'metrics':['cartoon_count'],'group_by':[{'dimension':'directed_by'}],'order':[{'field':'cartoon_count','descending':true}]}",
            "tvshow: How many cartoons did each director watch? => refused"),
    /**
     * "How many cars were produced in 1980?", "models built by ...": a verb of creation right before a preposition and what
     * the reading placed after it: when or by whom the records were made, which that condition says of them already.
     */
    MADE_WHEN(Decision.PASSES, WordPlacement::madeWhen,
            "tvshow: How many cartoons were made by Joseph Kuhr? => {'metrics':['cartoon_count'],'filters':[{'field':'written_by','op':'=','values':['Joseph Kuhr']}]}",
            "car_1: How many cars were produced in 1980? => {'metrics':['cars_data_count'],'filters':[{'field':'year','op':'=','values':['1980']}]}",
            "tvshow: How many cartoons were watched by Joseph Kuhr? => refused"),
    /**
     * "Which language is spoken by the most countries?", "how many doctors performed treatments": the one verb of a count of
     * records through the rows that refer to them, grouped by what those rows say or naming them: the relationship of those
     * rows says what the verb does.
     */
    RELATING_VERB(Decision.PASSES, WordPlacement::relatingVerb,
            "pets_1: Which pet type do the most students keep? => {'metrics':['has_pet_distinct_stu_id'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'has_pet_distinct_stu_id','descending':true}],'limit':1,'ties':true}",
            "pets_1: Which pet type do the fewest students not keep? => refused"),
    /**
     * "show the shop name as well", "also list the id": English's additive focusing modifiers (Huddleston and Pullum 2002,
     * ch. 6 §7: "also", "too", "as well"), which say only that more is asked, what the words placed say.
     */
    ADDITIVE(Decision.PASSES, WordPlacement::additive,
            "pets_1: Find the number of pets for each pet type; show the pet type as well. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pets_count','descending':true}]}"),
    /** "along with", "as well as": a word of one of English's function words of several words, said whole. */
    FUNCTION_PHRASE(Decision.PASSES, (reader, at, i) -> inFunctionPhrase(at.words(), i),
            "pets_1: Show the number of pets for each pet type along with the pet type. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pets_count','descending':true}]}"),
    /** "the different regions and the corresponding number of countries": what corresponds to each group of a breakdown read. */
    CORRESPONDING(Decision.PASSES, (reader, at, i) -> !at.groupBy.isEmpty() && corresponding(at.words().get(i)),
            "pets_1: Show the different pet types and the corresponding number of pets. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pets_count','descending':true}]}",
            "pets_1: Show the number of pets and the corresponding weight. => refused"),
    /** "the maximum weight for each type of pet; list the maximum weight and pet type": a breakdown read, named again to show it. */
    GROUPED_AGAIN(Decision.PASSES, WordPlacement::groupedAgain,
            "pets_1: How many pets are there for each pet type? Show the pet type and the number. => {'metrics':['pets_count'],'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pets_count','descending':true}]}",
            "pets_1: Show the average age and type for each type of pet. => {'metrics':['pets_average_pet_age'],'group_by':[{'dimension':'pet_type'}]}",
            "pets_1: How many pets are there for each pet type? Show the pet age too. => refused",
            "dog_kennels: How many dogs are there for each breed? Give the breed name and the dog name. => refused"),
    /** "and in 2024 instead?": the words of a follow-up to the question before. */
    FOLLOW_UP(Decision.PASSES, (reader, at, i) -> at.previous != null && FollowUps.FOLLOW_UP.contains(at.words().get(i)),
            "insurer: How many claims were there in 2025? >> And in 2024 instead? => {'metrics':['claims'],'start':'2024-01-01','end':'2025-01-01'}"),
    /** "claims in 2025 compared with 2024": the words that compare two periods, with a period compared. */
    COMPARISON(Decision.PASSES, (reader, at, i) -> at.question.compared().isPresent() && PeriodComparison.COMPARISON_FILLER.contains(at.words().get(i)),
            "insurer: How many claims were there in 2025 compared with 2024? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','compare_to':{'start':'2024-01-01','end':'2025-01-01'}}",
            // the groups that did better than before: a condition on the change, which is not read
            "insurer: Which adjusters had more claims in 2025 than in 2024? => refused");

    /** Whether a joining word stands between the measure's words and a value placed right beside it, on either side. */
    private static boolean joinedToTheMeasure(QuestionParser reader, Left at, int i) {
        if (at.metricSpan == null || !MetricNames.JOINING.contains(at.words().get(i))) return false;
        int n = at.words().size();
        int step = i + 1 < n && at.metricWords[i + 1] ? -1 : i > 0 && at.metricWords[i - 1] ? 1 : 0;
        if (step == 0) return false;
        for (int k = i + step; k >= 0 && k < n && at.used[k] && !at.metricWords[k]; k += step) if (at.valueOf[k] != null) return true;
        return false;
    }

    private static boolean longerNameBegun(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (i == 0 || !at.used[i - 1] || FunctionWords.english().isFunctionWord(words.get(i))) return false;
        for (int from = Math.max(0, i - 2); from < i; from++) {
            if (!java.util.stream.IntStream.range(from, i).allMatch(k -> at.used[k])) continue;
            // the words placed name a dimension grouped by ("property" of the property's name)
            List<String> placed = words.subList(from, i).stream().map(QuestionWords::singular).toList();
            boolean grouped = at.groupBy.stream().map(g -> reader.model.dimension(g).orElse(null)).filter(java.util.Objects::nonNull)
                    .anyMatch(d -> ReaderLexicon.names(d).stream().anyMatch(n -> QuestionWords.tokens(n, true).stream().map(QuestionWords::singular).toList().equals(placed)));
            if (!grouped) continue;
            List<String> said = words.subList(from, i + 1).stream().map(QuestionWords::singular).toList();
            for (Dimension d : reader.model.dimensions()) {
                List<String> label = QuestionWords.tokens(d.displayName(), true).stream().map(QuestionWords::singular).toList();
                if (label.size() > said.size() && label.subList(0, said.size()).equals(said)) return true;
            }
        }
        return false;
    }

    private static boolean timeOfTheMeasure(QuestionParser reader, Left at, int i) {
        if (at.question.period().isEmpty() || at.afterCue(i)) return false;
        String said = at.words().get(i), word = QuestionWords.stem(said);
        for (SemanticMetric.Simple in : reader.model.simpleInputs(at.metric)) {
            Dimension time = reader.model.timeDimensionOf(in).orElse(null);
            if (time == null) continue;
            if (eventWords(time).stream().anyMatch(w -> QuestionWords.stem(w).equals(word))) return true;
            // "shipments sent in 2026" of rows dated when shipped: a verb WordNet puts in a synset with the event's own, when it
            // is so with no other time of the same rows ("sent" is not "delivered" there) and names no measure of those rows
            // ("placed" of "orders placed" is that measure's)
            if (sameEvent(said, time) && !namesAMeasureOf(reader, in.dataset(), word)
                    && reader.model.dimensionsOf(time.dataset()).stream().noneMatch(o -> o.time() && !o.equals(time) && sameEvent(said, o))) return true;
        }
        return false;
    }

    /** Whether a word (stemmed) is in the name, label or a synonym of a measure over the dataset's rows. */
    private static boolean namesAMeasureOf(QuestionParser reader, String dataset, String stem) {
        for (SemanticMetric m : reader.model.metrics()) {
            if (!(m instanceof SemanticMetric.Simple s) || !s.dataset().equals(dataset)) continue;
            List<String> names = new java.util.ArrayList<>(List.of(QuestionParser.nameAndLabel(m)));
            names.addAll(m.info().synonyms());
            for (String n : names) if (QuestionWords.tokens(n, true).stream().anyMatch(w -> QuestionWords.stem(w).equals(stem))) return true;
        }
        return false;
    }

    /** The words of a time's names that say which event it is: not "date", "time" nor a function word. */
    private static List<String> eventWords(Dimension time) {
        List<String> out = new java.util.ArrayList<>();
        for (String n : ReaderLexicon.names(time)) {
            for (String w : QuestionWords.tokens(n, true)) if (!GENERIC_TIME_WORDS.contains(w) && !FunctionWords.english().isFunctionWord(w)) out.add(w);
        }
        return out;
    }

    /** Whether a word is a verb in a synset with a verb of a time's name, or that verb itself. */
    private static boolean sameEvent(String word, Dimension time) {
        for (String w : eventWords(time)) {
            if (QuestionWords.stem(w).equals(QuestionWords.stem(word))) return true;
            java.util.Optional<dev.almanac.reading.Relation> r = dev.almanac.reading.Lexicon.english().relation(word, w);
            if (r.isPresent() && r.get().pos() == dev.almanac.reading.PartOfSpeech.VERB && r.get().kind() == dev.almanac.reading.Relation.Kind.SYNONYM) return true;
        }
        return false;
    }

    /** Words any time's name may have, which say nothing of the event. */
    private static final Set<String> GENERIC_TIME_WORDS = Set.of("date", "time", "day", "at", "on", "timestamp", "datetime", "ts");

    /** What a rule decides of a word left over. */
    enum Decision { UNPLACED, PASSES }

    /** The aggregation a word names ("avg", "total", "highest" is not one: it ranks), or null. */
    static SemanticMetric.Agg aggregationWord(String word) {
        return switch (word) {
            case "average", "avg", "mean" -> SemanticMetric.Agg.AVG;
            case "total", "sum" -> SemanticMetric.Agg.SUM;
            case "maximum", "max" -> SemanticMetric.Agg.MAX;
            case "minimum", "min" -> SemanticMetric.Agg.MIN;
            case "median" -> SemanticMetric.Agg.MEDIAN;
            default -> null;
        };
    }

    /** A word that asks for a count, joined by "and" or a comma to what is next to it. */
    private static boolean countBesideAnother(List<String> words, int i) {
        if (!Set.of("count", "number", "num").contains(words.get(i))) return false;
        // "and" or a comma either side, or another aggregate right after it (a comma is no word: "count, avg and max")
        Set<String> joins = Set.of("and", ",");
        int after = i + 1 < words.size() && words.get(i + 1).equals("of") ? i + 2 : i + 1; // "num and avg" is rephrased "number of and avg"
        return after < words.size() && (joins.contains(words.get(after)) || aggregationWord(words.get(after)) != null)
                || i > 0 && joins.contains(words.get(i - 1));
    }

    /** The words left over and what the reading placed: the question, the words placed, the metric read, its breakdowns and grain, the model's words allowed. */
    static final class Left {
        final Question question;
        final boolean[] used;
        final SemanticMetric metric;
        final QuestionParser.Span metricSpan;
        final boolean[] metricWords;
        final List<String> groupBy;
        final Grain grain;
        final String[] valueOf;
        final Set<String> entities;
        final Set<String> allowed;
        /** The pairs of words the model's descriptions of the rows say together, {@code "first second"}. */
        final Set<String> describedPairs;
        final SemanticQuery previous;
        /** The words of a breakdown of the metric named and not read as one. */
        final boolean[] unreadBreakdown;

        Left(Question question, boolean[] used, SemanticMetric metric, QuestionParser.Span metricSpan, boolean[] metricWords, List<String> groupBy,
             Grain grain, String[] valueOf, Set<String> entities, Set<String> allowed, Set<String> describedPairs, SemanticQuery previous, boolean[] unreadBreakdown) {
            this.question = question;
            this.used = used;
            this.metric = metric;
            this.metricSpan = metricSpan;
            this.metricWords = metricWords;
            this.groupBy = groupBy;
            this.grain = grain;
            this.valueOf = valueOf;
            this.entities = entities;
            this.allowed = allowed;
            this.describedPairs = describedPairs;
            this.previous = previous;
            this.unreadBreakdown = unreadBreakdown;
        }

        List<String> words() {
            return question.words();
        }

        List<String> original() {
            return question.original();
        }

        private List<QuestionParser.Span> attributeSpans;

        /** The longest attribute phrases the question says, found once for all the words left over. */
        List<QuestionParser.Span> attributeSpans(QuestionParser reader) {
            if (attributeSpans == null) attributeSpans = Spans.outermost(Spans.spans(words(), reader.lexicon.attributePhrases()));
            return attributeSpans;
        }

        /** Right after "by", "per", "each" or "every". */
        boolean afterBreakdownCue(int i) {
            return i > 0 && Breakdown.BREAKDOWN_CUES.contains(words().get(i - 1));
        }

        /** Right after a breakdown's cue, and not right before the metric's own words ("top 3 categories by shop revenue" ranks by it). */
        boolean afterCue(int i) {
            return afterBreakdownCue(i) && !(i + 1 < words().size() && Spans.inSpan(metricSpan, i + 1));
        }
    }

    private interface Rule {
        boolean holds(QuestionParser reader, Left at, int i);
    }

    private final Decision decision;
    private final Rule rule;
    private final List<String> examples;

    WordPlacement(Decision decision, Rule rule, String... examples) {
        this.decision = decision;
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"} or {@code "... => refused"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** The words (as the question has them) that no rule lets pass, in order. */
    /** With {@code -Dalmanac.trace.words=true}, each word left and the rule that decided it, on standard error (for looking into a reading). */
    private static final boolean TRACE = Boolean.getBoolean("almanac.trace.words");

    static List<String> unplaced(QuestionParser reader, Left at) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < at.words().size(); i++) {
            if (at.used[i]) continue;
            Optional<Decision> decided = Optional.empty();
            for (WordPlacement r : values()) {
                if (r.rule.holds(reader, at, i)) {
                    if (TRACE) System.err.println("  [" + at.metric.name() + "] " + at.words().get(i) + " <- " + r.name() + " " + r.decision);
                    decided = Optional.of(r.decision);
                    break;
                }
            }
            if (decided.orElse(Decision.UNPLACED) == Decision.UNPLACED) out.add(at.original().get(i));
        }
        return out;
    }

    /**
     * The complex-intransitive verbs of English that take a subject's predicative complement (Huddleston and Pullum, The
     * Cambridge Grammar of the English Language, 2002, ch. 4 §5), "be" aside (an auxiliary to the reader), and those of
     * them with a common sense of their own left out ("get", "go", "grow", "turn", "keep", "look", "sound", "feel"): a closed class.
     */
    private static final Set<String> COPULAR_VERBS = Set.of("become", "remain", "stay", "seem", "appear", "prove");

    private static boolean copular(String word) {
        return verbOf(word, COPULAR_VERBS);
    }

    /** The catenatives of English that link as a copula does with their particle ("ended up being", "turned out to be"). */
    private static final java.util.Map<String, String> COPULAR_PHRASES = java.util.Map.of("end", "up", "turn", "out");

    /**
     * A copular verb right before a word placed, or one of {@link #COPULAR_PHRASES} with its particle, a form of "be" or
     * "to be" between them and the word placed.
     */
    private static boolean copulaBeforePlaced(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        int verb = i;
        String particle = null;
        for (var e : COPULAR_PHRASES.entrySet()) {
            if (i > 0 && words.get(i).equals(e.getValue()) && verbOf(words.get(i - 1), Set.of(e.getKey()))) verb = i - 1; // the particle itself
        }
        for (var e : COPULAR_PHRASES.entrySet()) if (verbOf(words.get(verb), Set.of(e.getKey()))) particle = e.getValue();
        int k = verb + 1;
        if (particle != null) {
            if (k >= words.size() || !words.get(k).equals(particle)) return false;
            k++;
            while (k < words.size() && !at.used[k] && Set.of("being", "be", "to").contains(words.get(k))) k++;
        } else if (!copular(words.get(verb))) {
            return false;
        }
        return k < words.size() && at.used[k];
    }

    /** Whether the word is a form of one of these verbs ("became" of "become"). */
    private static boolean verbOf(String word, Set<String> bases) {
        return dev.almanac.reading.Lexicon.english().baseForms(word, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(bases::contains);
    }

    /** Whether {@code word} names what {@code measure} does: a synonym of it in English, or the last word of one of its synonyms of several words. */
    private static boolean restates(String measure, String word) {
        if (!contentWord(word) || !dev.almanac.reading.Lexicon.english().partsOfSpeech(word).contains(dev.almanac.reading.PartOfSpeech.NOUN)) return false;
        for (String synonym : dev.almanac.reading.Lexicon.english().synonyms(measure)) {
            String[] parts = synonym.split("[ _-]");
            if (parts[parts.length - 1].equals(word)) return true;
        }
        return false;
    }

    /** Levin's verbs of creation and of building (1993, 26.1 and 26.4) that say a thing was made, not what became of it. */
    private static final Set<String> CREATION_VERBS = Set.of("create", "produce", "make", "build", "design", "manufacture", "construct", "compose",
            "invent", "develop", "write");

    private static boolean headOfTheCompound(QuestionParser reader, Left at, int i) {
        if (i == 0 || i != at.metricSpan.to() || !at.metricWords[i - 1] || at.metricSpan.scattered()) return false;
        List<String> noun = List.of(at.words().get(i));
        Set<String> own = reader.datasetsOf(at.metric);
        return reader.lexicon.rowsCalled(noun).stream().anyMatch(d -> !own.contains(d.name()));
    }

    private static boolean additive(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        String w = words.get(i);
        if (w.equals("also")) return true;
        boolean last = i + 1 == words.size() || Set.of(".", "?", "!", ";").contains(words.get(i + 1));
        if (w.equals("too")) return last;
        return w.equals("well") && i > 0 && words.get(i - 1).equals("as") && last || w.equals("as") && i + 1 < words.size() && words.get(i + 1).equals("well")
                && (i + 2 == words.size() || Set.of(".", "?", "!", ";").contains(words.get(i + 2)));
    }

    private static boolean madeWhen(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (i + 1 >= words.size() || !MADE_PREPOSITIONS.contains(words.get(i + 1))) return false;
        if (reader.lexicon.modelStems().contains(QuestionWords.stem(words.get(i))) || !verbOf(words.get(i), CREATION_VERBS)) return false;
        // a past participle, what was made ("produced", "built"), never the verb of how something went ("develop in 2018")
        String written = at.original().get(i).toLowerCase(java.util.Locale.ROOT);
        if (written.endsWith("ing") || written.endsWith("s") || dev.almanac.reading.Lexicon.english().baseForms(written, dev.almanac.reading.PartOfSpeech.VERB).contains(written)) return false;
        if (i + 2 == words.size()) return at.question.asked().isPresent(); // "produced in 1980": the period, read, is no longer among the words
        int k = i + 2;
        while (k < words.size() && !at.used[k] && Set.of("the", "a", "an", "year").contains(words.get(k))) k++; // "in the year 1980"
        return k < words.size() && at.used[k];
    }

    /** The prepositions after a verb of creation that say when, where or by whom. */
    private static final Set<String> MADE_PREPOSITIONS = Set.of("in", "before", "after", "since", "during", "between", "on", "by", "from", "until");

    private static boolean madeByEach(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (at.groupBy.isEmpty() || !at.metric.countsRows() || reader.lexicon.modelStems().contains(QuestionWords.stem(words.get(i)))) return false;
        if (!verbOf(words.get(i), CREATION_VERBS)) return false;
        for (int k = i + 1; k < words.size(); k++) if (!QuestionFrame.FILLER.contains(words.get(k))) return false; // the question's last word of content
        for (int k = 0; k < i; k++) if (QuestionWords.denies(words.get(k))) return false;
        return words.subList(0, i).stream().anyMatch(w -> Set.of("each", "every", "per").contains(w));
    }

    private static boolean relatingVerb(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        // "ascending", "increasing": the words of an order, which only the order rules place
        if (OrderWords.ASCENDING.contains(words.get(i)) || OrderWords.DESCENDING.contains(words.get(i))) return false;
        if (!reader.model.countsThroughReference(at.metric) || !relating(reader, words.get(i))) return false;
        String rows = ((SemanticMetric.Simple) at.metric).dataset();
        if (at.groupBy.isEmpty() && at.original().stream().noneMatch(w -> reader.namesRowsOf(w, rows))) return false;
        for (int k = 0; k < words.size(); k++) {
            if (QuestionWords.denies(words.get(k))) return false;
            if (k != i && !at.used[k] && relating(reader, words.get(k))) return false; // one verb says the relationship
        }
        return true;
    }

    /** A verb that is no word of the model and no function word. */
    private static boolean relating(QuestionParser reader, String word) {
        return !QuestionFrame.FILLER.contains(word) && !reader.lexicon.modelStems().contains(QuestionWords.stem(word))
                && dev.almanac.reading.Lexicon.english().partsOfSpeech(word).contains(dev.almanac.reading.PartOfSpeech.VERB);
    }

    /** English's function words of several words that set one thing against another. */
    private static final List<List<String>> CONTRASTS = List.of(List.of("instead", "of"), List.of("rather", "than"), List.of("other", "than"),
            List.of("apart", "from"), List.of("as", "opposed", "to"), List.of("in", "place", "of"));

    private static boolean inContrast(List<String> words, int i) {
        for (List<String> c : CONTRASTS) {
            for (int start = Math.max(0, i - c.size() + 1); start <= i && start + c.size() <= words.size(); start++) {
                if (words.subList(start, start + c.size()).equals(c)) return true;
            }
        }
        return false;
    }

    /** Whether the word at {@code i} is one of a function word of several words said whole there ("along with"). */
    private static boolean inFunctionPhrase(List<String> words, int i) {
        var function = dev.almanac.reading.FunctionWords.english();
        for (int start = Math.max(0, i - 3); start <= i; start++) {
            var phrase = function.phraseAt(words, start);
            if (phrase.isPresent() && phrase.get().words().size() > 1 && start + phrase.get().words().size() > i) return true;
        }
        return false;
    }

    /** "corresponding", "correspond", "respective": a word that says a thing is the one of each group. */
    private static boolean corresponding(String word) {
        return word.equals("respective") || word.equals("corresponding")
                || verbOf(word, Set.of("correspond"));
    }

    /** Whether the word at {@code i} is in a phrase of attributes the reading groups by, all of whose words are left over. */
    private static boolean groupedAgain(QuestionParser reader, Left at, int i) {
        if (at.groupBy.isEmpty()) return false;
        // the longest phrase there, naming grouped attributes only ("name" of a shop's and an employee's names is not the shop's)
        for (QuestionParser.Span s : at.attributeSpans(reader)) {
            if (i < s.from() || i >= s.to() || Spans.anyUsed(at.used, s)) continue;
            if (Spans.dimensionOf(s).stream().allMatch(d -> at.groupBy.contains(reader.model.reference(d)))) return true;
        }
        // "the maximum weight and type for each type of pet": a grouped attribute by its short name ("type" of pet type)
        List<String> words = at.words();
        for (String field : at.groupBy) {
            Dimension g = reader.model.dimension(field).orElse(null);
            Dataset ds = g == null ? null : reader.model.dataset(g.dataset()).orElse(null);
            if (ds == null) continue;
            for (var e : reader.lexicon.shortPhrases(ds).entrySet()) {
                if (!e.getValue().equals(g)) continue;
                int n = e.getKey().size();
                for (int from = Math.max(0, i - n + 1); from <= i && from + n <= words.size(); from++) {
                    if (!words.subList(from, from + n).equals(e.getKey())) continue;
                    boolean free = true;
                    for (int k = from; k < from + n; k++) if (at.used[k]) free = false;
                    // "the dog name": the short name after other records' noun is theirs
                    final int before = from - 1;
                    boolean others = before >= 0 && reader.lexicon.rowsCalled(List.of(words.get(before))).stream().anyMatch(o -> o != ds);
                    if (free && !others) return true;
                }
            }
        }
        return false;
    }

    /** A word of none of English's closed classes, nor one the reader reads as a function word. */
    private static boolean contentWord(String w) {
        return !QuestionFrame.FILLER.contains(w) && !dev.almanac.reading.FunctionWords.english().isFunctionWord(w);
    }

    /** See {@link #PHRASAL_OWN_EVENT}: the verb at {@code i}, or its particle right after such a verb. */
    private static boolean phrasalOwnEvent(QuestionParser reader, Left at, int i) {
        if (!(at.metric instanceof SemanticMetric.Simple sm)) return false;
        Set<String> own = new java.util.HashSet<>();
        QuestionWords.tokens(QuestionParser.nameAndLabel(sm), true).forEach(w -> own.add(QuestionWords.stem(w)));
        reader.model.timeDimensionOf(sm).ifPresent(d -> QuestionWords.tokens(d.name().replace('_', ' ') + " " + QuestionWords.nullToEmpty(d.label()), true)
                .forEach(w -> own.add(QuestionWords.stem(w))));
        return ReaderLexicon.phrasalOf(at.words(), i, own) || ReaderLexicon.phrasalOf(at.words(), i - 1, own);
    }

    private static boolean distinctAlready(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (!RecordShapes.DISTINCT_WORDS.contains(words.get(i)) || i + 1 >= words.size() || !at.used[i + 1]) return false;
        // "how many unique customers" of a count of different customer ids: the count is of different ones already
        boolean distinctCount = at.metric instanceof SemanticMetric.Simple s && s.agg() == SemanticMetric.Agg.COUNT_DISTINCT && at.metricWords[i + 1];
        return !at.groupBy.isEmpty() && !at.metricWords[i + 1]
                || Spans.inSpan(at.metricSpan, i + 1) && at.metric.info().synonyms().equals(RecordShapes.LISTING_WORDS) || distinctCount;
    }

    /**
     * Whether the word is the verb of "how did X develop", "how has X moved", "how did X change": a question opening "how"
     * and an auxiliary, the verb after the measure's words with only placed or function words between, and the reading a
     * series over periods (a grain): whatever the verb says of the measure's course, the series is its answer.
     */
    static boolean courseOverTime(List<String> words, boolean[] used, int i, QuestionParser.Span metricSpan, Grain grain) {
        if (grain == null || words.size() < 4 || !words.get(0).equals("how") || i < metricSpan.to()) return false;
        var function = dev.almanac.reading.FunctionWords.english();
        if (!function.is(words.get(1), dev.almanac.reading.FunctionClass.AUXILIARY)) return false;
        for (int k = metricSpan.to(); k < i; k++) if (!used[k] && !function.isFunctionWord(words.get(k))) return false;
        return dev.almanac.reading.Lexicon.english().partsOfSpeech(words.get(i)).contains(dev.almanac.reading.PartOfSpeech.VERB);
    }

    /**
     * A verb that links the rows read to what a preposition after it introduces, itself placed (a value, a breakdown, the
     * rows' own noun): "engineers work in our Berlin office", "orders came from Germany", "revenue that came from enterprise
     * customers". Never before a period ("died in 2018" says which event the year dates). It says how the rows relate to that element, which the model's
     * relationships say already, whichever verb it is. Never a word of the model (a status or a measure: "returned",
     * "refunded" say which rows, and are placed as such or refused), never denied ("did not come from"), and only before
     * a preposition: "how many orders were shipped?" says which orders, and is not answered.
     */
    static boolean linkingVerb(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        boolean[] used = at.used;
        java.util.function.IntPredicate placed = k -> used[k] || QuestionWords.isAllowed(words.get(k), at.allowed);
        String w = words.get(i);
        if (!dev.almanac.reading.Lexicon.english().partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.VERB)) return false;
        if (i > 0 && headsNounPhrase(words.get(i - 1))) return false; // "the total rebate on claims": a noun, not a verb
        // "region and pop of Angola": joined to an attribute placed before it, one more thing asked for, not a verb
        if (i > 1 && words.get(i - 1).equals("and") && used[i - 2]) return false;
        // a word the model names the metric's rows or their attributes with says which rows, unless it is the model's own
        // word for the attribute grouped by ("the agent who handled the most tickets" where the agent is said to have
        // handled them); a word it names other rows with ("handled" asked of shipments) is as any verb of English
        String stem = QuestionWords.stem(w);
        Set<String> named = reader.lexicon.stemsAbout(at.metric).getOrDefault(stem, Set.of());
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        if (i > 0 && (grammar.is(words.get(i - 1), dev.almanac.reading.FunctionClass.NEGATION) || words.get(i - 1).endsWith("n't"))) return false;
        // "covered by countries", "produced by the maker": an agent after "by", which the reader takes for a breakdown
        if (i + 1 < words.size() && words.get(i + 1).equals("by")) return false;
        if (linksToAnotherValue(reader, at, i, named)) return true;
        boolean groupsWord = !named.isEmpty() && at.groupBy.containsAll(named);
        if (!named.isEmpty() && !groupsWord) return false;
        boolean ofOtherRows = reader.lexicon.modelStems().contains(stem);
        int k = i + 1, prepositions = 0;
        while (k < words.size() && prepositions < 2 && grammar.is(words.get(k), dev.almanac.reading.FunctionClass.PREPOSITION)) { // "in each": a cue
            k++;
            prepositions++;
        }
        if (prepositions == 0) {
            if (groupsWord) return rankedObject(words, used, i, placed);
            // a verb of what befell the rows ("delayed", "returned") says which are counted; one of having, using or dealing
            // with, or the passive of judging, only how they relate
            if (!QuestionFrame.relationVerb(w) && !grammar.isFunctionWord(w) && !judgedAs(words, i)) return false;
            return rankedObject(words, used, i, placed) || valueObject(words, used, at.valueOf, i);
        }
        while (k < words.size() && !used[k] && (grammar.is(words.get(k), dev.almanac.reading.FunctionClass.ARTICLE)
                || grammar.is(words.get(k), dev.almanac.reading.FunctionClass.POSSESSIVE) || Set.of("each", "every", "all").contains(words.get(k))
                || reader.ours.contains(words.get(k)))) k++;
        // not a period: "died in 2018" says which event the year dates, which the metric's own time may not be
        return !ofOtherRows && k < words.size() && placed.test(k);
    }

    /**
     * Whether a word opens a noun phrase, so that the word after it is its noun (or a modifier of it), never a verb: an
     * article, a possessive determiner, or a word that asks for an aggregate which WordNet has as an adjective itself ("the",
     * "our", "total", "average"; not "number", a noun that heads its own phrase: "flight numbers correspond to").
     */
    private static boolean headsNounPhrase(String before) {
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        return grammar.is(before, dev.almanac.reading.FunctionClass.ARTICLE) || grammar.is(before, dev.almanac.reading.FunctionClass.POSSESSIVE)
                || MeasureFit.asksAggregate(before)
                && !dev.almanac.reading.Lexicon.english().senses(before, dev.almanac.reading.PartOfSpeech.ADJECTIVE).isEmpty();
    }

    /**
     * "Which owner owns the most dogs?", "the nation that uses the greatest number of languages": a verb between what is ranked
     * (placed before it, a relative word and auxiliaries between) and the ranking of the rows counted ("the most" and their
     * placed noun after it) says how the two relate, which the model's relationships say already.
     */
    /**
     * "the people working in Engineering" where "work" is a word of an attribute the question does not ask about (a "work
     * location"): a verb, then one preposition (not "by", nor after a negation: {@link #linkingVerb} reads those first) and a
     * value placed of another attribute, which is no value of the attributes the verb's word names, links the rows to that
     * value. A word of a value ("churned") is never let pass so.
     */
    private static boolean linksToAnotherValue(QuestionParser reader, Left at, int i, Set<String> named) {
        List<String> words = at.words();
        Set<String> attributes = new java.util.HashSet<>(named);
        attributes.remove(ReaderLexicon.ROWS);
        if (attributes.isEmpty() || attributes.stream().anyMatch(n -> n.startsWith(ReaderLexicon.VALUE_OF))) return false;
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        int k = i + 1; // the negation before and "by" after are linkingVerb's, read first
        if (k >= words.size() || !grammar.is(words.get(k), dev.almanac.reading.FunctionClass.PREPOSITION)) return false;
        k++;
        while (k < words.size() && !at.used[k] && (grammar.is(words.get(k), dev.almanac.reading.FunctionClass.ARTICLE)
                || grammar.is(words.get(k), dev.almanac.reading.FunctionClass.POSSESSIVE))) k++;
        if (k >= words.size() || !at.used[k] || at.valueOf[k] == null || attributes.contains(at.valueOf[k])) return false;
        if (at.groupBy.stream().anyMatch(attributes::contains) || java.util.Arrays.stream(at.valueOf).anyMatch(attributes::contains)) return false;
        Set<String> valueNamed = reader.lexicon.stemsAbout(at.metric).getOrDefault(QuestionWords.stem(words.get(k)), Set.of());
        return attributes.stream().noneMatch(a -> valueNamed.contains(ReaderLexicon.VALUE_OF + a));
    }

    private static boolean kindOfItsAttribute(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (i == 0 || !at.used[i - 1] || at.groupBy.size() != 1 || !RecordForms.kindWord(QuestionWords.singular(words.get(i)))) return false;
        Map<String, Set<String>> about = reader.lexicon.stemsAbout(at.metric);
        Dimension d = reader.model.dimension(at.groupBy.get(0)).orElse(null);
        if (d == null || d.kind() != Dimension.Kind.CATEGORICAL || d.labelsEntity()) return false;
        // the kind word of another attribute ("card type") is that attribute's only with another of its words said
        for (String other : about.getOrDefault(QuestionWords.stem(words.get(i)), Set.of())) {
            if (other.equals(reader.model.reference(d))) continue;
            for (int k = 0; k < words.size(); k++) {
                if (k != i && about.getOrDefault(QuestionWords.stem(words.get(k)), Set.of()).contains(other)) return false;
            }
        }
        if (reader.model.dataset(d.dataset()).map(ds -> ModelAttributes.isKey(ds, d)).orElse(true)) return false;
        List<String> name = QuestionWords.tokens(d.label() != null ? d.label() : d.name().replace('_', ' '), true);
        // an attribute named as persons ("adjuster") names people, whose kinds are another attribute
        if (name.isEmpty() || QuestionWords.personNoun(name.get(name.size() - 1))) return false;
        return QuestionWords.stem(name.get(name.size() - 1)).equals(QuestionWords.stem(words.get(i - 1)))
                && about.getOrDefault(QuestionWords.stem(words.get(i - 1)), Set.of()).contains(reader.model.reference(d));
    }

    private static boolean rankedObject(List<String> words, boolean[] used, int i, java.util.function.IntPredicate placed) {
        if (!placedBefore(words, used, i)) return false;
        int k = i + 1;
        if (k < words.size() && words.get(k).equals("the")) k++;
        if (k >= words.size() || !used[k] || !(Ranking.MOST.contains(words.get(k)) || Ranking.LEAST.contains(words.get(k)))) return false;
        k++;
        while (k < words.size() && (Set.of("number", "amount", "of", "count").contains(words.get(k)) || used[k] && (Ranking.MOST.contains(words.get(k)) || Ranking.LEAST.contains(words.get(k))))) k++;
        return k < words.size() && used[k] && placed.test(k);
    }

    /**
     * "TV channels using language English", "countries that speak English": a verb between the rows read (placed before it,
     * a relative word and auxiliaries between) and a value placed right after it (its attribute's placed words between)
     * says how the rows hold the value, which the value's attribute says already.
     */
    private static boolean valueObject(List<String> words, boolean[] used, String[] valueOf, int i) {
        if (!placedBefore(words, used, i)) return false;
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        int k = i + 1;
        while (k < words.size() && !used[k] && grammar.is(words.get(k), dev.almanac.reading.FunctionClass.ARTICLE)) k++;
        for (int n = 0; n < 2 && k < words.size() && used[k] && valueOf[k] == null; n++) k++; // the attribute's words ("language English")
        return k < words.size() && valueOf[k] != null;
    }

    private static boolean takePlace(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (!at.metric.countsRows()) return false;
        int take = words.get(i).equals("place") ? i - 1 : i;
        if (take < 0 || take + 1 >= words.size() || !words.get(take + 1).equals("place")) return false;
        return verbOf(words.get(take), Set.of("take"));
    }

    /** Whether the verb at {@code i} is the passive of a {@link QuestionFrame#JUDGING verb of judging} ("are considered"). */
    private static boolean judgedAs(List<String> words, int i) {
        if (i == 0 || !dev.almanac.reading.FunctionWords.english().is(words.get(i - 1), dev.almanac.reading.FunctionClass.AUXILIARY)) return false;
        return verbOf(words.get(i), QuestionFrame.JUDGING);
    }

    /**
     * Whether the verb at {@code i} says what the organization itself has on offer ("how many plans do we offer"): a verb of
     * {@link QuestionFrame#providing providing} with "we", "you" or the organization a few words before it, in a clause in
     * the present with no period, of a plain count of records that are no events (no time of their own).
     */
    private static boolean catalog(QuestionParser reader, Left at, int i) {
        List<String> words = at.words();
        if (!QuestionFrame.providing(words.get(i)) || at.question.period().isPresent() || !(at.metric instanceof SemanticMetric.Simple s)
                || s.agg() != SemanticMetric.Agg.COUNT || s.filter() != null || reader.model.dimensionsOf(s.dataset()).stream().anyMatch(Dimension::time)) return false;
        boolean saidByUs = false;
        for (int k = Math.max(0, i - 3); k < i; k++) saidByUs |= Set.of("we", "you").contains(words.get(k)) || reader.readingWords.organizationItself(words, k);
        return saidByUs && QuestionFrame.presentClause(words, k -> at.used[k] || k == i);
    }

    /** Whether a placed word stands before the verb at {@code i}, only a relative word ("that", "who", "which") and auxiliaries between. */
    private static boolean placedBefore(List<String> words, boolean[] used, int i) {
        dev.almanac.reading.FunctionWords grammar = dev.almanac.reading.FunctionWords.english();
        int j = i - 1;
        while (j >= 0 && !used[j] && (grammar.is(words.get(j), dev.almanac.reading.FunctionClass.AUXILIARY) || Set.of("that", "who", "which").contains(words.get(j)))) j--;
        return j >= 0 && used[j];
    }
}
