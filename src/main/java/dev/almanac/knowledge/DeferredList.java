package dev.almanac.knowledge;

import java.util.AbstractList;
import java.util.List;
import java.util.function.Function;

/**
 * A list of stored items read only when first looked into: its size is known at once, its elements are read (all of
 * them, once) on the first access. The app store's golden questions are this: a one-shot {@code ask} never reads them,
 * an eval run reads them all; the semantic model files are read by the thread that builds the semantic layer, not by the one
 * that loads the knowledge. Immutable.
 */
final class DeferredList<S, T> extends AbstractList<T> {
    private final List<S> sources;
    private final Function<S, T> read;
    private final Function<S, String> text;
    private volatile List<T> items;

    /** @param read reads one source into its element */
    DeferredList(List<S> sources, Function<S, T> read) {
        this(sources, read, null);
    }

    /** @param text one source's stored text (for {@link #sourceText}), or null */
    DeferredList(List<S> sources, Function<S, T> read, Function<S, String> text) {
        this.sources = List.copyOf(sources);
        this.read = read;
        this.text = text;
    }

    /** The sources' stored texts as a JSON array of them, in order, without reading the elements; empty without a text function. */
    java.util.Optional<String> sourceText() {
        if (text == null) return java.util.Optional.empty();
        return java.util.Optional.of(sources.stream().map(text).collect(java.util.stream.Collectors.joining(",", "[", "]")));
    }

    @Override
    public T get(int index) {
        return items().get(index);
    }

    @Override
    public int size() {
        return sources.size();
    }

    private List<T> items() {
        List<T> out = items;
        if (out == null) {
            synchronized (this) {
                if (items == null) items = sources.stream().map(read).toList();
                out = items;
            }
        }
        return out;
    }
}
