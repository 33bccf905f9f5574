package dev.almanac.store;

import dev.almanac.UserError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Eval runs and their per-question results. Each result is committed as soon as it is known.
 *
 * <p>A project has one running run at a time, whoever started it (a server, another server sharing the store, the
 * command line): starting a run claims it in the store (a unique index over running runs), so that of two starts only
 * one succeeds. The owner (host and process) beats while the run goes on; a run whose owner is gone (its process on
 * this host, or no beat for {@link #STALE_AFTER_MS}) is marked incomplete, which frees the claim.
 */
public final class EvalStore {
    /** How often a running run beats. */
    public static final long BEAT_MS = 15_000;
    /** A run that has not beaten for this long is taken to have lost its owner. */
    public static final long STALE_AFTER_MS = 120_000;
    private static final String HOST = host();

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

    /** Thrown when another run of the project is still running: one run at a time, across every server sharing the store. */
    public static final class RunInProgress extends UserError {
        RunInProgress(String message) {
            super(message);
        }
    }

    /** Records the run as the project's running run; refused with {@link RunInProgress} while another one runs. */
    public void start(Project project, String id, String model, String filters, String snapshot, int selected) {
        store.inTransaction(c -> {
            String key = KnowledgeStore.upsertProject(c, project, store.now());
            for (String stale : stale(c, key)) finish(c, stale, "incomplete", store.now());
            int claimed;
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO eval_runs (id, project, started_at, status, model, filters, knowledge_snapshot, selected, total, passed, owner_pid,
                      owner_host, heartbeat_ms)
                    VALUES (?, ?, ?, 'running', ?, ?, ?, ?, 0, 0, ?, ?, ?)
                    ON CONFLICT (project) WHERE status = 'running' DO NOTHING""")) {
                ps.setString(1, id);
                ps.setString(2, key);
                ps.setString(3, store.now());
                ps.setString(4, model);
                ps.setString(5, filters);
                ps.setString(6, snapshot);
                ps.setInt(7, selected);
                ps.setLong(8, ProcessHandle.current().pid());
                ps.setString(9, HOST);
                ps.setLong(10, System.currentTimeMillis());
                claimed = ps.executeUpdate();
            }
            if (claimed == 0) throw running(c, key);
            return null;
        });
    }

    private static RunInProgress running(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id, started_at, owner_host FROM eval_runs WHERE project = ? AND status = 'running'")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return new RunInProgress("another eval run of this project started just now; wait for it to finish");
                return new RunInProgress("eval run " + rs.getString(1) + " is still running (started " + rs.getString(2) + " on "
                        + rs.getString(3) + "): one run at a time per project; wait for it to finish");
            }
        }
    }

    /** The running runs of the project whose owner is gone: its process on this host has ended, or it stopped beating. */
    private static List<String> stale(Connection c, String key) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, owner_host, owner_pid, heartbeat_ms FROM eval_runs WHERE project = ? AND status = 'running'")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long pid = rs.getLong(3);
                    boolean gone = HOST.equals(rs.getString(2)) && pid != ProcessHandle.current().pid()
                            && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                    if (gone || rs.getLong(4) < System.currentTimeMillis() - STALE_AFTER_MS) ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** Tells the store that the run's owner is still at work (done every {@link #BEAT_MS} while it runs). */
    public void beat(String id) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE eval_runs SET heartbeat_ms = ? WHERE id = ? AND status = 'running'")) {
                ps.setLong(1, System.currentTimeMillis());
                ps.setString(2, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** This host's name, as the owner of the runs it starts (a process id means something only on its own host). */
    private static String host() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) return env.strip();
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown host";
        }
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
            try (PreparedStatement ps = c.prepareStatement("UPDATE eval_runs SET total = total + 1, passed = passed + ?, heartbeat_ms = ? WHERE id = ?")) {
                ps.setInt(1, r.passed() ? 1 : 0);
                ps.setLong(2, System.currentTimeMillis());
                ps.setString(3, r.runId());
                ps.executeUpdate();
            }
            return null;
        });
    }

    public void finish(String id, String status) {
        store.inTransaction(c -> {
            finish(c, id, status, store.now());
            return null;
        });
    }

    private static void finish(Connection c, String id, String status, String now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE eval_runs SET status = ?, finished_at = ? WHERE id = ?")) {
            ps.setString(1, status);
            ps.setString(2, now);
            ps.setString(3, id);
            ps.executeUpdate();
        }
    }

    /** The project's runs, newest first; a running run whose owner is gone is marked incomplete on the way. */
    public List<RunRow> runs(Project project) {
        List<String> stale = store.read(c -> stale(c, KnowledgeStore.key(c, project)));
        stale.forEach(id -> finish(id, "incomplete"));
        return store.read(c -> {
            List<RunRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT id, started_at, finished_at, status, model, filters, knowledge_snapshot, selected, total, passed
                    FROM eval_runs WHERE project = ? ORDER BY started_at DESC, id""")) {
                ps.setString(1, KnowledgeStore.key(c, project));
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
