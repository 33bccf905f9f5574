package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Pattern;

/**
 * An answer as a user of the server reads it. The agent words what could not be answered for the person at its command
 * line ("configure a model (`almanac config set ...`, or --llm)"); a user of the web app or the API cannot run the
 * server's commands, so such an answer here says what that user can do, or whom to ask, and carries an
 * {@code error_code} a client can act on: {@code no_model} (no language model is configured, and nothing curated
 * answers the question) or {@code model_unreachable} (the model did not answer). Hints that name command-line options
 * are left out of every answer and step served. Answers read back from a thread are worded the same way.
 */
final class AnswerAdvice {
    static final String ASK_ADMIN_FOR_MODEL = "Ask your Almanac administrator to configure a language model";

    /** The agent's answer when no model is configured and nothing curated matches; its advice runs up to "ask about:". */
    private static final Pattern NO_MODEL = Pattern.compile("^No answer: no language model is configured\\b");
    private static final Pattern CONFIGURE = Pattern.compile("Configure a model\\b[^:]*?\\bor ask about:");
    private static final String ASK_ADMIN_OR_ABOUT = ASK_ADMIN_FOR_MODEL + ", or ask about:";
    private static final Pattern UNREACHABLE = Pattern.compile("^The language model could not be reached\\b");
    /** A parenthesised hint that names a command or a command-line option: "(--from and --to)", "(run `almanac knowledge validate`)". */
    private static final Pattern CLI_HINT = Pattern.compile("\\s*\\((?=[^()]*(?:`?almanac [a-z]|--[a-z]))[^()]*\\)");

    private AnswerAdvice() {}

    /** The answer JSON (an {@link dev.almanac.agent.Answer} as served, or one read back from a thread) worded for a user of the server. */
    static JsonNode advised(JsonNode answer) {
        if (!(answer instanceof ObjectNode a) || !a.path("answer").isTextual()) return answer;
        String text = a.get("answer").asText();
        if ("error".equals(a.path("kind").asText())) {
            if (NO_MODEL.matcher(text).find()) {
                a.put("error_code", "no_model");
            } else if (UNREACHABLE.matcher(text).find()) {
                a.put("error_code", "model_unreachable");
                text = text + " If this keeps happening, tell your Almanac administrator.";
            }
        }
        a.put("answer", reworded(text));
        return a;
    }

    /**
     * Any text of the agent's a user of the server reads (an answer, an eval result's reason): the advice to configure a
     * model says whom to ask, and hints at commands and command-line options are left out.
     */
    static String reworded(String text) {
        return text == null ? null : withoutCliHints(CONFIGURE.matcher(text).replaceAll(ASK_ADMIN_OR_ABOUT));
    }

    /** The text without its parenthesised hints at commands and command-line options (a step's detail, an answer's text). */
    static String withoutCliHints(String text) {
        return CLI_HINT.matcher(text).replaceAll("");
    }
}
