package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Amounts past the quantity bound (2^63-1 milli-units) are input errors that name the file, the
 * object and the field, where the value or the total is formed; they used to end in an internal
 * error (overflow, a negative array size) when the simulation ran.
 */
class QuantityBoundTest {

    private static final String KUEUE = """
            apiVersion: v1
            kind: Namespace
            metadata:
              name: team-a
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata:
              name: default-flavor
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata:
              name: team-a
            spec:
              namespaceSelector: {}
              resourceGroups:
              - coveredResources: [cpu]
                flavors:
                - name: default-flavor
                  resources:
                  - name: cpu
                    nominalQuota: 10
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: LocalQueue
            metadata:
              name: main
              namespace: team-a
            spec:
              clusterQueue: team-a
            ---
            """;

    private static String workload(int count, String containers) {
        return KUEUE + """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata:
                  name: w1
                  namespace: team-a
                spec:
                  queueName: main
                  podSets:
                  - name: main
                    count: %d
                    template:
                      spec:
                        containers:
                %s""".formatted(count, containers.indent(8));
    }

    private static String container(String name, String cpu) {
        return """
                - name: %s
                  image: pause
                  resources:
                    requests:
                      cpu: %s
                """.formatted(name, cpu);
    }

    @Test
    void requestsTimesPodsPastTheBoundAreRefusedWhereThePodSetIsRead() {
        assertThat(messages(workload(3, container("main", "4611686018427387903m")))).singleElement().asString()
                .startsWith("bad.yaml: document 5 (Workload \"team-a/w1\"): spec.podSets[0].template: pod set \"main\":"
                        + " 3 pods of cpu=4611686018427387903m ask for more than a quantity can hold")
                .contains("at most 9223372036854775807m");
    }

    @Test
    void containerRequestsSummingPastTheBoundAreRefused() {
        String two = container("a", "5000000000000000") + container("b", "5000000000000000");
        assertThat(messages(workload(1, two))).singleElement().asString()
                .startsWith("bad.yaml: document 5 (Workload \"team-a/w1\"): spec.podSets[0].template.spec.containers:"
                        + " the containers' requests add up to more than a quantity can hold");
    }

    @Test
    void aSingleValuePastTheBoundIsRefusedWhenParsed() {
        assertThat(messages(workload(1, container("main", "10P")))).singleElement().asString()
                .contains("spec.podSets[0].template.spec.containers[0].resources.requests[cpu]: \"10P\" is too large a"
                        + " quantity: Muster holds at most 9223372036854775807m");
    }

    @Test
    void aKaiQuotaPastTheBoundIsRefused() {
        String queue = """
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata:
                  name: team-a
                spec:
                  resources:
                    cpu: {quota: 1e30, limit: -1, overQuotaWeight: 1e30}
                """;
        assertThat(messages(queue)).containsExactly(
                "bad.yaml: document 1 (Queue \"team-a\"): spec.resources.cpu.overQuotaWeight: 1E+30 is too large"
                        + " (at most 9223372036854775)",
                "bad.yaml: document 1 (Queue \"team-a\"): spec.resources.cpu.quota: 1E+30 is too large: Muster holds"
                        + " at most 9223372036854775807m (2^63-1 milli-units: 8 PiB of memory, 9.2e15 cpus)");
    }

    @Test
    void aNodeWithMoreGpuDevicesThanPlacementCanModelIsRefused() {
        String node = """
                apiVersion: v1
                kind: Node
                metadata:
                  name: n1
                status:
                  allocatable:
                    cpu: "8"
                    nvidia.com/gpu: "9e15"
                """;
        assertThat(messages(node)).singleElement().asString()
                .isEqualTo("bad.yaml: document 1 (Node \"n1\"): status.allocatable[nvidia.com/gpu]: a node has at most"
                        + " 1024 GPU devices in Muster (placement keeps one slot per device), got 9000000000000000");
    }
}
