package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A name in words, for people: "support_tickets" is "support tickets", "mrr_cents" is "MRR cents", "conversion_pct" is "conversion %". */
public final class InWords {
    /** Short words written as people write them. */
    private static final Map<String, String> ABBREVIATIONS = Map.ofEntries(Map.entry("mrr", "MRR"), Map.entry("arr", "ARR"),
            Map.entry("nps", "NPS"), Map.entry("usd", "USD"), Map.entry("eur", "EUR"), Map.entry("id", "ID"), Map.entry("pct", "%"),
            Map.entry("qty", "quantity"), Map.entry("num", "number"), Map.entry("avg", "average"), Map.entry("amt", "amount"),
            Map.entry("dau", "DAU"), Map.entry("aov", "AOV"), Map.entry("mau", "MAU"), Map.entry("sku", "SKU"), Map.entry("fx", "FX"),
            Map.entry("utm", "UTM"));

    private InWords() {}

    public static String of(String identifier) {
        String spaced = identifier.replaceAll("([a-z])([A-Z])", "$1 $2").replace('_', ' ').replace('.', ' ').strip();
        List<String> out = new ArrayList<>();
        for (String w : spaced.split("\\s+")) {
            String lower = w.toLowerCase(Locale.ROOT);
            out.add(ABBREVIATIONS.getOrDefault(lower, lower));
        }
        return String.join(" ", out);
    }

    /** The name in words with a capital first letter, as a column header: "MRR USD", "Conversion %", "Month". */
    public static String label(String identifier) {
        String w = of(identifier);
        return w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }
}
