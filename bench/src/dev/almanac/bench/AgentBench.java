package dev.almanac.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.agent.Agent;
import dev.almanac.agent.AgentSettings;
import dev.almanac.agent.Answer;
import dev.almanac.demo.DemoProject;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeRetriever;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableChoice;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.quality.TimeframeParser;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.ChatMessages;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.ModelReply;
import dev.almanac.llm.ToolCall;
import dev.almanac.llm.ToolSpec;
import dev.almanac.llm.TokenUsage;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.CatalogRenderer;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.AppStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's own cost per question, outside the model: with a zero-latency scripted model (explore,
 * submit, critique, grade), everything else — clarify, selection, retrieval, verified matching, guard,
 * execution, template, checks, persistence, logging — is what the latency measures. Also the prompt
 * size with the selected tables against the same prompt with the whole schema.
 */
public final class AgentBench {
    /** A table as the agent's prompt renders a selected table. */
    private static String rendered(Catalog.Table tb, KnowledgeSet knowledge) {
        return knowledge.note(tb.name()).map(n -> CatalogRenderer.render(tb, n.description() != null ? n.description() : tb.comment(), n.dataQualityNotes(),
                n.columnNotes())).orElseGet(() -> CatalogRenderer.render(tb));
    }

    public static void main(String[] args) throws Exception {
        String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        DemoProject.init(dir, 1, false, System.err);
        KnowledgeSet knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        Path work = Files.createTempDirectory("almanac-agent-bench");
        Project project = new Project("Agent bench", work, "data/demo.duckdb", work.resolve("knowledge"), false);
        AppStore store = AppStore.sqlite(work.resolve("almanac.db"));
        // the stand-in model answers each golden question with its expected SQL (a model that gets it right), exploring
        // first (inspect_schema) only when its first prompt lacks a table that SQL reads, as a model does when the
        // prompt already carries the tables it needs; it passes every review it is asked for
        java.util.Map<String, GoldenQuery> golden = new java.util.HashMap<>();
        for (GoldenQuery g : knowledge.golden()) golden.put(g.question(), g);
        ObjectMapper json = new ObjectMapper();
        List<Integer> promptTokens = new ArrayList<>();
        int[] explored = {0};
        try (Source source = Sources.openFile(dir.resolve("data/demo.duckdb")); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            Catalog catalog = new CatalogIntrospector().introspect(source);
            TableSelector selector = new TableSelector(catalog, knowledge, guard::tablesOf,
                    MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
            // the tables each golden SQL reads, found before the timing and by a guard of the stand-in's own (the agent's
            // guard keeps the verdicts it read last: it must not find the model's statements read already)
            java.util.Map<String, java.util.Set<String>> goldTables = new java.util.HashMap<>();
            try (Guard own = new Guard()) {
                for (GoldenQuery g : knowledge.golden()) if (g.expectedSql() != null) goldTables.put(g.expectedSql(), own.tablesOf(g.expectedSql()));
            }
            LanguageModel counting = new LanguageModel(0, java.time.Duration.ZERO) {
                @Override
                public String name() {
                    return "bench";
                }

                @Override
                protected ModelReply doChat(List<ChatMessage> messages, List<ToolSpec> tools) {
                    int prompt = messages.stream().mapToInt(m -> (ChatMessages.text(m).length() + 3) / 4).sum()
                            + tools.stream().mapToInt(t -> (t.name().length() + t.description().length() + t.parameters().toString().length() + 3) / 4).sum();
                    if (tools.isEmpty()) return new ModelReply("PASS", List.of(), new TokenUsage(1, prompt, 1));
                    String asked = ChatMessages.text(messages.get(1)).replaceFirst(" (#\\d+|\\(warm-up \\d+\\))$", "");
                    GoldenQuery g = golden.get(asked);
                    String sql = g == null || g.expectedSql() == null ? "SELECT count(*) AS orders FROM orders" : g.expectedSql();
                    try {
                        if (messages.size() == 2) {
                            promptTokens.add(prompt);
                            String system = ChatMessages.text(messages.get(0));
                            // a table is there with its columns, in full or by its columns' names (a table the selected ones refer to);
                            // a question the data cannot answer (no golden SQL) has no table to look for: its order count is submitted at once
                            List<String> missing = g == null || g.expectedSql() == null ? List.of()
                                    : goldTables.get(sql).stream().filter(t -> !system.contains("TABLE " + t + " -- ") && !system.contains("TABLE " + t + " (")).toList();
                            if (!missing.isEmpty()) {
                                explored[0]++;
                                return new ModelReply(null, List.of(new ToolCall("call-1", "inspect_schema", json.writeValueAsString(java.util.Map.of("tables", missing)))),
                                        new TokenUsage(1, prompt, 20));
                            }
                        }
                        String args = json.writeValueAsString(java.util.Map.of("queries", List.of(java.util.Map.of("name", "q", "sql", sql)),
                                "template", "{q.row_count} rows."));
                        return new ModelReply(null, List.of(new ToolCall("call-" + messages.size(), "submit_result", args)), new TokenUsage(1, prompt, 20));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            };
            Agent agent = new Agent(new Agent.Context(project, catalog, knowledge, executor, selector, MiniLmEmbedder.get(), new LearningStore(store),
                    new ThreadStore(store), counting, AgentSettings.DEFAULT, LocalDate.of(2026, 11, 22), null, work.resolve("agent.jsonl")));
            List<String> questions = new ArrayList<>();
            for (GoldenQuery g : knowledge.golden()) questions.add(g.question());
            for (int w = 0; w < 20; w++) agent.ask(questions.get(w % questions.size()) + " (warm-up " + w + ")", null);
            explored[0] = 0;
            List<Long> loop = new ArrayList<>();
            List<Long> verified = new ArrayList<>();
            List<Integer> loopCalls = new ArrayList<>();
            java.util.Map<Integer, Integer> histogram = new java.util.TreeMap<>();
            int rounds = 3;
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < questions.size(); i++) {
                    Answer a = agent.ask(questions.get(i) + " #" + r, null);
                    (a.verified() ? verified : loop).add(a.latencyMs() * 1000 + 0L);
                    if (!a.verified() && a.usage().llmCalls() > 0) { // not a question back or a refusal before the model
                        loopCalls.add(a.usage().llmCalls());
                        histogram.merge(a.usage().llmCalls(), 1, Integer::sum);
                    }
                }
            }
            long[] loopArr = loop.stream().mapToLong(Long::longValue).map(v -> v * 1000).toArray();
            long[] verArr = verified.stream().mapToLong(Long::longValue).map(v -> v * 1000).toArray();

            // prompt size: selected tables against the whole schema, same knowledge block
            // every table as the prompt renders a selected one: with its note (description, warnings, column notes) when it has one
            double fullSchema = catalog.tables().stream().mapToInt(tb -> rendered(tb, knowledge).length()).sum() / 4.0;
            TimeframeParser periods = new TimeframeParser(LocalDate.of(2026, 11, 22)); // the agent embeds the question without its period
            double selectedSum = 0;
            double blockSum = 0;
            for (String q : questions) {
                List<String> tables = selector.select(q, periods.withoutPeriods(q), 5).stream().map(TableChoice::table).toList();
                StringBuilder s = new StringBuilder();
                for (String t : tables) catalog.table(t).ifPresent(tb -> s.append(rendered(tb, knowledge)));
                selectedSum += s.length() / 4.0;
                blockSum += new KnowledgeRetriever(knowledge, List.of(), MiniLmEmbedder.get()).retrieve(q, tables).render().length() / 4.0;
            }
            double selected = selectedSum / questions.size();
            double block = blockSum / questions.size();
            double measured = promptTokens.stream().mapToInt(Integer::intValue).average().orElse(0);
            double withWholeSchema = measured - selected + fullSchema;
            String body = """
                    `bench/run AgentBench`: %d questions (the demo's golden questions, %d rounds, new text each time) through the whole flow
                    with a zero-latency stand-in model, on the scale-1 demo with a SQLite app store. The model answers each question
                    with its golden SQL (a model that gets it right; an order count for the 15 questions the data cannot answer,
                    which have none) and passes every review it is asked for; it explores first
                    (inspect_schema of the missing tables) only when its first prompt lacks a table that SQL reads, as a model does
                    when the prompt already carries the tables it needs (it explored for %d of the %d questions it answered, questions back and refusals before the model left out). The latency
                    is the agent's own work: clarify, table selection (with the question's embedding), retrieval, verified matching,
                    guard and execution of the submitted query, template, deterministic checks (with the canonical metric's own query
                    when the question names one), the plain-English explanation, the timeliness pass (its own query), persistence of the
                    turn and its DQ log, and the iteration log.

                    | path | questions | p50 (ms) | p99 (ms) |
                    |---|---:|---:|---:|
                    | tool loop (stand-in model) | %d | %.1f | %.1f |
                    | verified answer (no model) | %d | %.1f | %.1f |

                    Target: under 20 ms p50 outside the model (issue 29). Load average when this run started: %s on 2 shared
                    cores; the p50 moves with the machine's load: 33 to 48 ms in runs of the same code at a load of 7 to 13 the same day.

                    Model calls per question the model answers: %.2f (an exploring step only when a table is missing, the submit, and
                    one review, critique and grade together, only when the deterministic checks leave doubt; the same answer sent
                    again after a failed review ends the turn); over all %d questions, verified answers included: %.2f. Answers by
                    model calls: %s.

                    Issue 29 measured, before (same bench, same day, same machine load: a critique and a grade call after each
                    submit, the whole knowledge block in the prompt): tool loop p50 108 ms (p99 415), verified answers p50 59 ms;
                    3.91 model calls per question the model answers (3.47 over all); first prompt 2452 tokens, 33%% of the
                    prompt with the whole schema. Issue 4 measured 48 ms p50 for the tool loop on 2026-11-22.
                    Then, after the first changes of issue 29 and with the earlier script (a model that always explored once with
                    run_sql and submitted the same order count for every question): tool loop p50 40 ms (p99 246), 3.28 model calls
                    per question the model answers, first prompt 2228 tokens (540 of them the 9 tool specifications), 31%% of the
                    prompt with the whole schema. The script changed to the one above because a model that always explores and always
                    answers the same wrong query is neither what the calls nor what the checks meet in use: the checks could never
                    confirm an answer, and the exploring step was there whatever the prompt held.

                    Prompt size (tokens ≈ characters / 4) of the first model call, averaged over the questions:

                    | prompt | tokens |
                    |---|---:|
                    | measured: instructions + tools (their specifications) + 5 selected tables with their notes + the tables a query may need by their columns + knowledge + question | %.0f |
                    | of which the 5 selected tables | %.0f |
                    | the knowledge retrieved, in full (the prompt carries what the question needs of it) | %.0f |
                    | the whole schema (58 tables, each with its note as the prompt renders it) in place of the selected tables | %.0f |

                    Selected schema / whole schema: %.0f%%. Whole prompt / prompt with the whole schema: %.1f%%. Target: at most 25%%.
                    A table counts as in the prompt when it is there in full or by its columns' names (the tables a selected one refers
                    to, and those the SQL shown reads). The tools are counted by their specifications' length (6 tools in the first
                    call, about 465 tokens; earlier runs counted 60 tokens a tool), and the whole schema is rendered as the prompt
                    renders a selected table, with its note (earlier runs rendered it without the notes): before those two changes
                    of the measure, the same prompt without the tables by their columns measured 25.0%% (1685 tokens).
                    """.formatted(loop.size() + verified.size(), rounds, explored[0], loopCalls.size(), loop.size(), Report.quantileMicros(loopArr, 0.5) / 1000,
                    Report.quantileMicros(loopArr, 0.99) / 1000, verified.size(), verArr.length == 0 ? 0 : Report.quantileMicros(verArr, 0.5) / 1000,
                    verArr.length == 0 ? 0 : Report.quantileMicros(verArr, 0.99) / 1000, load,
                    loopCalls.stream().mapToInt(Integer::intValue).average().orElse(0), loop.size() + verified.size(),
                    loopCalls.stream().mapToInt(Integer::intValue).sum() / (double) (loop.size() + verified.size()), histogram, measured, selected, block, withWholeSchema,
                    100 * selected / fullSchema, 100 * measured / withWholeSchema);
            Report.write("agent", "Agent overhead outside the model, and prompt size (issue 4)", body);
        }
    }
}
