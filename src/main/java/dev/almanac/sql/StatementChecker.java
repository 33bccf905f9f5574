package dev.almanac.sql;

/** Reads one statement in the source's dialect and decides whether it is one read-only query, and which tables it reads. */
sealed interface StatementChecker permits DuckDbChecker, JSqlParserChecker {

    /**
     * @param sql the text as given (it may end with a semicolon or a comment)
     * @param statement its one statement, as the guard's lexer split it
     */
    Verdict check(String sql, String statement);
}
