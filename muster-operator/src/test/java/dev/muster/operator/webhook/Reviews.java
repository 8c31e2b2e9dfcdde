package dev.muster.operator.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** AdmissionReviews and objects written as the API server sends them, for tests. */
final class Reviews {

    static final ObjectMapper JSON = new ObjectMapper();

    private Reviews() {}

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A v1 AdmissionReview of {@code operation} on {@code object} of the given group/version/kind. */
    static ObjectNode review(String operation, String group, String version, String kind, JsonNode object) {
        ObjectNode review = JSON.createObjectNode();
        review.put("apiVersion", "admission.k8s.io/v1");
        review.put("kind", "AdmissionReview");
        ObjectNode request = review.putObject("request");
        request.put("uid", "705ab4f5-6393-11e8-b7cc-42010a800002");
        ObjectNode gvk = request.putObject("kind");
        gvk.put("group", group).put("version", version).put("kind", kind);
        request.put("namespace", "team-a");
        request.put("operation", operation);
        request.set("object", object);
        return review;
    }

    static ObjectNode create(String group, String version, String kind, JsonNode object) {
        return review("CREATE", group, version, kind, object);
    }

    static ObjectNode createRayJob(JsonNode object) {
        return create("ray.io", "v1", "RayJob", object);
    }

    /** A RayJob a queue may manage: its own cluster, deleted when the job ends. */
    static ObjectNode queuedRayJob() {
        return (ObjectNode) json("""
                {'apiVersion': 'ray.io/v1', 'kind': 'RayJob',
                 'metadata': {'name': 'pytorch-text-classifier', 'namespace': 'team-a',
                              'labels': {'kueue.x-k8s.io/queue-name': 'user-queue'}},
                 'spec': {'entrypoint': 'python train.py', 'shutdownAfterJobFinishes': true,
                          'rayClusterSpec': {'headGroupSpec': {'template': {}}}}}
                """);
    }

    static ObjectNode queuedRayCluster() {
        return (ObjectNode) json("""
                {'apiVersion': 'ray.io/v1', 'kind': 'RayCluster',
                 'metadata': {'name': 'raycluster-kuberay', 'namespace': 'team-a',
                              'labels': {'kueue.x-k8s.io/queue-name': 'user-queue'}},
                 'spec': {'headGroupSpec': {'template': {}}, 'workerGroupSpecs': []}}
                """);
    }

    static ObjectNode queuedJob() {
        return (ObjectNode) json("""
                {'apiVersion': 'batch/v1', 'kind': 'Job',
                 'metadata': {'name': 'sample-job', 'namespace': 'team-a',
                              'labels': {'kueue.x-k8s.io/queue-name': 'user-queue'}},
                 'spec': {'parallelism': 3, 'completions': 3, 'template': {}}}
                """);
    }

    static JsonNode response(JsonNode answer) {
        return answer.get("response");
    }

    /** The response's JSONPatch, decoded. */
    static JsonNode patch(JsonNode answer) {
        byte[] bytes = Base64.getDecoder().decode(response(answer).get("patch").asText());
        return json(new String(bytes, StandardCharsets.UTF_8));
    }

    /** Applies a JSONPatch made of add and replace operations on object members. */
    static JsonNode apply(JsonNode patch, JsonNode object) {
        ObjectNode result = object.deepCopy();
        for (JsonNode op : patch) {
            String operation = op.get("op").asText();
            if (!operation.equals("add") && !operation.equals("replace")) {
                throw new IllegalArgumentException("unsupported op " + operation);
            }
            String[] path = op.get("path").asText().substring(1).split("/");
            JsonNode parent = result;
            for (int i = 0; i < path.length - 1; i++) {
                JsonNode next = parent.get(unescape(path[i]));
                if (next == null || !next.isContainerNode()) {
                    throw new IllegalArgumentException("no object at " + op.get("path"));
                }
                parent = next;
            }
            String member = unescape(path[path.length - 1]);
            if (parent instanceof com.fasterxml.jackson.databind.node.ArrayNode array) {
                if (!member.equals("-")) {
                    throw new IllegalArgumentException("only appending to an array is supported: " + op.get("path"));
                }
                array.add(op.get("value"));
                continue;
            }
            ObjectNode target = (ObjectNode) parent;
            if (operation.equals("replace") && !target.has(member)) {
                throw new IllegalArgumentException("replace of a missing member " + op.get("path"));
            }
            target.set(member, op.get("value"));
        }
        return result;
    }

    /** A JSON Pointer reference token with its escapes undone. */
    private static String unescape(String token) {
        return token.replace("~1", "/").replace("~0", "~");
    }
}
