package dev.almanac.agent;

import dev.almanac.UserError;
import java.text.Normalizer;

/**
 * A question as a person typed it, made safe to read and store before anything is created for it: Unicode in its
 * composed form (NFC), control and format characters (NUL, zero-width spaces, byte-order marks, direction marks) and
 * lone surrogates dropped, every kind of space or line break one space. A question with no letter or digit left is
 * refused: there is nothing to answer.
 */
public final class QuestionText {
    /** The most characters a question may have once normalised. */
    public static final int MAX_CHARS = 4000;

    private QuestionText() {}

    /** The question normalised, or a {@link UserError} that says why it cannot be asked. */
    public static String check(String question) {
        String q = normalise(question);
        if (q.isEmpty()) throw new UserError("the question is empty (it has no visible characters)");
        if (q.codePoints().noneMatch(Character::isLetterOrDigit)) throw new UserError("the question has no words: write it in letters or digits");
        if (q.length() > MAX_CHARS) {
            throw new UserError("the question is too long (" + q.length() + " characters; at most " + MAX_CHARS + "): ask it in fewer words");
        }
        return q;
    }

    /** The text with invisible characters dropped and spaces collapsed; "" for null. */
    public static String normalise(String text) {
        if (text == null) return "";
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isSurrogate((char) cp) && Character.charCount(cp) == 1) continue; // a lone surrogate
            int type = Character.getType(cp);
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85 || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                space = out.length() > 0;
                continue;
            }
            if (type == Character.CONTROL || type == Character.FORMAT || type == Character.UNASSIGNED || type == Character.PRIVATE_USE) continue;
            if (space) out.append(' ');
            space = false;
            out.appendCodePoint(cp);
        }
        return Normalizer.normalize(out, Normalizer.Form.NFC);
    }
}
