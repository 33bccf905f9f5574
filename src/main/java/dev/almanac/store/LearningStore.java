package dev.almanac.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Learnings in the app store. */
public final class LearningStore {
    private final AppStore store;

    public LearningStore(AppStore store) {
        this.store = store;
    }

    public void save(Project project, LearningRow row) {
        store.inTransaction(c -> {
            String key = KnowledgeStore.upsertProject(c, project, store.now());
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO learnings (id, project, description, category, tables_used, original_sql, corrected_sql, confidence,
                      times_applied, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET description = excluded.description, category = excluded.category,
                      tables_used = excluded.tables_used, original_sql = excluded.original_sql, corrected_sql = excluded.corrected_sql,
                      confidence = excluded.confidence, times_applied = excluded.times_applied, active = excluded.active,
                      updated_at = excluded.updated_at""")) {
                String now = store.now();
                ps.setString(1, row.id());
                ps.setString(2, key);
                ps.setString(3, row.description());
                ps.setString(4, row.category());
                ps.setString(5, "," + String.join(",", row.tables().stream().map(t -> t.toLowerCase(Locale.ROOT)).toList()) + ",");
                ps.setString(6, row.originalSql());
                ps.setString(7, row.correctedSql());
                ps.setDouble(8, row.confidence());
                ps.setInt(9, row.timesApplied());
                ps.setInt(10, row.active() ? 1 : 0);
                ps.setString(11, now);
                ps.setString(12, now);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Moves a learning's confidence by delta (kept within 0..1) and counts one more use when it was applied. */
    public void adjust(String id, double delta, boolean applied) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    UPDATE learnings SET confidence = CASE WHEN confidence + ? > 1 THEN 1 WHEN confidence + ? < 0 THEN 0 ELSE confidence + ? END,
                      times_applied = times_applied + ?, updated_at = ? WHERE id = ?""")) {
                ps.setDouble(1, delta);
                ps.setDouble(2, delta);
                ps.setDouble(3, delta);
                ps.setInt(4, applied ? 1 : 0);
                ps.setString(5, store.now());
                ps.setString(6, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    public void setActive(String id, boolean active) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE learnings SET active = ?, updated_at = ? WHERE id = ?")) {
                ps.setInt(1, active ? 1 : 0);
                ps.setString(2, store.now());
                ps.setString(3, id);
                if (ps.executeUpdate() == 0) throw new dev.almanac.UserError("no learning with id " + id);
            }
            return null;
        });
    }

    /** Every learning of the project, active or not, most trusted first. */
    public List<LearningRow> all(Project project) {
        return list(project, false);
    }

    /** Active learnings of the project, most trusted first. */
    public List<LearningRow> active(Project project) {
        return list(project, true);
    }

    private List<LearningRow> list(Project project, boolean activeOnly) {
        return store.read(c -> {
            List<LearningRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT id, description, category, tables_used, original_sql, corrected_sql, confidence, times_applied, active
                    FROM learnings WHERE project = ?""" + (activeOnly ? " AND active = 1" : "") + " ORDER BY confidence DESC, id")) {
                ps.setString(1, KnowledgeStore.key(c, project));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        List<String> tables = Arrays.stream(rs.getString(4).split(",")).filter(s -> !s.isBlank()).toList();
                        rows.add(new LearningRow(rs.getString(1), rs.getString(2), rs.getString(3), tables, rs.getString(5), rs.getString(6),
                                rs.getDouble(7), rs.getInt(8), rs.getInt(9) == 1));
                    }
                }
            }
            return rows;
        });
    }
}
