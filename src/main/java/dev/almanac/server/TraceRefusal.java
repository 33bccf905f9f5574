package dev.almanac.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Refuses {@code TRACE} (and {@code TRACK}) on every path with 405 and a JSON {@code {code, message}}: a servlet answers
 * TRACE by echoing the request, headers and bearer token included.
 */
final class TraceRefusal implements Filter {
    private static final byte[] BODY = "{\"code\":\"method_not_allowed\",\"message\":\"TRACE is not allowed\"}".getBytes(StandardCharsets.UTF_8);

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        String method = ((HttpServletRequest) request).getMethod();
        if (method.equalsIgnoreCase("TRACE") || method.equalsIgnoreCase("TRACK")) {
            HttpServletResponse res = (HttpServletResponse) response;
            res.setStatus(405);
            res.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
            res.setContentType("application/json");
            res.setContentLength(BODY.length);
            res.getOutputStream().write(BODY);
            return;
        }
        chain.doFilter(request, response);
    }
}
