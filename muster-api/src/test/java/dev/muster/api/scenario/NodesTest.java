package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.cluster.ClusterNodes;
import dev.muster.api.manifest.ManifestError;
import org.junit.jupiter.api.Test;

/** Nodes and NodePools are validated and carried as declared objects. */
class NodesTest {

    @Test
    void nodeQuantitiesAndTaintsAreChecked() throws Exception {
        String node = """
                apiVersion: v1
                kind: Node
                metadata:
                  name: n1
                  labels: {kubernetes.io/hostname: n1}
                spec:
                  unschedulable: false
                  taints: [{key: gpu, effect: NoSchedule}]
                status:
                  allocatable: {cpu: "8", memory: 32Gi, nvidia.com/gpu: "1", pods: "110"}
                """;
        assertThat(load(node).otherObjects("Node")).singleElement()
                .satisfies(o -> assertThat(o.origin().toString()).isEqualTo("bad.yaml: document 1 (Node \"n1\")"));
        String bad = node.replace("memory: 32Gi", "memory: 32GB").replace("effect: NoSchedule", "effect: Never");
        assertThat(errors(bad)).extracting(ManifestError::fieldPath).containsExactly(
                "spec.taints[0].effect", "status.allocatable[memory]");
    }

    @Test
    void anAllocatableResourceOfNullIsNoAmount() throws Exception {
        // fuzz, CHANGE_TYPE of status.allocatable.memory to null: validation took null for unset, placement read "null"
        String node = """
                apiVersion: v1
                kind: Node
                metadata:
                  name: n1
                status:
                  allocatable: {cpu: "8", memory: null}
                """;
        assertThat(ClusterNodes.of(load(node))).singleElement()
                .satisfies(n -> assertThat(n.allocatable().amounts()).containsOnlyKeys("cpu"));
    }

    @Test
    void nodePoolIsValidated() {
        String pool = """
                apiVersion: sim.muster.dev/v1alpha1
                kind: NodePool
                metadata:
                  name: pool
                spec:
                  minNodes: 3
                  maxNodes: 2
                  provisioningDelay: 60
                  scaleDownAfter: 10min
                  template:
                    spec:
                      taints: [{key: nvidia.com/gpu, value: present, effect: NoSchedule}]
                    status:
                      allocatable: {cpu: "four"}
                """;
        assertThat(errors(pool)).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.maxNodes", "must be at least minNodes (3), got 2"),
                tuple("spec.provisioningDelay", "must be a string, not the number 60 (quote it: \"60\")"),
                tuple("spec.scaleDownAfter", "\"10min\" is not a duration: unknown unit \"min\""
                        + " (units are ns, us, ms, s, m and h; expected a number with a unit, such as 500ms, 90s, 5m or 1h30m)"),
                tuple("spec.template.status.allocatable[cpu]", "\"four\" is not a Kubernetes quantity"
                        + " (expected a number with an optional suffix, such as 2, 500m, 8G or 16Gi)"));
    }
}
