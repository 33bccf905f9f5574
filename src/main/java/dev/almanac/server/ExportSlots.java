package dev.almanac.server;

import dev.almanac.source.EngineLimits;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * The downloads running in this server: a slot per download, refused (429) beyond the limits per user and in all, and
 * the bytes of their temporary files counted against one disk budget while they exist.
 */
final class ExportSlots {
    private final ExportLimits limits;
    private final Map<String, Integer> perUser = new HashMap<>();
    private int running;
    private long bytes;

    ExportSlots(ExportLimits limits) {
        this.limits = limits;
    }

    /** A slot for one download by this user. */
    synchronized Slot acquire(String user) {
        int mine = perUser.getOrDefault(user, 0);
        if (mine >= limits.perUser()) {
            throw new ApiError(429, "too_many_exports", "you have " + mine + " downloads running (at most " + limits.perUser()
                    + ", exports_per_user): try again when one finishes");
        }
        if (running >= limits.total()) {
            throw new ApiError(429, "too_many_exports", "the server is running " + running + " downloads (at most " + limits.total()
                    + ", exports_total): try again shortly");
        }
        perUser.merge(user, 1, Integer::sum);
        running++;
        return new Slot(user);
    }

    synchronized int running() {
        return running;
    }

    synchronized long bytesInUse() {
        return bytes;
    }

    private synchronized void charge(Slot slot, long n) throws SpaceFull {
        if (bytes + n > limits.diskBytes()) {
            String budget = EngineLimits.shown(limits.diskBytes()) + ", export_disk_budget";
            throw slot.written + n > limits.diskBytes()
                    ? new SpaceFull(422, "export_too_large", "the result is larger than the server's space for downloads (" + budget + ")")
                    : new SpaceFull(429, "export_space_busy", "the server's space for downloads (" + budget + ") is in use: try again shortly");
        }
        bytes += n;
        slot.written += n;
    }

    private synchronized void release(Slot slot) {
        bytes -= slot.written;
        slot.written = 0;
        running--;
        perUser.computeIfPresent(slot.user, (u, n) -> n <= 1 ? null : n - 1);
    }

    /** The disk budget ran out while a download's file was written. */
    static final class SpaceFull extends IOException {
        private static final long serialVersionUID = 1L;
        final int status;
        final String code;

        SpaceFull(int status, String code, String message) {
            super(message, null);
            this.status = status;
            this.code = code;
        }

        ApiError asApiError() {
            return new ApiError(status, code, getMessage());
        }
    }

    /** One running download: its file's bytes are charged as written and given back when the slot closes. */
    final class Slot implements AutoCloseable {
        private final String user;
        private long written;
        private boolean closed;

        private Slot(String user) {
            this.user = user;
        }

        /** The stream to the download's temporary file, counting what is written against the budget. */
        OutputStream counting(OutputStream out) {
            return new FilterOutputStream(out) {
                @Override
                public void write(int b) throws IOException {
                    charge(Slot.this, 1);
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    charge(Slot.this, len);
                    out.write(b, off, len);
                }
            };
        }

        @Override
        public void close() {
            synchronized (ExportSlots.this) {
                if (closed) return;
                closed = true;
            }
            release(this);
        }
    }
}
