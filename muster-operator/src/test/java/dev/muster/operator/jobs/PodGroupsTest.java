package dev.muster.operator.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import org.junit.jupiter.api.Test;

class PodGroupsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final PodGroups groups = new PodGroups();

    private static ObjectNode pod(String name, String group, int total, String cpu, String image) {
        ObjectNode p = JSON.createObjectNode();
        p.put("apiVersion", "v1").put("kind", "Pod");
        ObjectNode meta = p.putObject("metadata").put("name", name).put("namespace", "ns")
                .put("creationTimestamp", "2026-11-24T10:00:0" + name.charAt(name.length() - 1) + "Z");
        ObjectNode labels = meta.putObject("labels").put(PodGroups.QUEUE_LABEL, "user-queue");
        if (group != null) {
            labels.put(PodGroups.GROUP_LABEL, group);
            meta.putObject("annotations").put(PodGroups.TOTAL_ANNOTATION, String.valueOf(total));
        }
        ObjectNode spec = p.putObject("spec");
        spec.putArray("schedulingGates").addObject().put("name", PodGroups.GATE);
        spec.putArray("containers").addObject().put("name", "c").put("image", image)
                .putObject("resources").putObject("requests").put("cpu", cpu);
        p.putObject("status").put("phase", "Pending");
        return p;
    }

    @Test
    void aGroupIsAWorkloadOnlyOnceAllItsPodsExistWithOnePodSetPerRole() {
        ObjectKey g = groups.upsert(pod("driver-0", "train", 3, "1", "driver"));
        groups.upsert(pod("worker-1", "train", 3, "4", "worker"));
        assertThat(g).isEqualTo(new ObjectKey("ns", "train"));
        assertThat(groups.manifest(g)).isEmpty();

        groups.upsert(pod("worker-2", "train", 3, "4", "worker"));
        JsonNode w = groups.manifest(g).orElseThrow();

        assertThat(w.at("/spec/queueName").asText()).isEqualTo("user-queue");
        assertThat(w.at("/metadata/creationTimestamp").asText()).isEqualTo("2026-11-24T10:00:00Z");
        assertThat(w.at("/spec/podSets")).hasSize(2);
        assertThat(w.at("/spec/podSets/0/count").asInt()).isEqualTo(1);
        assertThat(w.at("/spec/podSets/1/count").asInt()).isEqualTo(2);
        assertThat(w.at("/spec/podSets/1/name").asText()).isEqualTo(PodRole.of(pod("x", "train", 3, "4", "worker").get("spec")));
        // The gate is Muster's business, not part of the pod set's template.
        assertThat(w.at("/spec/podSets/0/template/spec").has("schedulingGates")).isFalse();
        assertThat(new PodGroupAdapter(groups).suspended(w)).isTrue();
    }

    @Test
    void aSinglePodIsAWorkloadOfItsOwnNamedAsKueueNamesIt() {
        ObjectKey g = groups.upsert(pod("lonely-0", null, 1, "1", "img"));
        assertThat(g).isEqualTo(new ObjectKey("ns", KueueWorkloadNames.of("Pod", new ObjectKey("ns", "lonely-0"))));
        JsonNode w = groups.manifest(g).orElseThrow();
        assertThat(w.at("/spec/podSets/0/name").asText()).isEqualTo("main");
        assertThat(w.at("/spec/podSets/0/count").asInt()).isEqualTo(1);
    }

    @Test
    void aRolesNameDoesNotChangeWhenAdmissionSetsTheNodeSelector() {
        ObjectNode before = pod("w-0", "g", 1, "2", "img");
        ObjectNode after = before.deepCopy();
        ((ObjectNode) after.get("spec")).putObject("nodeSelector").put("pool", "gpu");
        ((ObjectNode) after.get("spec")).remove("schedulingGates");
        assertThat(PodRole.of(after.get("spec"))).isEqualTo(PodRole.of(before.get("spec")));
    }

    @Test
    void ungatingRemovesTheGateAfterATestAndMergesTheFlavorsNodeLabels() {
        ObjectNode p = pod("w-0", "g", 1, "2", "img");
        ((ObjectNode) p.get("spec")).putObject("nodeSelector").put("zone", "a");
        var flavor = new dev.muster.core.model.ResourceFlavorSpec("gpu", java.util.Map.of("pool", "gpu"), java.util.List.of(),
                java.util.List.of());
        JsonNode patch = PodGroupAdapter.ungate(p, java.util.List.of(flavor), java.util.Map.of());
        assertThat(patch.toString()).contains("\"op\":\"test\",\"path\":\"/spec/schedulingGates/0/name\"")
                .contains("\"op\":\"remove\",\"path\":\"/spec/schedulingGates/0\"")
                .contains("\"path\":\"/spec/nodeSelector\",\"value\":{\"zone\":\"a\",\"pool\":\"gpu\"}");
        ((ObjectNode) p.get("spec")).remove("schedulingGates");
        assertThat(PodGroupAdapter.ungate(p, java.util.List.of(flavor), java.util.Map.of())).isEmpty();
    }

    @Test
    void podsOfAJobAreNotPlainPods() {
        ObjectNode p = pod("rc-head", null, 1, "1", "ray");
        ((ObjectNode) p.get("metadata")).putArray("ownerReferences").addObject().put("kind", "RayCluster").put("name", "rc")
                .put("controller", true);
        assertThat(PodGroups.queued(p)).isFalse();
        assertThat(PodGroups.queued(pod("p", null, 1, "1", "x"))).isTrue();
    }
}
