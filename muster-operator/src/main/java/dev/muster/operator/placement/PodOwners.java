package dev.muster.operator.placement;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.model.ObjectKey;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import dev.muster.operator.jobs.PodGroups;

/**
 * Which queued job, and which of its pod sets, a pod belongs to. Pods are made by the job kinds'
 * own controllers, so they are found by what those controllers write: a RayCluster's pods carry
 * {@code ray.io/node-type} and {@code ray.io/group}, a Job's pods are owned by the Job. A RayJob
 * owns its RayCluster and its submitter Job, which is why the owners of those are remembered.
 */
public final class PodOwners {

    /** A pod's place in a workload: the job Muster queues, and the pod set. */
    public record Slot(String jobKind, ObjectKey job, String podSet) {
    }

    static final String RAY_NODE_TYPE = "ray.io/node-type";
    static final String RAY_GROUP = "ray.io/group";
    /** Pod set names as muster-api reads them: KubeRay's head, a Job's only pod set, a RayJob's submitter. */
    static final String HEAD = "head";
    static final String MAIN = "main";
    static final String SUBMITTER = "submitter";

    private static final java.util.Set<String> JOB_KINDS = java.util.Set.of("RayJob", "RayCluster", "Job", "JobSet");

    /** Controller of a RayCluster or Job, by (kind, namespace, name). */
    private final Map<List<String>, LivePod.Owner> controllers = new HashMap<>();

    /**
     * A RayCluster or Job was seen: its controller, if any, is remembered. Returns whether that
     * changed what its pods belong to (they may have been seen before it).
     */
    public boolean seen(String kind, JsonNode object) {
        JsonNode meta = object.path("metadata");
        List<String> id = List.of(kind, meta.path("namespace").asText(""), meta.path("name").asText());
        for (JsonNode o : meta.path("ownerReferences")) {
            if (o.path("controller").asBoolean(false)) {
                LivePod.Owner owner = new LivePod.Owner(o.path("kind").asText(), o.path("name").asText());
                return !owner.equals(controllers.put(id, owner));
            }
        }
        return controllers.remove(id) != null;
    }

    public void deleted(String kind, ObjectKey key) {
        controllers.remove(List.of(kind, key.namespace(), key.name()));
    }

    /** The job and pod set of a pod made by KubeRay or the Job controller; empty for any other pod. */
    public Optional<Slot> slotOf(LivePod pod) {
        String queue = pod.labels().getOrDefault(PodGroups.QUEUE_LABEL, "");
        if (!queue.isBlank() && pod.controller().filter(o -> JOB_KINDS.contains(o.kind())).isEmpty()) {
            // A queued plain pod: its group's Workload is the job, its role the pod set.
            return Optional.of(new Slot("Workload", PodGroups.groupOf(pod.key().namespace(), pod.key().name(), pod.labels()),
                    pod.groupRole()));
        }
        if (pod.controller().isEmpty()) {
            return Optional.empty();
        }
        LivePod.Owner owner = pod.controller().get();
        String ns = pod.key().namespace();
        Optional<LivePod.Owner> grandparent = Optional.ofNullable(controllers.get(List.of(owner.kind(), ns, owner.name())));
        boolean ofRayJob = grandparent.filter(g -> g.kind().equals("RayJob")).isPresent();
        return switch (owner.kind()) {
            case "RayCluster" -> rayPodSet(pod).map(podSet -> ofRayJob
                    ? new Slot("RayJob", new ObjectKey(ns, grandparent.get().name()), podSet)
                    : new Slot("RayCluster", new ObjectKey(ns, owner.name()), podSet));
            case "Job" -> Optional.of(ofRayJob
                    ? new Slot("RayJob", new ObjectKey(ns, grandparent.get().name()), SUBMITTER)
                    : new Slot("Job", new ObjectKey(ns, owner.name()), MAIN));
            default -> Optional.empty();
        };
    }

    private static Optional<String> rayPodSet(LivePod pod) {
        if (HEAD.equals(pod.labels().get(RAY_NODE_TYPE))) {
            return Optional.of(HEAD);
        }
        // muster-api names a worker group's pod set after its groupName in lower case, as Kueue does.
        return Optional.ofNullable(pod.labels().get(RAY_GROUP)).map(g -> g.toLowerCase(Locale.ROOT));
    }
}
