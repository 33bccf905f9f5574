package dev.almanac.knowledge;

import dev.almanac.source.Dialect;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Binds {@code $name} parameters of knowledge SQL to literal values. */
public final class SqlParameters {
    private static final Pattern PARAMETER = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");

    private SqlParameters() {}

    /** The parameter names a statement uses, in order of first use. */
    public static Set<String> used(String sql) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PARAMETER.matcher(sql);
        while (m.find()) names.add(m.group(1));
        return names;
    }

    /** The statement with every {@code $name} replaced by a quoted literal (standard SQL quoting); unknown names are left as they are. */
    public static String bind(String sql, Map<String, String> values) {
        return bind(sql, values, Dialect.TRINO);
    }

    /** The statement with every {@code $name} replaced by a string literal of the dialect; unknown names are left as they are. */
    public static String bind(String sql, Map<String, String> values, Dialect dialect) {
        Matcher m = PARAMETER.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : dialect.stringLiteral(value)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Values from the declared defaults. */
    public static Map<String, String> defaults(List<Parameter> parameters) {
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (Parameter p : parameters) if (p.defaultValue() != null) values.put(p.name(), p.defaultValue());
        return values;
    }
}
