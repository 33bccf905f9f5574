package dev.almanac.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Threads and their turns in the app store. A thread knows where it was started (its {@link Origin}): the threads this
 * store creates get the origin it was made with.
 */
public final class ThreadStore {
    /** The longest title a thread keeps (the size of its column). */
    public static final int MAX_TITLE = 500;

    /** Where a thread was started: the web app, another client of the HTTP API, the command line, an eval run, an MCP client. */
    public enum Origin {
        web, api, cli, eval, mcp;

        /** The origin named, or a {@link dev.almanac.UserError} that lists the names. */
        public static Origin named(String name) {
            for (Origin o : values()) if (o.name().equals(name)) return o;
            throw new dev.almanac.UserError("unknown origin '" + name + "': one of " + String.join(", ", names()));
        }

        static List<String> names() {
            return java.util.Arrays.stream(values()).map(Origin::name).toList();
        }

        /** A stored origin; one this version does not know (a newer server sharing the store) counts as the command line's. */
        static Origin stored(String name) {
            for (Origin o : values()) if (o.name().equals(name)) return o;
            return cli;
        }
    }

    private final AppStore store;
    private final Origin origin;

    /** Threads created through this store count as the command line's. */
    public ThreadStore(AppStore store) {
        this(store, Origin.cli);
    }

    public ThreadStore(AppStore store, Origin origin) {
        this.store = store;
        this.origin = origin;
    }

    public record ThreadRow(String id, String title, String createdAt, String updatedAt, Origin origin) {}

    /** A new thread of the project with this store's origin, titled by its first question (cut at a word to the longest title). */
    public String create(Project project, String question) {
        String id = UUID.randomUUID().toString();
        store.inTransaction(c -> {
            String key = KnowledgeStore.upsertProject(c, project, store.now());
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO threads (id, project, title, created_at, updated_at, origin) VALUES (?, ?, ?, ?, ?, ?)")) {
                String now = store.now();
                ps.setString(1, id);
                ps.setString(2, key);
                ps.setString(3, titleOf(question));
                ps.setString(4, now);
                ps.setString(5, now);
                ps.setString(6, origin.name());
                ps.executeUpdate();
            }
            return null;
        });
        return id;
    }

    /** The question as a title: whole when it fits, else cut after the last word that fits, with an ellipsis. */
    static String titleOf(String question) {
        if (question.length() <= MAX_TITLE) return question;
        String cut = question.substring(0, MAX_TITLE - 1);
        int space = cut.lastIndexOf(' ');
        return (space > MAX_TITLE / 2 ? cut.substring(0, space) : cut).stripTrailing() + "…";
    }

    /** Gives the project's thread a new title (already checked to fit); false when the project has no such thread. */
    public boolean rename(Project project, String threadId, String title) {
        if (title.isBlank() || title.length() > MAX_TITLE) throw new IllegalArgumentException("a title of 1 to " + MAX_TITLE + " characters");
        return store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET title = ? WHERE id = ? AND project = ?")) {
                ps.setString(1, title);
                ps.setString(2, threadId);
                ps.setString(3, KnowledgeStore.key(c, project));
                return ps.executeUpdate() == 1;
            }
        });
    }

    /**
     * Deletes the project's thread with its turns and data-quality logs, all or nothing; false when the project has no
     * such thread. The thread's row is locked first, so that a turn being kept meanwhile waits and then finds it gone.
     */
    public boolean delete(Project project, String threadId) {
        return store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET updated_at = updated_at WHERE id = ? AND project = ?")) {
                ps.setString(1, threadId);
                ps.setString(2, KnowledgeStore.key(c, project));
                if (ps.executeUpdate() == 0) return false;
            }
            for (String sql : List.of("DELETE FROM dq_logs WHERE thread_id = ?", "DELETE FROM turns WHERE thread_id = ?", "DELETE FROM threads WHERE id = ?")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, threadId);
                    ps.executeUpdate();
                }
            }
            return true;
        });
    }

    /** Locks the thread's row until the transaction ends; false when it is gone (deleted meanwhile). */
    private static boolean locked(Connection c, String threadId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET updated_at = updated_at WHERE id = ?")) {
            ps.setString(1, threadId);
            return ps.executeUpdate() == 1;
        }
    }

    /** Marks the thread as written to now and locks its row until the transaction ends; false when it is gone (deleted meanwhile). */
    private static boolean touch(Connection c, String threadId, String now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET updated_at = ? WHERE id = ?")) {
            ps.setString(1, now);
            ps.setString(2, threadId);
            return ps.executeUpdate() == 1;
        }
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

    /**
     * Appends a turn at the end of its thread. A thread deleted while its question was answered keeps nothing: the turn
     * is returned unkept, never an error for the one who asked.
     */
    public TurnRow append(TurnRow turn) {
        return store.inTransaction(c -> insert(c, turn));
    }

    /** Appends a turn and its data-quality log together: both are kept, or (the thread deleted meanwhile) neither. */
    public TurnRow append(TurnRow turn, DqLogRow dq) {
        return store.inTransaction(c -> {
            TurnRow kept = insert(c, turn);
            if (kept != turn) insert(c, dq); // a new row: the thread is there
            return kept;
        });
    }

    private TurnRow insert(Connection c, TurnRow turn) throws SQLException {
        String now = store.now();
        if (!touch(c, turn.threadId(), now)) return turn;
        int position;
        try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(max(position), -1) + 1 FROM turns WHERE thread_id = ?")) {
            ps.setString(1, turn.threadId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                position = rs.getInt(1);
            }
        }
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
        return new TurnRow(turn.id(), turn.threadId(), position, turn.question(), turn.kind(), turn.answerText(), turn.answerJson(), turn.sql(),
                turn.confidence(), turn.iterations(), turn.llmCalls(), turn.promptTokens(), turn.completionTokens(), turn.latencyMs());
    }

    /** A data-quality log row of a turn. */
    public record DqLogRow(String turnId, String threadId, String status, String indicators, String usedTables, String mainSql, String dqSql) {}

    /** Keeps a turn's data-quality log; nothing when its thread was deleted meanwhile. */
    public void logDq(DqLogRow row) {
        store.inTransaction(c -> {
            if (locked(c, row.threadId())) insert(c, row);
            return null;
        });
    }

    private void insert(Connection c, DqLogRow row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO dq_logs (turn_id, thread_id, status, indicators, used_tables, main_sql, dq_sql, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setString(1, row.turnId());
            ps.setString(2, row.threadId());
            ps.setString(3, row.status());
            ps.setString(4, row.indicators());
            ps.setString(5, row.usedTables());
            ps.setString(6, row.mainSql());
            ps.setString(7, row.dqSql());
            ps.setString(8, store.now());
            ps.executeUpdate();
        }
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

    /** The project's threads of every origin, most recently active first, at most {@code limit}. */
    public List<ThreadRow> threads(Project project, int limit) {
        return threads(project, EnumSet.allOf(Origin.class), limit);
    }

    /** The project's threads started from these origins, most recently active first, at most {@code limit}. */
    public List<ThreadRow> threads(Project project, Set<Origin> origins, int limit) {
        if (origins.isEmpty()) return List.of();
        String marks = String.join(", ", Collections.nCopies(origins.size(), "?"));
        return store.read(c -> {
            List<ThreadRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + ROW + " FROM threads WHERE project = ? AND origin IN (" + marks + ") ORDER BY updated_at DESC, id")) {
                ps.setString(1, KnowledgeStore.key(c, project));
                int i = 2;
                for (Origin o : origins) ps.setString(i++, o.name());
                ps.setMaxRows(limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(row(rs));
                }
            }
            return rows;
        });
    }

    /** The project's thread with this id. */
    public Optional<ThreadRow> thread(Project project, String threadId) {
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + ROW + " FROM threads WHERE id = ? AND project = ?")) {
                ps.setString(1, threadId);
                ps.setString(2, KnowledgeStore.key(c, project));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(row(rs)) : Optional.empty();
                }
            }
        });
    }

    private static final String ROW = "id, title, created_at, updated_at, origin";

    private static ThreadRow row(ResultSet rs) throws SQLException {
        return new ThreadRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), Origin.stored(rs.getString(5)));
    }

    public Optional<TurnRow> last(String threadId) {
        List<TurnRow> all = turns(threadId);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }
}
