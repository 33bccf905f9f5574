package dev.almanac.server;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Keeps a server's loaded knowledge in step with the app store it may share with other servers: a request
 * reads the project's knowledge version from the store (at most once per interval, other requests do not
 * wait for it), and when the version moved (another server's edit, an import from the command line) the
 * knowledge is loaded again from the store before the request uses it.
 */
public final class KnowledgeWatch {
    /** How stale a server's knowledge may be after another server changed it. */
    public static final long INTERVAL_MS = 1_000;

    private final LongSupplier version;
    private final Runnable reload;
    private final AtomicLong nextCheck = new AtomicLong();
    private volatile long seen;

    /** Reads the version now: create it before the knowledge is first loaded, so that no change falls in between. */
    public KnowledgeWatch(LongSupplier version, Runnable reload) {
        this.version = version;
        this.reload = reload;
        this.seen = version.getAsLong();
        this.nextCheck.set(System.nanoTime() + INTERVAL_MS * 1_000_000);
    }

    /** Reloads the knowledge when the store's version moved since the last look; looks at most once per interval. */
    public void check() {
        long now = System.nanoTime();
        long due = nextCheck.get();
        if (now - due < 0 || !nextCheck.compareAndSet(due, now + INTERVAL_MS * 1_000_000)) return;
        long current = version.getAsLong();
        if (current != seen) {
            seen = current;
            reload.run();
        }
    }

    /** The knowledge as the supplier gives it, checked first. */
    public <T> Supplier<T> checked(Supplier<T> knowledge) {
        return () -> {
            check();
            return knowledge.get();
        };
    }
}
