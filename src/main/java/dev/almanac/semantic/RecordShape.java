package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Result;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The shapes of a whole question about records the reader knows before it looks for one metric, tried in this order on the
 * question as rephrased ({@link Rephrasing}): the first that reads it gives the reading; none reading it leaves the
 * question to the metric's reading. Each is a named rule with the examples it must read beside it, {@code "database:
 * question => query"}: the database a Spider dev database whose model `almanac init` drafts, the query as its JSON
 * (single quotes for double). The test {@code RecordShapeTest} reads them all. No rule names a model's word.
 */
enum RecordShape {
    DISTINCT_COUNT(RecordShapes::distinctCount,
            "world_1: How many different government forms are there? => {'count_distinct':['government_form']}",
            "concert_singer: Count the distinct countries of the singers. => {'count_distinct':['country']}",
            "employee_hire_evaluation: How many distinct locations of shops are there? => {'count_distinct':['location']}"),
    /** "How many continents are there?": a category's values counted, said in the plural after "how many" with no "different". */
    VALUES_COUNTED(RecordShapes::valuesCounted,
            "world_1: How many continents are there? => {'count_distinct':['continent']}",
            // the records' noun in the singular before the values' says whose they are
            "singer: how many singer citizenships are there? => {'count_distinct':['citizenship']}",
            "car_1: How many cylinders does the car with the least accelerate have? => refused",
            "world_1: How many countries are there? => refused",
            "voter_1: How many contestants are there? => refused",
            // the values said right after "how many", never an attribute named later: customers counted, by country
            "tasty_bytes: How many customers are there in each country? => refused"),
    MOST_COMMON(RecordShapes::mostCommon,
            "world_1: What is the most frequent government form of countries? => {'group_by':[{'dimension':'government_form'}],'order':[{'field':'country_count','descending':true}],'limit':1,'ties':true}",
            "pets_1: What is the most common pet type? => {'group_by':[{'dimension':'pet_type'}],'order':[{'field':'pets_count','descending':true}],'limit':1,'ties':true}"),
    WITHOUT_RELATED(RecordShapes::withoutRelated,
            "concert_singer: List the names of singers who have no concerts. => {'group_by':[{'dimension':'singer.name'}],'records':'singer','exists':[{'dataset':'concert','negated':true,'of':'singer'}]}",
            "orchestra: Which orchestras do not have any performances? => {'group_by':[{'dimension':'orchestra'}],'records':'orchestra','exists':[{'dataset':'performance','negated':true,'of':'orchestra'}]}",
            "cre_Doc_Template_Mgt: List the ids of templates that were never used by any documents. => {'group_by':[{'dimension':'templates.template_id'}],'records':'templates','exists':[{'dataset':'documents','negated':true,'of':'templates'}]}",
            "poker_player: Show the heights of people who are not poker players. => {'group_by':[{'dimension':'height'}],'records':'people','exists':[{'dataset':'poker_player','negated':true,'of':'people'}]}",
            "orchestra: List the orchestras with no performances. => {'group_by':[{'dimension':'orchestra'}],'records':'orchestra','exists':[{'dataset':'performance','negated':true,'of':'orchestra'}]}",
            "concert_singer: Name the singers for whom there is not a single concert. => refused",
            "dog_kennels: How many professionals have not done any treatment on dogs? => {'metrics':['professionals_count'],'exists':[{'dataset':'treatments','negated':true,'of':'professionals'}]}",
            "dog_kennels: Which professionals did not do any treatment on owners? => refused",
            "student_transcripts_tracking: Name the semesters in which no students enrolled. => {'group_by':[{'dimension':'semester_name'}],'records':'semesters','exists':[{'dataset':'student_enrolment','negated':true,'of':'semesters'}]}",
            "student_transcripts_tracking: List the semesters that have no students enrolled. => {'group_by':[{'dimension':'semester_name'}],'records':'semesters','exists':[{'dataset':'student_enrolment','negated':true,'of':'semesters'}]}",
            "concert_singer: Show the stadiums where there are no concerts. => {'group_by':[{'dimension':'stadium.name'}],'records':'stadium','exists':[{'dataset':'concert','negated':true,'of':'stadium'}]}"),
    WITH_RELATED(RecordShapes::withRelated,
            "pets_1: Show the first names of students who have any pets. => {'group_by':[{'dimension':'fname'}],'records':'student','exists':[{'dataset':'pets','of':'student'}]}",
            "dog_kennels: How many owners have a dog? => {'metrics':['owners_count'],'exists':[{'dataset':'dogs','of':'owners'}]}",
            "dog_kennels: How many dogs underwent some treatments? => {'metrics':['dogs_count'],'exists':[{'dataset':'treatments','of':'dogs'}]}",
            "concert_singer: How many stadiums have concerts? => {'metrics':['stadium_count'],'exists':[{'dataset':'concert','of':'stadium'}]}",
            "pets_1: List the first names of students with pets. => {'group_by':[{'dimension':'fname'}],'records':'student','exists':[{'dataset':'pets','of':'student'}]}",
            "pets_1: List the first names of students who keep pets. => {'group_by':[{'dimension':'fname'}],'records':'student','exists':[{'dataset':'pets','of':'student'}]}",
            "pets_1: List the first names of students who keep dogs. => refused",
            // a verb in the passive whose noun names the related rows (treat, treatment)
            "dog_kennels: How many dogs have been treated? => {'metrics':['dogs_count'],'exists':[{'dataset':'treatments','of':'dogs'}]}",
            "dog_kennels: How many dogs have been adopted? => refused",
            // a period after the related rows is theirs, never the records' own dates
            "dog_kennels: How many dogs had a treatment in 2018? => {'metrics':['dogs_count'],'exists':[{'dataset':'treatments','of':'dogs','filters':[{'field':'date_of_treatment','op':'>=','values':['2018-01-01']},{'field':'date_of_treatment','op':'<','values':['2019-01-01']}]}]}"),
    RELATED_COUNT_CONDITION(RecordShapes::relatedCountCondition,
            "world_1: Which countries have more than 20 cities? => {'group_by':[{'dimension':'country.name'}],'filters':[{'field':'city_count','op':'>','values':['20']}],'records':'country'}",
            "orchestra: Which conductors have at least 2 orchestras? => {'group_by':[{'dimension':'name'}],'filters':[{'field':'orchestra_count','op':'>=','values':['2']}],'records':'conductor'}",
            "orchestra: Show the names of conductors that have conducted more than one orchestras. => {'group_by':[{'dimension':'name'}],'filters':[{'field':'orchestra_count','op':'>','values':['1']}],'records':'conductor'}",
            "cre_Doc_Template_Mgt: Show ids for all templates that are used by more than one document. => {'group_by':[{'dimension':'templates.template_id'}],'filters':[{'field':'documents_count','op':'>','values':['1']}],'records':'templates'}",
            "course_teach: List the names of teachers who teach more than one course. => {'group_by':[{'dimension':'name'}],'filters':[{'field':'course_arrange_distinct_course_id','op':'>','values':['1']}],'records':'teacher'}",
            // values of the counted rows' own attribute, each once: free text and numbers too
            "course_teach: Which hometowns have at least two teachers? => {'group_by':[{'dimension':'hometown'}],'filters':[{'field':'teacher_count','op':'>=','values':['2']}]}",
            "network_1: Which grades have at least 3 high schoolers? => {'group_by':[{'dimension':'grade'}],'filters':[{'field':'highschooler_count','op':'>=','values':['3']}]}",
            "poker_player: Show the nationalities in which there are at least 3 people. => {'group_by':[{'dimension':'nationality'}],'filters':[{'field':'people_count','op':'>=','values':['3']}]}"),
    GROUPS_BY_MEASURE(RecordShapes::groupsByMeasure,
            "world_1: Which continents have an average GNP above 1000? => {'group_by':[{'dimension':'continent'}],'filters':[{'field':'country_average_gnp','op':'>','values':['1000']}]}",
            // records kept by a measure are shown with each one's value of it
            "staffing: Which employees have an average salary above 100000? => {'metrics':['average_salary'],'group_by':[{'dimension':'full_name'}],'filters':[{'field':'average_salary','op':'>','values':['100000']}],'records':'employees'}"),
    RECORDS_WITH_COUNTS(RecordShapes::recordsWithCounts,
            "orchestra: Show the names of conductors and the number of orchestras for each conductor. => {'metrics':['orchestra_count'],'group_by':[{'dimension':'name'}],'records':'conductor'}",
            "orchestra: List the conductor names along with the number of orchestras of each. => {'metrics':['orchestra_count'],'group_by':[{'dimension':'name'}],'records':'conductor'}",
            "concert_singer: Give the themes of all concerts with the number of singers for each. => {'group_by':[{'dimension':'theme'}],'records':'concert','count_distinct':['singer_in_concert.singer_id']}",
            "world_1: List all continents and the number of countries in each continent. => {'metrics':['country_count'],'group_by':[{'dimension':'continent'}]}",
            "course_teach: List the hometowns of teachers with the number of courses they have taught. => {'group_by':[{'dimension':'hometown'}],'records':'teacher','count_distinct':['course_arrange.course_id']}"),
    RECORDS_WITH_THEIR_MEASURE(RecordShapes::recordsWithTheirMeasure,
            "staffing: List the employees in Research with their salaries. => {'metrics':['average_salary'],'group_by':[{'dimension':'full_name'}],'filters':[{'field':'division','op':'=','values':['Research']}],'records':'employees'}",
            "staffing: Show all employees along with their average salary. => {'metrics':['average_salary'],'group_by':[{'dimension':'full_name'}],'records':'employees'}",
            // a possessive before what no measure of the records' own is
            "staffing: List the employees with their bonus. => refused",
            "staffing: List the employees with their headcount. => refused"),
    PERIODS_WITHOUT_ROWS(RecordShapes::gaps,
            "student_transcripts_tracking: Which years from 1970 to 2020 have no transcripts? => {'metrics':['transcripts_count'],'grain':'year','start':'1970-01-01','end':'2021-01-01','gaps':true}",
            "student_transcripts_tracking: In which years between 1990 and 2000 were there no transcripts? => {'metrics':['transcripts_count'],'grain':'year','start':'1990-01-01','end':'2001-01-01','gaps':true}",
            "student_transcripts_tracking: Which months of 1985 have no transcripts? => {'metrics':['transcripts_count'],'grain':'month','start':'1985-01-01','end':'1986-01-01','gaps':true}"),
    SEVERAL_AGGREGATES(RecordShapes::severalAggregates,
            "pets_1: What are the minimum, average and maximum weight of pets? => {'metrics':['pets_min_weight','pets_average_weight','pets_max_weight']}"),
    AGGREGATES_OF_TWO_MEASURES(RecordShapes::aggregatesOfTwoMeasures,
            "world_1: What is the average life expectancy and total GNP of countries in Africa? => {'metrics':['country_average_life_expectancy','country_total_gnp'],'filters':[{'field':'continent','op':'=','values':['Africa']}]}"),
    COUNT_AND_MEASURE(RecordShapes::countAndMeasure,
            "insurer: How many claims were filed in 2025, and how much do they add up to? => {'metrics':['claims','claimed_amount'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims came by mail and what are they worth? => {'metrics':['claims','claimed_amount'],'filters':[{'field':'intake','op':'=','values':['mail']}]}",
            // a measure of other rows, or of some of the rows counted, is a second question
            "insurer: How many claims were filed in 2025, and what were the payments? => refused",
            "insurer: How many claims are open, and how much do they add up to? => refused",
            // how many of them: a count of some of the same rows
            "insurer: How many claims were filed in 2025, and how many of them are open? => {'metrics':['claims','open_claims'],'start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims were filed in 2025, and how many payments were made? => refused");

    private final BiFunction<RecordShapes, String, Optional<Result>> rule;
    private final List<String> examples;

    RecordShape(BiFunction<RecordShapes, String, Optional<Result>> rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"}. */
    List<String> examples() {
        return examples;
    }

    /** The question's reading as this shape, or empty when it is not of this shape. */
    Optional<Result> read(RecordShapes shapes, String q) {
        return rule.apply(shapes, q);
    }
}
