package org.flinkdashboard.catalog;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP server (the JDK's) that answers what a test tells it, for the plugin's error
 * mapping: the real dashboard's answers are checked by the end-to-end tests; these check what
 * the plugin makes of each kind of answer. It keeps every request it got.
 */
final class StubDashboard implements AutoCloseable {
    /** A request as received: method, path after /api/v1/, its client header and its body. */
    record Request(String method, String path, String client, String body) {}

    private record Reply(int status, String contentType, String body) {}

    private final HttpServer server;
    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    final List<Request> requests = new CopyOnWriteArrayList<>();

    StubDashboard() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    DashboardClient client() {
        return new DashboardClient(url() + "/", "the-token", Duration.ofSeconds(5));
    }

    /** Answer {@code method path} (path after /api/v1/) with a JSON body. */
    StubDashboard answer(String method, String path, int status, String json) {
        replies.put(method + " " + path, new Reply(status, "application/json", json));
        return this;
    }

    StubDashboard answerText(String method, String path, int status, String text) {
        replies.put(method + " " + path, new Reply(status, "text/html", text));
        return this;
    }

    /** The dashboard's error body for {@code message}. */
    static String error(String message) {
        return "{\"errors\": [{\"message\": \"" + message.replace("\"", "\\\"") + "\"}]}";
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath().replaceFirst("^/api/v1/", "");
        String query = exchange.getRequestURI().getRawQuery();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String method = exchange.getRequestMethod();
        requests.add(new Request(method, path, exchange.getRequestHeaders().getFirst("X-Dashboard-Client"), body));
        Reply reply = replies.get(method + " " + path + (query == null ? "" : "?" + query));
        if (reply == null) {
            reply = replies.getOrDefault(method + " " + path, new Reply(404, "application/json", error("Not found.")));
        }
        byte[] bytes = reply.body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", reply.contentType);
        exchange.sendResponseHeaders(reply.status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
