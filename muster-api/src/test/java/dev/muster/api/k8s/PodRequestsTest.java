package dev.muster.api.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PodRequestsTest {

    private static Map<String, Quantity> q(String... pairs) {
        Map<String, Quantity> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], Quantity.parse(pairs[i + 1]));
        }
        return m;
    }

    private static ResourceList list(String... pairs) {
        return new ResourceList(new TreeMap<>(q(pairs)));
    }

    private static ContainerResources requests(String... pairs) {
        return ContainerResources.of(q(pairs), Map.of());
    }

    private static ContainerResources init(String... pairs) {
        return new ContainerResources(q(pairs), Map.of(), false);
    }

    private static ContainerResources sidecar(String... pairs) {
        return new ContainerResources(q(pairs), Map.of(), true);
    }

    private static ResourceList pod(List<ContainerResources> containers, List<ContainerResources> inits, ResourceList overhead) {
        return PodRequests.of(new PodResourceSpec(containers, inits, overhead));
    }

    @Test
    void containersAddUp() {
        assertThat(pod(List.of(requests("cpu", "1", "memory", "1Gi"), requests("cpu", "500m", "nvidia.com/gpu", "1")),
                List.of(), ResourceList.EMPTY))
                .isEqualTo(list("cpu", "1500m", "memory", "1Gi", "nvidia.com/gpu", "1"));
    }

    @Test
    void aLimitWithoutRequestIsTheRequest() {
        ContainerResources c = ContainerResources.of(q("cpu", "250m"), q("cpu", "1", "memory", "2Gi", "nvidia.com/gpu", "1"));
        assertThat(c.effectiveRequests()).isEqualTo(list("cpu", "250m", "memory", "2Gi", "nvidia.com/gpu", "1"));
    }

    @Test
    void anExplicitZeroRequestIsNotDefaultedToTheLimit() {
        ContainerResources c = ContainerResources.of(q("cpu", "0"), q("cpu", "2"));
        assertThat(c.effectiveRequests()).isEqualTo(ResourceList.EMPTY);
    }

    @Test
    void emptyPodRequestsNothing() {
        assertThat(pod(List.of(requests()), List.of(), ResourceList.EMPTY)).isEqualTo(ResourceList.EMPTY);
    }

    @Test
    void initContainersRunAloneSoTheLargestCounts() {
        // Main: 1 cpu / 1Gi. Inits (sequential): 3 cpu / 512Mi, then 500m / 4Gi. Per resource, the max wins.
        ResourceList r = pod(List.of(requests("cpu", "1", "memory", "1Gi")),
                List.of(init("cpu", "3", "memory", "512Mi"), init("cpu", "500m", "memory", "4Gi")), ResourceList.EMPTY);
        assertThat(r).isEqualTo(list("cpu", "3", "memory", "4Gi"));
    }

    @Test
    void smallInitContainersDoNotAddToTheMainOnes() {
        ResourceList r = pod(List.of(requests("cpu", "2")), List.of(init("cpu", "1")), ResourceList.EMPTY);
        assertThat(r).isEqualTo(list("cpu", "2"));
    }

    @Test
    void sidecarsRunBesideTheMainContainersAndLaterInits() {
        // sidecar A (1 cpu) starts; init B (2 cpu) runs beside A: 3; sidecar C (500m); main 1 cpu + A + C = 2.5.
        ResourceList r = pod(List.of(requests("cpu", "1")),
                List.of(sidecar("cpu", "1"), init("cpu", "2"), sidecar("cpu", "500m")), ResourceList.EMPTY);
        assertThat(r).isEqualTo(list("cpu", "3"));
        // With a big main container the sidecars add to it.
        ResourceList big = pod(List.of(requests("cpu", "4")),
                List.of(sidecar("cpu", "1"), init("cpu", "2"), sidecar("cpu", "500m")), ResourceList.EMPTY);
        assertThat(big).isEqualTo(list("cpu", "5500m"));
    }

    @Test
    void aSidecarStartedAfterAnInitDoesNotRunBesideIt() {
        // init 3 cpu runs first (alone); the sidecar starts later; main 1 + sidecar 1 = 2 < 3.
        ResourceList r = pod(List.of(requests("cpu", "1")), List.of(init("cpu", "3"), sidecar("cpu", "1")), ResourceList.EMPTY);
        assertThat(r).isEqualTo(list("cpu", "3"));
    }

    @Test
    void overheadComesOnTop() {
        ResourceList r = pod(List.of(requests("cpu", "1")), List.of(init("cpu", "2")), list("cpu", "250m", "memory", "120Mi"));
        assertThat(r).isEqualTo(list("cpu", "2250m", "memory", "120Mi"));
    }

    @Test
    void initLimitsDefaultTheirRequestsToo() {
        ContainerResources initWithLimit = new ContainerResources(Map.of(), q("memory", "8Gi"), false);
        ResourceList r = pod(List.of(requests("memory", "1Gi")), List.of(initWithLimit), ResourceList.EMPTY);
        assertThat(r).isEqualTo(list("memory", "8Gi"));
    }
}
