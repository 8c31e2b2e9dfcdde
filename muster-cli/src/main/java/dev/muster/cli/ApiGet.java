package dev.muster.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.IOException;
import java.util.concurrent.ExecutionException;

/**
 * A plain GET of a path on the API server, for what has no typed call: API discovery and Kueue's
 * aggregated visibility API. The answer's status code is kept (404 and 503 mean something there).
 */
interface ApiGet {

    /** A status code and body. */
    record Answer(int code, String body) {
    }

    /**
     * GETs {@code path} (starting with "/", with its query).
     *
     * @throws IOException when the server cannot be reached or the answer not read
     */
    Answer get(String path) throws IOException;

    /** The API server's address, for messages. */
    String server();

    /** Through the client's own HTTP client: its credentials and TLS settings, as for every other call. */
    static ApiGet of(KubernetesClient client) {
        String base = client.getMasterUrl().toString().replaceAll("/+$", "");
        return new ApiGet() {
            @Override
            public Answer get(String path) throws IOException {
                var request = client.getHttpClient().newHttpRequestBuilder().uri(base + path)
                        .header("Accept", "application/json").build();
                try {
                    HttpResponse<String> response = client.getHttpClient().sendAsync(request, String.class).get();
                    return new Answer(response.code(), response.body() == null ? "" : response.body());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }

            @Override
            public String server() {
                return base;
            }
        };
    }
}
