package dev.almanac.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small SQL tokenizer that knows comments, quoted strings and identifiers, dollar quoting and
 * parentheses. The engine's parser decides what is allowed; this only splits statements and names
 * the words at the top level of a statement so that a rejection can say what it found.
 */
final class SqlLexer {
    private SqlLexer() {}

    /** The non-empty statements of a text, split on semicolons outside strings and comments. */
    static List<String> statements(String sql) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean hasCode = false;
        int i = 0;
        while (i < sql.length()) {
            int end = skipNonCode(sql, i);
            if (end > i) {
                String skipped = sql.substring(i, end);
                if (isQuoted(skipped)) hasCode = true;
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
    static List<String> topLevelWords(String sql) {
        return words(sql, true);
    }

    /** Upper-cased words outside strings and comments, at any depth, in order. */
    static List<String> words(String sql) {
        return words(sql, false);
    }

    private static List<String> words(String sql, boolean topLevelOnly) {
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

    private static boolean isQuoted(String piece) {
        return piece.startsWith("'") || piece.startsWith("\"") || piece.startsWith("$") || piece.startsWith("E'") || piece.startsWith("e'");
    }

    /** If a comment, string, quoted identifier or dollar-quoted string starts at i, the index after it; else i. */
    private static int skipNonCode(String s, int i) {
        char ch = s.charAt(i);
        char next = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
        if (ch == '-' && next == '-') {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl + 1;
        }
        if (ch == '/' && next == '*') {
            int depth = 1;
            int j = i + 2;
            while (j < s.length() && depth > 0) {
                if (s.startsWith("/*", j)) { depth++; j += 2; }
                else if (s.startsWith("*/", j)) { depth--; j += 2; }
                else j++;
            }
            return j;
        }
        if ((ch == 'E' || ch == 'e') && next == '\'' && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)))) {
            return closeQuote(s, i + 1, '\'', true);
        }
        if (ch == '\'' || ch == '"') return closeQuote(s, i, ch, false);
        if (ch == '$') {
            int j = i + 1;
            while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) j++;
            if (j < s.length() && s.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(s.charAt(i + 1)))) {
                String tag = s.substring(i, j + 1);
                int close = s.indexOf(tag, j + 1);
                return close < 0 ? s.length() : close + tag.length();
            }
        }
        return i;
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
