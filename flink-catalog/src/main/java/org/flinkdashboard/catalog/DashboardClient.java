package org.flinkdashboard.catalog;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/** The dashboard's REST API: GET and POST of JSON, with the token; failures a user can act on. */
final class DashboardClient {
    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * How the plugin names itself to the dashboard (header {@code X-Dashboard-Client}): the
     * history says its changes came "via Flink catalog plugin". Informational only.
     */
    static final String CLIENT_HEADER = "X-Dashboard-Client";

    static final String CLIENT_NAME = "flink-catalog";

    /** An answer the caller decides about (4xx other than 401); its message is the dashboard's. */
    static final class Answer {
        final int status;
        final JsonNode body;

        Answer(int status, JsonNode body) {
            this.status = status;
            this.body = body;
        }

        boolean ok() {
            return status / 100 == 2;
        }

        /** The dashboard's first error message, or a fallback naming the status. */
        String message() {
            JsonNode errors = body.path("errors");
            if (errors.isArray() && errors.size() > 0) {
                return errors.get(0).path("message").asText();
            }
            return "HTTP " + status;
        }
    }

    private final String baseUrl;
    private final String token;
    private final Duration timeout;
    private final HttpClient http;

    DashboardClient(String url, String token, Duration timeout) {
        this.baseUrl = url.replaceAll("/+$", "");
        this.token = token;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    String baseUrl() {
        return baseUrl;
    }

    /** One path segment for a Flink name, which may hold any character ('/' included). */
    static String segment(String name) {
        return encode(encode(name));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * Download {@code path} to {@code target}; the answer's body is empty when it succeeded
     * (the file holds it) and the dashboard's error otherwise.
     */
    Answer download(String path, java.nio.file.Path target) {
        HttpRequest request =
                HttpRequest.newBuilder(uri(path))
                        .timeout(timeout)
                        .header("Authorization", "Token " + token)
                        .header(CLIENT_HEADER, CLIENT_NAME)
                        .GET()
                        .build();
        HttpResponse<java.nio.file.Path> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofFile(target));
        } catch (IOException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CatalogException("Interrupted while downloading from the dashboard at " + baseUrl, e);
        }
        if (response.statusCode() / 100 == 2) {
            return new Answer(response.statusCode(), JSON.createObjectNode());
        }
        String text;
        try {
            text = java.nio.file.Files.readString(target, StandardCharsets.UTF_8);
            java.nio.file.Files.deleteIfExists(target);
        } catch (IOException e) {
            text = "";
        }
        return check(new Answer(response.statusCode(), parse(text, response.statusCode(), "GET", path)), "GET", path);
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET(), "GET", path);
    }

    Answer post(String path, ObjectNode body) {
        String text;
        try {
            text = JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new CatalogException("Could not write the request to the dashboard: " + e, e);
        }
        HttpRequest.Builder request =
                HttpRequest.newBuilder(uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8));
        return send(request, "POST", path);
    }

    private URI uri(String path) {
        try {
            return URI.create(baseUrl + "/api/v1/" + path);
        } catch (IllegalArgumentException e) {
            throw new CatalogException(
                    "The 'url' option '" + baseUrl + "' is not a URL: " + e.getMessage(), e);
        }
    }

    private Answer send(HttpRequest.Builder builder, String method, String path) {
        HttpRequest request =
                builder.timeout(timeout)
                        .header("Authorization", "Token " + token)
                        .header(CLIENT_HEADER, CLIENT_NAME)
                        .header("Accept", "application/json")
                        .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw new CatalogException(
                    "The dashboard at " + baseUrl + " did not answer " + method + " /api/v1/" + path
                            + " within " + timeout.toSeconds() + " s (option 'request.timeout').", e);
        } catch (ConnectException e) {
            throw unreachable(e);
        } catch (IOException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CatalogException("Interrupted while asking the dashboard at " + baseUrl, e);
        }
        int status = response.statusCode();
        return check(new Answer(status, parse(response.body(), status, method, path)), method, path);
    }

    /** The answer, unless it is one no caller can do anything about: 401 and 5xx fail here. */
    private Answer check(Answer answer, String method, String path) {
        int status = answer.status;
        if (status == 401) {
            throw new CatalogException(
                    "The dashboard at " + baseUrl + " refused the API token: " + answer.message()
                            + " Set a valid token in the 'token' option or in the environment variable "
                            + DashboardOptions.TOKEN_VARIABLE + ".");
        }
        if (status >= 500) {
            throw new CatalogException(
                    "The dashboard at " + baseUrl + " failed (HTTP " + status + ") on " + method
                            + " /api/v1/" + path + ": " + answer.message()
                            + ". Nothing was changed by this request on Flink's side; try again later or tell the dashboard's operators.");
        }
        return answer;
    }

    private CatalogException unreachable(Exception e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new CatalogException(
                "Cannot reach the dashboard at " + baseUrl + " (" + why
                        + "). Check the catalog's 'url' option and that the dashboard is running.", e);
    }

    private JsonNode parse(String text, int status, String method, String path) {
        if (text == null || text.isEmpty()) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            if (status >= 500) {
                return JSON.createObjectNode(); // a proxy's HTML error page
            }
            throw new CatalogException(
                    "The server at " + baseUrl + " answered " + method + " /api/v1/" + path
                            + " (HTTP " + status + ") with something that is not JSON: is 'url' the dashboard's address?", e);
        }
    }
}
