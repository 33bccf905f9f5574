package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.LearningRow;
import io.javalin.http.Context;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Curating: knowledge items per kind (read, create or replace, delete, re-import), the learnings
 * review queue (deactivate, promote) and the golden questions. Every change goes through the
 * project's {@link KnowledgeEditor}, so the files stay the source of truth and an invalid change
 * answers 422 with every problem and changes nothing.
 */
final class KnowledgeApi {
    private final ServerContext ctx;

    KnowledgeApi(ServerContext ctx) {
        this.ctx = ctx;
    }

    void register(Routes routes) {
        routes.add("GET", "/api/knowledge/{kind}", "viewer", "Knowledge items of a kind: tables, metrics, queries, rules, golden, semantic",
                c -> c.json(items(ctx.knowledge().get(), KnowledgeEditor.kind(c.pathParam("kind")))));
        routes.add("GET", "/api/knowledge/{kind}/{name}", "viewer", "One knowledge item, with the file it lives in", this::item);
        routes.add("PUT", "/api/knowledge/{kind}/{name}", "editor", "Create or replace an item; validated with the whole folder, then written and imported",
                c -> edited(c, ctx.curation().editor().put(KnowledgeEditor.kind(c.pathParam("kind")), c.pathParam("name"), Requests.body(c))));
        routes.add("DELETE", "/api/knowledge/{kind}/{name}", "editor", "Remove an item; validated, then written and imported",
                c -> edited(c, ctx.curation().editor().delete(KnowledgeEditor.kind(c.pathParam("kind")), c.pathParam("name"))));
        routes.add("POST", "/api/knowledge/import", "editor", "Import the project's knowledge folder as it is on disk (all-or-nothing)", this::reimport);
        routes.add("GET", "/api/learnings", "viewer", "Learnings, most trusted first (the review queue)", c -> c.json(ctx.learnings().all(ctx.project())));
        routes.add("POST", "/api/learnings/{id}/deactivate", "editor", "Stop using a learning", this::deactivate);
        routes.add("POST", "/api/learnings/{id}/promote", "editor", "Promote a learning to a rule or verified query; body {as: rule|query}", this::promote);
        routes.add("GET", "/api/golden", "viewer", "The golden questions", c -> c.json(ctx.knowledge().get().golden()));
    }

    private static List<?> items(KnowledgeSet k, KnowledgeSet.Kind kind) {
        return switch (kind) {
            case TABLE -> k.tables();
            case METRIC -> k.metrics();
            case QUERY -> k.queries();
            case RULE -> k.rules();
            case GOLDEN -> k.golden();
            case SEMANTIC -> k.semantic();
        };
    }

    private void item(Context c) {
        KnowledgeSet.Kind kind = KnowledgeEditor.kind(c.pathParam("kind"));
        String name = c.pathParam("name");
        KnowledgeSet k = ctx.knowledge().get();
        Object item = items(k, kind).stream().filter(i -> KnowledgeEditor.nameOf(i).equals(name)).findFirst()
                .orElseThrow(() -> new ApiError(404, "not_found", "no " + c.pathParam("kind") + " item '" + name + "'"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("item", KnowledgeEditor.toJson(item));
        m.put("file", k.files().get(KnowledgeSet.key(kind, name)));
        c.json(m);
    }

    private void reimport(Context c) {
        Requests.optionalBody(c, Map.of());
        KnowledgeEditor.Result r = ctx.curation().editor().reimport();
        ctx.curation().changed().run();
        if (!r.ok()) throw invalid(r);
        c.json(Map.of("imported", ctx.knowledge().get().size()));
    }

    /** Answers an edit: the item and its file, or 422 with every problem (file, line, message); nothing changed then. */
    private void edited(Context c, KnowledgeEditor.Result r) {
        if (!r.ok()) throw invalid(r);
        ctx.curation().changed().run();
        c.json(Map.of("kind", KnowledgeEditor.kind(c.pathParam("kind")).name().toLowerCase(Locale.ROOT), "name", c.pathParam("name"), "file", r.file()));
    }

    private static ApiError invalid(KnowledgeEditor.Result r) {
        List<Map<String, Object>> problems = r.problems().stream().map(p -> Map.<String, Object>of("file", p.file(), "line", p.line(),
                "message", p.message())).toList();
        return new ApiError(422, "invalid_knowledge", "nothing changed: " + r.problems().size() + " problem(s); first: " + r.problems().get(0), problems);
    }

    private LearningRow learning(String id) {
        return ctx.learnings().all(ctx.project()).stream().filter(l -> l.id().equals(id)).findFirst()
                .orElseThrow(() -> new ApiError(404, "unknown_learning", "no learning " + id));
    }

    private void deactivate(Context c) {
        Requests.optionalBody(c, Map.of());
        LearningRow l = learning(c.pathParam("id"));
        ctx.learnings().setActive(l.id(), false);
        c.json(Map.of("id", l.id(), "active", false));
    }

    private void promote(Context c) {
        JsonNode body = Requests.optionalBody(c, java.util.Map.of("as", Requests.Kind.TEXT));
        LearningRow l = learning(c.pathParam("id"));
        String as = body.path("as").asText("rule");
        if (!as.equals("rule") && !as.equals("query")) throw new ApiError(400, "bad_request", "as must be rule or query");
        KnowledgeEditor.Promoted p = KnowledgeEditor.promotion(l, as.equals("rule") ? KnowledgeSet.Kind.RULE : KnowledgeSet.Kind.QUERY,
                Routes.user(c).name() + " (web review)", LocalDate.now(ctx.clock()));
        KnowledgeEditor.Result r = ctx.curation().editor().put(p.kind(), p.name(), p.item());
        if (!r.ok()) throw invalid(r);
        ctx.curation().changed().run();
        ctx.learnings().setActive(l.id(), false);
        c.json(Map.of("id", l.id(), "active", false, "kind", as, "name", p.name(), "file", r.file()));
    }
}
