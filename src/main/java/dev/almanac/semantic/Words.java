package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The words of a database identifier, for the labels and synonyms of a drafted model: {@code Song_Name}, {@code songName}
 * and {@code SONG_NAME} are "song name"; common abbreviations are spelled out ({@code qty} is "quantity", {@code dob} is
 * "date of birth", and "cust" is "customer" where the database names customers); nouns are put in the singular or plural by the regular rules of English and a few irregular ones.
 * Nothing here knows a table of any particular database.
 */
final class Words {
    private Words() {}

    /**
     * Abbreviations of words of measurement, time and address that schemas everywhere use, with what they stand for. An
     * abbreviation of anything else is spelled out only as a word of the database's own names ({@link #expanded(List, Set)}:
     * {@code cust_id} is "customer id" where a table is called customers).
     */
    static final Map<String, String> ABBREVIATIONS = Map.ofEntries(
            Map.entry("qty", "quantity"), Map.entry("amt", "amount"), Map.entry("num", "number"), Map.entry("nbr", "number"),
            Map.entry("no", "number"), Map.entry("cnt", "count"), Map.entry("dt", "date"), Map.entry("ts", "timestamp"),
            Map.entry("addr", "address"), Map.entry("desc", "description"), Map.entry("descr", "description"),
            Map.entry("pct", "percent"), Map.entry("perc", "percent"), Map.entry("avg", "average"),
            Map.entry("yr", "year"), Map.entry("mth", "month"), Map.entry("mo", "month"), Map.entry("wk", "week"), Map.entry("hr", "hour"),
            Map.entry("mos", "months"), Map.entry("mths", "months"), Map.entry("wks", "weeks"), Map.entry("qtr", "quarter"), Map.entry("qtrs", "quarters"),
            Map.entry("min", "minimum"), Map.entry("max", "maximum"), Map.entry("tel", "telephone"), Map.entry("ph", "phone"),
            Map.entry("lat", "latitude"), Map.entry("lon", "longitude"), Map.entry("lng", "longitude"), Map.entry("info", "information"),
            Map.entry("ref", "reference"), Map.entry("dest", "destination"), Map.entry("dst", "destination"),
            Map.entry("dob", "date of birth"), Map.entry("fname", "first name"), Map.entry("lname", "last name"), Map.entry("pwd", "password"),
            Map.entry("std", "standard"), Map.entry("approx", "approximate"), Map.entry("temp", "temperature"), Map.entry("sec", "second"),
            Map.entry("doc", "document"), Map.entry("docs", "documents"), Map.entry("secs", "seconds"), Map.entry("mins", "minutes"), Map.entry("hrs", "hours"), Map.entry("yrs", "years"), Map.entry("id", "id"));

    private static final Map<String, String> IRREGULAR_PLURALS = Map.ofEntries(
            Map.entry("person", "people"), Map.entry("child", "children"), Map.entry("man", "men"), Map.entry("woman", "women"),
            Map.entry("mouse", "mice"), Map.entry("foot", "feet"), Map.entry("tooth", "teeth"), Map.entry("datum", "data"),
            Map.entry("criterion", "criteria"), Map.entry("medium", "media"), Map.entry("staff", "staff"), Map.entry("series", "series"),
            Map.entry("species", "species"), Map.entry("information", "information"), Map.entry("equipment", "equipment"));

    /** The lower-case words of an identifier: split at underscores, spaces, dashes, case changes and digits. */
    static List<String> split(String identifier) {
        String s = identifier.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                .replaceAll("([A-Za-z])([0-9])", "$1 $2").replaceAll("[^A-Za-z0-9]+", " ").strip().toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (String w : s.split(" ")) if (!w.isEmpty()) out.add(w);
        return out;
    }

    /** The identifier as a model name: lower-case words joined by _, starting with a letter. */
    static String name(String identifier) {
        String n = String.join("_", split(identifier));
        if (n.isEmpty()) n = "column";
        return Character.isLetter(n.charAt(0)) ? n : "n_" + n;
    }

    /** The words with their abbreviations spelled out. */
    static List<String> expanded(List<String> words) {
        return expanded(words, Set.of());
    }

    /**
     * The words with their abbreviations spelled out: those of {@link #ABBREVIATIONS}, and a short word that abbreviates one
     * word of the database's own names ({@code vocabulary}, singular: "cust" of customer, "dept" of department), as
     * {@link Lexicon#abbreviationOf} reads it (never a word WordNet knows, never two candidates).
     */
    static List<String> expanded(List<String> words, Set<String> vocabulary) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            String full = ABBREVIATIONS.get(w);
            if (full == null && !vocabulary.isEmpty() && w.length() >= dev.almanac.reading.Lexicon.ABBREVIATION_MIN_LETTERS
                    && w.length() <= dev.almanac.reading.Lexicon.ABBREVIATION_MAX_LETTERS) {
                List<String> others = vocabulary.stream().filter(v -> !v.equals(w)).toList(); // "dept" is a name of the database too
                full = dev.almanac.reading.Lexicon.english().abbreviationOf(w, others).orElse(null);
            }
            out.addAll(List.of((full == null ? w : full).split(" ")));
        }
        return out;
    }

    /**
     * The words of a database's names, in the singular, that an abbreviation in them may stand for: four letters or more, and
     * English words (WordNet knows them: "cust" of cust_id is not one).
     */
    static Set<String> vocabulary(java.util.Collection<String> identifiers) {
        Set<String> out = new java.util.HashSet<>();
        dev.almanac.reading.Lexicon english = dev.almanac.reading.Lexicon.english();
        for (String id : identifiers) {
            for (String w : split(id)) if (w.length() >= 4 && w.chars().allMatch(Character::isLetter) && english.knows(w)) out.add(singular(w));
        }
        return Set.copyOf(out);
    }

    /** A label people read: the words spelled out, the first capitalised ("Song name", "Date of birth"). */
    static String label(String identifier) {
        return label(identifier, Set.of());
    }

    /** A label people read, abbreviations of the database's own words spelled out too. */
    static String label(String identifier, Set<String> vocabulary) {
        String text = String.join(" ", expanded(split(identifier), vocabulary));
        if (text.isEmpty()) return identifier;
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * Words a schema adds to a table's name for the kind of table it is, not for the things its rows are: "cars_data",
     * "model_list", "ref_template_types", "dim_customers". The things are what questions name ("how many cars").
     */
    private static final Set<String> CONTAINER_SUFFIXES = Set.of("data", "list", "info", "information", "details", "records", "table", "tbl", "master", "lookup");
    private static final Set<String> CONTAINER_PREFIXES = Set.of("ref", "tbl", "lu", "dim", "fct", "fact", "stg", "lkp");

    /** A table's label without its container words ("Cars data" -> "Cars"), or the label itself when it has none or is only one. */
    static String withoutContainer(String label) {
        List<String> words = new ArrayList<>(List.of(label.split(" ")));
        if (words.size() > 1 && CONTAINER_SUFFIXES.contains(words.get(words.size() - 1).toLowerCase(Locale.ROOT))) words.remove(words.size() - 1);
        if (words.size() > 1 && CONTAINER_PREFIXES.contains(words.get(0).toLowerCase(Locale.ROOT))) words.remove(0);
        String core = String.join(" ", words);
        return core.equalsIgnoreCase(label) ? label : Character.toUpperCase(core.charAt(0)) + core.substring(1);
    }

    /** Units and scales a column's name ends with ("net_worth_millions", "sales_in_billion", "weight_kg"): not what is asked about. */
    private static final Set<String> UNITS = Set.of("million", "millions", "billion", "billions", "thousand", "thousands", "usd", "dollars", "eur", "euros",
            "gbp", "percent", "pct", "kg", "kgs", "km", "cm", "mm", "lbs");

    /** A column's words without the unit its name ends with ("net worth millions" -> "net worth"), or the words as they are. */
    static String withoutUnit(String phrase) {
        List<String> words = new ArrayList<>(List.of(phrase.split(" ")));
        if (words.size() < 2 || !UNITS.contains(words.get(words.size() - 1).toLowerCase(Locale.ROOT))) return phrase;
        words.remove(words.size() - 1);
        if (words.size() > 1 && words.get(words.size() - 1).equalsIgnoreCase("in")) words.remove(words.size() - 1);
        return String.join(" ", words);
    }

    /** The other ways to write an identifier's words: as written when an abbreviation was spelled out in the label, and so on. */
    static Set<String> synonyms(String identifier) {
        return synonyms(identifier, Set.of());
    }

    static Set<String> synonyms(String identifier, Set<String> vocabulary) {
        Set<String> out = new LinkedHashSet<>();
        List<String> words = split(identifier);
        String plain = String.join(" ", words);
        String spelled = String.join(" ", expanded(words, vocabulary));
        if (!plain.equals(spelled) && !words.contains("id")) out.add(plain);
        out.remove(spelled);
        return out;
    }

    static String plural(String noun) {
        String n = noun.toLowerCase(Locale.ROOT);
        if (IRREGULAR_PLURALS.containsKey(n)) return IRREGULAR_PLURALS.get(n);
        if (IRREGULAR_PLURALS.containsValue(n)) return n;
        if (n.endsWith("s") || n.endsWith("x") || n.endsWith("z") || n.endsWith("ch") || n.endsWith("sh")) {
            return n.endsWith("ss") || n.endsWith("x") || n.endsWith("z") || n.endsWith("ch") || n.endsWith("sh") ? n + "es" : n;
        }
        if (n.endsWith("y") && n.length() > 1 && "aeiou".indexOf(n.charAt(n.length() - 2)) < 0) return n.substring(0, n.length() - 1) + "ies";
        if (n.endsWith("lf")) return n.substring(0, n.length() - 1) + "ves";
        return n + "s";
    }

    static String singular(String noun) {
        String n = noun.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : IRREGULAR_PLURALS.entrySet()) if (e.getValue().equals(n)) return e.getKey();
        if (n.endsWith("ies") && n.length() > 4) return n.substring(0, n.length() - 3) + "y";
        if (n.endsWith("lves")) return n.substring(0, n.length() - 3) + "f";
        if (n.endsWith("sses") || n.endsWith("xes") || n.endsWith("ches") || n.endsWith("shes") || n.endsWith("zes")) return n.substring(0, n.length() - 2);
        if (n.endsWith("s") && !n.endsWith("ss") && !n.endsWith("us") && !n.endsWith("is") && n.length() > 3) return n.substring(0, n.length() - 1);
        return n;
    }

    private static final Set<String> PREPOSITIONS = Set.of("in", "of", "for", "at", "on", "by", "to", "with", "per", "from");

    /** A phrase with its head noun in the singular ("concert halls" -> "concert hall", "singers in concert" -> "singer in concert"). */
    static String singularPhrase(String phrase) {
        return headed(phrase, Words::singular);
    }

    /** A phrase with its head noun in the plural ("singer in concert" -> "singers in concert"). */
    static String pluralPhrase(String phrase) {
        return headed(phrase, Words::plural);
    }

    /** The phrase with its head changed: the last word before a preposition, else the last word. */
    private static String headed(String phrase, java.util.function.UnaryOperator<String> change) {
        List<String> words = new ArrayList<>(List.of(phrase.split(" ")));
        int head = words.size() - 1;
        for (int i = 1; i < words.size() - 1; i++) {
            if (PREPOSITIONS.contains(words.get(i))) {
                head = i - 1;
                break;
            }
        }
        words.set(head, change.apply(words.get(head)));
        return String.join(" ", words);
    }
}
