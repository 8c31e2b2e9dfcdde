package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.model.Toleration;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plain pods and pod groups ({@link PodGroups}), as Kueue's pod integration runs them: a queued pod
 * is created with Kueue's scheduling gate (the webhook adds it), admission removes the gate and
 * sets the flavors' node labels and tolerations on each pod, and eviction deletes the pods, as
 * pods cannot be suspended. The job is the group's rendered Workload manifest; events go to its
 * Workload object, which the group's pods own.
 */
public final class PodGroupAdapter implements JobAdapter {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final PodGroups groups;

    public PodGroupAdapter(PodGroups groups) {
        this.groups = groups;
    }

    @Override
    public KubeKind kind() {
        return KubeKind.WORKLOAD;
    }

    private static PodGroupState state(JsonNode live) {
        return PodGroupState.parse(live.path("metadata").path("annotations").path(PodGroups.STATE_ANNOTATION).asText(""));
    }

    @Override
    public boolean suspended(JsonNode live) {
        return state(live).gated();
    }

    @Override
    public List<PodTemplatePath> podTemplates(JsonNode live) {
        List<PodTemplatePath> out = new ArrayList<>();
        JsonNode podSets = live.path("spec").path("podSets");
        for (int i = 0; i < podSets.size(); i++) {
            out.add(new PodTemplatePath(podSets.get(i).path("name").asText(), "/spec/podSets/" + i + "/template"));
        }
        return out;
    }

    @Override
    public boolean finished(JsonNode live) {
        return state(live).ended();
    }

    @Override
    public boolean podsReady(JsonNode live) {
        return state(live).running();
    }

    /** Its pods are deleted when it is evicted; the group is forgotten, and its quota given back, when the last one is gone. */
    @Override
    public boolean active(JsonNode live) {
        return !state(live).ended();
    }

    @Override
    public ObjectKey workloadKey(ObjectKey group) {
        return group;
    }

    /** Every pod of the group owns its Workload, as Kueue has it: the Workload goes when the last pod does. */
    @Override
    public List<ObjectNode> workloadOwners(ObjectKey group, JsonNode live) {
        List<ObjectNode> owners = new ArrayList<>();
        for (JsonNode pod : groups.pods(group)) {
            ObjectNode o = JSON.objectNode();
            o.put("apiVersion", "v1");
            o.put("kind", "Pod");
            o.put("name", pod.path("metadata").path("name").asText());
            o.put("uid", pod.path("metadata").path("uid").asText(""));
            owners.add(o);
        }
        return owners;
    }

    /** A pod's gates can only be removed once it exists: pods created without the gate (no webhook) cannot be held. */
    @Override
    public boolean suspend(ClusterWriter writer, ObjectKey group, JsonNode live) {
        writer.event(kind(), group, "", "Warning", "NotGated", "the pods of " + group.name() + " were created without the"
                + " scheduling gate " + PodGroups.GATE + " (is Muster's webhook installed for pods?): they run before"
                + " admission; the queue counts them once it admits them");
        return true;
    }

    @Override
    public boolean start(ClusterWriter writer, ObjectKey group, JsonNode live,
            Map<String, Collection<ResourceFlavorSpec>> flavorsByPodSet, Map<String, Map<String, String>> annotationsByPodSet) {
        boolean all = true;
        boolean single = groups.pods(group).size() == 1 && !groups.pods(group).get(0).path("metadata").path("labels").has(PodGroups.GROUP_LABEL);
        for (JsonNode pod : groups.pods(group)) {
            String podSet = single ? "main" : PodRole.of(pod.path("spec"));
            ArrayNode patch = ungate(pod, flavorsByPodSet.getOrDefault(podSet, List.of()), annotationsByPodSet.getOrDefault(podSet, Map.of()));
            if (!patch.isEmpty()) {
                all &= writer.patchJob(KubeKind.POD, key(pod), patch);
            }
        }
        return all;
    }

    /** Removes Kueue's gate (checked by a test, as its place in the list may change) and adds what the flavors set. */
    static ArrayNode ungate(JsonNode pod, Collection<ResourceFlavorSpec> flavors, Map<String, String> annotations) {
        ArrayNode ops = JSON.arrayNode();
        JsonNode gates = pod.path("spec").path("schedulingGates");
        int at = -1;
        for (int i = 0; i < gates.size(); i++) {
            if (PodGroups.GATE.equals(gates.get(i).path("name").asText())) {
                at = i;
            }
        }
        if (at < 0) {
            return ops; // started already
        }
        ObjectNode selector = pod.path("spec").path("nodeSelector").isObject()
                ? ((ObjectNode) pod.path("spec").get("nodeSelector")).deepCopy() : JSON.objectNode();
        ArrayNode tolerations = pod.path("spec").path("tolerations").isArray()
                ? ((ArrayNode) pod.path("spec").get("tolerations")).deepCopy() : JSON.arrayNode();
        boolean labelled = false;
        boolean tolerating = false;
        for (ResourceFlavorSpec f : flavors) {
            labelled |= !f.nodeLabels().isEmpty();
            tolerating |= !f.tolerations().isEmpty();
            new TreeMap<>(f.nodeLabels()).forEach(selector::put);
            for (Toleration t : f.tolerations()) {
                tolerations.add(JobPatches.toleration(t));
            }
        }
        // A gated pod may get node selectors and more tolerations; nothing else of its spec changes.
        if (labelled) {
            ops.add(JobPatches.op("add", "/spec/nodeSelector", selector));
        }
        if (tolerating) {
            ops.add(JobPatches.op("add", "/spec/tolerations", tolerations));
        }
        if (!annotations.isEmpty()) {
            ObjectNode merged = pod.path("metadata").path("annotations").isObject()
                    ? ((ObjectNode) pod.path("metadata").get("annotations")).deepCopy() : JSON.objectNode();
            new TreeMap<>(annotations).forEach(merged::put);
            ops.add(JobPatches.op("add", "/metadata/annotations", merged));
        }
        ops.add(JobPatches.op("test", "/spec/schedulingGates/" + at + "/name", JSON.textNode(PodGroups.GATE)));
        ops.add(JobPatches.op("remove", "/spec/schedulingGates/" + at, null));
        return ops;
    }

    /** Pods cannot be suspended: evicting the group deletes them; whoever made them may make them again. */
    @Override
    public boolean stop(ClusterWriter writer, ObjectKey group, JsonNode live) {
        boolean all = true;
        for (JsonNode pod : groups.pods(group)) {
            String phase = pod.path("status").path("phase").asText("");
            if (!phase.equals("Succeeded") && !phase.equals("Failed")) {
                all &= writer.deletePod(key(pod));
            }
        }
        return all;
    }

    private static ObjectKey key(JsonNode pod) {
        return new ObjectKey(pod.path("metadata").path("namespace").asText(""), pod.path("metadata").path("name").asText());
    }
}
