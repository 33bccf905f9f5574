package dev.almanac.agent;

import dev.almanac.store.TurnRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reply to a question back: when the thread's last turn asked the user something, the reply is read as the question it
 * completes, and the routes after it answer that question. It never answers a turn itself.
 */
final class ReplyRoute implements Route {
    private static final Pattern OPTION_NUMBER = Pattern.compile("^\\s*(?:option\\s*|number\\s*|#\\s*)?(\\d{1,2})\\s*[.)]?\\s*$",
            Pattern.CASE_INSENSITIVE);

    private final Flow flow;

    ReplyRoute(Flow flow) {
        this.flow = flow;
    }

    @Override
    public Outcome take(Turn turn) {
        List<TurnRow> history = turn.history();
        if (history.isEmpty() || !history.get(history.size() - 1).kind().equals("clarification")) return new Next(turn);
        String question = resolved(history.get(history.size() - 1), turn.question());
        flow.event("clarified", question);
        return new Next(turn.asking(question, flow));
    }

    /**
     * The question a reply to a question back asks. An option picked by its number ("2", "option 2") or by its words
     * (the option, or words only one option has all of: "shop revenue" for "Shop revenue for 2025") stands for itself when it
     * is a whole question that gets an answer (the options of a choice between metrics or readings are), and completes the
     * pending question when it is a part ("last quarter", "DHL"); a reply that is no option completes the pending question.
     */
    private String resolved(TurnRow pending, String reply) {
        Optional<String> option = option(offered(pending), reply);
        if (option.isPresent() && flow.resolves(option.get())) return option.get();
        return pending.question() + " (" + option.orElse(reply) + ")";
    }

    private static List<String> offered(TurnRow pending) {
        if (pending.answerJson() == null) return List.of();
        try {
            List<String> options = new ArrayList<>();
            Answers.JSON.readTree(pending.answerJson()).path("suggestions").forEach(o -> options.add(o.asText()));
            return options;
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The option a reply picks: by its number, by its words, or by words that only one option has all of. */
    static Optional<String> option(List<String> options, String reply) {
        Matcher n = OPTION_NUMBER.matcher(reply);
        if (n.matches()) {
            int i = Integer.parseInt(n.group(1)) - 1;
            return i >= 0 && i < options.size() ? Optional.of(options.get(i)) : Optional.empty();
        }
        String said = plain(reply);
        if (said.isEmpty()) return Optional.empty();
        for (String o : options) if (plain(o).equals(said)) return Optional.of(o);
        // the reply's words all in one option and not all in another: "shop revenue", "billing period monthly", "per month"
        List<String> words = List.of(said.split(" "));
        List<String> holding = options.stream().filter(o -> List.of(plain(o).split(" ")).containsAll(words)).toList();
        return holding.size() == 1 ? Optional.of(holding.get(0)) : Optional.empty();
    }

    /** Lower case, words only: "Shop revenue." and "shop  revenue" are the same reply. */
    private static String plain(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
