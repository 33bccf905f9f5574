package dev.almanac.quality;

/** The regular expressions period rules are written with. */
final class PeriodPatterns {
    private PeriodPatterns() {}

    /** A month, abbreviated or not ("Sept", "mar"): read so only beside a year or in a range of months. */
    static final String MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
    /** A month as it may stand without a year: not "mar" or "jun", which are words too. */
    static final String MONTH_ALONE = "(jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b\\.?";
    /** A year: "2025" or "'25". */
    static final String YEAR = "((?:19|20)\\d{2}|'\\d{2})";
    /** A fiscal year's number after FY or fiscal: "2026", "26", "'26". */
    static final String FY = "((?:19|20)\\d{2}|'?\\d{2})";
    static final String ORDINAL = "(first|second|third|fourth|1st|2nd|3rd|4th)";
    static final String WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
    /** Last or this: the relative year, quarter or month words. */
    static final String LAST_OR_THIS = "(last|previous|prior|this|current)";
    static final String TO = "(?:to|until|till|through|thru)";
    /** What "the end of" and "by the end of" are said of: a quarter, half, month or year, or last/this month, quarter or year. */
    static final String END_TARGET = "(?:q[1-4]|h[12])(?:\\s+" + YEAR + ")?|" + MONTH + "\\s+" + YEAR + "|" + MONTH_ALONE
            + "|(?:the\\s+)?(?:last|this|previous)\\s+(?:month|quarter|year)|(?:19|20)\\d{2}\\b";
    /** A period a part of which is said ("the first 6 months of", "the start of"): what "the end of" is said of, a fiscal year, or the current year, quarter or month ("the year"). */
    static final String PART_OF = END_TARGET + "|fy\\s?" + FY + "|fiscal\\s+(?:year\\s+)?" + YEAR + "|the\\s+(?:year|quarter|month)\\b";
    static final String DASH = "\\s*(?:-|–|—)\\s*";
}
