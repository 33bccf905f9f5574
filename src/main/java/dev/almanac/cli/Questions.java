package dev.almanac.cli;

import dev.almanac.agent.QuestionText;

/** Checks on a question a user typed: {@link QuestionText}. */
final class Questions {
    private Questions() {}

    static String check(String question) {
        return QuestionText.check(question);
    }
}
