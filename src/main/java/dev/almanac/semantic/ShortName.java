package dev.almanac.semantic;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules that give a record's attribute a shorter name than the model's, the way people call it among the records' own
 * attributes: each adds, for one dataset, phrases that name one of its dimensions, never one another rule gave first (they
 * are tried in this order). The reader uses them where the question names the records ("the ages of the pets", "the emails
 * of the professionals"), never as names of their own. Each is a named rule with the examples it must read beside it,
 * {@code "database: question => query"} over a Spider dev database's drafted model (the test {@code ShortNameTest}). No
 * rule names a model's word: they read how names are made (a table's noun before a column's, a word for a kind of value
 * after it).
 */
enum ShortName {
    /** "age" for a pet's pet_age, "name" for a section's section_name, "ids" for a template's template_id. */
    WITHOUT_RECORDS_NOUN(ShortName::withoutRecordsNoun,
            "pets_1: How many pets have an age under 3? => {'metrics':['pets_count'],'filters':[{'field':'pet_age','op':'<','values':['3']}]}",
            "cre_Doc_Template_Mgt: Show the ids of all templates. => {'group_by':[{'dimension':'templates.template_id'}],'records':'templates'}"),
    /** "cost" for a treatment's cost_of_treatment, "date" for its date_of_treatment: the name without "of" and the records' noun after it. */
    WITHOUT_OF_RECORDS(ShortName::withoutOfRecords,
            "dog_kennels: List the costs of all treatments. => {'group_by':[{'dimension':'cost_of_treatment'}],'records':'treatments'}"),
    /** "email" for email_address, "role" for role_code: the name without its last word, when that only says what kind of value it is. */
    WITHOUT_KIND_OF_VALUE(ShortName::withoutKindOfValue,
            "dog_kennels: List the emails of the professionals in Wisconsin. => {'group_by':[{'dimension':'professionals.email_address'}],'filters':[{'field':'professionals.state','op':'=','values':['Wisconsin']}],'records':'professionals'}",
            "dog_kennels: List the roles of all professionals. => {'group_by':[{'dimension':'role_code'}]}"),
    /** "area" for a country's surface_area: a name's last word, a noun no other attribute of the records has in its name. */
    HEAD_NOUN(ShortName::headNoun,
            "world_1: What is the name of the country with the largest area? => {'group_by':[{'dimension':'country.name'}],'order':[{'field':'surface_area','descending':true}],'limit':1,'ties':true,'records':'country'}"),
    /**
     * "the names of the cartoons": the attribute that names each record (a cartoon's title), or else the one of words called
     * what each record is (an orchestra's "Orchestra"), when none is called a name.
     */
    LABEL_AS_NAME(ShortName::labelAsName,
            "tvshow: List the names of all cartoons. => {'group_by':[{'dimension':'title'}],'records':'cartoon'}",
            "orchestra: Show the names of every orchestra. => {'group_by':[{'dimension':'orchestra'}],'records':'orchestra'}",
            "car_1: What are the names of all car makers? => {'group_by':[{'dimension':'full_name'}],'records':'car_makers'}");

    /** A rule: the phrases it gives a dataset's attributes, added to those given before. */
    private interface Rule {
        void add(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out);
    }

    private final Rule rule;
    private final List<String> examples;

    ShortName(Rule rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"}. */
    List<String> examples() {
        return examples;
    }

    /** The short names of a dataset's attributes, by every rule in order (a phrase keeps the first rule's attribute). */
    static Map<List<String>, Dimension> of(QuestionParser reader, Dataset ds) {
        Map<List<String>, Dimension> out = new java.util.HashMap<>();
        for (ShortName r : values()) r.rule.add(reader, ds, out);
        return out;
    }

    private static void withoutRecordsNoun(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out) {
        List<String> prefix = QuestionWords.tokens(ds.name(), true);
        for (Dimension d : reader.model.dimensionsOf(ds.name())) {
            List<String> t = QuestionWords.tokens(d.name(), true);
            if (d.time() || t.size() <= prefix.size() || !sameNoun(t.subList(0, prefix.size()), prefix)) continue;
            List<String> phrase = List.copyOf(t.subList(prefix.size(), t.size()));
            out.putIfAbsent(phrase, d);
            // "ids": a word too short for the reader to take its plural ending off
            if (ModelAttributes.isKey(ds, d) && phrase.size() == 1 && phrase.get(0).length() <= 2) out.putIfAbsent(List.of(phrase.get(0) + "s"), d);
        }
    }

    private static void withoutOfRecords(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out) {
        List<List<String>> nouns = ReaderLexicon.rowNames(ds).stream().map(x -> QuestionWords.tokens(x, true)).toList();
        for (Dimension d : reader.model.dimensionsOf(ds.name())) {
            List<String> t = QuestionWords.tokens(d.name(), true);
            int of = t.indexOf("of");
            if (of < 1 || of != t.lastIndexOf("of") || nouns.stream().noneMatch(n -> sameNoun(t.subList(of + 1, t.size()), n))) continue;
            out.putIfAbsent(List.copyOf(t.subList(0, of)), d);
        }
    }

    private static void headNoun(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out) {
        List<Dimension> own = reader.model.dimensionsOf(ds.name());
        for (Dimension d : own) {
            List<String> t = QuestionWords.tokens(d.name(), true);
            if (d.time() || t.size() < 2 || t.contains("of")) continue;
            String head = t.get(t.size() - 1);
            // never a word that says only what kind of value it is ("version number" is no "number"), nor a count's word
            if (head.length() < 3 || VALUE_KINDS.contains(head) || NOT_HEADS.contains(head)
                    || !dev.almanac.reading.Lexicon.english().partsOfSpeech(head).contains(dev.almanac.reading.PartOfSpeech.NOUN)) continue;
            boolean shared = own.stream().anyMatch(x -> x != d && (QuestionWords.tokens(x.name(), true).contains(head)
                    || x.label() != null && QuestionWords.tokens(x.label(), true).contains(head)));
            boolean records = reader.lexicon.rowWords().containsKey(List.of(head));
            if (!shared && !records) out.putIfAbsent(List.of(head), d);
        }
    }

    /** Last words that name no attribute alone: a record's name or key, and words of counting. */
    private static final Set<String> NOT_HEADS = Set.of("id", "name", "count", "total", "amount", "sum");

    /** The last words of an attribute's name that say only what kind of value it holds ("email_address", "role_code"). */
    private static final Set<String> VALUE_KINDS = Set.of("address", "code", "number", "num", "no");

    private static void withoutKindOfValue(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out) {
        List<Dimension> own = reader.model.dimensionsOf(ds.name());
        for (Dimension d : own) {
            List<String> t = QuestionWords.tokens(d.name(), true);
            if (d.time() || t.size() < 2 || !VALUE_KINDS.contains(t.get(t.size() - 1))) continue;
            List<String> phrase = List.copyOf(t.subList(0, t.size() - 1));
            // never the name of another of the records' attributes, nor of records ("contestant" of contestant_number)
            boolean other = own.stream().anyMatch(x -> x != d && (QuestionWords.tokens(x.name(), true).equals(phrase)
                    || QuestionWords.tokens(x.displayName(), true).equals(phrase)));
            boolean records = reader.lexicon.rowWords().containsKey(phrase) || reader.lexicon.rowWords().containsKey(phrase.stream().map(QuestionWords::singular).toList());
            if (!other && !records) out.putIfAbsent(phrase, d);
        }
    }

    private static void labelAsName(QuestionParser reader, Dataset ds, Map<List<String>, Dimension> out) {
        List<Dimension> own = reader.model.dimensionsOf(ds.name());
        List<Dimension> labels = own.stream().filter(Dimension::labelsEntity).toList();
        // none: a column called what each record is, of words (an orchestra's "Orchestra"), names it
        if (labels.isEmpty()) labels = own.stream().filter(d -> (d.kind() == Dimension.Kind.TEXT || d.kind() == Dimension.Kind.CATEGORICAL)
                && ModelAttributes.calledAfterRecords(ds, d)).toList();
        if (labels.size() != 1) return;
        Dimension label = labels.get(0);
        // another attribute called a name ("first_name" beside "last_name") leaves "name" unsaid; the label's own name may say
        // it ("full_name" names each maker, beside a "maker" of words)
        boolean nameCalled = own.stream().anyMatch(d -> d != label && QuestionWords.tokens(d.name(), true).contains("name"))
                || QuestionWords.tokens(label.name(), true).equals(List.of("name"));
        if (!nameCalled) out.putIfAbsent(List.of("name"), label);
    }

    /** Whether two names are one noun's, whatever the number of their last words ("pet" of a table called "pets"). */
    private static boolean sameNoun(List<String> a, List<String> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).equals(b.get(i)) && (i < a.size() - 1 || !QuestionWords.singular(a.get(i)).equals(QuestionWords.singular(b.get(i))))) return false;
        }
        return true;
    }
}
