package dev.almanac.server;

import io.modelcontextprotocol.spec.McpStreamableServerSession;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open MCP sessions of {@code /mcp}, each belonging to the user who opened it: only that user's token reaches it; it
 * ends after the idle time without a request; a user holds at most so many, and opening one more closes that user's least
 * recently used one. Expired sessions are closed when the next request comes, so that nothing runs in the background.
 */
final class McpSessions {
    private static final Logger LOG = LoggerFactory.getLogger(McpSessions.class);

    /** A session of a user, with when it was last used and its event stream, if one is open. */
    static final class Entry {
        final McpStreamableServerSession session;
        final String user;
        volatile long lastUsed;
        /** The order of its last use among all sessions' (the clock's milliseconds can tie). */
        volatile long useOrder;
        volatile AutoCloseable stream;

        Entry(McpStreamableServerSession session, String user, long now, long order) {
            this.session = session;
            this.user = user;
            this.lastUsed = now;
            this.useOrder = order;
        }
    }

    private final Map<String, Entry> open = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong uses = new java.util.concurrent.atomic.AtomicLong();
    private final McpLimits limits;
    private final LongSupplier clock;

    McpSessions(McpLimits limits, LongSupplier clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** Adds a new session of this user, closing the user's least recently used ones beyond the limit. */
    synchronized void add(McpStreamableServerSession session, String user) {
        expire();
        List<Entry> mine = new ArrayList<>(open.values().stream().filter(e -> e.user.equals(user)).toList());
        mine.sort(Comparator.comparingLong(e -> e.useOrder));
        for (int i = 0; i <= mine.size() - limits.sessionsPerUser(); i++) {
            LOG.info("MCP session of {} closed: the user opened more than {}", user, limits.sessionsPerUser());
            close(mine.get(i));
        }
        open.put(session.getId(), new Entry(session, user, clock.getAsLong(), uses.incrementAndGet()));
    }

    /** The session with this id if it is this user's and still open; using it keeps it open. */
    Optional<Entry> use(String id, String user) {
        expire();
        Entry e = id == null ? null : open.get(id);
        if (e == null || !e.user.equals(user)) return Optional.empty();
        e.lastUsed = clock.getAsLong();
        e.useOrder = uses.incrementAndGet();
        return Optional.of(e);
    }

    /** Ends the session (a client's DELETE). */
    void remove(Entry e) {
        close(e);
    }

    void each(java.util.function.Consumer<Entry> action) {
        open.values().forEach(action);
    }

    int count() {
        return open.size();
    }

    void closeAll() {
        open.values().forEach(this::close);
    }

    private void expire() {
        long before = clock.getAsLong() - limits.sessionIdle().toMillis();
        for (Entry e : open.values()) {
            if (e.lastUsed < before) {
                LOG.debug("MCP session of {} expired", e.user);
                close(e);
            }
        }
    }

    private void close(Entry e) {
        if (!open.remove(e.session.getId(), e)) return;
        try {
            AutoCloseable stream = e.stream;
            if (stream != null) stream.close();
            e.session.close();
        } catch (Exception ex) {
            LOG.debug("closing an MCP session: {}", ex.toString());
        }
    }
}
