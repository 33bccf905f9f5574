package dev.almanac.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Projects and their curated knowledge in the app store. Replacing a project's knowledge is all-or-nothing. */
public final class KnowledgeStore {
    private final AppStore store;

    public KnowledgeStore(AppStore store) {
        this.store = store;
    }

    /** Creates or updates the project row. */
    static void upsertProject(Connection c, Project project, String slug) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO projects (slug, name, source_url, knowledge_dir, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (slug) DO UPDATE SET name = excluded.name, source_url = excluded.source_url,
                  knowledge_dir = excluded.knowledge_dir, updated_at = excluded.updated_at""")) {
            String now = AppStore.now();
            ps.setString(1, slug);
            ps.setString(2, project.name());
            ps.setString(3, project.source());
            ps.setString(4, project.knowledgeDir().toString());
            ps.setString(5, now);
            ps.setString(6, now);
            ps.executeUpdate();
        }
    }

    /** Replaces every knowledge item of the project in one transaction and records the import. */
    public void replace(Project project, List<StoredItem> items, String fingerprint) {
        String slug = slug(project);
        store.inTransaction(c -> {
            upsertProject(c, project, slug);
            try (PreparedStatement del = c.prepareStatement("DELETE FROM knowledge_items WHERE project = ?")) {
                del.setString(1, slug);
                del.executeUpdate();
            }
            String now = AppStore.now();
            try (PreparedStatement ins = c.prepareStatement(
                    "INSERT INTO knowledge_items (project, kind, name, position, body, source_file, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                int position = 0;
                for (StoredItem item : items) {
                    ins.setString(1, slug);
                    ins.setString(2, item.kind());
                    ins.setString(3, item.name());
                    ins.setInt(4, position++);
                    ins.setString(5, item.body());
                    ins.setString(6, item.sourceFile());
                    ins.setString(7, now);
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            try (PreparedStatement log = c.prepareStatement("INSERT INTO knowledge_imports (project, imported_at, fingerprint, items) VALUES (?, ?, ?, ?)")) {
                log.setString(1, slug);
                log.setString(2, now);
                log.setString(3, fingerprint);
                log.setInt(4, items.size());
                log.executeUpdate();
            }
            return null;
        });
    }

    public List<StoredItem> items(Project project) {
        return store.read(c -> {
            List<StoredItem> items = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT kind, name, body, source_file FROM knowledge_items WHERE project = ? ORDER BY position")) {
                ps.setString(1, slug(project));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) items.add(new StoredItem(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
            return items;
        });
    }

    /** The fingerprint of the files last imported for the project. */
    public Optional<String> lastFingerprint(Project project) {
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT fingerprint FROM knowledge_imports WHERE project = ? ORDER BY imported_at DESC LIMIT 1")) {
                ps.setString(1, slug(project));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    public static String slug(Project project) {
        String s = project.name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "project" : s;
    }
}
