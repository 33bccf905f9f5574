package dev.almanac.server;

import dev.almanac.agent.AgentEvent;
import dev.almanac.store.UserStore;
import java.util.function.Consumer;

/**
 * Writes every query the agent executes for one request to the audit log, with the user and the
 * thread (which the agent announces with a "thread" step before it runs anything). A query longer
 * than {@link #MAX_SQL} characters is written cut, with a marker saying how long it was.
 */
final class QueryAudit implements Consumer<AgentEvent> {
    static final int MAX_SQL = 10_000;

    private final UserStore users;
    private final String user;
    private volatile String thread;

    QueryAudit(UserStore users, String user, String thread) {
        this.users = users;
        this.user = user;
        this.thread = thread;
    }

    @Override
    public void accept(AgentEvent e) {
        if (e.step().equals("thread")) thread = e.detail();
        if (e.step().equals("executed")) users.audit(user, thread, bounded(e.detail()));
    }

    /** The SQL as the audit log keeps it: whole up to {@link #MAX_SQL} characters, else its start and how long it was. */
    static String bounded(String sql) {
        if (sql == null || sql.length() <= MAX_SQL) return sql;
        return sql.substring(0, MAX_SQL) + "\n-- (cut: " + sql.length() + " characters in all)";
    }
}
