package dev.almanac.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Threads and their turns in the app store. */
public final class ThreadStore {
    private final AppStore store;

    public ThreadStore(AppStore store) {
        this.store = store;
    }

    public record ThreadRow(String id, String title, String createdAt, String updatedAt) {}

    public String create(Project project, String title) {
        String id = UUID.randomUUID().toString();
        store.inTransaction(c -> {
            String key = KnowledgeStore.upsertProject(c, project);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO threads (id, project, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")) {
                String now = AppStore.now();
                ps.setString(1, id);
                ps.setString(2, key);
                ps.setString(3, title.length() > 200 ? title.substring(0, 200) : title);
                ps.setString(4, now);
                ps.setString(5, now);
                ps.executeUpdate();
            }
            return null;
        });
        return id;
    }

    /** Whether the thread exists in this project (a thread of another project sharing the store does not count). */
    public boolean exists(Project project, String threadId) {
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM threads WHERE id = ? AND project = ?")) {
                ps.setString(1, threadId);
                ps.setString(2, KnowledgeStore.key(c, project));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /** Appends a turn at the end of its thread. */
    public TurnRow append(TurnRow turn) {
        return store.inTransaction(c -> {
            int position;
            try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(max(position), -1) + 1 FROM turns WHERE thread_id = ?")) {
                ps.setString(1, turn.threadId());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    position = rs.getInt(1);
                }
            }
            String now = AppStore.now();
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO turns (id, thread_id, position, question, kind, answer_text, answer_json, sql_text, confidence, iterations,
                      llm_calls, prompt_tokens, completion_tokens, latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, turn.id());
                ps.setString(2, turn.threadId());
                ps.setInt(3, position);
                ps.setString(4, turn.question());
                ps.setString(5, turn.kind());
                ps.setString(6, turn.answerText());
                ps.setString(7, turn.answerJson());
                ps.setString(8, turn.sql());
                ps.setString(9, turn.confidence());
                ps.setInt(10, turn.iterations());
                ps.setInt(11, turn.llmCalls());
                ps.setInt(12, turn.promptTokens());
                ps.setInt(13, turn.completionTokens());
                ps.setLong(14, turn.latencyMs());
                ps.setString(15, now);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET updated_at = ? WHERE id = ?")) {
                ps.setString(1, now);
                ps.setString(2, turn.threadId());
                ps.executeUpdate();
            }
            return new TurnRow(turn.id(), turn.threadId(), position, turn.question(), turn.kind(), turn.answerText(), turn.answerJson(), turn.sql(),
                    turn.confidence(), turn.iterations(), turn.llmCalls(), turn.promptTokens(), turn.completionTokens(), turn.latencyMs());
        });
    }

    /** A data-quality log row of a turn. */
    public record DqLogRow(String turnId, String threadId, String status, String indicators, String usedTables, String mainSql, String dqSql) {}

    public void logDq(DqLogRow row) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO dq_logs (turn_id, thread_id, status, indicators, used_tables, main_sql, dq_sql, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, row.turnId());
                ps.setString(2, row.threadId());
                ps.setString(3, row.status());
                ps.setString(4, row.indicators());
                ps.setString(5, row.usedTables());
                ps.setString(6, row.mainSql());
                ps.setString(7, row.dqSql());
                ps.setString(8, AppStore.now());
                ps.executeUpdate();
            }
            return null;
        });
    }

    public List<DqLogRow> dqLogs(String threadId) {
        return store.read(c -> {
            List<DqLogRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT d.turn_id, d.thread_id, d.status, d.indicators, d.used_tables, d.main_sql, d.dq_sql
                    FROM dq_logs d JOIN turns t ON t.id = d.turn_id WHERE d.thread_id = ? ORDER BY t.position""")) {
                ps.setString(1, threadId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(new DqLogRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7)));
                }
            }
            return rows;
        });
    }

    public List<TurnRow> turns(String threadId) {
        return store.read(c -> {
            List<TurnRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT id, thread_id, position, question, kind, answer_text, answer_json, sql_text, confidence, iterations, llm_calls,
                      prompt_tokens, completion_tokens, latency_ms FROM turns WHERE thread_id = ? ORDER BY position""")) {
                ps.setString(1, threadId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new TurnRow(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4), rs.getString(5), rs.getString(6),
                                rs.getString(7), rs.getString(8), rs.getString(9), rs.getInt(10), rs.getInt(11), rs.getInt(12), rs.getInt(13), rs.getLong(14)));
                    }
                }
            }
            return rows;
        });
    }

    public List<ThreadRow> threads(Project project) {
        return threads(project, Integer.MAX_VALUE);
    }

    /** The project's threads, most recently active first, at most {@code limit}. */
    public List<ThreadRow> threads(Project project, int limit) {
        return store.read(c -> {
            List<ThreadRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, title, created_at, updated_at FROM threads WHERE project = ? ORDER BY updated_at DESC, id")) {
                ps.setString(1, KnowledgeStore.key(c, project));
                ps.setMaxRows(limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(new ThreadRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
            return rows;
        });
    }

    public Optional<TurnRow> last(String threadId) {
        List<TurnRow> all = turns(threadId);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }
}
