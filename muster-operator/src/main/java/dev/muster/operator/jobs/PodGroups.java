package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Plain pods queued as Kueue queues them: a pod with the queue label and no job above it is a
 * workload of its own; pods labelled {@code kueue.x-k8s.io/pod-group-name} with the annotation
 * {@code kueue.x-k8s.io/pod-group-total-count} are one gang, which is queued once all its pods
 * exist. A group is keyed by its Workload: the group's name, or {@code pod-<name>-<hash>} for a
 * single pod. Each group is rendered as the Kueue Workload manifest it amounts to, so that the
 * same readers give its pod sets, queue and priority as for any other workload.
 */
public final class PodGroups {

    public static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";
    public static final String GROUP_LABEL = "kueue.x-k8s.io/pod-group-name";
    public static final String TOTAL_ANNOTATION = "kueue.x-k8s.io/pod-group-total-count";
    public static final String PRIORITY_CLASS_LABEL = "kueue.x-k8s.io/priority-class";
    /** The scheduling gate that holds a queued pod until its workload is admitted (Kueue's). */
    public static final String GATE = "kueue.x-k8s.io/admission";
    /** What the rendered manifest says of the group's pods, for {@link PodGroupAdapter}. */
    static final String STATE_ANNOTATION = "muster.dev/pod-group-state";

    /** The kinds whose pods are theirs, not a plain pod group's. */
    private static final Set<String> JOB_KINDS = Set.of("RayJob", "RayCluster", "Job", "JobSet");

    private final Map<ObjectKey, TreeMap<String, JsonNode>> groups = new HashMap<>();
    private final Map<ObjectKey, ObjectKey> groupOfPod = new HashMap<>();

    /** Whether a pod is queued as a plain pod (the queue label, and no job's controller above it). */
    public static boolean queued(JsonNode pod) {
        JsonNode queue = pod.path("metadata").path("labels").path(QUEUE_LABEL);
        if (!queue.isTextual() || queue.asText().isBlank()) {
            return false;
        }
        for (JsonNode o : pod.path("metadata").path("ownerReferences")) {
            if (o.path("controller").asBoolean(false) && JOB_KINDS.contains(o.path("kind").asText())) {
                return false;
            }
        }
        return true;
    }

    /** The group (its Workload's key) a queued pod belongs to. */
    public static ObjectKey groupOf(String namespace, String podName, Map<String, String> labels) {
        String group = labels.get(GROUP_LABEL);
        return group != null && !group.isBlank() ? new ObjectKey(namespace, group)
                : new ObjectKey(namespace, KueueWorkloadNames.of("Pod", new ObjectKey(namespace, podName)));
    }

    /** A queued pod was added or changed; returns its group. */
    public ObjectKey upsert(JsonNode pod) {
        JsonNode meta = pod.path("metadata");
        String ns = meta.path("namespace").asText("");
        String name = meta.path("name").asText();
        Map<String, String> labels = new HashMap<>();
        meta.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        ObjectKey group = groupOf(ns, name, labels);
        ObjectKey podKey = new ObjectKey(ns, name);
        ObjectKey before = groupOfPod.put(podKey, group);
        if (before != null && !before.equals(group)) {
            remove(podKey, before);
        }
        groups.computeIfAbsent(group, g -> new TreeMap<>()).put(name, pod);
        return group;
    }

    /** A queued pod was deleted; returns its group, if it was in one. */
    public Optional<ObjectKey> delete(ObjectKey pod) {
        ObjectKey group = groupOfPod.remove(pod);
        if (group != null) {
            remove(pod, group);
        }
        return Optional.ofNullable(group);
    }

    private void remove(ObjectKey pod, ObjectKey group) {
        TreeMap<String, JsonNode> pods = groups.get(group);
        if (pods != null) {
            pods.remove(pod.name());
            if (pods.isEmpty()) {
                groups.remove(group);
            }
        }
    }

    public boolean exists(ObjectKey group) {
        return groups.containsKey(group);
    }

    /** The group's pods, in name order. */
    public List<JsonNode> pods(ObjectKey group) {
        return List.copyOf(groups.getOrDefault(group, new TreeMap<>()).values());
    }

    /** How many pods the group has in all: its total-count annotation, 1 for a single pod. */
    static int total(List<JsonNode> pods) {
        for (JsonNode p : pods) {
            String total = p.path("metadata").path("annotations").path(TOTAL_ANNOTATION).asText("");
            if (!total.isEmpty()) {
                try {
                    return Math.max(1, Integer.parseInt(total.strip()));
                } catch (NumberFormatException e) {
                    return pods.size(); // Kueue's webhook refuses such a pod; here the group is what exists
                }
            }
        }
        return 1;
    }

    /**
     * The group as the Kueue Workload it amounts to, once all its pods exist (a group is a gang);
     * empty while some are missing. Its pod sets are the group's roles, in the order of the pods' names.
     */
    public Optional<ObjectNode> manifest(ObjectKey group) {
        List<JsonNode> pods = pods(group);
        List<JsonNode> live = pods.stream().filter(p -> !p.path("metadata").hasNonNull("deletionTimestamp")).toList();
        if (live.isEmpty() || live.size() < total(live)) {
            return Optional.empty();
        }
        JsonNodeFactory json = JsonNodeFactory.instance;
        JsonNode first = live.get(0);
        ObjectNode w = json.objectNode();
        w.put("apiVersion", "kueue.x-k8s.io/v1beta1");
        w.put("kind", "Workload");
        ObjectNode meta = w.putObject("metadata");
        meta.put("name", group.name());
        meta.put("namespace", group.namespace());
        meta.put("creationTimestamp", live.stream().map(p -> p.path("metadata").path("creationTimestamp").asText(""))
                .filter(s -> !s.isEmpty()).sorted().findFirst().orElse(""));
        meta.putObject("annotations").put(STATE_ANNOTATION, PodGroupState.of(live).text());
        String queue = first.path("metadata").path("labels").path(QUEUE_LABEL).asText();
        meta.putObject("labels").put(QUEUE_LABEL, queue);
        ObjectNode spec = w.putObject("spec");
        spec.put("queueName", queue);
        String wpc = first.path("metadata").path("labels").path(PRIORITY_CLASS_LABEL).asText("");
        String pc = first.path("spec").path("priorityClassName").asText("");
        if (!wpc.isEmpty()) {
            spec.put("priorityClassName", wpc).put("priorityClassSource", "kueue.x-k8s.io/workloadpriorityclass");
        } else if (!pc.isEmpty()) {
            spec.put("priorityClassName", pc).put("priorityClassSource", "scheduling.k8s.io/priorityclass");
        }
        Map<String, List<JsonNode>> roles = new LinkedHashMap<>();
        boolean single = !first.path("metadata").path("labels").has(GROUP_LABEL);
        for (JsonNode p : live) {
            roles.computeIfAbsent(single ? "main" : PodRole.of(p.path("spec")), r -> new ArrayList<>()).add(p);
        }
        ArrayNode podSets = spec.putArray("podSets");
        roles.forEach((role, members) -> {
            ObjectNode ps = podSets.addObject();
            ps.put("name", role);
            ps.put("count", members.size());
            ObjectNode template = ps.putObject("template");
            JsonNode m = members.get(0).path("metadata");
            ObjectNode tmeta = template.putObject("metadata");
            if (m.has("labels")) {
                tmeta.set("labels", m.get("labels").deepCopy());
            }
            if (m.has("annotations")) {
                tmeta.set("annotations", m.get("annotations").deepCopy());
            }
            ObjectNode podSpec = ((ObjectNode) members.get(0).path("spec")).deepCopy();
            // What a scheduler or Muster fills in is not part of what the user asked for.
            podSpec.remove(List.of("nodeName", "schedulingGates"));
            template.set("spec", podSpec);
        });
        return Optional.of(w);
    }
}
