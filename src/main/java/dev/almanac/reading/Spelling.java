package dev.almanac.reading;

/** How the lexicon compares words: one spelling for the variants a question may type. */
final class Spelling {
    private Spelling() {}

    /** Lower case, the typographic apostrophes as ', underscores and runs of white space as one space, trimmed. */
    static String normal(String word) {
        StringBuilder out = new StringBuilder(word.length());
        boolean space = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c == '_' || Character.isWhitespace(c)) {
                space = out.length() > 0;
                continue;
            }
            if (space) out.append(' ');
            space = false;
            out.append(c == '\u2019' || c == '\u2018' ? '\'' : Character.toLowerCase(c));
        }
        return out.toString();
    }
}
