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
 * Projects and their curated knowledge in the app store. Replacing a project's knowledge is all-or-nothing.
 *
 * <p>In a store a project is its name: every checkout, server or command of a project with the same name shares its
 * threads, knowledge, learnings and eval runs, wherever its folder is. Rows are keyed by the name's slug, and the slug
 * belongs to the first name that took it: another name with the same slug ("Other Co" and "other co!") is refused
 * with a {@link ProjectTaken} on every read and write, rather than let in to the first project's rows.
 */
public final class KnowledgeStore {
    private final AppStore store;

    public KnowledgeStore(AppStore store) {
        this.store = store;
    }

    /** Thrown when the project's key belongs to another project of the store: the user renames one of them. */
    public static final class ProjectTaken extends UserError {
        ProjectTaken(Project project, String slug, String owner) {
            super("project '" + project.name() + "' cannot use this app store: its key '" + slug + "' belongs to project '" + owner
                    + "' (names that differ only in case or punctuation share a key); rename one of them (name: in " + Project.FILE + ")");
        }
    }

    /** The project's key in the store (its slug), refused when another project holds it. */
    static String key(Connection c, Project project) throws SQLException {
        String slug = slug(project);
        Optional<String> owner = owner(c, slug);
        if (owner.isPresent() && !owner.get().equals(project.name())) throw new ProjectTaken(project, slug, owner.get());
        return slug;
    }

    private static Optional<String> owner(Connection c, String slug) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM projects WHERE slug = ?")) {
            ps.setString(1, slug);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /**
     * Creates the project row, or updates where its folder and source are now; returns its key. Atomic: of two projects
     * whose names share a slug, the second is refused even when both arrive at once.
     */
    static String upsertProject(Connection c, Project project, String now) throws SQLException {
        String slug = slug(project);
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO projects (slug, name, source_url, knowledge_dir, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (slug) DO UPDATE SET source_url = excluded.source_url, knowledge_dir = excluded.knowledge_dir,
                  updated_at = excluded.updated_at WHERE projects.name = excluded.name""")) {
            ps.setString(1, slug);
            ps.setString(2, project.name());
            ps.setString(3, project.source());
            ps.setString(4, project.knowledgeDir().toString());
            ps.setString(5, now);
            ps.setString(6, now);
            if (ps.executeUpdate() == 0) throw new ProjectTaken(project, slug, owner(c, slug).orElse(slug));
        }
        return slug;
    }

    /** Replaces every knowledge item of the project in one transaction, records the import and moves the knowledge version. */
    public void replace(Project project, List<StoredItem> items, String fingerprint) {
        store.inTransaction(c -> {
            String slug = upsertProject(c, project, store.now());
            try (PreparedStatement version = c.prepareStatement("UPDATE projects SET knowledge_version = knowledge_version + 1 WHERE slug = ?")) {
                version.setString(1, slug);
                version.executeUpdate();
            }
            try (PreparedStatement del = c.prepareStatement("DELETE FROM knowledge_items WHERE project = ?")) {
                del.setString(1, slug);
                del.executeUpdate();
            }
            String now = store.now();
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
                ps.setString(1, key(c, project));
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
                ps.setString(1, key(c, project));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /**
     * How many times the project's knowledge was imported (0 before the first): a server compares it with the one it
     * loaded to see that another server or command changed the knowledge.
     */
    public long version(Project project) {
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT knowledge_version FROM projects WHERE slug = ? AND name = ?")) {
                ps.setString(1, slug(project));
                ps.setString(2, project.name());
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            }
        });
    }

    /** The project's name as a key: lower case letters and digits, runs of anything else one dash. */
    public static String slug(Project project) {
        return slug(project.name());
    }

    /** A project's name (or its slug, which is its own slug) as a key. */
    public static String slug(String name) {
        String s = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "project" : s;
    }
}
