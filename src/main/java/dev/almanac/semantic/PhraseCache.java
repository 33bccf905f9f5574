package dev.almanac.semantic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The phrases a {@link QuestionParser} looks for that depend on the model alone, kept in files next to the value index so
 * that a one-shot command does not make them again (about a fifth of a second of CPU on the demo model, most of it code
 * run once and cold, and WordNet): the metrics' phrases (names, labels, synonyms, initials, short names) and every way
 * each dimension is said (its names and their {@link QuestionParser#phrasings}). A file's name holds a digest of the
 * model, the dialect and the build of Almanac (the code that makes the phrases changes with it), so a changed model or a
 * new build is another file.
 * <ul>
 * <li>{@code phrases-metrics-*.tsv}: one line per phrase, its words joined by spaces, then the positions of its metrics in
 * the model's order ({@link SemanticModel#metrics()}), tab-separated; the lines in the order the map that was made is gone
 * through, so the map read back is gone through in the same order (the parser merges the metrics of phrases that stem
 * alike in that order).</li>
 * <li>{@code phrases-dimensions-*.tsv}: one line per dimension in the model's order ({@link SemanticModel#dimensions()}),
 * its phrasings tab-separated, each its words joined by spaces.</li>
 * </ul>
 * A file that cannot be read, names a position the model does not have or holds another number of dimensions is made
 * again; phrases that a line cannot hold (a word with a space or a tab) are not kept.
 */
public final class PhraseCache {
    private static final String FORMAT = "parser-phrases v1";
    private final Path directory;
    private final String key;

    private PhraseCache(Path directory, String key) {
        this.directory = directory;
        this.key = key;
    }

    /** The cache of this model for this build of Almanac ({@code build}: the jar's identity). */
    static PhraseCache in(Path directory, String modelDigest, String dialect, String build) {
        return new PhraseCache(directory, ValueIndex.digest(FORMAT + "\n" + build + "\n" + dialect + "\n" + modelDigest));
    }

    /** The cache of this model for the build this code runs from; none when it runs from a classes folder (a build's tests). */
    public static Optional<PhraseCache> forBuild(Path directory, String modelDigest, String dialect) {
        return dev.almanac.Build.jar().map(build -> in(directory, modelDigest, dialect, build));
    }

    Path file(String kind) {
        return directory.resolve("phrases-" + kind + "-" + key + ".tsv");
    }

    /** The metrics' phrases kept, or empty. */
    Optional<Map<List<String>, Object>> metrics(SemanticModel model) {
        return read("metrics", List.copyOf(model.metrics()));
    }

    void keepMetrics(SemanticModel model, Map<List<String>, Object> phrases) {
        write("metrics", List.copyOf(model.metrics()), phrases);
    }

    /** Every way each of the model's dimensions is said, by its position, when kept for a model of that many; or empty. */
    Optional<List<List<List<String>>>> dimensionPhrasings(int dimensions) {
        Path file = file("dimensions");
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() != dimensions) return Optional.empty();
            List<List<List<String>>> out = new ArrayList<>(lines.size());
            for (String line : lines) {
                List<List<String>> phrasings = new ArrayList<>();
                for (String phrase : line.split("\t", -1)) phrasings.add(phrase.isEmpty() ? List.of() : List.of(phrase.split(" ")));
                out.add(phrasings);
            }
            return Optional.of(out);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    void keepDimensionPhrasings(List<List<List<String>>> phrasings) {
        StringBuilder text = new StringBuilder();
        for (List<List<String>> dimension : phrasings) {
            if (dimension.isEmpty()) return;
            for (int i = 0; i < dimension.size(); i++) {
                if (!writable(dimension.get(i), true)) return;
                text.append(i == 0 ? "" : "\t").append(String.join(" ", dimension.get(i)));
            }
            text.append('\n');
        }
        write("dimensions", text);
    }

    /** Whether a phrase's words can be written as a field of a line: none empty, none with a space, tab or line break. */
    private static boolean writable(List<String> phrase, boolean emptyPhrase) {
        return (emptyPhrase || !phrase.isEmpty()) && phrase.stream().noneMatch(w -> w.isEmpty() || w.contains(" ") || w.contains("\t") || w.contains("\n"));
    }

    private Optional<Map<List<String>, Object>> read(String kind, List<?> elements) {
        Path file = file(kind);
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            Map<List<String>, Object> out = new LinkedHashMap<>(); // in the order written: the order the made map is gone through
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] fields = line.split("\t", -1);
                if (fields.length < 2 || fields[0].isEmpty()) return Optional.empty();
                List<Object> hits = new ArrayList<>(fields.length - 1);
                for (int i = 1; i < fields.length; i++) {
                    int at = Integer.parseInt(fields[i]);
                    if (at < 0 || at >= elements.size()) return Optional.empty();
                    hits.add(elements.get(at));
                }
                out.put(List.of(fields[0].split(" ")), hits);
            }
            return Optional.of(out);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Writes the phrases (a whole new file moved into place, so a reader never sees half of it); nothing when one cannot be. */
    private void write(String kind, List<?> elements, Map<List<String>, Object> phrases) {
        Map<Object, Integer> position = new IdentityHashMap<>();
        for (int i = 0; i < elements.size(); i++) position.putIfAbsent(elements.get(i), i);
        StringBuilder text = new StringBuilder();
        for (Map.Entry<List<String>, Object> e : phrases.entrySet()) {
            // a word with a space or a tab, an element not of the model: not written as lines can say it, so not kept
            if (!writable(e.getKey(), false)) return;
            if (!(e.getValue() instanceof List<?> hits) || hits.isEmpty()) return;
            text.append(String.join(" ", e.getKey()));
            for (Object hit : hits) {
                Integer at = position.get(hit);
                if (at == null) return;
                text.append('\t').append(at);
            }
            text.append('\n');
        }
        write(kind, text);
    }

    private void write(String kind, CharSequence text) {
        dev.almanac.CacheFiles.replace(file(kind), text);
    }
}
