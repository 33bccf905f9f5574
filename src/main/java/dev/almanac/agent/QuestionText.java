package dev.almanac.agent;

import dev.almanac.UserError;
import java.text.Normalizer;

/**
 * A question as a person typed it, made safe to read and store before anything is created for it: Unicode in its
 * composed form (NFC), control and format characters (NUL, zero-width spaces, byte-order marks, direction marks) and
 * lone surrogates dropped, every kind of space or line break one space. A question (or a thread's title) with no visible
 * character is refused, as is a question with no visible letter or digit: there is nothing to answer. Visible means a
 * letter, number, punctuation mark or symbol that a font draws: combining marks alone draw nothing, and neither do the
 * Hangul fillers (letters by category, but default-ignorable in Unicode, which {@link Character} does not tell) nor the
 * blank Braille pattern.
 */
public final class QuestionText {
    /** The most characters a question may have once normalised. */
    public static final int MAX_CHARS = 4000;

    /**
     * Letters and symbols by their category that render as nothing: the Hangul choseong, jungseong and (halfwidth)
     * fillers, the only letters among Unicode's Default_Ignorable_Code_Point, and U+2800 BRAILLE PATTERN BLANK.
     */
    private static final java.util.Set<Integer> DRAWN_BLANK = java.util.Set.of(0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800);

    private QuestionText() {}

    /** The question normalised, or a {@link UserError} that says why it cannot be asked. */
    public static String check(String question) {
        String q = normalise(question);
        if (!visible(q)) throw new UserError("the question is empty (it has no visible characters)");
        if (q.codePoints().noneMatch(cp -> Character.isLetterOrDigit(cp) && visible(cp))) {
            throw new UserError("the question has no words: write it in letters or digits");
        }
        if (q.length() > MAX_CHARS) {
            throw new UserError("the question is too long (" + q.length() + " characters; at most " + MAX_CHARS + "): ask it in fewer words");
        }
        return q;
    }

    /** A thread's title normalised, or a {@link UserError} when it has no visible character or more than {@code max} characters. */
    public static String title(String title, int max) {
        String t = normalise(title);
        if (!visible(t)) throw new UserError("the title is empty (it has no visible characters)");
        if (t.length() > max) throw new UserError("the title is too long (" + t.length() + " characters; at most " + max + ")");
        return t;
    }

    /** Whether the text has at least one character that a reader sees. */
    public static boolean visible(String text) {
        return text != null && text.codePoints().anyMatch(QuestionText::visible);
    }

    private static boolean visible(int cp) {
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER, Character.MODIFIER_LETTER,
                 Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER,
                 Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
                 Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION,
                 Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> !DRAWN_BLANK.contains(cp);
            default -> false; // spaces, controls, format characters, combining marks alone, unassigned and private-use code points
        };
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
