package dev.almanac.semantic;

import static dev.almanac.semantic.PeriodComparison.COMPARE_WORDS;
import static dev.almanac.semantic.Ranking.LEAST;
import static dev.almanac.semantic.Ranking.MOST;
import static dev.almanac.semantic.GrainRule.UNITS;
import static dev.almanac.semantic.QuestionWords.WORD;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.tokens;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites a question goes through before it is read, in the order they are made: each says a thing the way the rest
 * of the reader reads it ("$2,500" as 2500, "Return the names" as "show the names", a misspelt word of the model as that
 * word, "the youngest dog" as "the dog with the lowest age"), and leaves anything else as written. Each is a named rule
 * with the examples it must read beside it, {@code "as asked => as read"}; those that need a model's words start with the
 * Spider dev database whose drafted model they are read over ({@code "world_1: ..."}). The test
 * {@code RephrasingCorpusTest} reads them all. No rule names a model's word: what a rule writes comes from the question,
 * from English (WordNet, a grammar's words) or from the model it reads over.
 */
enum Rephrasing {
    /** "whats", "dont", "isnt": an English contraction typed without its apostrophe, unless the model uses the word. */
    UNMARKED_CONTRACTIONS(Rephrasing::unmarkedContractions, "whats the name of the oldest dog => what's the name of the oldest dog",
            "singers who arent french => singers who aren't french", "dogs that havent been treated => dogs that haven't been treated",
            "the wont of the house => the wont of the house"),
    /** "# of", "w/o", "w/": a typist's shorthand for "number of", "without", "with". */
    SHORTHAND(Rephrasing::shorthand, "# of french car makers => number of french car makers", "orchestras w/o performances => orchestras without performances",
            "singers w/ songs => singers with songs", "tickets #4 => tickets #4", "singers w more than 1 song => singers with more than 1 song",
            "# paragraphs in the doc => number of paragraphs in the doc", "singer names + countries => singer names and countries",
            "names+ages => names and ages", "teachers assigned to 2+ courses => teachers assigned to 2 or more courses", "a 3+4 score => a 3+4 score", "students with an A+ grade => students with an A+ grade", "a score of 3 + 4 => a score of 3 + 4", "section names pls => section names please",
            "players sorted by earnings asc => players sorted by earnings ascending", "singers by net worth asc => singers by net worth ascending",
            "treatments by type desc => treatments by type desc", "players sorted by earnings desc => players sorted by earnings descending",
            "the treatment type desc => the treatment type desc", "govt form of Aruba => government form of Aruba", "a W grade => a W grade",
            "descriptions with the letter w in them => descriptions with the letter w in them"),
    /**
     * "by mo", "in hrs", "past 3 wks", "open rn": a unit of time written short in lower case, as chat writes it, said whole
     * ("rn", "right now", only ending the question); never a word of the model's own ("MO", a state, is written in capitals).
     */
    TIME_UNITS_SHORT(Rephrasing::timeUnitsShort, "flights by mo this year => flights by month this year", "response time in hrs => response time in hours",
            "signups in the past 3 wks => signups in the past 3 weeks", "open deals rn => open deals now", "flights last qtr => flights last quarter", "customers in MO => customers in MO",
            "the rn count => the rn count"),
    /**
     * "staff count" of an attribute the model calls "number of staff": a count said after its noun, said as the model says
     * it, only when the model has "number of" that noun as an attribute and not the noun and "count".
     */
    COUNT_AFTER_ITS_NOUN(Rephrasing::countAfterItsNoun, "museum_visit: average staff count of museums => average number of staff of museums",
            "museum_visit: the visit count => the visit count"),
    /**
     * "home town" of a model's "hometown", "hometown" of a model's "home town": a compound written closed, open or
     * hyphenated the other way than the model writes it, said as the model does (a word of six letters or more, the two
     * parts two letters or more, never when both parts are words of the model on their own).
     */
    COMPOUND_SPELLING(Rephrasing::compoundSpelling, "course_teach: home town of the teacher with lowest age => hometown of the teacher with lowest age",
            "course_teach: the home-town of each teacher => the hometown of each teacher", "world_1: the life expectancy of Aruba => the life expectancy of Aruba",
            "network_1: how many high schoolers are in grade 10 => how many highschoolers are in grade 10"),
    /**
     * "treatment of any kind", "any sort of treatment": any of the rows named, whatever their kind, said as "any treatment";
     * never when the model has the word ("any type of pet" where pets have a type).
     */
    ANY_KIND(Rephrasing::anyKind, "dogs given treatment of any kind => dogs given any treatment", "dogs given any sort of treatment => dogs given any treatment",
            "pets_1: students with any type of pet => students with any type of pet", "a question of some kind => a question of some kind"),
    /**
     * "num conductors", "no. of shops", "cnt of votes", "dogs w/o treatment cnt", "highschoolers cnt by grade": a count said
     * the short way, before what it counts or right after it, said as "number of" ("count" after a noun is often a name of
     * its own, "visit count", and is left as written).
     */
    COUNT_SAID_SHORT((reader, q) -> countSaidShort(q), "num conductors => number of conductors", "no. of shops per location => number of shops per location",
            "no. templates with type code CV => number of templates with type code CV", "dogs without any treatment cnt => number of dogs without any treatment",
            "highschoolers cnt by grade => number of highschoolers by grade", "distinct nationalities num => number of distinct nationalities",
            "the no. 7 bus => the no. 7 bus", "no dogs => no dogs", "the house num => the house num",
            "What is the total count of teachers? => What is the total count of teachers?", "singers cnt? => number of singers?",
            "visit count in march 2026 => visit count in march 2026"),
    /**
     * "section names in reverse order please", "which museum has no visits? name pls": "please" ending a request says
     * nothing more; a short request after the question ("name please") asks for that of the records named.
     */
    PLEASE_LAST((reader, q) -> pleaseLast(q), "section names a to z please => section names a to z",
            "which museum has no visits? name please => which museum has no visits? give the name.",
            "Which shop hired the most employees? Just the name, please. => Which shop hired the most employees? give the name.",
            "which museums have no visits, names please => which museums have no visits, names",
            "museums please tell me what they are => museums please tell me what they are"),
    /** "something other than 'USA'", "anything but Dutch": the pronoun of a value, said without it. */
    VALUE_PRONOUN((reader, q) -> valuePronoun(q), "conductors whose nationality is something other than 'USA' => conductors whose nationality is other than 'USA'",
            "languages that are anything but Dutch => languages that are other than Dutch", "something else => something else"),
    /** "the distinct nationalities among the conductors": "among" records is "of" them; "Among X, what ..." is "For X, what ...". */
    AMONG_RECORDS(Rephrasing::amongRecords, "orchestra: What is the number of distinct nationalities among the conductors? => What is the number of distinct nationalities of the conductors?",
            "orchestra: among all orchestras, the oldest => among all orchestras, the oldest",
            "poker_player: Among poker players earning less than 200000, what is the highest number of final tables made? => For poker players earning less than 200000, what is the highest number of final tables made?",
            "poker_player: Among other things, what is the highest earnings? => Among other things, what is the highest earnings?"),
    /** "with most car makers", "has most dogs": a superlative of amount said without its article, said with it. */
    MOST_WITHOUT_THE((reader, q) -> mostWithoutThe(q), "country with most car makers => country with the most car makers",
            "which owner has fewest dogs => which owner has the fewest dogs", "countries with most of the people => countries with most of the people"),
    /** "which museum has no visits yet", "not shipped yet": "yet" after a negation says nothing more. */
    NEGATED_YET((reader, q) -> negatedYet(q), "which museum has no visits yet => which museum has no visits",
            "orders not shipped yet? => orders not shipped?", "yet another question => yet another question"),
    /** "never hosted", "have never had": "never" before a verb in the past, said as "did not" and the verb's base form. */
    NEVER_DONE((reader, q) -> neverDone(q), "stadiums that never hosted a concert => stadiums that did not host a concert",
            "how many dogs never had a treatment => how many dogs did not have a treatment",
            "orchestras that have never performed => orchestras that did not perform", "the never ending story => the never ending story",
            "dogs that have never been treated => dogs that have not been treated", "dogs that never got treated => dogs that did not get treated"),
    /** "> 5", ">= 10", "<> 3", "& ": comparison signs before a number and the ampersand, said in words. */
    SIGNS((reader, q) -> signs(q), "templates with version > 5 => templates with version greater than 5",
            "players with earnings >= 200000 => players with earnings at least 200000", "age<30 => age less than 30",
            "ages != 30 => ages other than 30", "section names & descriptions => section names and descriptions", "a -> b => a -> b"),
    AMOUNTS((reader, q) -> amounts(q), "orders above $2,500 => orders above 2500", "budgets under 15k => budgets under 15000",
            "a fee of 1.5m => a fee of 1500000", "a price of $2,000 => a price of $2000", "games in 2019 => games in 2019"),
    /** "a capacity of 5000-10000", "from 5 to 10": a range of two numbers, not years, said as "between ... and ...". */
    NUMBER_RANGE((reader, q) -> numberRange(q), "stadiums with capacity 5000-10000 => stadiums with capacity between 5000 and 10000",
            "a capacity from 5000 to 10000 => a capacity between 5000 and 10000", "sales 2024-2025 => sales 2024-2025",
            "pages 3 to 7 of the book => pages between 3 and 7 of the book"),
    /** "3 or more car makers", "5 or fewer": a number and its side said after it, as "at least" or "at most" before it. */
    OR_MORE((reader, q) -> orMore(q), "countries with 3 or more car makers => countries with at least 3 car makers",
            "teams with 2 or fewer wins => teams with at most 2 wins", "ages 32 or 33 => ages 32 or 33",
            "a capacity of 10000 or more? => a capacity of 10000 or more?"),
    /** "10+ flights": a plus sign right after a number is "at least" it. */
    PLUS_SIGN((reader, q) -> plusSign(q), "airlines with 10+ flights => airlines with at least 10 flights",
            "a score of 3+4 => a score of 3+4"),
    PERCENT_SIGN((reader, q) -> percentSign(q), "win % by team => win percent by team", "a rise of 5% => a rise of 5%",
            "% of orders cancelled => percent of orders cancelled", "what % of orders were late => what percent of orders were late"),
    /** "transcripts total", "fines total?": a question that ends in "total" after what it totals, said the way round it is read. */
    TOTAL_LAST((reader, q) -> totalLast(q), "transcripts total => total transcripts", "fines total? => total fines?",
            "fines in total => fines in total", "the running total => the running total"),
    /**
     * "the combined surface area of the countries": "combined" said before what it adds up, said as "total" (a word of the
     * model's own is left as it is; "overall" is not one: "the overall rating" is often a rating of its own).
     */
    ADDED_UP_AS_TOTAL(Rephrasing::addedUpAsTotal, "world_1: What is the combined surface area of all countries in Asia? => What is the total surface area of all countries in Asia?",
            "world_1: the combined average life expectancy => the combined average life expectancy",
            "world_1: the countries combined => the countries combined"),
    EITHER_PERSON((reader, q) -> eitherPerson(q), "List his or her first name. => List their first name.",
            "the owner who paid for his or her dogs => the owner who paid for their dogs", "whether he or she left => whether they left",
            "red or blue cars => red or blue cars"),
    /**
     * "alphabetically", "A to Z", "Z to A", "sorted by age ascending": an order said the short way, said as the order
     * of the words the reader reads ("in alphabetical order", "in ascending order").
     */
    ORDER_SAID_SHORT((reader, q) -> orderSaidShort(q), "cartoon titles sorted alphabetically => cartoon titles sorted in alphabetical order",
            "cartoon titles a to z => cartoon titles in alphabetical order", "cartoon titles from Z to A => cartoon titles in reverse alphabetical order",
            "singers ordered by net worth ascending => singers ordered by net worth in ascending order",
            "flights from a to b => flights from a to b"),
    REVERSE_ORDER((reader, q) -> reverseOrder(q), "list the names in reverse alphabetical order => list the names in descending order"),
    ORDER_BETWEEN_ENDS((reader, q) -> orderBetweenEnds(q), "the singers sorted by age from the oldest to the youngest => the singers sorted by age in descending order",
            "the names of singers from the youngest to the oldest => the names of singers in ascending order of age",
            "order them by the level from low to high => order them by the level in ascending order", "flights from Aberdeen to Ashley => flights from Aberdeen to Ashley",
            "teacher names youngest to oldest => teacher names in ascending order of age",
            "players ranked from the highest earnings to the lowest => players ranked in descending order of earnings",
            "episodes arranged from the lowest rating to the highest => episodes arranged in ascending order of rating",
            "players from the best players to the worst => players from the best players to the worst"),
    /**
     * "youngest first", "by net worth, lowest first": the end of an order said first, said as its direction; a dimensional
     * adjective ("youngest") only of the attribute it gives a value of, said or not ("by age", else "of age"), a generic
     * one ("lowest", "highest") only after the attribute sorted by is said.
     */
    END_FIRST((reader, q) -> endFirst(q), "teachers by age, youngest first => teachers by age in ascending order",
            "names of conductors, oldest first => names of conductors in descending order of age",
            "singers sorted by net worth, lowest first => singers sorted by net worth in ascending order",
            "singers sorted by net worth with the highest first => singers sorted by net worth in descending order",
            "singers, highest first => singers, highest first", "flights by date, youngest first => flights by date, youngest first",
            "who finished first => who finished first", "the teachers' names, starting with the youngest => the teachers' names in ascending order of age",
            "singers by net worth, beginning with the highest => singers by net worth in descending order", "flights, starting from Aberdeen => flights, starting from Aberdeen"),
    /**
     * "names of singers over 30", "the teacher names sorted by age": a request said as what it asks for alone, beginning with
     * the name of some records' attribute (and no aggregate, no question word), is a request to show it; never when it begins
     * with the records' own noun.
     */
    IMPLICIT_REQUEST(Rephrasing::implicitRequest, "singer: names of singers ordered by net worth => show names of singers ordered by net worth",
            "singer: the names of singers => show the names of singers", "singer: average age of singers => average age of singers",
            "singer: names of singers by how many songs => names of singers by how many songs",
            "singer: singers by citizenship => singers by citizenship", "cre_Doc_Template_Mgt: distinct template type codes => show distinct template type codes",
            "course_teach: hometown of the teacher with the lowest age => show hometown of the teacher with the lowest age"),
    /**
     * A request said politely or indirectly, at the start of any of its sentences: "Could you tell me which ...", "I'd like to
     * know how many ...", "Do you know ..." (the question itself follows), "Could you list ...", "I'd like the names of ...",
     * "Could I get ...", "I'm looking for ...", "Please include their IDs", "Just their names would be fine" (a request for
     * what follows), said as the plain question or request.
     */
    POLITE_REQUEST((reader, q) -> politeRequest(q), "Could you tell me which car makers have over 3 models? => which car makers have over 3 models?",
            "Could you let me know how many countries there are in Asia? => how many countries there are in Asia?",
            "I'd like to know the number of countries located in Asia. => what is the number of countries located in Asia.",
            "Could you tell me Brazil's population and its life expectancy? => show Brazil's population and its life expectancy?",
            "Could you list the song names of singers older than 40? => list the song names of singers older than 40?",
            "I'd like a list of the poker players' names. => list the poker players' names.",
            "Do you know how many distinct locations our stores are in? => how many distinct locations our stores are in?",
            "Which stadiums have never hosted a concert? Just their names would be fine. => Which stadiums have never hosted a concert? list their names.",
            "Which airport has the code 'AKO'? Just the airport's name, please. => Which airport has the code 'AKO'? list the airport's name.",
            "Which makers have over 3 models? Please include each maker's full name and ID. => Which makers have over 3 models? list each maker's full name and ID.",
            "I'm looking for the titles of cartoons directed by Ben Jones. => show the titles of cartoons directed by Ben Jones.",
            "Could I get the episodes of all TV series? => show the episodes of all TV series?",
            "Could you break the templates down by type? => break the templates down by type?",
            "Which document has the most paragraphs? I'd need its ID and name. => Which document has the most paragraphs? show its ID and name.",
            "the list of items I'd like => the list of items I'd like"),
    /**
     * "the titles of any cartoons", "either Ben Jones or Brandon Vietti", "each section along with its name": words that
     * say nothing the reader does not read anyway ("any" after "of", "either" before an "or", "along with" as "and").
     */
    LOOSE_DETERMINERS((reader, q) -> looseDeterminers(q), "the titles of any cartoons directed by either Ben Jones or Brandon Vietti => the titles of cartoons directed by Ben Jones or Brandon Vietti",
            "every section along with its name => every section and its name", "dogs without any treatment => dogs without any treatment",
            "either way => either way"),
    IMPERATIVE_REQUEST((reader, q) -> imperativeShown(q), "Return the names of all pilots => show the names of all pilots",
            "Please provide each city's population => Please show each city's population", "return rate by month => return rate by month",
            "For each team, return the number of wins => For each team, show the number of wins"),
    WHICH_THEN_WHAT_OF_THEM(Rephrasing::whichThenWhatOfThem,
            "pets_1: Which students have more than one pet? List their first names. => List the first names of the students that have more than one pet.",
            "pets_1: Which student has an older pet than 3? Show the student's last name and age. => Show the last name and age of the student that has an older pet than 3.",
            "pets_1: Which pets are older than 2? List them. => Which pets are older than 2? List them.",
            "pets_1: Who is the oldest student? Give me the last name. => Give me the last name of the oldest student.",
            "pets_1: Who is the winner? List the name. => Who is the winner? List the name."),
    BELONGING((reader, q) -> belongingAsked(q), "Which league does the club Ajax belong to? => What is the league of club Ajax?",
            "What country is the club Ajax affiliated with? => What is the country of club Ajax?", "Which city is the club Ajax based in? => What is the city of club Ajax?",
            "Which city did the club Ajax play in? => Which city did the club Ajax play in?",
            "What is the region that Tuscany belongs to? => What is the region of Tuscany?",
            "JetBlue Airways is from which country? => What is the country of JetBlue Airways?", "Which country does JetBlue Airways come from? => What is the country of JetBlue Airways?", "anguilla is on what continent => What is the continent of anguilla?",
            "which city is Ajax from? => which city is Ajax from?"),
    RANKED_BREAKDOWN((reader, q) -> rankedBreakdown(q), "Rank the airlines by number of flights => number of flights by airlines ranked",
            "show teams ranked by wins => wins by teams ranked"),
    SHARED_YEAR((reader, q) -> sharedYear(q), "goals in Q2 vs Q3 2025 => goals in Q2 2025 vs Q3 2025",
            "goals q3 vs q2 this yr => goals q3 this yr vs q2 this yr",
            "sales in April, May and June 2024 => sales in April, May and June 2024"),
    SPELLING(Rephrasing::spelled, "world_1: How many contries are in Europe? => How many country are in Europe?", "world_1: Which contry is largest? => Which country is largest?",
            "world_1: What is the averge life expectancy? => What is the average life expectancy?",
            "world_1: Which langauges are official? => Which language are official?"),
    INITIALS(Rephrasing::initials, "car_1: What is the average miles per gallon of the cars? => What is the average mpg of the cars?",
            "car_1: List the cars by miles per gallon. => List the cars by mpg.",
            "world_1: What is the gross national product of France? => What is the gnp of France?",
            "car_1: Which cars make the most money per gallon? => Which cars make the most money per gallon?"),
    ROW_SYNONYMS(Rephrasing::rowSynonyms, "world_1: How many nations are in Europe? => How many countries are in Europe?"),
    /**
     * "broken down by the reason for the refund", "by the location of the stadium": a breakdown by an attribute said with the
     * records it is of after it, said as the model names it ("by refund reason"), only when the model has that name.
     */
    BY_ATTRIBUTE_OF_RECORDS(Rephrasing::byAttributeOfRecords, "concert_singer: number of concerts by the name of the stadium => number of concerts by stadium name",
            "concert_singer: number of concerts by the name of the singer => number of concerts by singer name",
            "concert_singer: concerts by the theme of the year => concerts by the theme of the year"),
    ATTRIBUTE_SYNONYMS(Rephrasing::attributeSynonyms, "battle_death: how many distinct battle outcomes => how many distinct battle results",
            "battle_death: the outcome of each battle => the result of each battle",
            "world_1: countries whose government is US territory => countries whose government is US territory"),
    PROPER_ADJECTIVES(Rephrasing::properAdjectives, "concert_singer: How many French singers are there? => How many France singers are there?",
            "world_1: asian country count => Asia country count", "world_1: Asian countries => Asian countries",
            "car_1: What is the number of car models created by the car maker American Motor Company? => What is the number of car models created by the car maker American Motor Company?"),
    CLOSED_COMPOUNDS(Rephrasing::closedCompounds, "network_1: How many high schoolers are there? => How many highschoolers are there?"),
    SHARED_HEAD(Rephrasing::sharedHead, "student_transcripts_tracking: What is the first, middle, and last name of each student? => What is the first name, middle name, and last name of each student?",
            "dog_kennels: the id, first and last name of the owner => the id, first name and last name of the owner",
            "student_transcripts_tracking: List the first and last names of the students. => List the first names and last names of the students.",
            "student_transcripts_tracking: List the first and second line of the addresses. => List the first and second line of the addresses.",
            "student_transcripts_tracking: the first and last students => the first and last students"),
    WITH_THEIR(Rephrasing::withTheir, "course_teach: list teachers with their hometowns => list teachers and their hometowns",
            "course_teach: Show the teachers with their ages. => Show the teachers and their ages.",
            "course_teach: Show the teachers with ages above 30. => Show the teachers with ages above 30."),
    DISTRIBUTED_OF(Rephrasing::distributedOf, "concert_singer: Show the name and the release year of the song of each singer. => Show the song name and the song release year of each singer.",
            "concert_singer: Show the name and the age of each singer. => Show the name and the age of each singer.",
            "concert_singer: What are the names and release years for all the songs of each singer? => What are the song names and the song release years of each singer?"),
    EVERYTHING_ABOUT(Rephrasing::everythingAbout, "pets_1: Give me all the information about pets. => Give me the pet id, pet type, pet age and weight of pets.",
            "pets_1: What are all the details of every pet? => What are the pet id, pet type, pet age and weight of every pet?",
            "pets_1: Give me all the information about owners. => Give me all the information about owners."),
    ATTRIBUTE_BY_ITS_RECORDS(Rephrasing::attributeByItsRecords, "concert_singer: List all song names by singers older than 30. => List all song names of singers older than 30.",
            "concert_singer: Show the song name by the youngest singer. => Show the song name of the youngest singer.",
            "concert_singer: What is the average age by country? => What is the average age by country?",
            "world_1: List the names by continent. => List the names by continent."),
    RELATION_CLAUSE(Rephrasing::relationClause, "tvshow: List each language and the number of TV Channels using it. => List each language and the number of TV Channels.",
            "tvshow: For each language, list the number of TV Channels that use it. => For each language, list the number of TV Channels.",
            "tvshow: List the TV channels that use English. => List the TV channels that use English.",
            "concert_singer: For each stadium, how many concerts are held there? => For each stadium, how many concerts?",
            "employee_hire_evaluation: For each shop, show the number of employees working there and the name of the shop. => For each shop, show the number of employees and the name of the shop.",
            "concert_singer: How many concerts are held there? => How many concerts are held there?",
            "concert_singer: How many concerts are there in each stadium? => How many concerts are there in each stadium?"),
    AGENT_AS_OF(Rephrasing::agentAsOf, "pets_1: What is the id of the pet owned by the student whose last name is Smith? => What is the id of the pet of the student whose last name is Smith?",
            "pets_1: How many pets are owned by students older than 20? => How many pets of students older than 20?",
            "pets_1: How many pets are owned by 3 students? => How many pets are owned by 3 students?",
            "pets_1: How many pets belong to students older than 20? => How many pets of students older than 20?",
            "singer: the songs recorded by singers from France => the songs of singers from France",
            "concert_singer: the songs sung by the oldest singer => the songs sung by the oldest singer"),
    /** "players over 200 in height": a comparison with a number, then the number attribute it is of, said as "with height over 200". */
    COMPARED_IN_ATTRIBUTE(Rephrasing::comparedInAttribute, "poker_player: average earnings for players over 200 in height => average earnings for players with height over 200",
            "poker_player: players under 180 cm in height => players under 180 cm in height", "singer: singers over 30 in 2014 => singers over 30 in 2014"),
    /**
     * "visitors under 30", "singers who are over 40": people said to be over or under a number, their age meant, when the
     * records named have one attribute of age (WordNet's attribute of "old" and "young"); said as "older than" and
     * "younger than", which the next rule reads.
     */
    AGE_SAID_BARE(Rephrasing::ageSaidBare, "museum_visit: how many visitors are under 30 => how many visitors are younger than 30",
            "concert_singer: which countries do singers over 40 come from => which countries do singers older than 40 come from",
            "poker_player: players over 200 => players over 200", "museum_visit: visitors under 30 years of membership => visitors under 30 years of membership"),
    /**
     * "top 3 countries by population", "the bottom 5 players by earnings": records ranked by a number attribute of theirs
     * that no measure is named by, said as "the 3 countries with the highest population" (a measure's name after "by",
     * "top 3 continents by number of countries", is a ranking of groups, left to the reader).
     */
    TOP_RECORDS_BY_ATTRIBUTE(Rephrasing::topRecordsByAttribute, "world_1: top 3 countries by population => the 3 countries with the highest population",
            "poker_player: list the bottom 2 poker players by earnings => list the 2 poker players with the lowest earnings",
            "world_1: the 2 smallest countries by life expectancy => the 2 countries with the lowest life expectancy",
            "world_1: top 3 continents by number of countries => top 3 continents by number of countries",
            "world_1: top 3 countries by population in Asia => top 3 countries by population in Asia",
            "world_1: Give the name and surface area of the 5 largest countries by area. => Give the name and surface area of the 5 countries with the highest surface area."),
    /**
     * "pets that weigh more than 10", "players who earn over 100000": a verb whose noun (WordNet: weigh, weight; earn,
     * earnings) is the name of one number attribute of the records before it, compared with a number, said as the records
     * having that attribute so compared.
     */
    VERB_OF_AN_ATTRIBUTE(Rephrasing::verbOfAnAttribute, "pets_1: How many pets weigh more than 10? => How many pets have weight more than 10?",
            "pets_1: students that own more than 2 pets => students that own more than 2 pets"),
    DIMENSIONAL_ADJECTIVES(Rephrasing::dimensionalAdjectives, "dog_kennels: What is the name of the youngest dog? => What is the name of the dog with the lowest age?",
            "pets_1: List the pets whose age is older than 2. => List the pets whose age is greater than 2.",
            "pets_1: Which pets are heavier than 12? => Which pets are weight greater than 12?",
            "concert_singer: list singers older than 40 => list singers with age greater than 40",
            "poker_player: How many poker players are shorter than 190? => How many poker players are height less than 190?",
            "poker_player: What is the money rank of the tallest poker player? => What is the money rank of the poker player with the highest height?",
            "world_1: Which country has the shortest life expectancy? => Which country has the lowest life expectancy?",
            // "most" and a participle whose verb's noun is the attribute (populate, population)
            "world_1: the five most populated cities => the five cities with the highest population",
            "world_1: the most spoken languages => the most spoken languages",
            "world_1: the 3 least populous countries => the 3 countries with the lowest population"),
    RECENT_RECORDS(Rephrasing::recentRecords, "student_transcripts_tracking: How many courses are in the newest transcript? => How many courses are in the transcript with the highest transcript date?",
            "student_transcripts_tracking: Who was the first student to register? => Who was the student with the lowest date first registered?",
            "student_transcripts_tracking: Who are the last three students? => Who are the last three students?",
            "dog_kennels: Show the cost of the most recently performed treatment. => Show the cost of the treatment with the highest date of treatment.",
            "student_transcripts_tracking: the most recently released transcript => the transcript with the highest transcript date",
            "dog_kennels: the name of the most recently arrived dog => the name of the dog with the highest date arrived");

    private final BiFunction<QuestionParser, String, String> rule;
    private final List<String> examples;

    Rephrasing(BiFunction<QuestionParser, String, String> rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "as asked => as read"}, some after the database they are read over. */
    List<String> examples() {
        return examples;
    }

    /** The question as this rule rewrites it over the reader's model. */
    String apply(QuestionParser reader, String q) {
        return rule.apply(reader, q);
    }

    /** "Which N ...? List (the, their) A, B and C.": a question that names the records, then a request for what to show of them. */
    private static final Pattern WHICH_THEN_REQUEST = Pattern.compile("(?i)^\\s*which\\s+(.+?)\\s*\\?\\s+((?:list|show|give(?:\\s+me)?|find|tell\\s+me|return)\\s+)"
            + "(?:both\\s+)?(?:(?:the|their|its|his|her)\\s+)?(.+?)\\s*([.?!]?)\\s*$");

    /** "Who is the first student to register? List (the, his or her) A, B and C.": one record named whole, then what to show of it. */
    private static final Pattern WHO_THEN_REQUEST = Pattern.compile("(?i)^\\s*who\\s+(?:is|was)\\s+the\\s+(.+?)\\s*\\?\\s+((?:list|show|give(?:\\s+me)?|find|tell\\s+me|return)\\s+)"
            + "(?:both\\s+)?(?:(?:the|their|its|his|her)\\s+)?(.+?)\\s*([.?!]?)\\s*$");

    /**
     * "Which professionals have done at least two treatments? List their id and role.": said as one request, "list the id and
     * role of the professionals that have done at least two treatments", when the first words after "which" name one
     * dataset's rows and the request names no other records; "the professional's id" is "the id" of them.
     */
    private static String whichThenWhatOfThem(QuestionParser reader, String q) {
        Matcher who = WHO_THEN_REQUEST.matcher(q);
        if (who.matches()) {
            // "Who is the first student to register? List the first name.": the records named whole after "who is"
            List<String> said = tokens(who.group(1), true);
            boolean records = false;
            for (int n = Math.min(3, said.size()); n >= 1 && !records; n--) {
                for (int i = 0; i + n <= said.size() && !records; i++) {
                    List<String> noun = said.subList(i, i + n);
                    records = !reader.lexicon.rowsCalled(noun).isEmpty();
                }
            }
            if (!records || who.group(3).isBlank() || who.group(3).matches("(?i)them|it|these|those")) return q;
            String end = who.group(4).isEmpty() ? "?" : who.group(4);
            return who.group(2) + "the " + who.group(3) + " of the " + who.group(1) + end;
        }
        Matcher m = WHICH_THEN_REQUEST.matcher(q);
        if (!m.matches()) return q;
        String[] clause = m.group(1).split("\\s+");
        // "Which shop has the most employees? Give me its name.": the records first by a count, read as said
        for (int i = 0; i < clause.length; i++) {
            String w = clause[i].toLowerCase(Locale.ROOT);
            if ((MOST.contains(w) || LEAST.contains(w)) && !(i > 0 && clause[i - 1].equalsIgnoreCase("at"))) return q; // "at least two" is a count
        }
        for (int n = Math.min(3, clause.length - 1); n >= 1; n--) {
            List<String> noun = tokens(String.join(" ", java.util.Arrays.asList(clause).subList(0, n)), true);
            List<Dataset> named = reader.lexicon.rowsCalled(noun);
            if (named.size() != 1) continue;
            String nounWritten = String.join(" ", java.util.Arrays.asList(clause).subList(0, n));
            String rest = String.join(" ", java.util.Arrays.asList(clause).subList(n, clause.length));
            // "the professional's id": their own attribute
            String shown = m.group(3).replaceAll("(?i)\\b(?:the\\s+)?" + Pattern.quote(String.join(" ", noun)) + "(?:'s|s')\\s+", "");
            if (shown.isBlank() || shown.matches("(?i)them|it|these|those")) return q;
            String end = m.group(4).isEmpty() ? "?" : m.group(4);
            return m.group(2) + "the " + shown + " of the " + nounWritten + " that " + rest + end;
        }
        return q;
    }

    /** The question as it is read: every rule's rewrite, in order. */
    static String all(QuestionParser reader, String question) {
        String q = question.replace('’', '\'').strip();
        for (Rephrasing r : values()) {
            String said = q;
            q = r.apply(reader, q);
            if (TRACE && !q.equals(said)) System.err.println("  [" + r.name() + "] " + q);
        }
        return q;
    }

    /** With {@code -Dalmanac.trace.words=true}, each rewrite made and the rule that made it, on standard error. */
    private static final boolean TRACE = Boolean.getBoolean("almanac.trace.words");

    /**
     * A noun whose most frequent WordNet sense has, as a synonym, the one-word noun of one dataset's rows ("nations" of
     * countries): that noun, in the same number, when the word is no word of the model's names, of the reader's own nor a
     * value, and English uses it as a noun more than as a verb or an adjective ("take" is a return only as a noun). Any
     * other sense, and a word two datasets' nouns share, stay as written.
     */
    private static String rowSynonyms(QuestionParser reader, String q) {
        return synonymsOf(reader, q, reader.lexicon.rowWords()); // the one-word nouns of the datasets' rows, singular
    }

    /** As {@link #rowSynonyms}, for the one-word names of attributes ("outcomes" of battles' results). */
    private static String attributeSynonyms(QuestionParser reader, String q) {
        return synonymsOf(reader, q, reader.lexicon.oneWordAttributeNames());
    }

    /**
     * A noun whose most frequent WordNet sense has, as a synonym, one of the model's one-word names of one thing: that name,
     * in the same number, when the word is no word of the model's, of the reader's own nor a value, and English uses it as a
     * noun more than as a verb or an adjective.
     */
    private static String synonymsOf(QuestionParser reader, String q, Map<List<String>, ? extends List<?>> nouns) {
        if (nouns.isEmpty()) return q;
        Lexicon english = Lexicon.english();
        Set<String> vocabulary = reader.lexicon.vocabulary();
        StringBuilder out = null;
        int copied = 0;
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = m.group(), lower = w.toLowerCase(Locale.ROOT), one = singular(lower);
            if (lower.length() < 3 || !lower.chars().allMatch(Character::isLetter) || nouns.containsKey(List.of(one)) || reader.ours.contains(lower) || vocabulary.contains(one)
                    || FunctionWords.english().isFunctionWord(lower) || reader.allValuePhrases().containsKey(List.of(one)) || inLongerValue(reader, q, m.start())) continue;
            List<dev.almanac.reading.Sense> senses = english.baseForms(lower, dev.almanac.reading.PartOfSpeech.NOUN).stream().findFirst()
                    .map(b -> english.senses(b, dev.almanac.reading.PartOfSpeech.NOUN)).orElse(List.of());
            if (senses.isEmpty()) continue;
            List<String> named = senses.get(0).synonyms().stream().map(x -> x.toLowerCase(Locale.ROOT))
                    .filter(x -> nouns.containsKey(List.of(x)) && nouns.get(List.of(x)).size() == 1).distinct().toList();
            // a noun as English mostly uses the word ("nations"), not a verb's form that is a noun too ("take", a return)
            if (named.size() != 1 || english.uses(lower, dev.almanac.reading.PartOfSpeech.NOUN) <= english.uses(lower, dev.almanac.reading.PartOfSpeech.VERB)
                    + english.uses(lower, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) continue;
            String noun = named.get(0);
            String said = one.equals(lower) ? noun : Words.plural(noun);
            if (out == null) out = new StringBuilder();
            out.append(q, copied, m.start()).append(said);
            copied = m.end();
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    /**
     * The verbs that say a thing is part of, or placed in, what it is said of: "belong to", "affiliated with", "located in",
     * "based in", "situated in", "headquartered in" (Levin's verbs of putting and of spatial configuration said of where a
     * thing is, 1993, 9.1 and 47.6, and of belonging).
     */
    private static final String BELONGS = "(?:(?:belong|belongs|belonged)\\s+to|affiliated\\s+with|(?:located|based|situated|headquartered)\\s+in|(?:come|comes|came|hail|hails|hailed)\\s+from)";

    /** "JetBlue Airways is from which country?", "Anguilla is on what continent?": the thing named first, then what is asked of it. */
    private static final Pattern NAMED_THEN_ASKED = Pattern.compile("(?i)^\\s*(?!(?:which|what|who|how|where|when|why|list|show|give|find|tell|name|return)\\b)"
            + "(.+?)\\s+(?:is|was)\\s+(?:from|in|on|at|part\\s+of|" + BELONGS + ")\\s+(?:which|what)\\s+(.+?)\\s*[?.]?\\s*$");

    /** "Which continent does Anguilla belong to?", "Which country does the airline JetBlue Airways belong to?" */
    private static final Pattern BELONGING_ASKED = Pattern.compile("(?i)^\\s*(?:which|what)\\s+(.+?)\\s+(?:does|do|did|is|are|was|were)\\s+(?:the\\s+)?(.+?)\\s+"
            + BELONGS + "\\s*[?.]?\\s*$");

    /** "What is the continent name which Anguilla belongs to?" */
    private static final Pattern BELONGED_TO = Pattern.compile("(?i)^\\s*what\\s+(?:is|are|was|were)\\s+(?:the\\s+)?(.+?)\\s+(?:which|that)\\s+(?:the\\s+)?(.+?)\\s+"
            + BELONGS + "\\s*[?.]?\\s*$");

    /**
     * What a thing belongs to is its attribute: "Which continent does Anguilla belong to?" asks "What is the continent of
     * Anguilla?", and is read so (the attribute and the record's name then placed as in any question of that form).
     */
    static String belongingAsked(String q) {
        Matcher named = NAMED_THEN_ASKED.matcher(q);
        if (named.matches()) return "What is the " + named.group(2) + " of " + named.group(1) + "?";
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.contains("belong") && !lower.contains("affiliated") && !lower.contains("ated in") && !lower.contains("based in") && !lower.contains("tered in")
                && !lower.contains(" from")) return q;
        for (Pattern p : List.of(BELONGING_ASKED, BELONGED_TO)) {
            Matcher m = p.matcher(q);
            if (m.matches()) return "What is the " + m.group(1) + " of " + m.group(2) + "?";
        }
        return q;
    }

    private static final Pattern RANK_FIRST = Pattern.compile("(?i)^\\s*(?:please\\s+)?rank\\s+(?:the\\s+|our\\s+|all\\s+)?(.+?)\\s+(?:by|on)\\s+(.+?)\\s*[?.]?\\s*$");

    private static final Pattern RANKED_BY = Pattern.compile("(?i)^\\s*(?:(?:please\\s+)?(?:show|list|give)\\s+(?:me\\s+)?)?(?:the\\s+|our\\s+|all\\s+)?(.+?)\\s+ranked\\s+(?:by|on)\\s+(.+?)\\s*[?.]?\\s*$");

    /**
     * "Rank departments by headcount", "marketing channels ranked by spend": the things ranked are a breakdown of the measure
     * they are ranked by, said as "headcount by departments, ranked" so that the breakdown follows its cue.
     */
    static String rankedBreakdown(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains("rank")) return q;
        for (Pattern p : List.of(RANK_FIRST, RANKED_BY)) {
            Matcher m = p.matcher(q);
            if (m.matches()) return m.group(2) + " by " + m.group(1) + " ranked";
        }
        return q;
    }

    /**
     * A proper adjective said of what a value names ("French singers", "Asian countries"): the value its WordNet pertainym
     * is ("French" pertains to France), when the adjective is capitalized (English writes those so; "financial" is never the
     * Finance department), is not the question's first word nor itself a value, and pertains to exactly one value, itself a
     * proper name.
     */
    private static String properAdjectives(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        StringBuilder out = null;
        int copied = 0;
        Lexicon lexicon = Lexicon.english();
        for (int i = 0; i < at.size(); i++) {
            String w = q.substring(at.get(i)[0], at.get(i)[1]);
            // "French", and "french" typed in lower case, not a word of the model's ("general" of a general ledger)
            boolean capital = Character.isUpperCase(w.charAt(0)) && i > 0, lowerCase = w.chars().allMatch(Character::isLowerCase);
            if (w.length() < 4 || !capital && !lowerCase || w.chars().skip(1).anyMatch(Character::isUpperCase)) continue;
            String lower = w.toLowerCase(Locale.ROOT);
            if (lowerCase && (reader.lexicon.vocabulary().contains(lower) || reader.ours.contains(lower) || FunctionWords.english().isFunctionWord(lower))) continue;
            if (inLongerValue(reader, q, at, i)) continue; // "American Motor Company": a word of a name, not an adjective of its own
            if (!lexicon.partsOfSpeech(lower).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE) || reader.allValuePhrases().containsKey(List.of(singular(lower)))
                    || reader.allValuePhrases().containsKey(List.of(lower))) continue;
            Set<String> values = new LinkedHashSet<>();
            for (String base : lexicon.baseForms(lower, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) {
                for (dev.almanac.reading.Sense sense : lexicon.senses(base, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) {
                    for (dev.almanac.reading.Related r : sense.pertains()) {
                        // typed in lower case, only an adjective of a named thing ("french" of France), never of a common
                        // noun ("financial" of finance): WordNet has the named thing with no broader sense
                        if (lowerCase && !lexicon.namesOneThing(r.word())) continue;
                        if (!(reader.allValuePhrases().get(tokens(r.word(), true)) instanceof List<?> hits)) continue;
                        for (Object h : hits) {
                            String value = String.valueOf(((QuestionParser.ValueHit) h).value());
                            // a proper noun's value, as the data writes it ("France", "france")
                            if (!value.isEmpty() && (Character.isUpperCase(value.charAt(0)) || value.equalsIgnoreCase(r.word()))) values.add(value);
                        }
                    }
                }
            }
            if (values.size() != 1) continue;
            if (out == null) out = new StringBuilder();
            out.append(q, copied, at.get(i)[0]).append(values.iterator().next());
            copied = at.get(i)[1];
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    /** Whether the word starting at {@code start} is one of a value's name of two to four words said whole ("US Territory"). */
    private static boolean inLongerValue(QuestionParser reader, String q, int start) {
        List<int[]> at = letterRuns(q);
        for (int i = 0; i < at.size(); i++) if (at.get(i)[0] == start) return inLongerValue(reader, q, at, i);
        return false;
    }

    /** Whether the word at {@code i} is one of a value's name of two to four words said whole ("American Motor Company"). */
    private static boolean inLongerValue(QuestionParser reader, String q, List<int[]> at, int i) {
        for (int from = Math.max(0, i - 3); from <= i; from++) {
            for (int to = Math.max(i + 1, from + 2); to <= Math.min(at.size(), from + 4); to++) {
                if (reader.allValuePhrases().containsKey(tokens(q.substring(at.get(from)[0], at.get(to - 1)[1]), true))) return true;
            }
        }
        return false;
    }

    private static final Pattern AMOUNT = Pattern.compile("(?i)(?<![\\w.,])\\$?(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?\\s?(k|m|bn)?(?!\\w|,\\d)");

    /**
     * Amounts written as people write them, as the number they are: "$500" is 500, "10k" 10000, "1.5m" 1500000, "1,200"
     * 1200 (a year, "2025", stays as written: it has no sign, separator or suffix).
     */
    public static String amounts(String q) {
        if (q.indexOf('$') < 0 && q.indexOf(',') < 0 && !Pattern.compile("(?i)\\d\\s?(k|m|bn)\\b").matcher(q).find()) return q;
        Matcher m = AMOUNT.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String whole = m.group(1).replace(",", ""), fraction = m.group(2), suffix = m.group(3);
            boolean written = m.group().startsWith("$") || m.group(1).contains(",") || suffix != null;
            if (!written) continue;
            java.math.BigDecimal n = new java.math.BigDecimal(whole + (fraction == null ? "" : fraction));
            if (suffix != null) n = n.multiply(java.math.BigDecimal.TEN.pow(switch (suffix.toLowerCase(Locale.ROOT)) { case "k" -> 3; case "m" -> 6; default -> 9; }));
            String number = n.stripTrailingZeros().toPlainString();
            // "$2,000" keeps its sign where the number could be a year: an amount, never the year 2000
            if (m.group().startsWith("$") && number.matches("(19|20)\\d{2}")) number = "$" + number;
            m.appendReplacement(out, Matcher.quoteReplacement(number));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static final Pattern RANGE = Pattern.compile("(?i)\\b(?:from\\s+)?(\\d+(?:\\.\\d+)?)\\s*(?:-|–|to)\\s*(\\d+(?:\\.\\d+)?)\\b(?![-/.:]\\d)");

    static String numberRange(String q) {
        Matcher m = RANGE.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean years = m.group(1).matches("(?:19|20)\\d{2}") && m.group(2).matches("(?:19|20)\\d{2}"); // a period, read as one
            boolean date = m.start() > 0 && q.charAt(m.start() - 1) == '-' || m.group(1).length() > 4 && m.group(1).startsWith("0");
            if (years || date || new java.math.BigDecimal(m.group(1)).compareTo(new java.math.BigDecimal(m.group(2))) >= 0) continue;
            m.appendReplacement(out, "between " + m.group(1) + " and " + m.group(2));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern OR_MORE_WORDS = Pattern.compile("(?i)\\b(\\d+(?:\\.\\d+)?)\\s+or\\s+(more|greater|higher|above|over|fewer|less|lower|below|under)(?=\\s+\\p{L})(?!\\s+than\\b)");

    static String orMore(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains(" or ")) return q;
        return OR_MORE_WORDS.matcher(q).replaceAll(m -> (Set.of("more", "greater", "higher", "above", "over").contains(m.group(2).toLowerCase(Locale.ROOT))
                ? "at least " : "at most ") + m.group(1));
    }

    /** A number with a plus sign after it and no number after that ("10+", not "3+4"). */
    private static final Pattern NUMBER_PLUS = Pattern.compile("\\b(\\d+(?:\\.\\d+)?)\\+(?!\\s*\\d)");

    static String plusSign(String q) {
        return q.indexOf('+') < 0 ? q : NUMBER_PLUS.matcher(q).replaceAll("at least $1");
    }

    private static final Pattern NEVER_VERB = Pattern.compile("(?i)\\b(?:(have|has|had)\\s+)?never\\s+(\\p{L}+)\\b");

    static String neverDone(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains("never")) return q;
        Matcher m = NEVER_VERB.matcher(q);
        StringBuilder out = new StringBuilder();
        Lexicon english = Lexicon.english();
        while (m.find()) {
            String verb = m.group(2).toLowerCase(Locale.ROOT);
            if (verb.equals("been")) { // "have never been treated": the passive denied, its auxiliary kept
                m.appendReplacement(out, Matcher.quoteReplacement((m.group(1) != null ? m.group(1) + " " : "") + "not been"));
                continue;
            }
            // a verb's past form ("hosted", "had", "performed"): a form of a base English has as a verb, the word not a base itself
            List<String> bases = english.baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB).stream().filter(b -> !b.equals(verb)).toList();
            if (bases.size() != 1 || verb.endsWith("ing") || verb.endsWith("s") && !verb.endsWith("ss")) continue;
            m.appendReplacement(out, Matcher.quoteReplacement("did not " + bases.get(0)));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern COMPARISON_SIGN = Pattern.compile("\\s*(>=|=>|<=|=<|!=|<>|>|<|=)\\s*(?=\\$?\\d)");

    static String signs(String q) {
        if (q.indexOf('>') < 0 && q.indexOf('<') < 0 && q.indexOf('=') < 0 && q.indexOf('&') < 0) return q;
        String out = COMPARISON_SIGN.matcher(q).replaceAll(m -> switch (m.group(1)) {
            case ">=", "=>" -> " at least ";
            case "<=", "=<" -> " at most ";
            case "!=", "<>" -> " other than ";
            case ">" -> " greater than ";
            case "<" -> " less than ";
            default -> " ";
        });
        return out.replaceAll("\\s+&\\s+", " and ");
    }

    private static final Pattern NUMBER_SIGN = Pattern.compile("(?i)(?<![\\w#])#\\s*of\\b");
    private static final Pattern WITHOUT_SLASH = Pattern.compile("(?i)(?<!\\w)w/o(?!\\w)");
    private static final Pattern WITH_SLASH = Pattern.compile("(?i)(?<!\\w)w/(?=\\s)");

    /** "# paragraphs": the number sign before a noun, no "of" after it. */
    private static final Pattern NUMBER_SIGN_BARE = Pattern.compile("(?i)(?<![\\w#])#\\s*(?!of\\b)(?=\\p{L})");
    /** A plus sign between words ("names + ages", "names+ages"), never between numbers. */
    private static final Pattern PLUS_BETWEEN_WORDS = Pattern.compile("(?<=\\p{L})(?:\\s+\\+\\s+|\\+)(?=[\\p{L}#])");
    /** "asc" or "desc" ending a question that sorts: the direction. */
    private static final Pattern SHORT_DIRECTION = Pattern.compile("(?i)(\\b(?:(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?)\\s+by|by(?=[^?.!]*\\sasc\\s*[?.!]?\\s*$))\\b[^?.!]*?\\s)(asc|desc)(?=\\s*[?.!]?\\s*$)");
    /** A typist's short words, lower case, for English words (never the model's own: a value "w", a column "govt"). */
    private static final Map<String, String> SHORT_WORDS = Map.of("w", "with", "pls", "please", "plz", "please", "govt", "government", "gov't", "government");

    static String shorthand(QuestionParser reader, String q) {
        String out = q;
        if (q.indexOf('#') >= 0 || q.indexOf('/') >= 0) {
            out = NUMBER_SIGN.matcher(out).replaceAll("number of");
            out = NUMBER_SIGN_BARE.matcher(out).replaceAll("number of ");
            out = WITHOUT_SLASH.matcher(out).replaceAll("without");
            out = WITH_SLASH.matcher(out).replaceAll("with");
        }
        if (out.indexOf('+') >= 0) out = NUMBER_OR_MORE.matcher(PLUS_BETWEEN_WORDS.matcher(out).replaceAll(" and ")).replaceAll("$1 or more");
        out = SHORT_DIRECTION.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + (m.group(2).equalsIgnoreCase("asc") ? "ascending" : "descending")));
        Matcher m = SHORT_WORD.matcher(out);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String w = m.group();
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(w);
            m.appendReplacement(b, ours ? Matcher.quoteReplacement(w) : SHORT_WORDS.get(w));
        }
        return m.appendTail(b).toString();
    }

    /** "2+ courses", "1,000+ employees": a number and a plus sign, before a word, is that number or more. */
    private static final Pattern NUMBER_OR_MORE = Pattern.compile("(?<![\\w.,])(\\d+(?:,\\d{3})*)\\+(?=\\s+\\p{L})");

    /** A word of {@link #SHORT_WORDS} as typed, in lower case, standing alone. */
    private static final Pattern SHORT_WORD = Pattern.compile("(?<![\\w'])(?<!letter\\s)(?<!character\\s)(?:w|pls|plz|govt|gov't)(?![\\w'/])");

    /** English's contractions with "n't" and "'s" of a question word, as they are typed without the apostrophe. */
    private static final Map<String, String> UNMARKED = Map.ofEntries(Map.entry("whats", "what's"), Map.entry("whos", "who's"), Map.entry("wheres", "where's"),
            Map.entry("hows", "how's"), Map.entry("thats", "that's"), Map.entry("dont", "don't"), Map.entry("doesnt", "doesn't"), Map.entry("didnt", "didn't"),
            Map.entry("isnt", "isn't"), Map.entry("arent", "aren't"), Map.entry("wasnt", "wasn't"), Map.entry("werent", "weren't"), Map.entry("havent", "haven't"),
            Map.entry("hasnt", "hasn't"), Map.entry("hadnt", "hadn't"), Map.entry("cant", "can't"), Map.entry("wont", "won't"), Map.entry("couldnt", "couldn't"),
            Map.entry("wouldnt", "wouldn't"), Map.entry("shouldnt", "shouldn't"));

    private static String unmarkedContractions(QuestionParser reader, String q) {
        StringBuilder out = null;
        int copied = 0;
        Matcher m = LETTERS.matcher(q);
        while (m.find()) {
            String said = UNMARKED.get(m.group().toLowerCase(Locale.ROOT));
            // a word of the model's own ("cant" of a slope, "wont") stays as written; so does one English has as a noun ("wont")
            if (said == null || reader != null && reader.lexicon.vocabulary().contains(m.group().toLowerCase(Locale.ROOT))
                    || Lexicon.english().partsOfSpeech(m.group().toLowerCase(Locale.ROOT)).contains(dev.almanac.reading.PartOfSpeech.NOUN)) continue;
            if (out == null) out = new StringBuilder();
            out.append(q, copied, m.start()).append(Character.isUpperCase(m.group().charAt(0)) ? Character.toUpperCase(said.charAt(0)) + said.substring(1) : said);
            copied = m.end();
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    /** ", youngest first", "with the highest first", "lowest first": an end of an order, said first, at the question's end. */
    private static final Pattern END_SAID_FIRST = Pattern.compile("(?i)\\s*,?\\s+(?:with\\s+)?(?:the\\s+)?(\\p{L}+)\\s+(?:ones?\\s+)?first\\s*([?.!]?)\\s*$");

    /** "sorted by net worth", "ordered by age", "by age": the attribute a list is sorted by, said before. */
    private static final Pattern SORTED_BY = Pattern.compile("(?i)\\b(?:sorted|ordered|ranked|listed|sort|order)?\\s*by\\s+(?:the\\s+|their\\s+|its\\s+)?([\\p{L} ]+?)\\s*$");

    /** ", starting with the youngest", "beginning with the highest": an end of an order said as where the list starts, at the question's end. */
    private static final Pattern END_SAID_TO_START = Pattern.compile("(?i)\\s*,?\\s+(?:starting|beginning)\\s+(?:with|from|at)\\s+(?:the\\s+)?(\\p{L}+)(?:\\s+ones?)?\\s*([?.!]?)\\s*$");

    static String endFirst(String q) {
        Matcher m = END_SAID_FIRST.matcher(q);
        if (!m.find() && !(m = END_SAID_TO_START.matcher(q)).find()) return q;
        String end = m.group(1).toLowerCase(Locale.ROOT), before = q.substring(0, m.start());
        Matcher by = SORTED_BY.matcher(before);
        String sortedBy = by.find() ? by.group(1).toLowerCase(Locale.ROOT) : null;
        boolean ascending;
        String of = "";
        if (MOST.contains(end) || LEAST.contains(end)) {
            if (sortedBy == null || Set.of("top", "bottom", "best", "worst").contains(end)) return q; // "highest" of what is not said
            ascending = LEAST.contains(end);
        } else {
            Lexicon lexicon = Lexicon.english();
            Set<String> attributes = lexicon.attributesOf(end);
            java.util.Collection<String> bases = lexicon.baseForms(end, dev.almanac.reading.PartOfSpeech.ADJECTIVE);
            if (attributes.isEmpty() || bases.isEmpty() || !end.endsWith("est")) return q;
            // the attribute sorted by must be the one the adjective gives a value of ("by age, youngest first")
            if (sortedBy != null && attributes.stream().noneMatch(a -> singular(a).equals(singular(sortedBy)))) return q;
            if (sortedBy == null && attributes.size() != 1) return q;
            ascending = bases.stream().anyMatch(Lexicon::lowerPole);
            if (sortedBy == null) of = " of " + attributes.iterator().next();
        }
        return before + " in " + (ascending ? "ascending" : "descending") + " order" + of + m.group(2);
    }


    private static final Pattern TIME_UNIT_SHORT = Pattern.compile("(?<![\\w'/.-])(mos?|mths?|wks?|hrs?|yrs?|qtrs?|mins|secs)(?![\\w'/-])");
    private static final Pattern RIGHT_NOW_SHORT = Pattern.compile("(?<![\\w'/.-])rn\\s*([?.!]*)\\s*$");

    static String timeUnitsShort(QuestionParser reader, String q) {
        Matcher m = TIME_UNIT_SHORT.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean ours = reader != null && reader.lexicon.namingWords().contains(m.group(1));
            m.appendReplacement(out, ours ? m.group() : Words.ABBREVIATIONS.get(m.group(1)));
        }
        String said = m.appendTail(out).toString();
        Matcher now = RIGHT_NOW_SHORT.matcher(said);
        boolean ours = reader != null && reader.lexicon.namingWords().contains("rn");
        return now.find() && !ours ? said.substring(0, now.start()) + "now" + now.group(1) : said;
    }

    private static final Pattern BY_ATTRIBUTE_OF = Pattern.compile("(?i)\\bby\\s+(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s+(?:of|for)\\s+"
            + "(?:the\\s+|each\\s+|a\\s+|an\\s+|their\\s+|its\\s+)?(\\p{L}+)\\b");

    static String byAttributeOfRecords(QuestionParser reader, String q) {
        if (reader == null || !q.toLowerCase(Locale.ROOT).contains("by ")) return q;
        return BY_ATTRIBUTE_OF.matcher(q).replaceAll(m -> {
            List<String> records = List.of(singular(m.group(2).toLowerCase(Locale.ROOT)));
            List<String> phrase = new ArrayList<>(records);
            phrase.addAll(tokens(m.group(1), true));
            boolean named = !reader.lexicon.rowsCalled(records).isEmpty() && reader.lexicon.attributePhrases().containsKey(phrase);
            return Matcher.quoteReplacement(named ? "by " + String.join(" ", phrase) : m.group());
        });
    }

    private static final Pattern NOUN_COUNT = Pattern.compile("(?i)\\b(\\p{L}+)\\s+count\\b");

    static String countAfterItsNoun(QuestionParser reader, String q) {
        if (reader == null || !q.toLowerCase(Locale.ROOT).contains("count")) return q;
        Map<List<String>, Object> attributes = reader.lexicon.attributePhrases();
        return NOUN_COUNT.matcher(q).replaceAll(m -> {
            String noun = m.group(1).toLowerCase(Locale.ROOT);
            boolean numberOf = attributes.containsKey(List.of("number", "of", noun)) || attributes.containsKey(List.of("number", "of", singular(noun)));
            boolean countSaid = attributes.containsKey(List.of(noun, "count")) || attributes.containsKey(List.of(singular(noun), "count"));
            return Matcher.quoteReplacement(numberOf && !countSaid ? "number of " + m.group(1) : m.group());
        });
    }

    static String compoundSpelling(QuestionParser reader, String q) {
        if (reader == null) return q;
        List<int[]> runs = letterRuns(q);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < runs.size(); i++) {
            String between = q.substring(runs.get(i)[1], runs.get(i + 1)[0]);
            if (!between.equals(" ") && !between.equals("-")) continue;
            String a = q.substring(runs.get(i)[0], runs.get(i)[1]).toLowerCase(Locale.ROOT), b = q.substring(runs.get(i + 1)[0], runs.get(i + 1)[1]).toLowerCase(Locale.ROOT);
            String joined = a + b;
            if (a.length() < 2 || b.length() < 2 || joined.length() < 6 || ourWord(reader, a) && ourWord(reader, b) || !ourWord(reader, joined)) continue;
            out.append(q, copied, runs.get(i)[0]).append(joined);
            copied = runs.get(i + 1)[1];
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    /** Whether a word (or its singular) is one of the model's names' words. */
    private static boolean ourWord(QuestionParser reader, String w) {
        return reader.lexicon.namingWords().contains(w) || reader.lexicon.namingWords().contains(singular(w));
    }

    private static final Pattern OF_ANY_KIND = Pattern.compile("(?i)\\b(\\p{L}+)\\s+of\\s+any\\s+(kind|sort|type)\\b|\\bany\\s+(kind|sort|type)s?\\s+of\\b");

    static String anyKind(QuestionParser reader, String q) {
        Matcher m = OF_ANY_KIND.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String kind = (m.group(2) != null ? m.group(2) : m.group(3)).toLowerCase(Locale.ROOT);
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(kind);
            m.appendReplacement(out, Matcher.quoteReplacement(ours ? m.group() : m.group(1) != null ? "any " + m.group(1) : "any"));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern ALPHABETICALLY = Pattern.compile("(?i)\\b(?:(?:sorted|ordered|listed)\\s+)?alphabetically\\b");
    private static final Pattern A_TO_Z = Pattern.compile("(?i)\\b(?:from\\s+)?a\\s*(?:to|-)\\s*z\\b");
    private static final Pattern Z_TO_A = Pattern.compile("(?i)\\b(?:from\\s+)?z\\s*(?:to|-)\\s*a\\b");
    private static final Pattern BY_THEN_DIRECTION = Pattern.compile("(?i)\\b((?:sorted|ordered|ranked|sort|order)\\s+by\\s+[\\p{L} ]+?)\\s+(ascending|descending)\\s*([?.!]?\\s*)$");

    static String orderSaidShort(String q) {
        String out = ALPHABETICALLY.matcher(q).replaceAll(m -> m.group().toLowerCase(Locale.ROOT).startsWith("alpha") ? "in alphabetical order"
                : Matcher.quoteReplacement(m.group().substring(0, m.group().indexOf(' ')) + " in alphabetical order"));
        out = A_TO_Z.matcher(out).replaceAll("in alphabetical order");
        out = Z_TO_A.matcher(out).replaceAll("in reverse alphabetical order");
        return BY_THEN_DIRECTION.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + " in " + m.group(2).toLowerCase(Locale.ROOT) + " order" + m.group(3)));
    }

    /**
     * The question with "show" before it when it begins (after "the" or "all") with a phrase naming an attribute of some
     * records and says no question word and no aggregate: what is asked is shown. Else as written.
     */
    private static String implicitRequest(QuestionParser reader, String q) {
        List<String> words = tokens(q, true);
        if (words.isEmpty() || words.stream().anyMatch(w -> MeasureFit.asksAggregate(w)
                || dev.almanac.reading.FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.INTERROGATIVE) || w.equals("many"))) return q;
        int start = 0;
        while (start < words.size() && (words.get(start).equals("the") || words.get(start).equals("all") || words.get(start).equals("every")
                || RecordShapes.DISTINCT_WORDS.contains(words.get(start)))) start++;
        // most questions begin with a word the model never says ("list", "show", "which"): nothing more to look up
        if (start == words.size()) return q;
        String first = singular(words.get(start));
        // the vocabulary keeps words of 3 letters or more; an attribute of free text is in no breakdown's words, only in the names'
        if (first.length() >= 3 && !reader.lexicon.namingWords().contains(first)) return q;
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> phrase = words.subList(start, start + n);
            List<String> singular = phrase.stream().map(QuestionWords::singular).toList();
            boolean attribute = reader.model().datasets().stream().anyMatch(d -> {
                Map<List<String>, Object> attributes = reader.lexicon.attributesOf(d);
                return attributes.containsKey(phrase) || attributes.containsKey(singular);
            });
            if (!attribute) continue;
            // the records' own noun ("customers by industry", "customers with more than 5 orders") asks how many, or which, of
            // them: never read as a request for an attribute
            if (!reader.lexicon.rowsCalled(singular).isEmpty()) return q;
            return "show " + q.stripLeading();
        }
        return q;
    }

    /** Words that say what of records named first is asked: a sort, a condition on them or on records they relate to. */
    private static final Set<String> SAID_OF_RECORDS = Set.of("with", "without", "whose", "that", "who", "which", "where", "not", "never", "no",
            "ordered", "sorted", "order", "than", "over", "under", "above", "below", "at");

    /**
     * "airlines with at least 10 flights", "teachers ordered by age", "people not from Russia": a question that begins (after
     * "the", "all", "each") with the noun of some records and then says what of them (a sort or a condition), no question
     * word, no aggregate and no period, as the request to list them it is ("list ..."); null for any other.
     */
    private static final Pattern MEASURE_COMPARED = Pattern.compile("(?i)\\b(?:" + ComparisonRule.regex(ComparisonRule.Place.NUMBER_AFTER) + ")\\s+\\d");

    static String listOfRecordsNamedFirst(QuestionParser reader, String q) {
        List<String> words = tokens(q, true);
        if (words.isEmpty() || words.stream().anyMatch(w -> MeasureFit.asksAggregate(w) || w.equals("many") || w.equals("how")
                || FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.INTERROGATIVE) && !Set.of("that", "who", "which", "whose", "where").contains(w))) return null;
        // a period says which rows are counted, not which records are listed, unless a measure compared with a number is
        // measured over it ("customers with MRR over 25000 at the end of June")
        if (reader.timeframes().parse(q).isPresent() && !MEASURE_COMPARED.matcher(q).find()) return null;
        int start = 0;
        // "the 3 countries with ...": how many of them is said before them
        while (start < words.size() && (Set.of("the", "all", "each", "every", "our").contains(words.get(start)) || QuestionWords.smallNumber(words.get(start)))) start++;
        // "every maker and model", "all singers": records said whole with a quantifier ask for them
        if (start > 0 && Set.of("all", "each", "every").contains(words.get(0))) return "list " + q.stripLeading();
        // "non-USA conductors", "asian countries": a noun phrase alone, ending in the records' noun
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> noun = words.subList(words.size() - n, words.size());
            if (words.size() - n > start && !reader.lexicon.rowsCalled(noun).isEmpty()) return (start == 0 ? "list the " : "list ") + q.stripLeading();
        }
        // a sort's direction says a list ("singers by net worth ascending"), where "by" alone may say a breakdown
        if (words.stream().noneMatch(w -> SAID_OF_RECORDS.contains(w) || OrderWords.ASCENDING.contains(w) || OrderWords.DESCENDING.contains(w))) return null;
        for (int n = Math.min(3, words.size() - start); n >= 1; n--) {
            List<String> noun = words.subList(start, start + n);
            // "country with the most car makers": the records, as a request says them ("the")
            if (!reader.lexicon.rowsCalled(noun).isEmpty() || !reader.lexicon.rowsCalled(List.of(String.join("", noun))).isEmpty()) {
                return (start == 0 ? "list the " : "list ") + q.stripLeading();
            }
        }
        return null;
    }

    /**
     * "jetblue airways abbreviation?", "abbreviation of jetblue airways": a question that is only a value naming something and
     * an attribute, either way round, as the question it is ("what is the abbreviation of jetblue airways?"); null for any other.
     */
    static String attributeOfNamed(QuestionParser reader, String q) {
        List<String> words = tokens(q, true), said = tokens(q, false);
        if (words.size() < 2 || words.size() != said.size()) return null;
        for (int k = 1; k < words.size(); k++) {
            List<String> left = words.subList(0, k), right = words.subList(k, words.size());
            if (reader.allValuePhrases().containsKey(left) && reader.lexicon.attributePhrases().containsKey(right)) {
                return "what is the " + String.join(" ", said.subList(k, said.size())) + " of " + String.join(" ", said.subList(0, k)) + "?";
            }
            if (k + 1 < words.size() && words.get(k).equals("of") && reader.lexicon.attributePhrases().containsKey(left)
                    && reader.allValuePhrases().containsKey(words.subList(k + 1, words.size()))) {
                return "what is the " + String.join(" ", said) + "?";
            }
        }
        return null;
    }

    /** A question's last part after a dash, a colon or a comma, "please" after it or not: what to show of what is before. */
    private static final Pattern REQUEST_AFTER = Pattern.compile("(?i)^(.+?)\\s*(?:\\s-\\s|:\\s|,\\s)\\s*(?:just\\s+|only\\s+)?([^,:]+?)(?:\\s+only)?(?:\\s*,?\\s*please)?\\s*[?.!]?\\s*$");

    /**
     * "makers that have over 3 models - names and ids", "teachers aged 32, names please", "..., names only": records first, then after a dash,
     * a colon or a comma only the names of attributes to show, as the request it is ("show the names and ids of the makers
     * that have over 3 models"); null for any other.
     */
    static String requestAfter(QuestionParser reader, String q) {
        Matcher m = REQUEST_AFTER.matcher(q.replace(" + ", " and "));
        if (!m.matches()) return null;
        List<String> shown = tokens(m.group(2), true);
        boolean[] placed = new boolean[shown.size()];
        for (QuestionParser.Span span : Spans.spans(shown, reader.lexicon.attributePhrases())) for (int i = span.from(); i < span.to(); i++) placed[i] = true;
        boolean any = false;
        for (int i = 0; i < shown.size(); i++) {
            if (placed[i]) any = true;
            // a word of the model's names ("ids" of car_makers.id) that English has as a noun
            else if (reader.lexicon.vocabulary().contains(shown.get(i)) && Lexicon.english().partsOfSpeech(shown.get(i)).contains(dev.almanac.reading.PartOfSpeech.NOUN)) any = true;
            else if (!Set.of("and", "the", "their", "its", "also").contains(shown.get(i))) return null;
        }
        if (!any) return null;
        String records = m.group(1).strip().replaceFirst("(?i)^(?:the|all)\\s+", "");
        Matcher which = WHICH_RECORDS.matcher(records);
        if (which.matches()) { // "which museum has no visits, name": the records the question names, and what is said of them
            List<String> words = List.of(which.group(1).split("\\s+"));
            records = null;
            for (int n = Math.min(3, words.size() - 1); n >= 1 && records == null; n--) {
                if (reader.lexicon.rowsCalled(tokens(String.join(" ", words.subList(0, n)), true)).isEmpty()) continue;
                records = String.join(" ", words.subList(0, n)) + " that " + String.join(" ", words.subList(n, words.size()));
            }
            if (records == null) return null;
        }
        return "show the " + m.group(2).strip() + " of the " + records;
    }

    private static final Pattern WHICH_RECORDS = Pattern.compile("(?i)^(?:which|what)\\s+(.+)$");

    private static final Pattern REVERSED_ORDER_WORDS = Pattern.compile("(?i)\\b(?:in\\s+)?revers(?:e|ed)\\s+(?:alphabetic|alphabetical|lexicographic|lexicographical)\\s+order\\b");

    /** "in reverse alphabetical order", "in reversed lexicographical order": the order of the letters, descending. */
    static String reverseOrder(String q) {
        return q.toLowerCase(Locale.ROOT).contains("revers") ? REVERSED_ORDER_WORDS.matcher(q).replaceAll("in descending order") : q;
    }

    private static final Pattern BETWEEN_ENDS = Pattern.compile("(?i)\\b(?:from\\s+)?(?:the\\s+)?(\\p{L}+)\\s+to\\s+(?:the\\s+)?(\\p{L}+)\\b");

    /**
     * "from the oldest to the youngest", "from high to low": an order said by its two ends, two adjectives (in any degree)
     * giving opposite values of one attribute (WordNet's attribute relation, the ends by {@link Lexicon#lowerPole}), said
     * as "in descending order" when the higher end comes first, else "in ascending order", "of" that attribute when it is
     * one and not said right before ("by age from the oldest ..."). Any other "from ... to ..." (two
     * places) is left as written.
     */
    /** "from the highest earnings down to the lowest": two ends of a ranking's words, a noun after the first. */
    private static final Pattern BETWEEN_ENDS_OF_A_NOUN = Pattern.compile("(?i)\\bfrom\\s+(?:the\\s+)?(\\p{L}+)\\s+(\\p{L}+)\\s+(?:(?:down|up)\\s+)?to\\s+(?:the\\s+)?(\\p{L}+)\\b");

    static String orderBetweenEnds(String asked) {
        // "from the lowest rating to the highest": opposite ends of a ranking, said of the noun after the first, when the noun
        // is no noun of the records listed (said before it)
        String q = BETWEEN_ENDS_OF_A_NOUN.matcher(asked).replaceAll(e -> {
            String a = e.group(1).toLowerCase(Locale.ROOT), noun = e.group(2), b = e.group(3).toLowerCase(Locale.ROOT);
            boolean opposite = MOST.contains(a) && LEAST.contains(b) || LEAST.contains(a) && MOST.contains(b);
            boolean named = tokens(asked.substring(0, e.start()), true).stream().anyMatch(w -> singular(w).equals(singular(noun.toLowerCase(Locale.ROOT))));
            return opposite && !named && !FunctionWords.english().isFunctionWord(noun.toLowerCase(Locale.ROOT))
                    ? Matcher.quoteReplacement("in " + (MOST.contains(a) ? "descending" : "ascending") + " order of " + noun) : Matcher.quoteReplacement(e.group());
        });
        Matcher m = BETWEEN_ENDS.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Lexicon lexicon = Lexicon.english();
            String a = m.group(1).toLowerCase(Locale.ROOT), b = m.group(2).toLowerCase(Locale.ROOT);
            Set<String> shared = new java.util.HashSet<>(lexicon.attributesOf(a));
            shared.retainAll(lexicon.attributesOf(b));
            boolean lowA = lexicon.baseForms(a, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            boolean lowB = lexicon.baseForms(b, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            if (shared.isEmpty() || lowA == lowB) continue;
            // "from the youngest to the oldest" with no attribute said: the one both give a value of ("of age")
            List<String> before = tokens(q.substring(0, m.start()), true);
            boolean byIt = before.size() >= 2 && before.subList(Math.max(0, before.size() - 3), before.size()).contains("by")
                    && shared.stream().anyMatch(n -> before.get(before.size() - 1).equals(singular(n)));
            String of = shared.size() == 1 && !byIt ? " of " + shared.iterator().next() : "";
            m.appendReplacement(out, (lowA ? "in ascending order" : "in descending order") + of);
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A percent sign after a word, or standing alone ("% of orders"): never after a number ("5%"), which is read as written. */
    private static final Pattern WORD_PERCENT = Pattern.compile("(?<=[\\p{L})])\\s*%|(?<![\\d.\\p{L})%])\\s*%(?=\\s|$)");

    /** A percent sign after a word, not a number, is the word "percent" ("drink revenue %", a metric called so). */
    private static final Pattern EITHER_PERSON_PRONOUN = Pattern.compile("(?i)\\b(?:(his\\s+or\\s+her|her\\s+or\\s+his|his/her)|(he\\s+or\\s+she|she\\s+or\\s+he|he/she)"
            + "|(him\\s+or\\s+her|her\\s+or\\s+him|him/her))\\b");

    /** "his or her", "he or she", "him or her": one person of either sex, said as English's "their", "they", "them" (not two conditions). */
    static String eitherPerson(String q) {
        Matcher m = EITHER_PERSON_PRONOUN.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) m.appendReplacement(out, m.group(1) != null ? "their" : m.group(2) != null ? "they" : "them");
        return m.appendTail(out).toString();
    }

    /** A question of words only, "total" last and no other "total" or "in" before it. */
    private static final Pattern TOTAL_AT_END = Pattern.compile("(?i)^\\s*((?:(?!\\b(?:total|in|the|a|running|grand|sub)\\b)[\\p{L}\\d']+\\s+){1,4})total(\\s*[?.!]?)\\s*$");

    static String totalLast(String q) {
        Matcher m = TOTAL_AT_END.matcher(q);
        return m.find() ? "total " + m.group(1).strip() + m.group(2).strip() : q;
    }

    private static final Pattern ADDED_UP = Pattern.compile("(?i)\\b(combined)(?=\\s+\\p{L})(?!\\s+(?:average|avg|mean|median|count|number|max|maximum|min|minimum|total|sum|rate|percent|percentage|share|ratio)\\b)");

    static String addedUpAsTotal(QuestionParser reader, String q) {
        Matcher m = ADDED_UP.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(m.group(1).toLowerCase(Locale.ROOT));
            m.appendReplacement(out, ours ? m.group(1) : "total");
        }
        return m.appendTail(out).toString();
    }

    /** "please" ending the question ("pls" and "plz" are "please" by then: {@link #SHORTHAND}). */
    private static final Pattern PLEASE_AT_END = Pattern.compile("(?i)\\s*,?\\s*\\bplease\\b\\s*([?.!]*)\\s*$");
    /** After the question, a few words that name what to show, no verb of a request of their own. */
    private static final Pattern SHORT_REQUEST_AFTER = Pattern.compile("(?i)\\?\\s+(?:(?:just|only)\\s+(?:the\\s+|their\\s+|its\\s+)?)?((?!(?:list|show|give|find|tell|return|display|what|which|who|how|just|only)\\b)"
            + "\\p{L}+(?:\\s*(?:,|and|&)?\\s*\\p{L}+){0,4})$");

    private static final Pattern COUNT_BEFORE = Pattern.compile("(?i)(?<![\\w.])(?:num|nbr|no\\.|cnt)\\s+(?:of\\s+)?(?!(?:by|per|for|in)\\b)(?=\\p{L})");
    private static final Pattern COUNT_AFTER = Pattern.compile("(?i)^\\s*((?!(?:the|what|what's|which|who|how|show|list|give|find|tell|is|are|get|total)\\b)\\p{L}+(?:[\\s/]+\\p{L}+){0,4}?)"
            + "\\s+(?:cnt|num)\\b(\\s+(?:by|per|for|in)\\b.*|\\s*[?.!]?\\s*)$");

    static String countSaidShort(String q) {
        Matcher after = COUNT_AFTER.matcher(q);
        String out = after.matches() ? "number of " + after.group(1) + after.group(2) : q;
        return COUNT_BEFORE.matcher(out).replaceAll("number of ");
    }

    static String pleaseLast(String q) {
        Matcher m = PLEASE_AT_END.matcher(q);
        if (!m.find()) return q;
        String rest = q.substring(0, m.start());
        Matcher after = SHORT_REQUEST_AFTER.matcher(rest);
        if (after.find()) return rest.substring(0, after.start()) + "? give the " + after.group(1) + ".";
        return rest + m.group(1);
    }

    private static final Pattern VALUE_PRONOUN_WORDS = Pattern.compile("(?i)\\b(?:something|anything)\\s+(?:other\\s+than|else\\s+than|but|except)\\b");

    static String valuePronoun(String q) {
        return VALUE_PRONOUN_WORDS.matcher(q).replaceAll("other than");
    }

    private static final Pattern AMONG = Pattern.compile("(?i)\\bamong\\s+((?:the|all|all\\s+the)\\s+)?(\\p{L}+(?:\\s+\\p{L}+){0,2}?)(?=\\s*[?.!]?\\s*$)");

    /** "Among poker players earning less than 200000, what is ...": records said first, then the question about them. */
    private static final Pattern AMONG_FIRST = Pattern.compile("(?i)^\\s*among\\s+((?:the|all|all\\s+the)\\s+)?(\\p{L}+)([^,]*),\\s*"
            + "(?=(?:what|which|how|who|list|show|give|find|tell)\\b)");

    /** Whether the first one to three words name some records. */
    private static boolean recordsFirst(QuestionParser reader, List<String> words) {
        for (int n = Math.min(3, words.size()); n >= 1; n--) {
            if (!reader.lexicon.rowsCalled(words.subList(0, n).stream().map(QuestionWords::singular).toList()).isEmpty()) return true;
        }
        return false;
    }

    /** "among the conductors" ending the question, the conductors being records: "of the conductors"; said first, "For ...". */
    private static String amongRecords(QuestionParser reader, String q) {
        Matcher first = AMONG_FIRST.matcher(q);
        // "Among X, what ...": the records the question is about, said first, as "For X, what ..." is
        if (first.find() && recordsFirst(reader, tokens(first.group(2) + first.group(3), true))) {
            return "For " + q.substring(q.toLowerCase(Locale.ROOT).indexOf("among") + "among".length()).strip();
        }
        Matcher m = AMONG.matcher(q);
        if (!m.find() || reader.lexicon.rowsCalled(tokens(m.group(2), true).stream().map(QuestionWords::singular).toList()).isEmpty()) return q;
        return q.substring(0, m.start()) + "of the " + m.group(2) + q.substring(m.end());
    }

    private static final Pattern MOST_BARE = Pattern.compile("(?i)\\b(with|has|have|had|having)\\s+(most|fewest|least)\\s+(?!of\\b)(?=\\p{L})");

    static String mostWithoutThe(String q) {
        return MOST_BARE.matcher(q).replaceAll("$1 the $2 ");
    }

    private static final Pattern YET_AFTER_NEGATION = Pattern.compile("(?i)(\\b(?:no|not|never|none)\\b|n't\\b)((?:\\s+\\p{L}+){1,4}?)\\s+yet\\b");

    static String negatedYet(String q) {
        return YET_AFTER_NEGATION.matcher(q).replaceAll("$1$2");
    }

    static String percentSign(String q) {
        return q.indexOf('%') < 0 ? q : WORD_PERCENT.matcher(q).replaceAll(m -> m.start() == 0 ? "percent" : " percent");
    }

    private static final Pattern LETTERS = Pattern.compile("[A-Za-z]+");

    /** Where each run of letters of the text starts and ends, for the rewrites that change words in place. */
    private static List<int[]> letterRuns(String q) {
        Matcher m = LETTERS.matcher(q);
        List<int[]> at = new ArrayList<>();
        while (m.find()) at.add(new int[] {m.start(), m.end()});
        return at;
    }

    /**
     * An adjective that gives a value of an attribute (WordNet's attribute relation: "young" and "old" of age, "heavy" of
     * weight, "tall" of height) said of records whose dataset has one number attribute of that name, said as that attribute:
     * "the youngest dog" as "the dog with the lowest age", "the heaviest of the cars" is left as it is, "dogs older than 5" as
     * "dogs age greater than 5". The direction is the adjective's pole ({@link Lexicon#lowerPole}). The superlative must stand
     * before a word naming the records; the comparative before "than", of records the question names. Anything else (two
     * attributes of that name, none, a generic "largest" or "higher") is left to the rest of the reader.
     */
    private static final Set<String> BE = Set.of("is", "are", "was", "were");

    private static final Pattern COMPARED_IN = Pattern.compile("(?i)\\b(over|under|above|below|more\\s+than|less\\s+than|greater\\s+than|at\\s+least|at\\s+most)\\s+"
            + "(\\d+(?:\\.\\d+)?)\\s+in\\s+(?:the\\s+|their\\s+|its\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\b");

    private static String comparedInAttribute(QuestionParser reader, String q) {
        Matcher m = COMPARED_IN.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String attribute = m.group(3);
            List<String> said = tokens(attribute, true);
            // the longest words after "in" that name a number attribute ("height", "net worth"), else as written
            if (!reader.lexicon.numberPhrases().containsKey(said)) {
                said = said.subList(0, 1);
                attribute = attribute.split("\\s+")[0];
                if (!reader.lexicon.numberPhrases().containsKey(said)) continue;
            }
            m.appendReplacement(out, Matcher.quoteReplacement("with " + attribute + " " + m.group(1) + " " + m.group(2)
                    + m.group(3).substring(attribute.length())));
        }
        return m.appendTail(out).toString();
    }

    /** Records named, then "(who|that) (are|were)" or nothing, then "over" or "under" a number that may be an age, nothing after that names a unit. */
    private static final Pattern OVER_A_NUMBER = Pattern.compile("(?i)\\b(\\p{L}+(?:\\s+\\p{L}+){0,2}?)\\s+((?:(?:who|that)\\s+)?(?:are|were|is|was)\\s+|aged\\s+)?(over|under|above|below)\\s+(\\d{1,3})\\b(?!\\s*(?:\\.\\d|%|[\\p{L}]+\\s+(?:of|in)\\b|years?\\s+(?:of|in)\\b))");

    private static String ageSaidBare(QuestionParser reader, String q) {
        if (!q.matches("(?is).*\\b(?:over|under|above|below)\\s+\\d.*")) return q;
        Set<String> ageNouns = Lexicon.english().attributesOf("old");
        Matcher m = OVER_A_NUMBER.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            List<String> words = tokens(m.group(1), true);
            List<Dataset> rows = List.of();
            for (int n = Math.min(3, words.size()); n >= 1 && rows.isEmpty(); n--) {
                List<String> noun = words.subList(words.size() - n, words.size());
                rows = reader.lexicon.rowsCalled(noun);
            }
            if (rows.size() != 1) continue;
            List<Dimension> ages = measured(reader, rows, ageNouns, false);
            if (ages.isEmpty()) ages = measured(reader, rows, ageNouns, true);
            if (ages.size() != 1) continue;
            boolean more = m.group(3).equalsIgnoreCase("over") || m.group(3).equalsIgnoreCase("above");
            String be = m.group(2) == null || m.group(2).strip().equalsIgnoreCase("aged") ? "" : m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + " " + be + (more ? "older than " : "younger than ") + m.group(4)));
        }
        return m.appendTail(out).toString();
    }

    private static String dimensionalAdjectives(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        if (at.isEmpty()) return q;
        java.util.function.IntFunction<String> word = i -> q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < at.size(); i++) {
            String w = word.apply(i);
            if ((w.equals("most") || w.equals("least")) && i + 2 < at.size()) {
                // "the 3 most populated countries": "most" and a word whose noun (WordNet: populate, population) is a number attribute
                Optional<MostSaid> most = mostSaid(reader, q, at, word, i);
                if (most.isPresent()) {
                    int end = most.get().end();
                    out.append(q, copied, at.get(i)[0]).append(q, at.get(i + 2)[0], at.get(end)[1]).append(" with the ").append(w.equals("least") ? "lowest " : "highest ")
                            .append(most.get().measure().displayName().toLowerCase(Locale.ROOT));
                    copied = at.get(end)[1];
                    i = end;
                    continue;
                }
            }
            boolean superlative = w.endsWith("est") && w.length() > 5, comparative = w.endsWith("er") && w.length() > 4;
            if (!superlative && !comparative || MOST.contains(w) || LEAST.contains(w) || COMPARATIVE_WORDS.contains(w)) continue;
            Lexicon lexicon = Lexicon.english();
            if (lexicon.baseForms(w, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().noneMatch(b -> !b.equals(w))) continue;
            Set<String> nouns = lexicon.attributesOf(w);
            if (nouns.isEmpty()) continue;
            boolean low = lexicon.baseForms(w, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            List<Dataset> rows;
            int named = 1; // the words after the adjective that name the records
            if (superlative) {
                // "the shortest life expectancy": the name of a number attribute right after it, which the pole ranks
                int attributeWords = numberAttributeAt(reader, at, word, i + 1);
                if (attributeWords > 0) {
                    out.append(q, copied, at.get(i)[0]).append(low ? "lowest" : "highest");
                    copied = at.get(i)[1];
                    continue;
                }
                rows = List.of();
                for (int n = Math.min(3, at.size() - i - 1); n >= 1 && rows.isEmpty(); n--) {
                    List<String> noun = new ArrayList<>();
                    for (int j = i + 1; j <= i + n; j++) noun.add(word.apply(j));
                    if (!q.substring(at.get(i + 1)[0], at.get(i + n)[1]).matches("[\\p{L} ]+")) continue;
                    rows = reader.lexicon.rowsCalled(noun);
                    named = n;
                }
            } else {
                if (!word.apply(i + 1).equals("than")) continue;
                List<String> all = new ArrayList<>();
                for (int j = 0; j < at.size(); j++) if (j != i) all.add(word.apply(j));
                rows = reader.lexicon.namedRows(all);
            }
            List<Dimension> measured = measured(reader, rows, nouns, false);
            // "poker players taller than 200", "the tallest poker player": of the one record each row refers to (the person a
            // player is), when the rows have none
            if (measured.isEmpty()) measured = measured(reader, rows, nouns, true);
            if (measured.size() != 1) continue;
            String attribute = measured.get(0).displayName().toLowerCase(Locale.ROOT);
            out.append(q, copied, at.get(i)[0]);
            if (superlative) {
                out.append(q, at.get(i + 1)[0], at.get(i + named)[1]).append(" with the ").append(low ? "lowest " : "highest ").append(attribute);
                copied = at.get(i + named)[1];
                i += named;
                continue;
            } else if (i >= 2 && BE.contains(word.apply(i - 1)) && nouns.contains(singular(word.apply(i - 2)))) {
                out.append(low ? "less than" : "greater than"); // "whose age is older than 5": the attribute is said already
            } else if (i >= 1 && !BE.contains(word.apply(i - 1)) && !Set.of("that", "who", "which", "and", "or", "not", "no", "any").contains(word.apply(i - 1))
                    && !FunctionWords.english().isFunctionWord(word.apply(i - 1))) {
                out.append("with ").append(attribute).append(low ? " less than" : " greater than"); // "singers older than 40": those with an age above it
            } else {
                out.append(attribute).append(low ? " less than" : " greater than");
            }
            copied = at.get(i + 1)[1];
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    private static final Pattern TOP_BY = Pattern.compile("(?i)\\b(?:the\\s+)?(?:(top|bottom)\\s+(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)"
            + "|(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\\s+(largest|biggest|greatest|highest|smallest|lowest))\\s+"
            + "(\\p{L}+(?:\\s+\\p{L}+){0,2})\\s+by\\s+(\\p{L}+(?:\\s+\\p{L}+){0,3})(?=\\s*[?.!]?\\s*$)");

    private static String topRecordsByAttribute(QuestionParser reader, String q) {
        Matcher m = TOP_BY.matcher(q);
        if (!m.find()) return q;
        List<String> noun = tokens(m.group(5), true).stream().map(QuestionWords::singular).toList();
        List<Dataset> rows = reader.lexicon.rowsCalled(noun);
        if (rows.size() != 1) return q;
        List<String> said = tokens(m.group(6), true);
        // the attribute by any of its phrases or its short name ("area" of surface area), one number of the records' own, and
        // no measure named by the same words
        Object named = reader.lexicon.attributesOf(rows.get(0)).get(said);
        if (named == null) named = reader.lexicon.attributesOf(rows.get(0)).get(said.stream().map(QuestionWords::singular).toList());
        List<Dimension> by = named == null ? List.of() : ((List<?>) named).stream().filter(Dimension.class::isInstance).map(Dimension.class::cast)
                .filter(x -> x.kind() == Dimension.Kind.NUMBER && x.dataset().equals(rows.get(0).name())).distinct().toList();
        if (by.size() != 1 || !reader.metricNames.metricSpans(said).isEmpty()) return q;
        String n = m.group(2) != null ? m.group(2) : m.group(3);
        String number = n.matches("\\d+") ? n : QuestionWords.NUMBER_WORDS.get(n.toLowerCase(Locale.ROOT));
        boolean high = m.group(1) != null ? m.group(1).equalsIgnoreCase("top") : Set.of("largest", "biggest", "greatest", "highest").contains(m.group(4).toLowerCase(Locale.ROOT));
        return q.substring(0, m.start()) + "the " + number + " " + m.group(5) + " with the " + (high ? "highest " : "lowest ")
                + by.get(0).displayName().toLowerCase(Locale.ROOT) + q.substring(m.end());
    }

    private static final Pattern VERB_COMPARED = Pattern.compile("(?i)\\b(\\p{L}+)\\s+((?:that|who|which)\\s+)?(\\p{L}+)\\s+(?=(?:more|less|fewer|over|under|above|below|at\\s+least|at\\s+most)\\b[^?.!]*?\\d)");

    private static String verbOfAnAttribute(QuestionParser reader, String q) {
        Matcher m = VERB_COMPARED.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String verb = m.group(3).toLowerCase(Locale.ROOT);
            List<Dataset> rows = reader.lexicon.rowsCalled(List.of(singular(m.group(1).toLowerCase(Locale.ROOT))));
            boolean isVerb = !FunctionWords.english().isFunctionWord(verb) && !reader.lexicon.vocabulary().contains(verb)
                    && Lexicon.english().partsOfSpeech(verb).contains(dev.almanac.reading.PartOfSpeech.VERB);
            Set<String> nouns = new java.util.HashSet<>(Lexicon.english().nounsOfVerb(verb));
            // the verb's nominalization by its suffix, where WordNet relates none ("weigh", weight; "cost", cost)
            for (String base : Lexicon.english().baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB)) {
                for (String suffix : List.of("", "t", "s", "ing", "ings", "ment")) nouns.add(base + suffix);
            }
            List<Dimension> measured = rows.isEmpty() || !isVerb ? List.of() : measured(reader, rows, nouns, false);
            if (measured.size() != 1) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
                continue;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + " " + (m.group(2) == null ? "" : m.group(2)) + "have "
                    + measured.get(0).displayName().toLowerCase(Locale.ROOT) + " "));
        }
        return m.appendTail(out).toString();
    }

    /** How many words from {@code from} on are the whole name of a number attribute of some records (0 when none). */
    private static int numberAttributeAt(QuestionParser reader, List<int[]> at, java.util.function.IntFunction<String> word, int from) {
        for (int n = Math.min(4, at.size() - from); n >= 1; n--) {
            List<String> said = new ArrayList<>();
            for (int j = from; j < from + n; j++) said.add(singular(word.apply(j)));
            boolean named = reader.model().datasets().stream().flatMap(d -> reader.model().dimensionsOf(d.name()).stream())
                    .anyMatch(x -> x.kind() == Dimension.Kind.NUMBER && tokens(x.displayName(), true).stream().map(QuestionWords::singular).toList().equals(said));
            if (named) return n;
        }
        return 0;
    }

    /** "pets (are) owned by the student": rows, a past participle and "by" before other records. */
    private static final Pattern AGENT_AFTER_PARTICIPLE = Pattern.compile("(?i)\\b(\\p{L}+)\\s+(?:(?:is|are|was|were)\\s+)?(\\p{L}+)\\s+by\\s+((?:the|a|an)\\s+)?(\\p{L}+)\\b");

    /**
     * "the pet owned by the student", "how many pets are owned by students": the agent of a verb that says only how two kinds
     * of records relate (a past participle English knows, no word of the model) said as "of" ("the pet of the student"),
     * the way the reader reads records of others. Only between words that name two different datasets' rows.
     */
    private static String agentAsOf(QuestionParser reader, String q) {
        String byAgent = AGENT_AFTER_PARTICIPLE.matcher(q).replaceAll(m -> {
            String participle = m.group(2).toLowerCase(Locale.ROOT);
            boolean verb = reader.lexicon.relatingVerb(participle)
                    && !Lexicon.english().baseForms(participle, dev.almanac.reading.PartOfSpeech.VERB).contains(participle); // a participle, not the verb's base
            return Matcher.quoteReplacement(verb ? ofOthers(reader, m) : m.group());
        });
        // "pets that belong to students": English's verb of possession says the same
        return BELONGING_TO.matcher(byAgent).replaceAll(m -> Matcher.quoteReplacement(ofOthers(reader, m)));
    }

    /** "pets (that) belong to the student": rows, the verb of belonging and "to" before other records. */
    private static final Pattern BELONGING_TO = Pattern.compile("(?i)\\b(\\p{L}+)\\s+(?:(?:that|which|who)\\s+)?(belongs?|belonged|belonging)\\s+to\\s+((?:the|a|an)\\s+)?(\\p{L}+)\\b");

    /**
     * A match of rows (group 1), a verb (2), an article (3) and other records (4) said as "rows of (the) records", when the two
     * name different datasets' rows; else the match as written.
     */
    private static String ofOthers(QuestionParser reader, java.util.regex.MatchResult m) {
        List<Dataset> rows = reader.lexicon.rowsCalled(List.of(singular(m.group(1).toLowerCase(Locale.ROOT))));
        List<Dataset> agents = reader.lexicon.rowsCalled(List.of(singular(m.group(4).toLowerCase(Locale.ROOT))));
        if (rows.size() != 1 || agents.size() != 1 || rows.get(0).equals(agents.get(0))) return m.group();
        return m.group(1) + " of " + (m.group(3) == null ? "" : m.group(3)) + m.group(4);
    }

    /** The records named after "most" (or "least"): the place of their last word, and their one attribute the word between names. */
    private record MostSaid(int end, Dimension measure) {}

    /**
     * The records named after "most" (or "least") and the word at {@code i + 1}, when that word's noun is the name of exactly
     * one number attribute of theirs; empty otherwise.
     */
    private static Optional<MostSaid> mostSaid(QuestionParser reader, String q, List<int[]> at, java.util.function.IntFunction<String> word, int i) {
        Set<String> nouns = nounsOfQuality(word.apply(i + 1));
        if (nouns.isEmpty()) return Optional.empty();
        for (int n = Math.min(3, at.size() - i - 2); n >= 1; n--) {
            if (!q.substring(at.get(i + 2)[0], at.get(i + 1 + n)[1]).matches("[\\p{L} ]+")) continue;
            List<String> noun = new ArrayList<>();
            for (int j = i + 2; j <= i + 1 + n; j++) noun.add(singular(word.apply(j)));
            List<Dataset> rows = reader.lexicon.rowsCalled(noun);
            if (rows.isEmpty()) continue;
            List<Dimension> measured = measuredByStem(reader, rows, nouns);
            return measured.size() == 1 ? Optional.of(new MostSaid(i + 1 + n, measured.get(0))) : Optional.empty();
        }
        return Optional.empty();
    }

    /** The number attributes of the rows a word of one of these nouns names, its stem the noun's ("populous", population). */
    private static List<Dimension> measuredByStem(QuestionParser reader, List<Dataset> rows, Set<String> nouns) {
        Set<String> stems = new java.util.HashSet<>();
        nouns.forEach(n -> stems.add(QuestionWords.stem(n)));
        return rows.stream().flatMap(d -> reader.model().dimensionsOf(d.name()).stream())
                .filter(x -> x.kind() == Dimension.Kind.NUMBER && tokens(x.displayName(), true).stream().anyMatch(t -> stems.contains(QuestionWords.stem(t)))).toList();
    }

    /**
     * The nouns of a quality said by an adjective or a verb's participle: the word itself (its stem a noun's: "populous"),
     * WordNet's attributes, and its verbs' nouns ("populated": population).
     */
    private static Set<String> nounsOfQuality(String said) {
        Lexicon english = Lexicon.english();
        if (dev.almanac.reading.FunctionWords.english().isFunctionWord(said)) return Set.of();
        Set<String> out = new java.util.HashSet<>(english.attributesOf(said));
        if (english.partsOfSpeech(said).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE)) out.add(said);
        // a participle ("populated"), not the verb itself
        if (english.baseForms(said, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(b -> !b.equals(said))) out.addAll(english.nounsOfVerb(said));
        return out;
    }

    /** The number attributes of the rows (or, {@code referred}, of the records they refer to) named by one of the nouns. */
    private static List<Dimension> measured(QuestionParser reader, List<Dataset> rows, Set<String> nouns, boolean referred) {
        List<Dimension> out = new ArrayList<>();
        for (Dataset d : rows) {
            List<String> of = referred ? reader.model().edgesFrom(d.name()).stream().filter(e -> e.from().equals(d.name())).map(SemanticModel.Edge::to).distinct().toList()
                    : List.of(d.name());
            for (String ds : of) {
                for (Dimension x : reader.model().dimensionsOf(ds)) {
                    if (x.kind() == Dimension.Kind.NUMBER
                            && tokens(x.displayName(), true).stream().anyMatch(t -> nouns.contains(t) || nouns.contains(singular(t)))) out.add(x);
                }
            }
        }
        return out;
    }

    /**
     * "the most recent cartoon", "the most recently aired cartoon", "the latest transcript", "the first student to
     * register": the records one dataset's noun (right after the superlative) names, first by their time, said as "the
     * cartoon with the highest original air date" (read then as any record first by an attribute). The time is the
     * dataset's one time attribute, or its default; with a verb ("most recently aired", "to register"), the one whose name
     * has the verb's base form, else none. Anything else is left as written.
     */
    private static String recentRecords(QuestionParser reader, String q) {
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.contains("recent") && !lower.contains("latest") && !lower.contains("newest") && !lower.contains("earliest") && !lower.contains("first")
                && !lower.contains("last")) return q;
        List<int[]> at = letterRuns(q);
        int n = at.size();
        java.util.function.IntFunction<String> word = i -> q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT);
        for (int i = 0; i + 2 < n; i++) {
            if (!word.apply(i).equals("the")) continue;
            int k = i + 1;
            boolean latest = true;
            String verb = null;
            if (word.apply(k).equals("most") && word.apply(k + 1).equals("recent")) {
                k += 2;
            } else if (word.apply(k).equals("most") && word.apply(k + 1).equals("recently") && k + 2 < n) {
                verb = word.apply(k + 2);
                k += 3;
            } else if (Set.of("latest", "newest", "last").contains(word.apply(k))) {
                k++;
            } else if (Set.of("earliest", "first").contains(word.apply(k))) {
                latest = false;
                k++;
            } else {
                continue;
            }
            for (int len = Math.min(3, n - k); len >= 1; len--) {
                // words only, one after the other: "the last 3 orders" is not "the last orders"
                if (!q.substring(at.get(i)[0], at.get(k + len - 1)[1]).matches("[\\p{L} ]+")) continue;
                List<String> noun = tokens(q.substring(at.get(k)[0], at.get(k + len - 1)[1]), true);
                if (noun.size() == 1 && UNITS.containsKey(noun.get(0))) break; // "the first day of March", "the last quarter": a period
                List<Dataset> ds = reader.lexicon.rowsCalled(noun);
                if (ds.size() != 1) continue;
                // "the first student to register": the verb after the noun, said by the time it names
                int end = k + len - 1;
                if (verb == null && k + len + 1 < n && word.apply(k + len).equals("to")
                        && q.substring(at.get(end)[1], at.get(k + len)[0]).isBlank() && q.substring(at.get(k + len)[1], at.get(k + len + 1)[0]).isBlank()) {
                    verb = word.apply(k + len + 1);
                    end = k + len + 1;
                }
                Dimension time = timeOf(reader, ds.get(0), verb);
                if (time == null) break;
                return q.substring(0, at.get(i)[0]) + "the " + q.substring(at.get(k)[0], at.get(k + len - 1)[1]) + " with the "
                        + (latest ? "highest " : "lowest ") + time.name().replace('_', ' ') + q.substring(at.get(end)[1]);
            }
        }
        return q;
    }

    /** Words that say a value is a time. */
    private static final Set<String> TIME_WORDS = Set.of("date", "time", "day", "timestamp", "datetime", "when");

    /** The time of a dataset's records a superlative of time means: see {@link #recentRecords}; null when not one. */
    private static Dimension timeOf(QuestionParser reader, Dataset ds, String verb) {
        List<Dimension> times = reader.model().dimensionsOf(ds.name()).stream().filter(Dimension::time).toList();
        if (verb != null) {
            Lexicon english = Lexicon.english();
            Set<String> bases = new java.util.HashSet<>(english.baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB));
            List<Dimension> named = times.stream().filter(d -> tokens(d.name(), true).stream()
                    .anyMatch(t -> bases.contains(t) || english.baseForms(t, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(bases::contains))).toList();
            if (!named.isEmpty()) return named.size() == 1 ? named.get(0) : null;
            // "the most recently performed treatment": no time named by the verb, the records' own (a time called only by
            // their noun and words of time, "date_of_treatment", "transcript_date") is when they happened
            List<List<String>> nouns = ReaderLexicon.rowNames(ds).stream().map(x -> tokens(x, true).stream().map(QuestionWords::singular).toList()).toList();
            List<Dimension> own = times.stream().filter(d -> {
                List<String> t = new ArrayList<>(tokens(d.name(), true).stream().map(QuestionWords::singular).toList());
                if (!t.removeIf(TIME_WORDS::contains)) return false;
                t.remove("of");
                return nouns.contains(t);
            }).toList();
            return own.size() == 1 ? own.get(0) : null;
        }
        if (times.size() == 1) return times.get(0);
        return ds.defaultTimeDimension() == null ? null : times.stream().filter(d -> d.name().equals(ds.defaultTimeDimension())).findFirst().orElse(null);
    }

    /**
     * Two words the model writes as one ("high schoolers" of a table Highschooler, "work shop" of workshop): joined, when
     * together (in the singular) they are one word of the model's names and neither is one alone.
     */
    private static String closedCompounds(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        Set<String> names = reader.lexicon.vocabulary();
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < at.size(); i++) {
            if (at.get(i + 1)[0] != at.get(i)[1] + 1 || q.charAt(at.get(i)[1]) != ' ') continue; // one space between
            String a = q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT), b = q.substring(at.get(i + 1)[0], at.get(i + 1)[1]).toLowerCase(Locale.ROOT);
            if (names.contains(a) || names.contains(singular(a)) || names.contains(singular(b)) || !names.contains(singular(a + b))) continue;
            out.append(q, copied, at.get(i)[1]);
            copied = at.get(i)[1] + 1; // the space dropped
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    /** A verb (passive or not) and "there" after it, at the end of a clause: "working there", "are held there". */
    private static final Pattern VERB_THERE = Pattern.compile("(?i)\\s+(?:(?:that|which|who)\\s+)?(?:(?:is|are|was|were)\\s+)?(\\p{L}+)\\s+there(?=\\s*(?:[?.!,;]|and\\b|$))");

    /** "each" or "every" before a noun. */
    private static final Pattern EACH_BEFORE = Pattern.compile("(?i)\\b(?:each|every)\\s+\\p{L}");

    /** A verb, and "it" or "them" after it, at the end of a clause: "using it", "that use it". */
    private static final Pattern VERB_OF_PRONOUN = Pattern.compile("(?i)\\s+(?:(?:that|which|who)\\s+)?(\\p{L}+)\\s+(?:it|them)(?=\\s*(?:[?.!,;]|$))");

    /**
     * "the number of TV channels using it", "the TV channels that use it": a clause that only says the rows relate to what
     * they are counted or listed for (a verb English knows, no word of the model, and a pronoun for that), which the model's
     * relationships say already; the clause is dropped. A verb the model has a word for (a status) stays, and is placed or
     * reported.
     */
    private static final Pattern OF_A_THING = Pattern.compile("(?i)\\b(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s*(?:,|\\s+and)\\s+(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s+(?:of|for)\\s+(?:all\\s+)?(?:the\\s+)?(\\p{L}+)\\b");

    /** "first, middle, and last name": words, each said once, before "and" or "or", the last one, then the noun they share. */
    private static final Pattern SHARED_HEAD_LIST = Pattern.compile("(?i)\\b((?:\\p{L}+\\s*,\\s*)*\\p{L}+,?\\s+(?:and|or)\\s+\\p{L}+)\\s+(\\p{L}+)\\b");

    /**
     * "the first, middle, and last name": modifiers that share one noun, said as each with its noun ("the first name, middle
     * name, and last name"), when each with it is the name of an attribute of one dataset's records (English's coordination
     * of modifiers before a shared head). Anything else is left as written ("the first and second line" where only "line 1"
     * is a name, "the first and last students").
     */
    /** A request for records by their noun, then "with their" (or "with its") and what is shown of each. */
    private static final Pattern WITH_THEIR_REQUEST = Pattern.compile("(?i)^(\\s*(?:please\\s+)?(?:list|show|give|display|find|return)(?:\\s+me)?"
            + "(?:\\s+(?:all|the|every|each|all\\s+the))?\\s+)([\\p{L}][\\p{L} _-]*?)\\s+with\\s+(their|its)\\b");

    /**
     * "list teachers with their hometowns": records listed by their noun with their attributes are the records (by the
     * attribute that names each) and those attributes, as "list teachers and their hometowns" says; read so. Only when
     * the words before "with" name a dataset's rows.
     */
    private static String withTheir(QuestionParser reader, String q) {
        Matcher m = WITH_THEIR_REQUEST.matcher(q);
        if (!m.find()) return q;
        List<String> named = tokens(m.group(2), true).stream().map(QuestionWords::singular).toList();
        if (reader.lexicon.rowsCalled(named).isEmpty()) return q;
        return q.substring(0, m.start(2)) + m.group(2) + " and " + m.group(3) + q.substring(m.end());
    }

    private static String sharedHead(QuestionParser reader, String q) {
        return SHARED_HEAD_LIST.matcher(q).replaceAll(m -> {
            String head = m.group(2);
            String singularHead = singular(head.toLowerCase(Locale.ROOT));
            List<String> modifiers = java.util.Arrays.stream(m.group(1).split("(?i)\\s*,\\s*(?:(?:and|or)\\s+)?|\\s+(?:and|or)\\s+")).map(String::strip)
                    .filter(x -> !x.isEmpty()).toList();
            // "the id, first and last name": the last modifiers only may share the noun, those before being things of their own
            for (int from = 0; from + 2 <= modifiers.size(); from++) {
                List<String> shared = modifiers.subList(from, modifiers.size());
                boolean oneDataset = shared.stream().noneMatch(x -> x.contains(" "))
                        && reader.model().datasets().stream().anyMatch(d -> shared.stream().allMatch(w -> reader.model().dimensionsOf(d.name()).stream()
                        .anyMatch(x -> tokens(x.name(), true).equals(List.of(w.toLowerCase(Locale.ROOT), singularHead))
                                || tokens(x.displayName(), true).equals(List.of(w.toLowerCase(Locale.ROOT), singularHead)))));
                if (!oneDataset) continue;
                // each modifier followed by the noun, the commas and conjunction as written
                Matcher word = Pattern.compile("(?i)\\b(?!(?:and|or)\\b)(\\p{L}+)").matcher(m.group(1));
                StringBuilder out = new StringBuilder();
                for (int k = 0; word.find(); k++) word.appendReplacement(out, Matcher.quoteReplacement(k >= from ? word.group() + " " + head : word.group()));
                return Matcher.quoteReplacement(word.appendTail(out).toString());
            }
            return Matcher.quoteReplacement(m.group());
        });
    }

    /**
     * "the name and the release year of the song": "of the song" said once for both, of a thing no dataset is but whose
     * word begins the names of both attributes ("song name", "song release year"), said as those names.
     */
    private static String distributedOf(QuestionParser reader, String q) {
        Matcher m = OF_A_THING.matcher(q);
        if (!m.find()) return q;
        String thing = singular(m.group(3).toLowerCase(Locale.ROOT));
        if (!reader.lexicon.rowsCalled(List.of(thing)).isEmpty()) return q;
        Map<List<String>, Object> attributes = reader.lexicon.attributePhrases();
        List<String> a = new ArrayList<>(List.of(thing)), b = new ArrayList<>(List.of(thing));
        a.addAll(QuestionWords.tokens(m.group(1), true));
        b.addAll(QuestionWords.tokens(m.group(2), true));
        if (!attributes.containsKey(a) || !attributes.containsKey(b)) return q;
        return q.substring(0, m.start()) + "the " + thing + " " + m.group(1) + " and the " + thing + " " + m.group(2) + q.substring(m.end());
    }

    private static final Pattern EVERYTHING = Pattern.compile("(?i)\\b(?:all|every(?:thing)?)\\s+(?:the\\s+)?(?:information|info|details|data|attributes|columns|fields)\\s+"
            + "(?:about|on|of|for)\\s+((?:the|all|every|each)\\s+)?([\\p{L}][\\p{L} _-]*?)\\s*([?.!]?)\\s*$");

    /**
     * "all the information about pets", "all the details of every pet": every attribute of the records named, said one by
     * one in the model's order (a table's columns' order), as a list of them is read.
     */
    private static String everythingAbout(QuestionParser reader, String q) {
        Matcher m = EVERYTHING.matcher(q);
        if (!m.find()) return q;
        List<String> rows = QuestionWords.tokens(m.group(2), true);
        List<Dataset> named = reader.lexicon.rowsCalled(rows);
        if (named.size() != 1) return q;
        List<String> attributes = reader.model.dimensionsOf(named.get(0).name()).stream()
                .map(d -> (d.label() == null ? d.name().replace('_', ' ') : d.label()).toLowerCase(Locale.ROOT)).toList();
        if (attributes.isEmpty()) return q;
        String listed = attributes.size() == 1 ? attributes.get(0)
                : String.join(", ", attributes.subList(0, attributes.size() - 1)) + " and " + attributes.get(attributes.size() - 1);
        return q.substring(0, m.start()) + "the " + listed + " of " + (m.group(1) == null ? "" : m.group(1)) + m.group(2) + m.group(3);
    }

    /**
     * "song names by singers" in a request for a list: "by" between an attribute and the records that have it says whose
     * the attribute is ("of"), not a breakdown (a breakdown is by an attribute, "by country", never by the records an
     * attribute before it is of).
     */
    private static String attributeByItsRecords(QuestionParser reader, String q) {
        if (!LIST_REQUEST.matcher(q).find()) return q;
        List<int[]> at = new ArrayList<>();
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = QuestionWords.withoutTrailingStops(m.group());
            at.add(new int[] {m.start(), m.start() + w.length()});
            words.add(singular(w.toLowerCase(Locale.ROOT)));
        }
        List<QuestionParser.Span> attributes = Spans.spans(words, reader.lexicon.attributePhrases());
        for (int b = 1; b + 1 < words.size(); b++) {
            if (!words.get(b).equals("by")) continue;
            final int by = b;
            int from = b + 1;
            // "by the youngest singer": a superlative may stand before the records
            while (from < words.size() && (Set.of("the", "all", "their").contains(words.get(from)) || Ranking.MOST.contains(words.get(from))
                    || Ranking.LEAST.contains(words.get(from)) || words.get(from).endsWith("est")
                    && Lexicon.english().partsOfSpeech(words.get(from)).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE))) from++;
            for (int n = Math.min(3, words.size() - from); n >= 1; n--) {
                List<String> rows = words.subList(from, from + n);
                List<Dataset> named = reader.lexicon.rowsCalled(rows);
                if (named.size() != 1) continue;
                String records = named.get(0).name();
                boolean theirs = attributes.stream().anyMatch(a -> a.to() == by && Spans.dimensionOf(a).stream().anyMatch(d -> d.dataset().equals(records)));
                if (!theirs) break;
                return q.substring(0, at.get(b)[0]) + "of" + q.substring(at.get(b)[1]);
            }
        }
        return q;
    }

    /** A question that asks for a list: "list", "show", "what are", "which", "give". */
    private static final Pattern LIST_REQUEST = Pattern.compile("(?i)^\\s*(?:please\\s+)?(?:list|show|name|which|what|give|display|find|return|tell)\\b");

    private static String relationClause(QuestionParser reader, String q) {
        Matcher m = VERB_OF_PRONOUN.matcher(q);
        if (!m.find()) {
            // "For each stadium, how many concerts are held there?": "there" is each of the records said before it
            m = VERB_THERE.matcher(q);
            if (!m.find() || !EACH_BEFORE.matcher(q.substring(0, m.start())).find()) return q;
        }
        String verb = m.group(1).toLowerCase(Locale.ROOT);
        if (!reader.lexicon.relatingVerb(verb)) return q;
        return q.substring(0, m.start()) + q.substring(m.end());
    }

    /** The comparatives of no particular attribute, read with the attribute the question names beside them. */
    private static final Set<String> COMPARATIVE_WORDS = Set.of("greater", "higher", "larger", "bigger", "lower", "smaller", "fewer", "earlier", "later");

    /**
     * A verb that opens a question in the imperative, its object's determiner or pronoun after it ("Return the names ...",
     * "Provide all ..."): a request to show, read as "show" is. A noun in the same place ("return rate by month") has no
     * determiner after it and stays as written.
     */
    private static final Pattern REQUEST_VERB = Pattern.compile("(?i)^(\\s*(?:for\\s+(?:each|every)\\s+[^,?.!]+,\\s*)?(?:please\\s+)?)(?:return|provide|output|retrieve|report|produce|fetch|name)(?=\\s+(?:me\\s+|us\\s+)?"
            + "(?:the|all|each|every|a|an|their|its|his|her|what|which|who|how|those|these)\\b)");

    /** Where a sentence starts: the text's start, or after the end of another sentence. */
    private static final String SENTENCE_START = "(?:^|(?<=[.?!]\\s))\\s*";
    private static final String WH = "(?=(?:what|what's|which|who|whom|whose|when|where|how|whether|if)\\b)";
    private static final String YOU = "(?:could|can|would|will)\\s+(?:you|u)\\s+(?:please\\s+)?";
    private static final String I_WOULD = "i(?:'d|\\s+would|\\s+will)?\\s+(?:like|love|need|want)\\s+";
    /** The frames, each with what it becomes, in the order tried (a longer frame before one it begins with). */
    private static final List<Map.Entry<Pattern, String>> POLITE_FRAMES = List.of(
            frame(YOU + "(?:tell|let)\\s+me(?:\\s+know)?\\s+" + WH, ""),
            frame(YOU + "(?:check|find\\s+out|look\\s+up|see|figure\\s+out|say)\\s+" + WH, ""),
            frame("(?:do|does)\\s+(?:you|anyone)\\s+know\\s+" + WH, ""),
            frame(I_WOULD + "to\\s+(?:know|find\\s+out|understand|learn|check)\\s+" + WH, ""),
            frame(I_WOULD + "to\\s+(?:know|find\\s+out|learn)\\s+(?=the\\b)", "what is "),
            frame(YOU + "(?:tell|let)\\s+me(?:\\s+know)?\\s+", "show "),
            frame(YOU + "(?:give|show|send|get|pull(?:\\s+up)?|provide|display|return|identify|look\\s+up|find|check|share)\\s+(?:me\\s+|us\\s+)?(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(YOU + "(?=(?:list|count|sort|rank|break|order)\\b)", ""),
            frame("(?:could|can|may)\\s+(?:i|we)\\s+(?:please\\s+)?(?:get|have|see|obtain)\\s+(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(I_WOULD + "to\\s+(?:see|get|have|view)\\s+(?:a\\s+list\\s+of\\s+)?", "show "),
            frame(I_WOULD + "a\\s+list\\s+of\\s+", "list "),
            frame(I_WOULD + "(?=(?:the|a|an|all|each|every|their|its|his|her)\\b)", "show "),
            frame("i(?:'m|\\s+am)\\s+looking\\s+for\\s+", "show "),
            frame("(?:please\\s+)?(?:include|add)\\s+(?=(?:the|their|its|his|her|each|every)\\b)", "list "),
            frame("just\\s+(?=(?:the|their|its|his|her)\\b)", "list "));
    /** "would be fine", "please" after a request made with "just" ("Just their names would be fine."). */
    private static final Pattern WOULD_BE_FINE = Pattern.compile("(?i)\\s*(?:would\\s+be\\s+(?:fine|great|enough|good|perfect)|will\\s+do|,?\\s*please)\\s*([.!?]?)\\s*$");

    private static final Pattern OF_ANY = Pattern.compile("(?i)\\bof\\s+any\\s+(?=\\p{L})");
    private static final Pattern EITHER_OR = Pattern.compile("(?i)\\beither\\s+(?=(?:[^\\s?.!,]+\\s+){1,5}?or\\b)");
    private static final Pattern ALONG_WITH = Pattern.compile("(?i)\\s*,?\\s+along\\s+with\\s+");

    static String looseDeterminers(String q) {
        String out = OF_ANY.matcher(q).replaceAll("of ");
        out = EITHER_OR.matcher(out).replaceAll("");
        return ALONG_WITH.matcher(out).replaceAll(" and ");
    }

    private static Map.Entry<Pattern, String> frame(String regex, String said) {
        return Map.entry(Pattern.compile("(?i)" + SENTENCE_START + regex), said);
    }

    static String politeRequest(String q) {
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.matches("(?s).*\\b(?:could|can|would|will|may|do|does|i'd|i|i'm|please|include|add|just)\\b.*")) return q;
        String out = q;
        boolean just = false;
        for (var f : POLITE_FRAMES) {
            Matcher m = f.getKey().matcher(out);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                just |= f.getKey().pattern().contains("just");
                m.appendReplacement(b, Matcher.quoteReplacement(m.group().startsWith(" ") ? " " + f.getValue() : f.getValue()));
            }
            out = m.appendTail(b).toString();
        }
        if (just) out = WOULD_BE_FINE.matcher(out).replaceFirst(".");
        return out;
    }

    private static String imperativeShown(String q) {
        Matcher m = REQUEST_VERB.matcher(q);
        return m.find() ? m.replaceFirst("$1show") : q;
    }

    private static final Pattern TWO_PERIODS_ONE_YEAR = Pattern.compile("(?i)\\b(q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july|aug(?:ust)?|"
            + "sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(\\s+(?:or|and|to|vs\\.?|versus|against|compared (?:with|to))\\s+)"
            + "(q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|"
            + "dec(?:ember)?)\\s+((?:19|20)\\d{2}|(?:this|last|previous|prior)\\s+(?:year|yr))\\b");

    /** "Q1 or Q2 2026", "from Q1 to Q2 2026": the first period shares the year written once, after the second. */
    static String sharedYear(String q) {
        Matcher m = TWO_PERIODS_ONE_YEAR.matcher(q);
        // only between two periods compared, never inside a list ("April, May and June 2024" is one range)
        if (!m.find() || !COMPARE_WORDS.matcher(q).find() || q.substring(0, m.start()).stripTrailing().endsWith(",")) return q;
        return q.substring(0, m.start()) + m.group(1) + " " + m.group(4) + m.group(2) + m.group(3) + " " + m.group(4) + q.substring(m.end());
    }

    /**
     * The question with each word the model does not know and English does not know either read as the one word of the
     * model it misspells (one letter wrong, missing, extra or swapped, in a word of five letters or more) or abbreviates
     * ("qty", "cust"); a word that could be two of the model's words, a function word, a number and a period's word stay
     * as written (and are placed or reported as such).
     */
    /**
     * "miles per gallon" of a model that says "mpg": a term of several words English has (a WordNet lemma: "miles per
     * gallon", "gross national product") whose initials are a word of the model's names that English does not know as a word,
     * or knows as the initials of that term (WordNet's "gnp"), said as that word. The words are as many as its letters, begin
     * and end with a noun or an adjective and hold no article, pronoun or auxiliary; "money per gallon" is no term, never "mpg".
     */
    private static String initials(QuestionParser reader, String q) {
        Set<String> initialisms = reader.lexicon.initialisms();
        if (initialisms.isEmpty()) return q;
        List<int[]> at = new ArrayList<>();
        List<String> lower = new ArrayList<>();
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = QuestionWords.withoutTrailingStops(m.group());
            at.add(new int[] {m.start(), m.start() + w.length()});
            lower.add(w.toLowerCase(Locale.ROOT));
        }
        var lexicon = dev.almanac.reading.Lexicon.english();
        var function = dev.almanac.reading.FunctionWords.english();
        java.util.function.Predicate<String> headWord = w -> w.chars().allMatch(Character::isLetter) && !function.isFunctionWord(w)
                && (lexicon.partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.NOUN) || lexicon.partsOfSpeech(w).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE));
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (int i = 0; i < lower.size(); i++) {
            for (String word : initialisms) {
                int n = word.length();
                if (i + n > lower.size() || initialisms.contains(lower.get(i))) continue;
                List<String> phrase = lower.subList(i, i + n);
                boolean initialed = true;
                for (int k = 0; k < n && initialed; k++) initialed = phrase.get(k).charAt(0) == word.charAt(k);
                if (!initialed || !headWord.test(phrase.get(0)) || !headWord.test(phrase.get(n - 1))) continue;
                if (phrase.stream().anyMatch(w -> function.is(w, dev.almanac.reading.FunctionClass.ARTICLE) || function.is(w, dev.almanac.reading.FunctionClass.AUXILIARY)
                        || function.is(w, dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN) || function.is(w, dev.almanac.reading.FunctionClass.POSSESSIVE))) continue;
                String said = String.join(" ", phrase);
                if (!lexicon.knows(said) || lexicon.knows(word) && !lexicon.synonyms(word).contains(said)) continue;
                out.append(q, last, at.get(i)[0]).append(word);
                last = at.get(i + n - 1)[1];
                i += n - 1;
                break;
            }
        }
        if (last == 0) return q;
        return out.append(q.substring(last)).toString();
    }

    private static String spelled(QuestionParser reader, String q) {
        Set<String> vocabulary = reader.lexicon.namingWords();
        var function = dev.almanac.reading.FunctionWords.english();
        java.util.function.Predicate<String> unknown = lower -> lower.chars().allMatch(Character::isLetter) && !reader.ours.contains(lower)
                && !vocabulary.contains(singular(lower)) && !function.isFunctionWord(lower);
        // a schema's usual abbreviation of a word the model's names use ("avg" of "Average order value", "qty" of "Quantity
        // sold"): that word, which the names are matched by
        java.util.function.Predicate<String> shortFor = lower -> lower.length() >= 3 && !function.isFunctionWord(lower)
                && Words.ABBREVIATIONS.containsKey(lower) && !Words.ABBREVIATIONS.get(lower).contains(" ") && vocabulary.contains(Words.ABBREVIATIONS.get(lower));
        // an English word the model's names shorten, as no English word ("independence" of "Indep year"): that shortening
        java.util.function.Predicate<String> shortened = lower -> lower.length() > ReaderLexicon.ABBREVIATION_MAX && !reader.ours.contains(lower) && !vocabulary.contains(singular(lower))
                && reader.lexicon.shortening(lower).isPresent();
        // most questions have no word to read so: the periods are looked for only when one has
        if (tokens(q, false).stream().map(w -> w.toLowerCase(Locale.ROOT)).noneMatch(unknown.or(shortFor).or(shortened))) return q;
        Set<String> periodWords = new java.util.HashSet<>();
        for (String w : tokens(q, false)) periodWords.add(w.toLowerCase(Locale.ROOT));
        periodWords.removeAll(tokens(reader.timeframes().withoutPeriods(q), false).stream().map(w -> w.toLowerCase(Locale.ROOT)).toList());
        StringBuilder out = new StringBuilder();
        Matcher m = WORD.matcher(q);
        int last = 0;
        boolean changed = false;
        while (m.find()) {
            String w = m.group();
            String lower = w.toLowerCase(Locale.ROOT);
            String read = null;
            if (!periodWords.contains(lower) && shortFor.test(lower)) {
                read = Words.ABBREVIATIONS.get(lower);
            } else if (!periodWords.contains(lower) && shortened.test(lower)) {
                read = reader.lexicon.shortening(lower).get();
            } else if (!periodWords.contains(lower) && unknown.test(lower)) {
                var lexicon = dev.almanac.reading.Lexicon.english();
                String one = singular(lower); // "emps", "emplyees": the plural of an abbreviation or a misspelling (the model's words are singular)
                Set<String> spelling = reader.lexicon.spellingWords();
                if (spelling.contains(one)) continue; // "volvos": the plural of a value, not a misspelling of it
                read = lexicon.typoOf(lower, spelling).or(() -> lexicon.abbreviationOf(lower, vocabulary))
                        .or(() -> one.equals(lower) ? Optional.empty() : lexicon.typoOf(one, spelling).or(() -> lexicon.abbreviationOf(one, vocabulary)))
                        .orElse(null); // the model's word as the model writes it, singular: the reader reads it so
            }
            if (read != null) {
                out.append(q, last, m.start()).append(read);
                last = m.end();
                changed = true;
            }
        }
        if (!changed) return q;
        return out.append(q.substring(last)).toString();
    }
}
