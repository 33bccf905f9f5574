package dev.almanac.server;

import dev.almanac.agent.AgentEvent;
import dev.almanac.store.UserStore;
import java.util.function.Consumer;

/**
 * Writes every query the agent executes for one request to the audit log, with the user and the
 * thread (which the agent announces with a "thread" step before it runs anything).
 */
final class QueryAudit implements Consumer<AgentEvent> {
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
        if (e.step().equals("executed")) users.audit(user, thread, e.detail());
    }
}
