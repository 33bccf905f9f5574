package dev.almanac.knowledge;

import dev.almanac.UserError;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names a knowledge item may be given when Almanac writes its file: 1 to 64 characters of
 * lower-case ASCII letters, digits, {@code _} and {@code -}, starting with a letter or digit, and
 * not a name Windows keeps for a device ({@code con}, {@code prn}, {@code aux}, {@code nul},
 * {@code com1}..{@code com9}, {@code lpt1}..{@code lpt9}). A table note may also be named
 * {@code schema.table}, each part following the same rule. The file is the name plus {@code .yml},
 * so two different names never share a file, not even on a file system that ignores case.
 */
public final class KnowledgeName {
    public static final int MAX_LENGTH = 64;
    public static final String RULE = "lower-case letters a-z, digits, '_' and '-', starting with a letter or digit, at most "
            + MAX_LENGTH + " characters";
    private static final Pattern PART = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Set<String> RESERVED = Set.of("con", "prn", "aux", "nul",
            "com0", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
            "lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9");
    private static final int SHOWN = 40;

    private KnowledgeName() {}

    /** Thrown when a new item's name is outside the alphabet, too long or reserved: the API answers 422. */
    public static final class Invalid extends UserError {
        public Invalid(String message) {
            super(message);
        }
    }

    /** Thrown when the file a new item would be written to already holds another item: the API answers 409. */
    public static final class Taken extends UserError {
        public Taken(String message) {
            super(message);
        }
    }

    /** Whether {@code name} may name an item of the kind. */
    public static boolean valid(KnowledgeSet.Kind kind, String name) {
        return problem(kind, name) == null;
    }

    /** Returns {@code name} when it may name an item of the kind; otherwise throws {@link Invalid} saying why. */
    public static String require(KnowledgeSet.Kind kind, String name) {
        String problem = problem(kind, name);
        if (problem != null) throw new Invalid("invalid " + noun(kind) + " name '" + shown(name) + "': " + problem);
        return name;
    }

    /** Why {@code name} cannot name an item of the kind, or null when it can. */
    public static String problem(KnowledgeSet.Kind kind, String name) {
        if (name == null || name.isEmpty()) return "a name is required (" + RULE + ")";
        if (name.length() > MAX_LENGTH) return "longer than " + MAX_LENGTH + " characters (" + name.length() + ")";
        String[] parts = kind == KnowledgeSet.Kind.TABLE ? name.split("\\.", -1) : new String[] {name};
        if (parts.length > 2) return "a table is named 'table' or 'schema.table'";
        for (String part : parts) {
            if (!PART.matcher(part).matches()) return "use " + RULE + suggestion(kind, name);
            if (RESERVED.contains(part)) return "'" + part + "' is a name Windows keeps for a device; choose another";
        }
        return null;
    }

    private static String suggestion(KnowledgeSet.Kind kind, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return !lower.equals(name) && problem(kind, lower) == null ? " (did you mean '" + lower + "'?)" : "";
    }

    private static String shown(String name) {
        if (name == null) return "";
        return name.length() <= SHOWN ? name : name.substring(0, SHOWN) + "...";
    }

    static String noun(KnowledgeSet.Kind kind) {
        return switch (kind) {
            case TABLE -> "table note";
            case METRIC -> "metric";
            case QUERY -> "verified query";
            case RULE -> "business rule";
            case GOLDEN -> "golden question";
            case SEMANTIC -> "semantic model";
        };
    }
}
