package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.spec.HttpHeaders;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP's Streamable HTTP transport at {@code /mcp}, in place of the SDK's servlet, over the SDK's sessions: a body larger
 * than the server's limit is refused (413) without being read beyond it; every message is checked ({@link McpMessage})
 * before a session sees it; a session belongs to the user who opened it and is kept by {@link McpSessions}; the event
 * stream of {@code GET} ends after the stream lifetime, one per session. Every refusal is a JSON-RPC error with a one-line
 * message, never an exception's text.
 */
final class McpHttpTransport extends HttpServlet implements McpStreamableServerTransportProvider {
    private static final Logger LOG = LoggerFactory.getLogger(McpHttpTransport.class);
    static final int SESSION_NOT_FOUND = -32001;
    static final int INTERNAL_ERROR = -32603;

    private final McpJsonMapper json;
    private final McpTransportContextExtractor<HttpServletRequest> context;
    private final Function<HttpServletRequest, String> owner;
    private final long maxBody;
    private final McpLimits limits;
    private final McpSessions sessions;
    private volatile McpStreamableServerSession.Factory factory;
    private volatile boolean closing;

    McpHttpTransport(McpJsonMapper json, McpTransportContextExtractor<HttpServletRequest> context, Function<HttpServletRequest, String> owner,
                     long maxBody, McpLimits limits, LongSupplier clock) {
        this.json = json;
        this.context = context;
        this.owner = owner;
        this.maxBody = maxBody;
        this.limits = limits;
        this.sessions = new McpSessions(limits, clock);
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory factory) {
        this.factory = factory;
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Mono.fromRunnable(() -> sessions.each(e -> e.session.sendNotification(method, params).onErrorComplete().block()));
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            closing = true;
            sessions.closeAll();
        });
    }

    int openSessions() {
        return sessions.count();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        try {
            if (closing) {
                reply(res, 503, null, INTERNAL_ERROR, "the server is stopping");
                return;
            }
            switch (req.getMethod()) {
                case "POST" -> post(req, res);
                case "GET" -> get(req, res);
                case "DELETE" -> delete(req, res);
                default -> {
                    res.setHeader("Allow", "GET, POST, DELETE");
                    reply(res, 405, null, McpMessage.INVALID_REQUEST, "method " + cut(req.getMethod()) + " is not allowed on /mcp: POST a message, "
                            + "GET the event stream of a session, DELETE a session");
                }
            }
        } catch (RuntimeException e) {
            LOG.error("MCP request {} failed", req.getMethod(), e);
            if (!res.isCommitted()) reply(res, 500, null, INTERNAL_ERROR, "internal error: " + e.getClass().getSimpleName());
        }
    }

    private void post(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (req.getContentLengthLong() > maxBody) {
            tooLarge(res);
            return;
        }
        String accept = String.valueOf(req.getHeader("Accept"));
        if (!accept.contains("application/json") || !accept.contains("text/event-stream")) {
            reply(res, 406, null, McpMessage.INVALID_REQUEST, "the Accept header must list application/json and text/event-stream");
            return;
        }
        byte[] body = readAtMost(req.getInputStream(), maxBody);
        if (body == null) {
            tooLarge(res);
            return;
        }
        McpMessage read = McpMessage.read(new String(body, StandardCharsets.UTF_8));
        if (read instanceof McpMessage.Refused r) {
            reply(res, 400, r.id(), r.code(), r.message());
            return;
        }
        McpMessage.Accepted message = (McpMessage.Accepted) read;
        McpSchema.JSONRPCMessage parsed;
        try {
            parsed = McpSchema.deserializeJsonRpcMessage(json, message.message().toString());
        } catch (IOException | IllegalArgumentException e) {
            reply(res, 400, message.id(), McpMessage.INVALID_REQUEST, "not a JSON-RPC message this server can read");
            return;
        }
        String user = owner.apply(req);
        McpTransportContext transportContext = context.extract(req);
        if (parsed instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            initialize(res, request, user);
            return;
        }
        McpSessions.Entry entry = session(req, res, user, message.id());
        if (entry == null) return;
        if (parsed instanceof McpSchema.JSONRPCRequest request) {
            res.setStatus(200);
            res.setContentType("text/event-stream");
            res.setCharacterEncoding("UTF-8");
            res.setHeader("Cache-Control", "no-cache");
            Events stream = new Events(res.getWriter(), null);
            try {
                entry.session.responseStream(request, stream).contextWrite(c -> c.put(McpTransportContext.KEY, transportContext)).block();
            } catch (RuntimeException e) {
                LOG.warn("MCP request {} failed: {}", cut(request.method()), e.toString());
            }
            if (!stream.sentAny) stream.write(McpSchema.JSONRPCResponse.error(request.id(),
                    new McpSchema.JSONRPCResponse.JSONRPCError(INTERNAL_ERROR, "the request " + cut(request.method()) + " failed", null)), null);
        } else if (parsed instanceof McpSchema.JSONRPCNotification notification) {
            try {
                entry.session.accept(notification).contextWrite(c -> c.put(McpTransportContext.KEY, transportContext)).block();
                res.setStatus(202);
            } catch (RuntimeException e) {
                reply(res, 400, null, McpMessage.INVALID_PARAMS, "the notification " + cut(notification.method()) + " was not accepted");
            }
        } else if (parsed instanceof McpSchema.JSONRPCResponse response) {
            try {
                entry.session.accept(response).block();
                res.setStatus(202);
            } catch (RuntimeException e) {
                reply(res, 400, null, McpMessage.INVALID_REQUEST, "no request of the server has this id");
            }
        }
    }

    private void initialize(HttpServletResponse res, McpSchema.JSONRPCRequest request, String user) throws IOException {
        McpSchema.InitializeRequest init;
        try {
            init = json.convertValue(request.params(), new TypeRef<McpSchema.InitializeRequest>() {});
        } catch (IllegalArgumentException e) {
            reply(res, 400, McpMessage.JSON.valueToTree(request.id()), McpMessage.INVALID_PARAMS, "initialize: params are not an initialize request");
            return;
        }
        McpStreamableServerSession.McpStreamableServerSessionInit started = factory.startSession(init);
        McpSchema.InitializeResult result = started.initResult().block();
        sessions.add(started.session(), user);
        res.setStatus(200);
        res.setContentType("application/json");
        res.setCharacterEncoding("UTF-8");
        res.setHeader(HttpHeaders.MCP_SESSION_ID, started.session().getId());
        res.getWriter().write(json.writeValueAsString(McpSchema.JSONRPCResponse.result(request.id(), result)));
    }

    private void get(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (!String.valueOf(req.getHeader("Accept")).contains("text/event-stream")) {
            reply(res, 406, null, McpMessage.INVALID_REQUEST, "the Accept header must list text/event-stream");
            return;
        }
        McpSessions.Entry entry = session(req, res, owner.apply(req), null);
        if (entry == null) return;
        res.setStatus(200);
        res.setContentType("text/event-stream");
        res.setCharacterEncoding("UTF-8");
        res.setHeader("Cache-Control", "no-cache");
        AsyncContext async = req.startAsync();
        async.setTimeout(limits.streamLifetime().toMillis());
        Events events = new Events(res.getWriter(), async);
        McpStreamableServerSession.McpStreamableServerSessionStream listening = entry.session.listeningStream(events);
        AutoCloseable previous = entry.stream;
        entry.stream = listening::close;
        if (previous != null) {
            try {
                previous.close(); // one event stream per session: the newest
            } catch (Exception e) {
                LOG.debug("closing an MCP event stream: {}", e.toString());
            }
        }
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                listening.close();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                listening.close(); // the stream's lifetime is over
            }

            @Override
            public void onError(AsyncEvent event) {
                listening.close();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {}
        });
        res.flushBuffer();
    }

    private void delete(HttpServletRequest req, HttpServletResponse res) throws IOException {
        McpSessions.Entry entry = session(req, res, owner.apply(req), null);
        if (entry == null) return;
        sessions.remove(entry);
        res.setStatus(200);
    }

    /** The caller's session named by the request, or null when the reply that there is none has been sent. */
    private McpSessions.Entry session(HttpServletRequest req, HttpServletResponse res, String user, JsonNode id) throws IOException {
        String sessionId = req.getHeader(HttpHeaders.MCP_SESSION_ID);
        if (sessionId == null || sessionId.isBlank()) {
            reply(res, 400, id, McpMessage.INVALID_REQUEST, "the Mcp-Session-Id header is required: initialize a session first");
            return null;
        }
        McpSessions.Entry entry = sessions.use(sessionId, user).orElse(null);
        if (entry == null) {
            reply(res, 404, id, SESSION_NOT_FOUND, "no such session of this user (it ended or expired): initialize a new one");
        }
        return entry;
    }

    private void tooLarge(HttpServletResponse res) throws IOException {
        res.setHeader("Connection", "close");
        reply(res, 413, null, McpMessage.INVALID_REQUEST, "the request body is larger than " + maxBody + " bytes");
    }

    private static void reply(HttpServletResponse res, int status, JsonNode id, int code, String message) throws IOException {
        res.setStatus(status);
        res.setContentType("application/json");
        res.setCharacterEncoding("UTF-8");
        byte[] body = McpMessage.error(id, code, message).getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }

    /** The body, or null when it is longer than {@code max} bytes (then not read further). */
    private static byte[] readAtMost(InputStream in, long max) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long total = 0;
        for (int n; (n = in.read(buffer)) != -1; ) {
            total += n;
            if (total > max) return null;
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private static String cut(String text) {
        String s = String.valueOf(text);
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /** Server-sent events on one response: a request's answer (then done) or a session's event stream (ended by {@code async}). */
    private final class Events implements McpStreamableServerTransport {
        private final PrintWriter writer;
        private final AsyncContext async;
        private volatile boolean closed;
        volatile boolean sentAny;

        Events(PrintWriter writer, AsyncContext async) {
            this.writer = writer;
            this.async = async;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return sendMessage(message, null);
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
            return Mono.fromRunnable(() -> send(message, messageId));
        }

        synchronized void send(McpSchema.JSONRPCMessage message, String messageId) {
            if (!closed) write(message, messageId);
        }

        synchronized void write(McpSchema.JSONRPCMessage message, String messageId) {
            try {
                String data = json.writeValueAsString(message);
                if (messageId != null) writer.write("id: " + messageId + "\n");
                writer.write("event: message\ndata: " + data + "\n\n");
                writer.flush();
                sentAny = true;
                if (writer.checkError()) close();
            } catch (IOException | RuntimeException e) {
                LOG.debug("MCP event not sent: {}", e.toString());
                close();
            }
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(this::close);
        }

        @Override
        public synchronized void close() {
            if (closed) return;
            closed = true;
            if (async != null) {
                try {
                    async.complete();
                } catch (IllegalStateException e) {
                    LOG.debug("MCP event stream already ended: {}", e.toString());
                }
            }
        }
    }
}
