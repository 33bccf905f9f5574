package dev.almanac.sql;

import dev.almanac.source.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small SQL tokenizer that knows, per dialect, how comments, quoted strings and identifiers are
 * written. The parser decides what is allowed; this only splits statements the way the engine would,
 * names the words at the top level of a statement so that a rejection can say what it found, and
 * points out the few constructs that the engine and the guard's parser could read differently.
 */
final class SqlLexer {
    /** How a dialect writes strings, quoted identifiers and comments. */
    record Syntax(boolean backslashEscapes, boolean escapeStrings, boolean dollarQuotes, boolean nestedComments, boolean backticks,
                  boolean brackets, boolean hashComments, boolean slashComments, boolean dashCommentNeedsSpace, boolean executableComments) {

        static Syntax of(Dialect dialect) {
            return switch (dialect) {
                case DUCKDB -> new Syntax(false, true, true, true, false, false, false, false, false, false);
                case POSTGRES -> new Syntax(false, true, true, true, false, false, false, false, false, false);
                case SQLITE -> new Syntax(false, false, false, false, true, true, false, false, false, false);
                case MYSQL -> new Syntax(true, false, false, false, true, false, true, false, true, true);
                case SNOWFLAKE -> new Syntax(true, false, true, false, false, false, false, true, false, false);
                case BIGQUERY -> new Syntax(true, false, false, false, true, false, true, false, false, false);
                case TRINO, OTHER -> new Syntax(false, false, false, false, false, false, false, false, false, false);
            };
        }
    }

    private final Syntax syntax;
    private final String dialectName;

    private SqlLexer(Syntax syntax, String dialectName) {
        this.syntax = syntax;
        this.dialectName = dialectName;
    }

    static SqlLexer of(Dialect dialect) {
        return new SqlLexer(Syntax.of(dialect), dialect.label());
    }

    /** The non-empty statements of a text, split on semicolons outside strings, quoted names and comments. */
    List<String> statements(String sql) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean hasCode = false;
        int i = 0;
        while (i < sql.length()) {
            int end = skipNonCode(sql, i);
            if (end > i) {
                String skipped = sql.substring(i, end);
                if (!isComment(skipped)) hasCode = true;
                current.append(skipped);
                i = end;
                continue;
            }
            char ch = sql.charAt(i);
            if (ch == ';') {
                if (hasCode) out.add(current.toString().strip());
                current.setLength(0);
                hasCode = false;
            } else {
                if (!Character.isWhitespace(ch)) hasCode = true;
                current.append(ch);
            }
            i++;
        }
        if (hasCode) out.add(current.toString().strip());
        return out;
    }

    /** Upper-cased words outside strings, comments and parentheses, in order. */
    List<String> topLevelWords(String sql) {
        return words(sql, true);
    }

    /** Upper-cased words outside strings and comments, at any depth, in order. */
    List<String> words(String sql) {
        return words(sql, false);
    }

    /**
     * A construct that this dialect's engine and the guard's parser (JSqlParser) may split into strings,
     * comments and code differently, so that code could hide from the guard; null when there is none.
     * JSqlParser nests block comments, reads {@code //} as a comment and {@code $$...$$} as a string in
     * every dialect, and does not read backslash escapes in PostgreSQL's E'...' strings.
     */
    String ambiguity(String sql) {
        for (int cr = sql.indexOf('\r'); cr >= 0; cr = sql.indexOf('\r', cr + 1)) {
            if (cr + 1 == sql.length() || sql.charAt(cr + 1) != '\n') {
                return "a carriage return without a line feed may end a comment in " + dialectName + " or not: use line feeds";
            }
        }
        int i = 0;
        while (i < sql.length()) {
            char ch = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
            if (ch == '/' && next == '*') {
                int end = skipNonCode(sql, i);
                String comment = sql.substring(i, end);
                if (syntax.executableComments && (comment.startsWith("/*!") || comment.startsWith("/*+"))) {
                    return "a /*! or /*+ comment is read as code by " + dialectName + ": leave it out";
                }
                if (!syntax.nestedComments && comment.indexOf("/*", 2) >= 0) {
                    return "a comment inside a block comment: " + dialectName + " does not nest comments, so the guard cannot be sure where it ends";
                }
                if (!comment.endsWith("*/") || comment.length() < 4) return "an unterminated block comment";
                i = end;
                continue;
            }
            if (ch == '-' && next == '-' && syntax.dashCommentNeedsSpace) {
                char after = i + 2 < sql.length() ? sql.charAt(i + 2) : ' ';
                if (!Character.isWhitespace(after)) return "'--' without a space after it is not a comment in " + dialectName + ": write '-- ' or '- -'";
            }
            int end = skipNonCode(sql, i);
            if (end > i) {
                String piece = sql.substring(i, end);
                if (syntax.escapeStrings && (piece.startsWith("E'") || piece.startsWith("e'")) && piece.indexOf('\\') >= 0) {
                    return "an E'...' string with backslash escapes: write the string without them";
                }
                if (!syntax.backslashEscapes && piece.startsWith("'") && (piece.contains("\\'"))) {
                    return "a backslash before a quote in a string: " + dialectName + " ends the string there and the guard's parser "
                            + "may not; write the backslash as chr(92)";
                }
                i = end;
                continue;
            }
            if (ch == '/' && next == '/' && !syntax.slashComments) return "'//' is not a comment in " + dialectName;
            if (ch == '$' && next == '$' && !syntax.dollarQuotes) return "$$ is not a string quote in " + dialectName;
            if (ch == '`') return "` is not a quote in " + dialectName + ": quote names with double quotes";
            i++;
        }
        return null;
    }

    private List<String> words(String sql, boolean topLevelOnly) {
        List<String> words = new ArrayList<>();
        int depth = 0;
        int i = 0;
        while (i < sql.length()) {
            int end = skipNonCode(sql, i);
            if (end > i) {
                i = end;
                continue;
            }
            char ch = sql.charAt(i);
            if (ch == '(') depth++;
            else if (ch == ')') depth = Math.max(0, depth - 1);
            else if (Character.isLetter(ch) || ch == '_') {
                int start = i;
                while (i < sql.length() && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) i++;
                if (depth == 0 || !topLevelOnly) words.add(sql.substring(start, i).toUpperCase(Locale.ROOT));
                continue;
            }
            i++;
        }
        return words;
    }

    private static boolean isComment(String piece) {
        return piece.startsWith("--") || piece.startsWith("/*") || piece.startsWith("#") || piece.startsWith("//");
    }

    /** If a comment, string, quoted identifier or dollar-quoted string starts at i, the index after it; else i. */
    private int skipNonCode(String s, int i) {
        char ch = s.charAt(i);
        char next = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
        if ((ch == '-' && next == '-') || (ch == '#' && syntax.hashComments) || (ch == '/' && next == '/' && syntax.slashComments)) {
            if (ch == '-' && syntax.dashCommentNeedsSpace && i + 2 < s.length() && !Character.isWhitespace(s.charAt(i + 2))) return i;
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl + 1;
        }
        if (ch == '/' && next == '*') {
            int depth = 1;
            int j = i + 2;
            while (j < s.length() && depth > 0) {
                if (syntax.nestedComments && s.startsWith("/*", j)) { depth++; j += 2; }
                else if (s.startsWith("*/", j)) { depth--; j += 2; }
                else j++;
            }
            return j;
        }
        if (syntax.escapeStrings && (ch == 'E' || ch == 'e') && next == '\'' && (i == 0 || !isWordChar(s.charAt(i - 1)))) {
            return closeQuote(s, i + 1, '\'', true);
        }
        if (ch == '\'' || ch == '"') return closeQuote(s, i, ch, syntax.backslashEscapes);
        if (ch == '`' && syntax.backticks) return closeQuote(s, i, '`', false);
        if (ch == '[' && syntax.brackets) {
            int close = s.indexOf(']', i + 1);
            return close < 0 ? s.length() : close + 1;
        }
        if (ch == '$' && syntax.dollarQuotes) {
            int j = i + 1;
            while (j < s.length() && isWordChar(s.charAt(j))) j++;
            if (j < s.length() && s.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(s.charAt(i + 1)))) {
                String tag = s.substring(i, j + 1);
                int close = s.indexOf(tag, j + 1);
                return close < 0 ? s.length() : close + tag.length();
            }
        }
        return i;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static int closeQuote(String s, int open, char quote, boolean backslashEscapes) {
        int j = open + 1;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (backslashEscapes && c == '\\') { j += 2; continue; }
            if (c == quote) {
                if (j + 1 < s.length() && s.charAt(j + 1) == quote) { j += 2; continue; }
                return j + 1;
            }
            j++;
        }
        return s.length();
    }
}
