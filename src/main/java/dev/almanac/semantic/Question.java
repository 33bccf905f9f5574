package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;

/** The question with its periods read: what is left of it, as written and as compared. */
record Question(String q, Optional<Timeframe> period, Optional<Timeframe> compared, Optional<Timeframe> asked, List<String> original,
                List<String> words) {
    /** The question without its words from {@code from} to {@code to} (exclusive), its periods kept. */
    Question without(int from, int to) {
        List<String> o = new ArrayList<>(original.subList(0, from));
        o.addAll(original.subList(to, original.size()));
        List<String> w = new ArrayList<>(words.subList(0, from));
        w.addAll(words.subList(to, words.size()));
        return new Question(cut(q, original, from, to).orElse(String.join(" ", o)), period, compared, asked, o, w);
    }

    /** Where each word of a question's text starts and ends, as its words are read. */
    private static List<int[]> wordPositions(String q) {
        Matcher m = QuestionWords.WORD.matcher(q.replace('_', ' ').replace('-', ' '));
        List<int[]> at = new ArrayList<>();
        while (m.find()) at.add(new int[] {m.start(), m.end()});
        return at;
    }

    /** The text without its words {@code from} to {@code to}, the rest as typed (its commas kept); empty when its words are not the original's. */
    private static Optional<String> cut(String q, List<String> original, int from, int to) {
        if (from >= to) return Optional.of(q);
        List<int[]> at = wordPositions(q);
        if (at.size() != original.size() || to > at.size()) return Optional.empty();
        String before = q.substring(0, at.get(from)[0]).stripTrailing(), after = q.substring(at.get(to - 1)[1]);
        if (before.isEmpty()) after = after.replaceFirst("^[\\s?.!,;:]+", ""); // the first sentence cut whole: the next one opens the text
        return Optional.of(before + (after.isEmpty() || after.startsWith(" ") || !Character.isLetterOrDigit(after.charAt(0)) ? "" : " ") + after);
    }

    /** Whether the text as typed has a comma right after its first {@code n} words (the words of a list written "name, age"). */
    boolean commaAfterWord(int n) {
        List<int[]> at = wordPositions(q);
        if (n < 1 || n > at.size()) return false;
        int i = at.get(n - 1)[1];
        while (i < q.length() && Character.isWhitespace(q.charAt(i))) i++;
        return i < q.length() && q.charAt(i) == ',';
    }

    /**
     * "the grade of each high schooler", "for every singer": "each" or "every" right before the noun of records listed read
     * as "all", so that the list is of every record, not a breakdown by them.
     */
    Question eachAsAll(List<Dataset> rows) {
        Question out = this;
        for (int i = 0; i + 1 < words.size(); i++) {
            if (!words.get(i).equals("every") && !words.get(i).equals("each")) continue;
            for (int n = 1; n <= 3 && i + 1 + n <= words.size(); n++) {
                List<String> noun = words.subList(i + 1, i + 1 + n).stream().map(QuestionWords::singular).toList();
                if (rows.stream().anyMatch(ds -> ReaderLexicon.namesRows(ds, noun))) {
                    out = out.replacing(i, "all");
                    break;
                }
            }
        }
        return out;
    }

    /** The question with its {@code at}-th word said otherwise, the rest of its text (commas too) as written. */
    Question replacing(int at, String word) {
        List<String> o = new ArrayList<>(original);
        List<String> w = new ArrayList<>(words);
        o.set(at, word);
        w.set(at, word);
        List<int[]> found = wordPositions(q);
        String text = found.size() == original.size() ? q.substring(0, found.get(at)[0]) + word + q.substring(found.get(at)[1]) : String.join(" ", o);
        return new Question(text, period, compared, asked, o, w);
    }
}
