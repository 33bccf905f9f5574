package dev.almanac.semantic;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One example of a rule's corpus, {@code "[database: ]as asked => as read"}: the database is a Spider dev database whose
 * model `almanac init` drafts, none for a rule that reads no model's words.
 */
record CorpusExample(String database, String asked, String read) {
    private static final Pattern FORM = Pattern.compile("(?:([a-z0-9_]+): )?(.+?) => (.+)");
    private static final Map<String, QuestionParser> READERS = new ConcurrentHashMap<>();

    static CorpusExample of(String example) {
        Matcher m = FORM.matcher(example);
        if (!m.matches()) throw new IllegalArgumentException("not an example of a corpus: " + example);
        return new CorpusExample(m.group(1), m.group(2), m.group(3));
    }

    /** The query the example reads into, from its JSON with single quotes for double. */
    com.fasterxml.jackson.databind.JsonNode query() throws java.io.IOException {
        return SemanticQueryJsonTest.JSON.readTree(read.replace('\'', '"'));
    }

    /** A query as its JSON, for comparing with {@link #query}. */
    static com.fasterxml.jackson.databind.JsonNode json(SemanticQuery query) {
        return SemanticQueryJsonTest.JSON.valueToTree(query);
    }

    /** The reader over the example's database (one per database for all the corpora's tests), or null for none. */
    QuestionParser reader() {
        return database == null ? null : READERS.computeIfAbsent(database, QuestionWordsTest::parser);
    }
}
