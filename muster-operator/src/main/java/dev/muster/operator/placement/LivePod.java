package dev.muster.operator.placement;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.k8s.PodRequests;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.manifest.Field;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceList;
import dev.muster.operator.jobs.PodGroups;
import dev.muster.operator.jobs.PodRole;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A Pod as placement needs it, read from the API object.
 *
 * @param nodeName      the node it is bound to; empty while it waits for a scheduler
 * @param schedulerName {@code spec.schedulerName} ({@code default-scheduler} when absent)
 * @param ended         it no longer holds its node (Succeeded, Failed, or being deleted)
 * @param requests      what it asks of a node, as the scheduler counts it (containers, init containers, overhead)
 * @param controller    its controlling owner, if any (a Job, a RayCluster)
 * @param groupRole     for a pod of a plain pod group, the pod set it belongs to ({@link PodRole})
 */
public record LivePod(ObjectKey key, String uid, String nodeName, String schedulerName, boolean ended,
        ResourceList requests, Optional<Owner> controller, Map<String, String> labels, Map<String, String> annotations,
        String groupRole) {

    /** An owner reference: the kind and name of the object that controls the pod. */
    public record Owner(String kind, String name) {
    }

    public LivePod {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
    }

    public static LivePod of(JsonNode pod) {
        JsonNode meta = pod.path("metadata");
        JsonNode spec = pod.path("spec");
        String phase = pod.path("status").path("phase").asText("");
        boolean ended = phase.equals("Succeeded") || phase.equals("Failed") || meta.hasNonNull("deletionTimestamp");
        // The API server validated the pod; a field it would refuse only makes the requests smaller here.
        ResourceList requests = PodRequests.of(PodTemplateReader.readResources(Field.root(spec, (path, message) -> { })));
        Optional<Owner> controller = Optional.empty();
        for (JsonNode o : meta.path("ownerReferences")) {
            if (o.path("controller").asBoolean(false)) {
                controller = Optional.of(new Owner(o.path("kind").asText(), o.path("name").asText()));
            }
        }
        return new LivePod(new ObjectKey(meta.path("namespace").asText(""), meta.path("name").asText()),
                meta.path("uid").asText(""), spec.path("nodeName").asText(""),
                spec.path("schedulerName").asText("default-scheduler"), ended, requests, controller,
                strings(meta.path("labels")), strings(meta.path("annotations")),
                meta.path("labels").has(PodGroups.GROUP_LABEL) ? PodRole.of(spec) : "main");
    }

    public boolean bound() {
        return !nodeName.isEmpty();
    }

    private static Map<String, String> strings(JsonNode map) {
        Map<String, String> out = new TreeMap<>();
        map.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
