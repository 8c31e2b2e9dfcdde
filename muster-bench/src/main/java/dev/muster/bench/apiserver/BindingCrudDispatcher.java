package dev.muster.bench.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The indexed mock API server that also does what the API server does with a {@code Binding}: the
 * stock mock stores a Binding as an object of its own, so a scheduler's bind changes nothing (the
 * operator's tests use a kubelet stand-in that reads them back). Here {@code POST
 * .../namespaces/NS/bindings} and {@code POST .../pods/NAME/binding} set the pod's {@code
 * spec.nodeName} in the same request, answer 409 Conflict for a pod bound already (to any node) and
 * 404 for a pod that is not there, as the API server's binding REST storage does.
 */
public final class BindingCrudDispatcher extends IndexedCrudDispatcher {

    private static final Pattern BINDINGS = Pattern.compile("^/api/v1/namespaces/([^/]+)/bindings/?(\\?.*)?$");
    private static final Pattern POD_BINDING = Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/]+)/binding/?(\\?.*)?$");
    private static final ObjectMapper JSON = Serialization.jsonMapper();

    @Override
    public MockResponse handleCreate(RecordedRequest request) {
        Matcher all = BINDINGS.matcher(request.getPath());
        Matcher one = POD_BINDING.matcher(request.getPath());
        if (all.matches()) {
            return bind(all.group(1), null, request.getUtf8Body());
        }
        if (one.matches()) {
            return bind(one.group(1), one.group(2), request.getUtf8Body());
        }
        return super.handleCreate(request);
    }

    /** One binding at a time, so that two binds of one pod cannot both find it unbound. */
    private synchronized MockResponse bind(String namespace, String podName, String body) {
        JsonNode binding;
        try {
            binding = JSON.readTree(body);
        } catch (java.io.IOException e) {
            return status(HttpURLConnection.HTTP_BAD_REQUEST, "BadRequest", "not a Binding: " + e.getMessage());
        }
        String pod = podName != null ? podName : binding.path("metadata").path("name").asText("");
        String node = binding.path("target").path("name").asText("");
        if (pod.isEmpty() || node.isEmpty()) {
            return status(422, "Invalid", "a Binding names a pod and a target node");
        }
        String podPath = "/api/v1/namespaces/" + namespace + "/pods/" + pod;
        MockResponse current = handleGet(podPath);
        if (current.code() != HttpURLConnection.HTTP_OK) {
            return status(HttpURLConnection.HTTP_NOT_FOUND, "NotFound", "pods \"" + pod + "\" not found");
        }
        try {
            JsonNode existing = JSON.readTree(current.getBody().readUtf8());
            String uid = binding.path("metadata").path("uid").asText("");
            if (!uid.isEmpty() && !uid.equals(existing.path("metadata").path("uid").asText(""))) {
                return status(HttpURLConnection.HTTP_CONFLICT, "Conflict", "pod " + pod + ": the uid in the Binding is another pod's");
            }
            if (!existing.path("spec").path("nodeName").asText("").isEmpty()) {
                return status(HttpURLConnection.HTTP_CONFLICT, "Conflict", "pod " + pod + " is already assigned to node \""
                        + existing.path("spec").path("nodeName").asText() + "\"");
            }
        } catch (java.io.IOException e) {
            return status(HttpURLConnection.HTTP_INTERNAL_ERROR, "InternalError", e.getMessage());
        }
        String patch = "{\"spec\":{\"nodeName\":" + JSON.valueToTree(node) + "}}";
        MockResponse patched = handlePatch(new RecordedRequest("HTTP/1.1", HttpMethod.PATCH, podPath,
                Headers.builder().add("Content-Type", "application/merge-patch+json").build(),
                new Buffer(patch.getBytes(StandardCharsets.UTF_8))));
        if (patched.code() != HttpURLConnection.HTTP_OK) {
            return patched;
        }
        return new MockResponse().setResponseCode(HttpURLConnection.HTTP_CREATED).setBody(body);
    }

    private static MockResponse status(int code, String reason, String message) {
        String quoted = JSON.valueToTree(message).toString();
        return new MockResponse().setResponseCode(code).setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                + "\"reason\":\"" + reason + "\",\"code\":" + code + ",\"message\":" + quoted + "}");
    }
}
