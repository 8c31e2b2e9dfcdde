package dev.muster.operator.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Small helpers shared by the servers of this package. */
final class Exchanges {

    static final String TEXT = "text/plain; charset=utf-8";

    private Exchanges() {}

    static void text(HttpExchange exchange, int status, String body) throws IOException {
        send(exchange, status, TEXT, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends a complete response; a HEAD request gets the headers only. */
    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        if ("HEAD".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Content-Length", Integer.toString(body.length));
            exchange.sendResponseHeaders(status, -1);
        } else {
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
        exchange.close();
    }

    /** Answers 405 and returns false unless the request's method is one of {@code allowed}. */
    static boolean method(HttpExchange exchange, String... allowed) throws IOException {
        String method = exchange.getRequestMethod();
        for (String m : allowed) {
            if (m.equals(method)) {
                return true;
            }
        }
        exchange.getResponseHeaders().set("Allow", String.join(", ", allowed));
        text(exchange, 405, "method " + method + " not allowed; use " + String.join(" or ", allowed) + "\n");
        return false;
    }

    /** Answers 404 and returns false unless the request's path is exactly {@code path}. */
    static boolean exactPath(HttpExchange exchange, String path) throws IOException {
        if (path.equals(exchange.getRequestURI().getPath())) {
            return true;
        }
        text(exchange, 404, "not found: " + exchange.getRequestURI().getPath() + "\n");
        return false;
    }

    /**
     * The request body, at most {@code limit} bytes; null when it is longer. Read up to the limit
     * rather than refused on a declared Content-Length: a client still sending its body would see
     * the connection closed instead of the 413 (WebhookServerTest.aBodyAboveTheLimitIsRefused).
     */
    static byte[] body(HttpExchange exchange, int limit) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] bytes = in.readNBytes(limit + 1);
            return bytes.length > limit ? null : bytes;
        }
    }
}
