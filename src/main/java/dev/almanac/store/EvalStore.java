package dev.almanac.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Eval runs and their per-question results. Each result is committed as soon as it is known. */
public final class EvalStore {
    private final AppStore store;

    public EvalStore(AppStore store) {
        this.store = store;
    }

    public record RunRow(String id, String startedAt, String finishedAt, String status, String model, String filters,
                         String knowledgeSnapshot, int selected, int total, int passed) {
        public double accuracy() {
            return total == 0 ? 0 : (double) passed / total;
        }
    }

    public record ResultRow(String runId, String goldenId, String question, String difficulty, List<String> tags, boolean passed, String reason,
                            String expectedJson, String actualJson, String sql, String error, long latencyMs, int promptTokens,
                            int completionTokens, String confidence) {}

    public void start(Project project, String id, String model, String filters, String snapshot, int selected) {
        store.inTransaction(c -> {
            KnowledgeStore.upsertProject(c, project, KnowledgeStore.slug(project));
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO eval_runs (id, project, started_at, status, model, filters, knowledge_snapshot, selected, total, passed, owner_pid)
                    VALUES (?, ?, ?, 'running', ?, ?, ?, ?, 0, 0, ?)""")) {
                ps.setString(1, id);
                ps.setString(2, KnowledgeStore.slug(project));
                ps.setString(3, AppStore.now());
                ps.setString(4, model);
                ps.setString(5, filters);
                ps.setString(6, snapshot);
                ps.setInt(7, selected);
                ps.setLong(8, ProcessHandle.current().pid());
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Records one result and moves the run's totals, in one transaction. */
    public void add(ResultRow r) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO eval_results (run_id, golden_id, question, difficulty, tags, passed, reason, expected_json, actual_json, sql_text,
                      error, latency_ms, prompt_tokens, completion_tokens, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, r.runId());
                ps.setString(2, r.goldenId());
                ps.setString(3, r.question());
                ps.setString(4, r.difficulty());
                ps.setString(5, String.join(",", r.tags()));
                ps.setInt(6, r.passed() ? 1 : 0);
                ps.setString(7, r.reason());
                ps.setString(8, r.expectedJson());
                ps.setString(9, r.actualJson());
                ps.setString(10, r.sql());
                ps.setString(11, r.error());
                ps.setLong(12, r.latencyMs());
                ps.setInt(13, r.promptTokens());
                ps.setInt(14, r.completionTokens());
                ps.setString(15, r.confidence());
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE eval_runs SET total = total + 1, passed = passed + ? WHERE id = ?")) {
                ps.setInt(1, r.passed() ? 1 : 0);
                ps.setString(2, r.runId());
                ps.executeUpdate();
            }
            return null;
        });
    }

    public void finish(String id, String status) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE eval_runs SET status = ?, finished_at = ? WHERE id = ?")) {
                ps.setString(1, status);
                ps.setString(2, AppStore.now());
                ps.setString(3, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** The project's runs, newest first; a run whose process is gone is marked incomplete on the way. */
    public List<RunRow> runs(Project project) {
        List<String> stale = store.read(c -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, owner_pid FROM eval_runs WHERE project = ? AND status = 'running'")) {
                ps.setString(1, KnowledgeStore.slug(project));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long pid = rs.getLong(2);
                        if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false) ids.add(rs.getString(1));
                    }
                }
            }
            return ids;
        });
        stale.forEach(id -> finish(id, "incomplete"));
        return store.read(c -> {
            List<RunRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT id, started_at, finished_at, status, model, filters, knowledge_snapshot, selected, total, passed
                    FROM eval_runs WHERE project = ? ORDER BY started_at DESC, id""")) {
                ps.setString(1, KnowledgeStore.slug(project));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new RunRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
                                rs.getString(7), rs.getInt(8), rs.getInt(9), rs.getInt(10)));
                    }
                }
            }
            return rows;
        });
    }

    public Optional<RunRow> run(Project project, String id) {
        return runs(project).stream().filter(r -> r.id().equals(id)).findFirst();
    }

    public List<ResultRow> results(String runId) {
        return store.read(c -> {
            List<ResultRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT run_id, golden_id, question, difficulty, tags, passed, reason, expected_json, actual_json, sql_text, error, latency_ms,
                      prompt_tokens, completion_tokens, confidence FROM eval_results WHERE run_id = ? ORDER BY golden_id""")) {
                ps.setString(1, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new ResultRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                rs.getString(5).isEmpty() ? List.of() : List.of(rs.getString(5).split(",")), rs.getInt(6) == 1, rs.getString(7),
                                rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11), rs.getLong(12), rs.getInt(13), rs.getInt(14), rs.getString(15)));
                    }
                }
            }
            return rows;
        });
    }
}
