package dev.almanac.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.BadMessageException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpChannelOverHttp;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnection;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * Errors that Jetty answers itself, before a request reaches the routes: a request line, path or header it cannot read
 * ({@code /%zz}, {@code /..%2f..}), headers or a URI too large. They are JSON {@code {code, message}} like every other
 * error, never Jetty's HTML page, and always 4xx: a message the server cannot read is the client's to fix, so Jetty's 505
 * for an HTTP version it does not know is answered 400.
 */
final class JettyErrors {
    private JettyErrors() {}

    /** The connector the server listens with: plain HTTP/1.1 as Javalin's own, with bad messages answered 4xx. */
    static ServerConnector connector(Server server, HttpConfiguration http, String host, int port) {
        ServerConnector connector = new ServerConnector(server, new Connections(http));
        connector.setHost(host);
        connector.setPort(port);
        return connector;
    }

    /** Jetty's error pages, as JSON. */
    static final class Handler extends ErrorHandler {
        @Override
        public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
            fields.put(HttpHeader.CONTENT_TYPE, "application/json");
            return ByteBuffer.wrap(body(status, reason));
        }

        @Override
        protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response,
                                                  int status, String message) throws IOException {
            baseRequest.setHandled(true);
            response.setContentType("application/json");
            response.getOutputStream().write(body(status, message));
        }
    }

    static byte[] body(int status, String reason) {
        try {
            return ApiServer.JSON.writeValueAsBytes(ApiServer.error(code(status), message(status, reason), null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String code(int status) {
        return switch (status) {
            case 404 -> "not_found";
            case 413 -> "too_large";
            case 414 -> "uri_too_long";
            case 431 -> "headers_too_large";
            default -> status >= 500 ? "internal" : "bad_request";
        };
    }

    private static String message(int status, String reason) {
        return switch (status) {
            case 413 -> "the request is too large";
            case 414 -> "the request URI is too long";
            case 431 -> "the request headers are too large";
            default -> (status >= 500 ? "the server failed to answer" : "the request is malformed")
                    + (reason == null || reason.isBlank() || reason.equals(HttpStatus.getMessage(status)) ? "" : ": " + reason);
        };
    }

    /** HTTP/1.1 connections whose bad messages are answered 400 where Jetty would answer 5xx. */
    private static final class Connections extends HttpConnectionFactory {
        Connections(HttpConfiguration http) {
            super(http);
        }

        @Override
        public Connection newConnection(Connector connector, EndPoint endPoint) {
            HttpConnection connection = new HttpConnection(getHttpConfiguration(), connector, endPoint, isRecordHttpComplianceViolations()) {
                @Override
                protected HttpChannelOverHttp newHttpChannel() {
                    return new HttpChannelOverHttp(this, getConnector(), getHttpConfiguration(), getEndPoint(), this) {
                        @Override
                        public void badMessage(BadMessageException failure) {
                            super.badMessage(failure.getCode() >= 500 ? new BadMessageException(400, failure.getReason(), failure) : failure);
                        }
                    };
                }
            };
            connection.setUseInputDirectByteBuffers(isUseInputDirectByteBuffers());
            connection.setUseOutputDirectByteBuffers(isUseOutputDirectByteBuffers());
            return configure(connection, connector, endPoint);
        }
    }
}
