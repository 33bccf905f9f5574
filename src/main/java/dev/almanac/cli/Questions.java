package dev.almanac.cli;

import dev.almanac.UserError;

/** Checks on a question a user typed. */
final class Questions {
    static final int MAX_CHARS = 4000;

    private Questions() {}

    static String check(String question) {
        if (question == null || question.isBlank()) throw new UserError("the question is empty");
        String q = question.strip();
        if (q.length() > MAX_CHARS) {
            throw new UserError("the question is too long (" + q.length() + " characters; at most " + MAX_CHARS + "): ask it in fewer words");
        }
        return q;
    }
}
