package dev.almanac.sql;

/** Reads one statement in the source's dialect and decides whether it is one read-only query, and which tables it reads. */
sealed interface StatementChecker permits DuckDbChecker, JSqlParserChecker {

    /**
     * @param sql the text as given (it may end with a semicolon or a comment)
     * @param statement its one statement, as the guard's lexer split it
     */
    Verdict check(String sql, String statement);

    /** Why a text is not exactly one SQL expression (a value or a condition, with no alias and nothing around it), or null when it is. */
    String notOneExpression(String expression);
}
