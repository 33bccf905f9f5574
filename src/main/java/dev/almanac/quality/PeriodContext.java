package dev.almanac.quality;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What a period rule reads against: today, the project's fiscal year, the whole question (a rule for a month or quarter
 * written without its year checks that no year is written elsewhere), and the reader itself for the period a phrase is
 * built on ("since Q2", "by the end of March"), and the words that are names of the data ("a table called april").
 */
record PeriodContext(LocalDate today, FiscalYear fiscal, String question, Function<String, Optional<Timeframe>> reader,
                     java.util.function.Predicate<String> names) {
    /** A year written out: "2025", "'25", "FY26". */
    private static final Pattern WRITTEN_YEAR = Pattern.compile("(?i)(?<![\\w'])(?:(?:19|20)\\d{2}|'\\d{2}|fy\\s?'?\\d{2,4})\\b");
    private static final Map<String, Integer> NUMBERS = Map.ofEntries(Map.entry("one", 1), Map.entry("two", 2), Map.entry("three", 3),
            Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6), Map.entry("seven", 7), Map.entry("eight", 8), Map.entry("nine", 9),
            Map.entry("ten", 10), Map.entry("eleven", 11), Map.entry("twelve", 12), Map.entry("eighteen", 18), Map.entry("twenty-four", 24),
            Map.entry("thirty", 30), Map.entry("sixty", 60), Map.entry("ninety", 90));
    static final String NUMBER = "(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty-four|thirty|sixty|ninety)";
    private static final Map<String, Integer> ORDINALS = Map.of("first", 1, "1st", 1, "second", 2, "2nd", 2, "third", 3, "3rd", 3, "fourth", 4, "4th", 4);

    /** Whether a word is a name of the data, never a period said alone. */
    boolean isName(String word) {
        return names.test(word.strip().toLowerCase(Locale.ROOT));
    }

    /** Whether the question writes a year somewhere: then a month or quarter without one is not read against today. */
    boolean namesYear() {
        return WRITTEN_YEAR.matcher(question).find();
    }

    LocalDate tomorrow() {
        return today.plusDays(1);
    }

    /** The period these words name, read by the same rules (for the question as a whole). */
    Optional<Timeframe> read(String words) {
        return reader.apply(words);
    }

    /** The latest first of {@code month} on or before today: "March" in November 2026 is March 2026, "December" is December 2025. */
    LocalDate latestStarted(int month) {
        return LocalDate.of(today.getMonthValue() >= month ? today.getYear() : today.getYear() - 1, month, 1);
    }

    /** The latest {@code month} that ended before this month began: "last March" (in March 2026, March 2025). */
    LocalDate latestEnded(int month) {
        return LocalDate.of(today.getMonthValue() > month ? today.getYear() : today.getYear() - 1, month, 1);
    }

    static LocalDate quarterStart(LocalDate d) {
        return d.withDayOfMonth(1).withMonth(3 * ((d.getMonthValue() - 1) / 3) + 1);
    }

    static LocalDate monday(LocalDate d) {
        return d.with(DayOfWeek.MONDAY);
    }

    static int number(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return NUMBERS.containsKey(w) ? NUMBERS.get(w) : Integer.parseInt(w);
    }

    static int ordinalNumber(String word) {
        return ORDINALS.get(word.toLowerCase(Locale.ROOT));
    }

    /** "2025", "'25", "25" (two digits are 20xx). */
    static int yearNumber(String written) {
        String digits = written.replace("'", "").strip();
        int y = Integer.parseInt(digits);
        return digits.length() == 2 ? 2000 + y : y;
    }

    static int monthNumber(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String[] prefixes = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
        for (int i = 0; i < prefixes.length; i++) if (n.startsWith(prefixes[i])) return i + 1;
        throw new IllegalArgumentException(name);
    }
}
