package dev.almanac.store;

import dev.almanac.UserError;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * API users with bearer tokens (only their SHA-256 is stored), each limited to one project or (project null) free to use
 * every project; and the audit log of executed queries, each entry kept with the project it ran in.
 */
public final class UserStore {
    public static final Set<String> ROLES = Set.of("viewer", "editor", "admin");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final AppStore store;
    private final String served;

    /** The users of the store; queries audited through it are recorded with no project. */
    public UserStore(AppStore store) {
        this(store, null);
    }

    /** The users of the store as the server of one project sees them: the queries it audits are that project's. */
    public UserStore(AppStore store, Project served) {
        this.store = store;
        this.served = served == null ? null : KnowledgeStore.slug(served);
    }

    /** A user; {@code project} is the name (or key) of the one project they may use, or null for every project. */
    public record User(String name, String role, String project) {
        public boolean can(String needed) {
            return rank(role) >= rank(needed);
        }

        /** Whether the user may use every project, and manage users of every project when an admin. */
        public boolean unscoped() {
            return project == null;
        }

        /** The key of the user's project, or null for a user of every project. */
        public String projectKey() {
            return project == null ? null : KnowledgeStore.slug(project);
        }

        /** Whether the user may use this project: theirs (named by its name or key), or any when unscoped. */
        public boolean mayUse(Project p) {
            return project == null || project.equals(p.name()) || project.equals(KnowledgeStore.slug(p));
        }

        static int rank(String role) {
            return switch (role) {
                case "admin" -> 3;
                case "editor" -> 2;
                default -> 1;
            };
        }
    }

    /** Creates a user and returns the token, which is shown once and never stored. */
    public String add(String name, String role, String project) {
        if (name == null || !name.matches("[A-Za-z0-9_.@-]{1,100}")) throw new UserError("invalid user name '" + name + "': letters, digits, _ . @ - only");
        if (!ROLES.contains(role)) throw new UserError("invalid role '" + role + "': viewer, editor or admin");
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        String token = "alm_" + HexFormat.of().formatHex(bytes);
        store.inTransaction(c -> {
            try (PreparedStatement check = c.prepareStatement("SELECT 1 FROM users WHERE name = ?")) {
                check.setString(1, name);
                try (ResultSet rs = check.executeQuery()) {
                    if (rs.next()) throw new UserError("user '" + name + "' exists already");
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO users (name, role, project, token_hash, created_at) VALUES (?, ?, ?, ?, ?)")) {
                ps.setString(1, name);
                ps.setString(2, role);
                ps.setString(3, project);
                ps.setString(4, hash(token));
                ps.setString(5, store.now());
                ps.executeUpdate();
            }
            return null;
        });
        return token;
    }

    public Optional<User> byToken(String token) {
        if (token == null || token.isBlank()) return Optional.empty();
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT name, role, project FROM users WHERE token_hash = ?")) {
                ps.setString(1, hash(token.strip()));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new User(rs.getString(1), rs.getString(2), rs.getString(3))) : Optional.empty();
                }
            }
        });
    }

    public List<User> all() {
        return store.read(c -> {
            List<User> users = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT name, role, project FROM users ORDER BY name");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) users.add(new User(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
            return users;
        });
    }

    /** The users of one project (by its name or key), in name order; unscoped users are not among them. */
    public List<User> of(String project) {
        String key = KnowledgeStore.slug(project);
        return all().stream().filter(u -> key.equals(u.projectKey())).toList();
    }

    /** Removes a user, which revokes their token; false when there was no such user. */
    public boolean remove(String name) {
        return remove(name, u -> true) == Removal.REMOVED;
    }

    /** What became of a user asked to be removed. */
    public enum Removal { REMOVED, UNKNOWN, FORBIDDEN }

    /** Removes the user if {@code allowed} says the user may be removed, checked and removed in one transaction. */
    public Removal remove(String name, java.util.function.Predicate<User> allowed) {
        return store.inTransaction(c -> {
            User user;
            try (PreparedStatement ps = c.prepareStatement("SELECT name, role, project FROM users WHERE name = ?")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return Removal.UNKNOWN;
                    user = new User(rs.getString(1), rs.getString(2), rs.getString(3));
                }
            }
            if (!allowed.test(user)) return Removal.FORBIDDEN;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM users WHERE name = ?")) {
                ps.setString(1, name);
                return ps.executeUpdate() > 0 ? Removal.REMOVED : Removal.UNKNOWN;
            }
        });
    }

    /** Records a query the user ran (in a thread, or null), as one of the served project's (none when no project is served). */
    public void audit(String user, String threadId, String sql) {
        store.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO audit_log (id, user_name, thread_id, sql_text, created_at, project) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, UUID.randomUUID().toString());
                ps.setString(2, user);
                ps.setString(3, threadId);
                ps.setString(4, sql);
                ps.setString(5, store.now());
                ps.setString(6, served);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** One executed query: who ran it, in which project (its key; null when not known) and thread, the SQL and when. */
    public record AuditRow(String user, String project, String threadId, String sql, String at) {}

    /**
     * The newest audit entries first, of one user or (user null) of everyone, in one project (by its name or key) or
     * (project null) in all, at most {@code limit}.
     */
    public List<AuditRow> audit(String user, String project, int limit) {
        return store.read(c -> {
            List<AuditRow> rows = new ArrayList<>();
            List<String> where = new ArrayList<>();
            List<String> args = new ArrayList<>();
            if (user != null) {
                where.add("user_name = ?");
                args.add(user);
            }
            if (project != null) {
                where.add("project = ?");
                args.add(KnowledgeStore.slug(project));
            }
            String sql = "SELECT user_name, project, thread_id, sql_text, created_at FROM audit_log"
                    + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where)) + " ORDER BY created_at DESC, id";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.size(); i++) ps.setString(i + 1, args.get(i));
                ps.setMaxRows(limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(new AuditRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
                }
            }
            return rows;
        });
    }

    public List<String[]> auditOf(String user) {
        return store.read(c -> {
            List<String[]> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT user_name, thread_id, sql_text FROM audit_log WHERE user_name = ? ORDER BY created_at")) {
                ps.setString(1, user);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
                }
            }
            return rows;
        });
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
