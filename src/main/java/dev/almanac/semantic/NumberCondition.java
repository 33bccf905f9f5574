package dev.almanac.semantic;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * The rules that read a condition on a number attribute of the rows a question reads, tried in this order over the words
 * no other part of the question placed: each finds the attribute's phrase (a number dimension of those rows, of the records
 * they refer to, or what each row is worth) beside a comparison ({@link ComparisonRule}) or numbers, and marks its words
 * placed. Each is a named rule with the examples it must read beside it, {@code "database: question => query"}: the
 * database a Spider dev database whose model `almanac init` drafts, the whole question's query as its JSON (single quotes
 * for double). The test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum NumberCondition implements CorpusRule {
    /** "age above 20", "more than 4 cylinders", "above age 20", "older than the average age". */
    COMPARISON_THEN_NUMBER(Conditions::comparisonThenNumber,
            "world_1: Which countries have a life expectancy over 80? => {'group_by':[{'dimension':'country.name'}],'filters':[{'field':'life_expectancy','op':'>','values':['80']}],'records':'country'}",
            "concert_singer: How many singers are older than the average age? => {'metrics':['singer_count'],'filters':[{'field':'age','op':'>','values':['average']}]}",
            // what each record is worth, said by the records' noun, the words of the measure placed between if any
            "insurer: How many claims over $500 were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'claims.row_amount','op':'>','values':['500']}]}",
            "insurer: How many claims were opened under $200 in 2025? => {'metrics':['claims_opened'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'claims.row_amount','op':'<','values':['200']}]}",
            "insurer: How many cases over $500 were there in 2025? => {'metrics':['claims'],'start':'2025-01-01','end':'2026-01-01','filters':[{'field':'claims.row_amount','op':'>','values':['500']}]}"),
    /** "6 or more cylinders", "a weight of 10 or less", "age 30 and over". */
    NUMBER_THEN_COMPARISON(Conditions::numberThenComparison,
            "concert_singer: How many concerts were there in year 2014 or after? => {'metrics':['concert_count'],'filters':[{'field':'year','op':'>=','values':['2014']}]}",
            "concert_singer: Which stadiums have a capacity of 10000 or more? => {'group_by':[{'dimension':'stadium.name'}],'filters':[{'field':'capacity','op':'>=','values':['10000']}],'records':'stadium'}",
            "world_1: List the cities with a population of 1000000 and over. => {'group_by':[{'dimension':'city.name'}],'filters':[{'field':'city.population','op':'>=','values':['1000000']}],'records':'city'}"),
    /** "a greater weight than 10", "a higher capacity than 5000". */
    COMPARATIVE_AROUND_ATTRIBUTE(Conditions::comparativeAroundAttribute,
            "concert_singer: Which stadiums have a larger capacity than 10000? => {'group_by':[{'dimension':'stadium.name'}],'filters':[{'field':'capacity','op':'>','values':['10000']}],'records':'stadium'}"),
    /** "capacity between 5000 and 10000", "orders between 100 and 200 dollars". */
    BETWEEN(Conditions::between,
            "world_1: How many countries have a surface area between 1000 and 5000? => {'metrics':['country_count'],'filters':[{'field':'surface_area','op':'>=','values':['1000']},{'field':'surface_area','op':'<=','values':['5000']}]}"),
    /** "in grade 10", "grade 9 or 10", "whose birth year is either 1948 or 1949", "with 4 cylinders", "8 cylinder cars". */
    EQUAL_TO_NUMBERS(Conditions::equalToNumbers,
            "network_1: How many high schoolers are in grade 10 or 11? => {'metrics':['highschooler_count'],'filters':[{'field':'grade','op':'in','values':['10','11']}]}",
            "world_1: Which countries have an independence year of 1991 or 1992? => {'group_by':[{'dimension':'country.name'}],'filters':[{'field':'indep_year','op':'in','values':['1991','1992']}],'records':'country'}",
            "car_1: How many cars have 4 cylinders? => {'metrics':['cars_data_count'],'filters':[{'field':'cylinders','op':'=','values':['4']}]}",
            "car_1: What is the lowest weight of the 8-cylinder cars? => {'metrics':['cars_data_min_weight'],'filters':[{'field':'cylinders','op':'=','values':['8']}]}",
            // a year of records with no time of their own, and another after "or": both, on their attribute of years
            "concert_singer: How many concerts occurred in 2014 or 2015? => {'metrics':['concert_count'],'filters':[{'field':'year','op':'in','values':['2014','2015']}]}",
            "concert_singer: How many concerts were there in 2014 or after? => {'metrics':['concert_count'],'filters':[{'field':'year','op':'>=','values':['2014']}]}");

    private final BiConsumer<Conditions, Conditions.NumberWords> rule;
    private final List<String> examples;

    NumberCondition(BiConsumer<Conditions, Conditions.NumberWords> rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /** The conditions this rule reads in the words, added to those read before, their words marked placed. */
    void read(Conditions conditions, Conditions.NumberWords at) {
        rule.accept(conditions, at);
    }
}
