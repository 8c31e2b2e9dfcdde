package dev.muster.operator.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.validation.AdmissionRules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The mutating admission webhook of Kueue's job integrations, for the kinds Muster manages: a
 * RayJob, RayCluster or batch Job created with the label {@code kueue.x-k8s.io/queue-name} is
 * created suspended ({@code spec.suspend: true}) so that nothing runs before the queue admits it;
 * Muster unsuspends it on admission.
 *
 * <p>The answer to every review is {@code allowed: true} (the webhook is registered with
 * {@code failurePolicy: Ignore}), with a JSONPatch when the object must be suspended and is not,
 * except for a queued object that breaks {@link RayJobValidation}'s rules (a RayJob) or the rules
 * the simulator applies to the same kind ({@link AdmissionRules}: Kubernetes' own, KubeRay's
 * webhook, KAI's annotations): that one is denied with status code 422 and the list of field errors.
 *
 * <p>An object whose controller (owner reference with {@code controller: true}) is itself a
 * managed kind is left running: the gang is its owner (a RayCluster a RayJob creates carries
 * the RayJob's labels). Kueue asks the API server whether that owner is managed; this webhook
 * has no client and counts every owner of a managed kind as managed.
 *
 * <p>Pure logic: JSON in, JSON out, no I/O, safe to share between threads.
 */
public final class SuspendOnCreate implements AdmissionHandler {

    /** The label that puts a job in a Kueue LocalQueue. */
    public static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";
    /** Kueue marks the pods its pod integration manages. */
    public static final String MANAGED_LABEL = "kueue.x-k8s.io/managed";
    public static final String ADMISSION_API_VERSION = "admission.k8s.io/v1";
    public static final String ADMISSION_KIND = "AdmissionReview";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final RayJobValidation rayJobValidation;

    public SuspendOnCreate() {
        this(new RayJobValidation());
    }

    public SuspendOnCreate(RayJobValidation rayJobValidation) {
        this.rayJobValidation = Objects.requireNonNull(rayJobValidation, "rayJobValidation");
    }

    @Override
    public ObjectNode review(JsonNode admissionReview) {
        JsonNode request = requestOf(admissionReview);
        String uid = request.path("uid").asText("");
        if (uid.isEmpty()) {
            throw new IllegalArgumentException("the AdmissionReview's request has no uid");
        }
        return envelope(respond(uid, request));
    }

    private ObjectNode respond(String uid, JsonNode request) {
        if (!"CREATE".equals(request.path("operation").asText())) {
            return allowed(uid);
        }
        JsonNode object = request.get("object");
        if (isPod(request.get("kind")) && object != null && object.isObject()) {
            if (!dev.muster.operator.jobs.PodGroups.queued(object)) {
                return allowed(uid);
            }
            List<FieldError> errors = kubernetesRules(object);
            return errors.isEmpty() ? gatePod(uid, object)
                    : denied(uid, "Pod " + nameOf(request, object) + " is invalid: " + joined(errors));
        }
        Optional<ManagedKind> kind = ManagedKind.ofRequestKind(request.get("kind"));
        if (kind.isEmpty() || object == null || !object.isObject()) {
            return allowed(uid);
        }
        Optional<String> queue = queueName(object);
        if (queue.isEmpty()) {
            return allowed(uid);
        }
        List<FieldError> errors = new ArrayList<>();
        if (kind.get() == ManagedKind.RAY_JOB) {
            errors.addAll(rayJobValidation.validate(object));
        }
        errors.addAll(kubernetesRules(object));
        if (!errors.isEmpty()) {
            return denied(uid, describe(kind.get(), request, object, queue.get()) + " is invalid: " + joined(errors));
        }
        if (controllerOfManagedKind(object) || isSuspended(object)) {
            return allowed(uid);
        }
        return patched(uid, suspendPatch(kind.get(), object));
    }

    /**
     * The rules the simulator applies when it reads the same kind from a file (Kubernetes' own, KubeRay's
     * webhook, KAI's annotations: {@link AdmissionRules}), so that what Muster refuses in a scenario it
     * refuses in a cluster too, with the same words.
     */
    private static List<FieldError> kubernetesRules(JsonNode object) {
        return AdmissionRules.validate(object).stream().map(v -> new FieldError(v.field(), v.message())).toList();
    }

    private static String joined(List<FieldError> errors) {
        return errors.stream().map(FieldError::toString).collect(Collectors.joining("; "));
    }

    private static boolean isPod(JsonNode gvk) {
        return gvk != null && gvk.path("group").asText("").isEmpty() && "v1".equals(gvk.path("version").asText())
                && "Pod".equals(gvk.path("kind").asText());
    }

    /**
     * A queued plain pod is held by Kueue's scheduling gate until its workload is admitted (a pod
     * has no suspend switch, and gates can only be removed after creation), and marked managed.
     */
    private ObjectNode gatePod(String uid, JsonNode pod) {
        String gate = dev.muster.operator.jobs.PodGroups.GATE;
        ArrayNode patch = NODES.arrayNode();
        JsonNode gates = pod.path("spec").path("schedulingGates");
        boolean gated = false;
        for (JsonNode g : gates) {
            gated |= gate.equals(g.path("name").asText());
        }
        if (!gated) {
            ObjectNode entry = NODES.objectNode().put("name", gate);
            if (gates.isArray()) {
                patch.addObject().put("op", "add").put("path", "/spec/schedulingGates/-").set("value", entry);
            } else {
                patch.addObject().put("op", "add").put("path", "/spec/schedulingGates").set("value", NODES.arrayNode().add(entry));
            }
        }
        if (!"true".equals(pod.path("metadata").path("labels").path(MANAGED_LABEL).asText())) {
            patch.addObject().put("op", "add").put("path", "/metadata/labels/" + MANAGED_LABEL.replace("/", "~1")).put("value", "true");
        }
        return patch.isEmpty() ? allowed(uid) : patched(uid, patch);
    }

    /**
     * The queue an object names with its {@code kueue.x-k8s.io/queue-name} label; empty when the
     * label is absent or blank (Kueue treats an empty queue name as none).
     */
    public static Optional<String> queueName(JsonNode object) {
        JsonNode value = object == null ? null : object.path("metadata").path("labels").get(QUEUE_LABEL);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(value.asText());
    }

    /** Whether the object's controller owner reference points at a kind this webhook manages. */
    static boolean controllerOfManagedKind(JsonNode object) {
        for (JsonNode owner : object.path("metadata").path("ownerReferences")) {
            if (owner.path("controller").asBoolean(false)
                    && ManagedKind.ofApiVersionKind(owner.path("apiVersion").asText(null),
                            owner.path("kind").asText(null)).isPresent()) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSuspended(JsonNode object) {
        JsonNode suspend = object.path("spec").get("suspend");
        return suspend != null && suspend.isBoolean() && suspend.booleanValue();
    }

    /** add {@code /spec/suspend} (or the whole {@code /spec}), replace when the field is there. */
    private static ArrayNode suspendPatch(ManagedKind kind, JsonNode object) {
        ArrayNode patch = NODES.arrayNode();
        ObjectNode op = patch.addObject();
        JsonNode spec = object.get("spec");
        if (spec == null || !spec.isObject()) {
            op.put("op", "add").put("path", "/spec");
            op.putObject("value").put("suspend", true);
        } else {
            op.put("op", spec.has("suspend") ? "replace" : "add").put("path", kind.suspendPointer()).put("value", true);
        }
        return patch;
    }

    private static JsonNode requestOf(JsonNode review) {
        if (review == null || !review.isObject()) {
            throw new IllegalArgumentException("not an AdmissionReview: expected a JSON object");
        }
        String apiVersion = review.path("apiVersion").asText("");
        String kind = review.path("kind").asText("");
        if (!ADMISSION_API_VERSION.equals(apiVersion) || !ADMISSION_KIND.equals(kind)) {
            throw new IllegalArgumentException("expected apiVersion " + ADMISSION_API_VERSION + " kind "
                    + ADMISSION_KIND + ", got apiVersion '" + apiVersion + "' kind '" + kind
                    + "' (register the webhook with admissionReviewVersions: [v1])");
        }
        JsonNode request = review.get("request");
        if (request == null || !request.isObject()) {
            throw new IllegalArgumentException("the AdmissionReview has no request");
        }
        return request;
    }

    private static String describe(ManagedKind kind, JsonNode request, JsonNode object, String queue) {
        return kind.kind() + " " + nameOf(request, object) + " (queue " + queue + ")";
    }

    /** {@code namespace/name} of the object under review, {@code generateName*} when it has no name yet. */
    private static String nameOf(JsonNode request, JsonNode object) {
        String namespace = request.path("namespace").asText(object.path("metadata").path("namespace").asText(""));
        String name = object.path("metadata").path("name").asText("");
        if (name.isEmpty()) {
            name = request.path("name").asText("");
        }
        if (name.isEmpty()) {
            name = object.path("metadata").path("generateName").asText("") + "*";
        }
        return (namespace.isEmpty() ? "" : namespace + "/") + name;
    }

    private static ObjectNode envelope(ObjectNode response) {
        ObjectNode review = NODES.objectNode();
        review.put("apiVersion", ADMISSION_API_VERSION);
        review.put("kind", ADMISSION_KIND);
        review.set("response", response);
        return review;
    }

    private static ObjectNode allowed(String uid) {
        ObjectNode response = NODES.objectNode();
        response.put("uid", uid);
        response.put("allowed", true);
        return response;
    }

    private static ObjectNode patched(String uid, ArrayNode patch) {
        ObjectNode response = allowed(uid);
        response.put("patchType", "JSONPatch");
        try {
            byte[] bytes = JSON.writeValueAsString(patch).getBytes(StandardCharsets.UTF_8);
            response.put("patch", Base64.getEncoder().encodeToString(bytes));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON patch", e);
        }
        return response;
    }

    private static ObjectNode denied(String uid, String message) {
        ObjectNode response = NODES.objectNode();
        response.put("uid", uid);
        response.put("allowed", false);
        ObjectNode status = response.putObject("status");
        status.put("status", "Failure");
        status.put("message", message);
        status.put("reason", "Invalid");
        status.put("code", 422);
        return response;
    }
}
