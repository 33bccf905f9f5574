package dev.almanac.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standard input of {@code almanac mcp}, line by line, before the SDK's stdio transport reads it: a line that is not a
 * message the SDK can handle (empty, not JSON, a batch, too long, bad parameters) is answered here with a JSON-RPC error
 * and the next line is read, so that one bad line never ends the session (the SDK's transport stops reading at the first
 * line it cannot parse). Notifications other than {@code initialized} and {@code cancelled} and responses (this server
 * asks the client nothing) are dropped. At the end of input the SDK's replies to the requests passed on are awaited, then
 * the SDK's input ends too.
 */
final class McpStdio {
    private static final Logger LOG = LoggerFactory.getLogger(McpStdio.class);
    /** Longest line read; the rest of a longer one is skipped and the line refused. */
    static final int MAX_LINE = 1 << 20;
    private static final Set<String> NOTIFICATIONS = Set.of("notifications/initialized", "notifications/cancelled");
    private static final long DRAIN_MS = TimeUnit.MINUTES.toMillis(5);

    private final InputStream in;
    private final OutputStream out;
    private final PipedOutputStream toSdk = new PipedOutputStream();
    private final PipedInputStream sdkInput;
    /** What the SDK writes: counted in lines, one a reply, so that the end of input waits for the replies owed. */
    private final Replies replies;
    private long forwarded;
    /** The client said it is initialized: before, only initialize and ping are passed on (the SDK would hold the rest unanswered). */
    private boolean initialized;

    McpStdio(InputStream in, OutputStream out) {
        this.in = in;
        this.out = out;
        this.replies = new Replies(out);
        try {
            this.sdkInput = new PipedInputStream(toSdk, 1 << 16);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The input the SDK's transport reads. */
    InputStream sdkInput() {
        return sdkInput;
    }

    /** The output the SDK's transport writes (the process's, counted). */
    OutputStream sdkOutput() {
        return replies;
    }

    /** Reads standard input until it ends, passing on or answering each line; returns once the SDK's input has ended too. */
    void pump() {
        try {
            for (byte[] line; (line = readLine()) != null; ) {
                if (line.length > MAX_LINE) {
                    answer(McpMessage.error(null, McpMessage.INVALID_REQUEST, "the message is longer than " + MAX_LINE + " bytes"));
                    continue;
                }
                handle(new String(line, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            LOG.debug("standard input: {}", e.toString());
        }
        long deadline = System.currentTimeMillis() + DRAIN_MS;
        synchronized (replies) {
            while (replies.lines < forwarded && System.currentTimeMillis() < deadline) {
                try {
                    replies.wait(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        try {
            toSdk.close();
        } catch (IOException e) {
            LOG.debug("closing the SDK's input: {}", e.toString());
        }
    }

    private void handle(String line) throws IOException {
        McpMessage read = McpMessage.read(line);
        if (read instanceof McpMessage.Refused r) {
            answer(r.json());
            return;
        }
        McpMessage.Accepted m = (McpMessage.Accepted) read;
        if (m.isRequest()) {
            if (!initialized && !m.method().equals("initialize") && !m.method().equals("ping")) {
                answer(McpMessage.error(m.id(), McpMessage.INVALID_REQUEST, "send initialize, then the notification notifications/initialized, first"));
                return;
            }
            forwarded++;
        } else if (!m.isNotification() || !NOTIFICATIONS.contains(m.method())) {
            LOG.debug("dropped a message from the client: {}", m.isNotification() ? m.method() : "a response");
            return;
        } else {
            initialized |= m.method().equals("notifications/initialized");
        }
        try {
            toSdk.write((m.message().toString() + "\n").getBytes(StandardCharsets.UTF_8));
            toSdk.flush();
        } catch (IOException e) {
            // the SDK stopped reading: answer what is left here
            if (m.isRequest()) {
                forwarded--;
                answer(McpMessage.error(m.id(), McpHttpTransport.INTERNAL_ERROR, "the server stopped"));
            }
        }
    }

    private void answer(String json) throws IOException {
        synchronized (replies) { // the lock the SDK's transport writes under
            out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    /** One line of input without its end ({@code \n} or {@code \r\n}); longer than {@link #MAX_LINE}: MAX_LINE + 1 bytes, the rest skipped. */
    private byte[] readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean any = false;
        boolean over = false;
        for (int b; (b = in.read()) != -1; ) {
            any = true;
            if (b == '\n') return finish(line, over);
            if (line.size() > MAX_LINE) {
                over = true;
                continue;
            }
            line.write(b);
        }
        return any ? finish(line, over) : null;
    }

    private static byte[] finish(ByteArrayOutputStream line, boolean over) {
        byte[] bytes = line.toByteArray();
        if (over) return new byte[MAX_LINE + 1];
        int n = bytes.length;
        if (n > 0 && bytes[n - 1] == '\r') return java.util.Arrays.copyOf(bytes, n - 1);
        return bytes;
    }

    /** The process's output, counting the lines the SDK writes (it writes each message and its newline under this object's lock). */
    private static final class Replies extends OutputStream {
        private final OutputStream out;
        long lines;

        Replies(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            out.write(b);
            if (b == '\n') count(1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            int n = 0;
            for (int i = off; i < off + len; i++) if (b[i] == '\n') n++;
            if (n > 0) count(n);
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
        }

        private void count(int n) {
            lines += n;
            notifyAll();
        }
    }
}
