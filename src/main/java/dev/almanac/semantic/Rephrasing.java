package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.List;
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
 * Each rule's rewrite is made in the rule set of its concern: how a question is typed ({@link TypedForms}), how a request
 * ({@link RequestForms}), an order ({@link OrderForms}) or a condition ({@link ConditionForms}) is said, and the words for
 * records and their attributes ({@link RecordForms}).
 */
enum Rephrasing {
    /** "whats", "dont", "isnt": an English contraction typed without its apostrophe, unless the model uses the word. */
    UNMARKED_CONTRACTIONS(TypedForms::unmarkedContractions, "whats the name of the oldest dog => what's the name of the oldest dog",
            "singers who arent french => singers who aren't french", "dogs that havent been treated => dogs that haven't been treated",
            "the wont of the house => the wont of the house"),
    /** "# of", "w/o", "w/": a typist's shorthand for "number of", "without", "with". */
    SHORTHAND(TypedForms::shorthand, "# of french car makers => number of french car makers", "orchestras w/o performances => orchestras without performances",
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
    TIME_UNITS_SHORT(TypedForms::timeUnitsShort, "flights by mo this year => flights by month this year", "response time in hrs => response time in hours",
            "signups in the past 3 wks => signups in the past 3 weeks", "open deals rn => open deals now", "flights last qtr => flights last quarter", "customers in MO => customers in MO",
            "the rn count => the rn count"),
    UNITS_TAKEN((reader, q) -> TypedForms.unitsTaken(q), "how many hours did it take to resolve tickets => how long in hours did it take to resolve tickets",
            "On average, how many days does it take to ship? => On average, how long in days does it take to ship?",
            "how many hours did the agents work => how many hours did the agents work",
            "avg days to ship by carrier => avg time in days to ship by carrier", "the average hours worked => the average hours worked"),
    /**
     * "staff count" of an attribute the model calls "number of staff": a count said after its noun, said as the model says
     * it, only when the model has "number of" that noun as an attribute and not the noun and "count".
     */
    COUNT_AFTER_ITS_NOUN(RecordForms::countAfterItsNoun, "museum_visit: average staff count of museums => average number of staff of museums",
            "museum_visit: the visit count => the visit count"),
    /**
     * "home town" of a model's "hometown", "hometown" of a model's "home town": a compound written closed, open or
     * hyphenated the other way than the model writes it, said as the model does (a word of six letters or more, the two
     * parts two letters or more, never when both parts are words of the model on their own).
     */
    COMPOUND_SPELLING(TypedForms::compoundSpelling, "course_teach: home town of the teacher with lowest age => hometown of the teacher with lowest age",
            "course_teach: the home-town of each teacher => the hometown of each teacher", "world_1: the life expectancy of Aruba => the life expectancy of Aruba",
            "network_1: how many high schoolers are in grade 10 => how many highschoolers are in grade 10"),
    /**
     * "treatment of any kind", "any sort of treatment": any of the rows named, whatever their kind, said as "any treatment";
     * never when the model has the word ("any type of pet" where pets have a type).
     */
    ANY_KIND(RecordForms::anyKind, "dogs given treatment of any kind => dogs given any treatment", "dogs given any sort of treatment => dogs given any treatment",
            "pets_1: students with any type of pet => students with any type of pet", "a question of some kind => a question of some kind"),
    /**
     * "num conductors", "no. of shops", "cnt of votes", "dogs w/o treatment cnt", "highschoolers cnt by grade": a count said
     * the short way, before what it counts or right after it, said as "number of" ("count" after a noun is often a name of
     * its own, "visit count", and is left as written).
     */
    COUNT_SAID_SHORT((reader, q) -> TypedForms.countSaidShort(q), "num conductors => number of conductors", "no. of shops per location => number of shops per location",
            "no. templates with type code CV => number of templates with type code CV", "dogs without any treatment cnt => number of dogs without any treatment",
            "highschoolers cnt by grade => number of highschoolers by grade", "distinct nationalities num => number of distinct nationalities",
            "the no. 7 bus => the no. 7 bus", "no dogs => no dogs", "the house num => the house num",
            "What is the total count of teachers? => What is the total count of teachers?", "singers cnt? => number of singers?",
            "visit count in march 2026 => visit count in march 2026"),
    /**
     * "section names in reverse order please", "which museum has no visits? name pls": "please" ending a request says
     * nothing more; a short request after the question ("name please") asks for that of the records named.
     */
    PLEASE_LAST((reader, q) -> RequestForms.pleaseLast(q), "section names a to z please => section names a to z",
            "which museum has no visits? name please => which museum has no visits? give the name.",
            "Which shop hired the most employees? Just the name, please. => Which shop hired the most employees? give the name.",
            "which museums have no visits, names please => which museums have no visits, names",
            "museums please tell me what they are => museums please tell me what they are"),
    /** "something other than 'USA'", "anything but Dutch": the pronoun of a value, said without it. */
    VALUE_PRONOUN((reader, q) -> ConditionForms.valuePronoun(q), "conductors whose nationality is something other than 'USA' => conductors whose nationality is other than 'USA'",
            "languages that are anything but Dutch => languages that are other than Dutch", "something else => something else"),
    /** "the distinct nationalities among the conductors": "among" records is "of" them; "Among X, what ..." is "For X, what ...". */
    AMONG_RECORDS(RequestForms::amongRecords, "orchestra: What is the number of distinct nationalities among the conductors? => What is the number of distinct nationalities of the conductors?",
            "orchestra: among all orchestras, the oldest => among all orchestras, the oldest",
            "poker_player: Among poker players earning less than 200000, what is the highest number of final tables made? => For poker players earning less than 200000, what is the highest number of final tables made?",
            "poker_player: Among other things, what is the highest earnings? => Among other things, what is the highest earnings?"),
    /** "with most car makers", "has most dogs": a superlative of amount said without its article, said with it. */
    MOST_WITHOUT_THE((reader, q) -> OrderForms.mostWithoutThe(q), "country with most car makers => country with the most car makers",
            "which owner has fewest dogs => which owner has the fewest dogs", "countries with most of the people => countries with most of the people"),
    /** "which museum has no visits yet", "not shipped yet": "yet" after a negation says nothing more. */
    NEGATED_YET((reader, q) -> ConditionForms.negatedYet(q), "which museum has no visits yet => which museum has no visits",
            "orders not shipped yet? => orders not shipped?", "yet another question => yet another question"),
    /** "never hosted", "have never had": "never" before a verb in the past, said as "did not" and the verb's base form. */
    NEVER_DONE((reader, q) -> ConditionForms.neverDone(q), "stadiums that never hosted a concert => stadiums that did not host a concert",
            "how many dogs never had a treatment => how many dogs did not have a treatment",
            "orchestras that have never performed => orchestras that did not perform", "the never ending story => the never ending story",
            "dogs that have never been treated => dogs that have not been treated", "dogs that never got treated => dogs that did not get treated"),
    /** "> 5", ">= 10", "<> 3", "& ": comparison signs before a number and the ampersand, said in words. */
    SIGNS((reader, q) -> TypedForms.signs(q), "templates with version > 5 => templates with version greater than 5",
            "players with earnings >= 200000 => players with earnings at least 200000", "age<30 => age less than 30",
            "ages != 30 => ages other than 30", "section names & descriptions => section names and descriptions", "a -> b => a -> b"),
    AMOUNTS((reader, q) -> TypedForms.amounts(q), "orders above $2,500 => orders above 2500", "budgets under 15k => budgets under 15000",
            "a fee of 1.5m => a fee of 1500000", "a price of $2,000 => a price of $2000", "games in 2019 => games in 2019"),
    /** "a capacity of 5000-10000", "from 5 to 10": a range of two numbers, not years, said as "between ... and ...". */
    NUMBER_RANGE((reader, q) -> TypedForms.numberRange(q), "stadiums with capacity 5000-10000 => stadiums with capacity between 5000 and 10000",
            "a capacity from 5000 to 10000 => a capacity between 5000 and 10000", "sales 2024-2025 => sales 2024-2025",
            "pages 3 to 7 of the book => pages between 3 and 7 of the book"),
    /** "3 or more car makers", "5 or fewer": a number and its side said after it, as "at least" or "at most" before it. */
    OR_MORE((reader, q) -> TypedForms.orMore(q), "countries with 3 or more car makers => countries with at least 3 car makers",
            "teams with 2 or fewer wins => teams with at most 2 wins", "ages 32 or 33 => ages 32 or 33",
            "a capacity of 10000 or more? => a capacity of 10000 or more?"),
    /** "10+ flights": a plus sign right after a number is "at least" it. */
    PLUS_SIGN((reader, q) -> TypedForms.plusSign(q), "airlines with 10+ flights => airlines with at least 10 flights",
            "a score of 3+4 => a score of 3+4"),
    PERCENT_SIGN((reader, q) -> TypedForms.percentSign(q), "win % by team => win percent by team", "a rise of 5% => a rise of 5%",
            "% of orders cancelled => percent of orders cancelled", "what % of orders were late => what percent of orders were late"),
    /** "transcripts total", "fines total?": a question that ends in "total" after what it totals, said the way round it is read. */
    TOTAL_LAST((reader, q) -> TypedForms.totalLast(q), "transcripts total => total transcripts", "fines total? => total fines?",
            "fines in total => fines in total", "the running total => the running total"),
    /**
     * "the combined surface area of the countries": "combined" said before what it adds up, said as "total" (a word of the
     * model's own is left as it is; "overall" is not one: "the overall rating" is often a rating of its own).
     */
    ADDED_UP_AS_TOTAL(RecordForms::addedUpAsTotal, "world_1: What is the combined surface area of all countries in Asia? => What is the total surface area of all countries in Asia?",
            "world_1: the combined average life expectancy => the combined average life expectancy",
            "world_1: the countries combined => the countries combined"),
    EITHER_PERSON((reader, q) -> RequestForms.eitherPerson(q), "List his or her first name. => List their first name.",
            "the owner who paid for his or her dogs => the owner who paid for their dogs", "whether he or she left => whether they left",
            "red or blue cars => red or blue cars"),
    /**
     * "contries", "ordr": a word no model and no English dictionary has, one letter off a word of the model's or of the
     * reader's own ({@link TypedForms#READER_WORDS}), or a schema's abbreviation: read as that word, before the rules that
     * read the words of orders and rankings.
     */
    SPELLING(TypedForms::spelled, "world_1: How many contries are in Europe? => How many country are in Europe?", "world_1: Which contry is largest? => Which country is largest?",
            "world_1: What is the averge life expectancy? => What is the average life expectancy?",
            "world_1: Which langauges are official? => Which language are official?",
            "student_transcripts_tracking: list section names in reverse alphabetical ordr => list section names in reverse alphabetical order",
            "world_1: countries with a population betwen 1000 and 5000 => countries with a population between 1000 and 5000"),
    /**
     * "alphabetically", "A to Z", "Z to A", "sorted by age ascending": an order said the short way, said as the order
     * of the words the reader reads ("in alphabetical order", "in ascending order").
     */
    ORDER_SAID_SHORT((reader, q) -> OrderForms.orderSaidShort(q), "cartoon titles sorted alphabetically => cartoon titles sorted in alphabetical order",
            "cartoon titles a to z => cartoon titles in alphabetical order", "cartoon titles from Z to A => cartoon titles in reverse alphabetical order",
            "singers ordered by net worth ascending => singers ordered by net worth in ascending order",
            "flights from a to b => flights from a to b"),
    REVERSE_ORDER((reader, q) -> OrderForms.reverseOrder(q), "list the names in reverse alphabetical order => list the names in descending order"),
    ORDER_BETWEEN_ENDS((reader, q) -> OrderForms.orderBetweenEnds(q), "the singers sorted by age from the oldest to the youngest => the singers sorted by age in descending order",
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
    END_FIRST((reader, q) -> OrderForms.endFirst(q), "teachers by age, youngest first => teachers by age in ascending order",
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
    IMPLICIT_REQUEST(RequestForms::implicitRequest, "singer: names of singers ordered by net worth => show names of singers ordered by net worth",
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
    POLITE_REQUEST((reader, q) -> RequestForms.politeRequest(q), "Could you tell me which car makers have over 3 models? => which car makers have over 3 models?",
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
    LOOSE_DETERMINERS((reader, q) -> RequestForms.looseDeterminers(q), "the titles of any cartoons directed by either Ben Jones or Brandon Vietti => the titles of cartoons directed by Ben Jones or Brandon Vietti",
            "every section along with its name => every section and its name", "dogs without any treatment => dogs without any treatment",
            "either way => either way"),
    IMPERATIVE_REQUEST((reader, q) -> RequestForms.imperativeShown(q), "Return the names of all pilots => show the names of all pilots",
            "Please provide each city's population => Please show each city's population", "return rate by month => return rate by month",
            "For each team, return the number of wins => For each team, show the number of wins"),
    WHICH_THEN_WHAT_OF_THEM(RequestForms::whichThenWhatOfThem,
            "pets_1: Which students have more than one pet? List their first names. => List the first names of the students that have more than one pet.",
            "pets_1: Which student has an older pet than 3? Show the student's last name and age. => Show the last name and age of the student that has an older pet than 3.",
            "pets_1: Which pets are older than 2? List them. => Which pets are older than 2? List them.",
            "pets_1: Who is the oldest student? Give me the last name. => Give me the last name of the oldest student.",
            "pets_1: Who is the winner? List the name. => Who is the winner? List the name."),
    BELONGING((reader, q) -> RequestForms.belongingAsked(q), "Which league does the club Ajax belong to? => What is the league of club Ajax?",
            "What country is the club Ajax affiliated with? => What is the country of club Ajax?", "Which city is the club Ajax based in? => What is the city of club Ajax?",
            "Which city did the club Ajax play in? => Which city did the club Ajax play in?",
            "What is the region that Tuscany belongs to? => What is the region of Tuscany?",
            "JetBlue Airways is from which country? => What is the country of JetBlue Airways?", "Which country does JetBlue Airways come from? => What is the country of JetBlue Airways?", "anguilla is on what continent => What is the continent of anguilla?",
            "which city is Ajax from? => which city is Ajax from?"),
    RANKED_BREAKDOWN((reader, q) -> OrderForms.rankedBreakdown(q), "Rank the airlines by number of flights => number of flights by airlines ranked",
            "show teams ranked by wins => wins by teams ranked"),
    SHARED_YEAR((reader, q) -> TypedForms.sharedYear(q), "goals in Q2 vs Q3 2025 => goals in Q2 2025 vs Q3 2025",
            "goals q3 vs q2 this yr => goals q3 this yr vs q2 this yr",
            "sales in April, May and June 2024 => sales in April, May and June 2024"),
    INITIALS(TypedForms::initials, "car_1: What is the average miles per gallon of the cars? => What is the average mpg of the cars?",
            "car_1: List the cars by miles per gallon. => List the cars by mpg.",
            "world_1: What is the gross national product of France? => What is the gnp of France?",
            "car_1: Which cars make the most money per gallon? => Which cars make the most money per gallon?"),
    VALUE_AS_ITS_ROWS(RecordForms::valueAsItsRows, "pets_1: How many dogs are there? => How many pets of pet type dogs are there?",
            "pets_1: List all cats. => List all pets of pet type cats.",
            // a value of an attribute that is no kind of the records, or the records' value before a verb of their own
            "world_1: How many Asia are there? => How many Asia are there?",
            "pets_1: How many dogs did the students keep? => How many dogs did the students keep?",
            "pets_1: How many dogs were adopted? => How many dogs were adopted?"),
    EXISTENCE_AS_LIST(RequestForms::existenceAsList, "orchestra: Are there any conductors with more than 1 orchestras? => which conductors with more than 1 orchestras?",
            "orchestra: any conductors from the USA? => which conductors from the USA?",
            // "any" before what no rows are called
            "world_1: Is there any population in Aruba? => Is there any population in Aruba?"),
    ROW_SYNONYMS(RecordForms::rowSynonyms, "world_1: How many nations are in Europe? => How many countries are in Europe?"),
    /**
     * "broken down by the reason for the refund", "by the location of the stadium": a breakdown by an attribute said with the
     * records it is of after it, said as the model names it ("by refund reason"), only when the model has that name.
     */
    BY_ATTRIBUTE_OF_RECORDS(RecordForms::byAttributeOfRecords, "concert_singer: number of concerts by the name of the stadium => number of concerts by stadium name",
            "concert_singer: number of concerts by the name of the singer => number of concerts by singer name",
            "concert_singer: concerts by the theme of the year => concerts by the theme of the year"),
    ATTRIBUTE_SYNONYMS(RecordForms::attributeSynonyms, "battle_death: how many distinct battle outcomes => how many distinct battle results",
            "battle_death: the outcome of each battle => the result of each battle",
            "world_1: countries whose government is US territory => countries whose government is US territory"),
    PROPER_ADJECTIVES(RecordForms::properAdjectives, "concert_singer: How many French singers are there? => How many France singers are there?",
            "world_1: asian country count => Asia country count", "world_1: Asian countries => Asian countries",
            "car_1: What is the number of car models created by the car maker American Motor Company? => What is the number of car models created by the car maker American Motor Company?"),
    CLOSED_COMPOUNDS(TypedForms::closedCompounds, "network_1: How many high schoolers are there? => How many highschoolers are there?"),
    SHARED_HEAD(RecordForms::sharedHead, "student_transcripts_tracking: What is the first, middle, and last name of each student? => What is the first name, middle name, and last name of each student?",
            "dog_kennels: the id, first and last name of the owner => the id, first name and last name of the owner",
            "student_transcripts_tracking: List the first and last names of the students. => List the first names and last names of the students.",
            "student_transcripts_tracking: List the first and second line of the addresses. => List the first and second line of the addresses.",
            "student_transcripts_tracking: the first and last students => the first and last students"),
    DIVISION_OF(RecordForms::divisionOf, "concert_singer: What is the breakdown of singers by country? => What is the number of singers by country?",
            "concert_singer: Show the distribution of the average age by country. => Show the average age by country.",
            "concert_singer: What is the split of singers across countries? => What is the number of singers across countries?",
            // a noun of another act before "of"
            "concert_singer: What is the age of singers by country? => What is the age of singers by country?"),
    WITH_THEIR(RecordForms::withTheir, "course_teach: list teachers with their hometowns => list teachers and their hometowns",
            "course_teach: Show the teachers with their ages. => Show the teachers and their ages.",
            "course_teach: Show the teachers with ages above 30. => Show the teachers with ages above 30."),
    DISTRIBUTED_OF(RecordForms::distributedOf, "concert_singer: Show the name and the release year of the song of each singer. => Show the song name and the song release year of each singer.",
            "concert_singer: Show the name and the age of each singer. => Show the name and the age of each singer.",
            "concert_singer: What are the names and release years for all the songs of each singer? => What are the song names and the song release years of each singer?"),
    EVERYTHING_ABOUT(RecordForms::everythingAbout, "pets_1: Give me all the information about pets. => Give me the pet id, pet type, pet age and weight of pets.",
            "pets_1: What are all the details of every pet? => What are the pet id, pet type, pet age and weight of every pet?",
            "pets_1: Give me all the information about owners. => Give me all the information about owners."),
    ATTRIBUTE_BY_ITS_RECORDS(RecordForms::attributeByItsRecords, "concert_singer: List all song names by singers older than 30. => List all song names of singers older than 30.",
            "concert_singer: Show the song name by the youngest singer. => Show the song name of the youngest singer.",
            "concert_singer: What is the average age by country? => What is the average age by country?",
            "concert_singer: What is the average age by singer country? => What is the average age by singer country?",
            "world_1: List the names by continent. => List the names by continent."),
    RELATION_CLAUSE(RecordForms::relationClause, "tvshow: List each language and the number of TV Channels using it. => List each language and the number of TV Channels.",
            "tvshow: For each language, list the number of TV Channels that use it. => For each language, list the number of TV Channels.",
            "tvshow: List the TV channels that use English. => List the TV channels that use English.",
            "concert_singer: For each stadium, how many concerts are held there? => For each stadium, how many concerts?",
            "employee_hire_evaluation: For each shop, show the number of employees working there and the name of the shop. => For each shop, show the number of employees and the name of the shop.",
            "concert_singer: How many concerts are held there? => How many concerts are held there?",
            "concert_singer: How many concerts are there in each stadium? => How many concerts are there in each stadium?"),
    AGENT_AS_OF(RecordForms::agentAsOf, "pets_1: What is the id of the pet owned by the student whose last name is Smith? => What is the id of the pet of the student whose last name is Smith?",
            "pets_1: How many pets are owned by students older than 20? => How many pets of students older than 20?",
            "pets_1: How many pets are owned by 3 students? => How many pets are owned by 3 students?",
            "pets_1: How many pets belong to students older than 20? => How many pets of students older than 20?",
            "singer: the songs recorded by singers from France => the songs of singers from France",
            "concert_singer: the songs sung by the oldest singer => the songs sung by the oldest singer"),
    /** "players over 200 in height": a comparison with a number, then the number attribute it is of, said as "with height over 200". */
    COMPARED_IN_ATTRIBUTE(ConditionForms::comparedInAttribute, "poker_player: average earnings for players over 200 in height => average earnings for players with height over 200",
            "poker_player: players under 180 cm in height => players under 180 cm in height", "singer: singers over 30 in 2014 => singers over 30 in 2014"),
    /**
     * "visitors under 30", "singers who are over 40": people said to be over or under a number, their age meant, when the
     * records named have one attribute of age (WordNet's attribute of "old" and "young"); said as "older than" and
     * "younger than", which the next rule reads.
     */
    AGE_SAID_BARE(ConditionForms::ageSaidBare, "museum_visit: how many visitors are under 30 => how many visitors are younger than 30",
            "concert_singer: which countries do singers over 40 come from => which countries do singers older than 40 come from",
            "poker_player: players over 200 => players over 200", "museum_visit: visitors under 30 years of membership => visitors under 30 years of membership"),
    /**
     * "top 3 countries by population", "the bottom 5 players by earnings": records ranked by a number attribute of theirs
     * that no measure is named by, said as "the 3 countries with the highest population" (a measure's name after "by",
     * "top 3 continents by number of countries", is a ranking of groups, left to the reader).
     */
    TOP_RECORDS_BY_ATTRIBUTE(OrderForms::topRecordsByAttribute, "world_1: top 3 countries by population => the 3 countries with the highest population",
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
    VERB_OF_AN_ATTRIBUTE(ConditionForms::verbOfAnAttribute, "pets_1: How many pets weigh more than 10? => How many pets have weight more than 10?",
            "pets_1: students that own more than 2 pets => students that own more than 2 pets"),
    DIMENSIONAL_ADJECTIVES(ConditionForms::dimensionalAdjectives, "dog_kennels: What is the name of the youngest dog? => What is the name of the dog with the lowest age?",
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
    RECENT_RECORDS(OrderForms::recentRecords, "student_transcripts_tracking: How many courses are in the newest transcript? => How many courses are in the transcript with the highest transcript date?",
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

    static final Pattern LETTERS = Pattern.compile("[A-Za-z]+");

    /** Where each run of letters of the text starts and ends, for the rewrites that change words in place. */
    static List<int[]> letterRuns(String q) {
        Matcher m = LETTERS.matcher(q);
        List<int[]> at = new ArrayList<>();
        while (m.find()) at.add(new int[] {m.start(), m.end()});
        return at;
    }
}
