package dev.muster.core.checks;

import dev.muster.core.model.ObjectKey;
import java.util.List;
import java.util.Map;

/**
 * One ProvisioningRequest a check asks for: capacity, all at once, for the managed pod sets of one
 * quota reservation.
 *
 * @param name     {@code <workload>-<check>-<attempt>}, as Kueue names it (see {@link RequestNames})
 * @param workload the engine's key of the workload it provisions for
 * @param podSets  the managed pod sets, each with the number of pods its assignment holds
 */
public record CapacityRequest(String name, ObjectKey workload, String check, int attempt,
        String provisioningClassName, Map<String, String> parameters, List<PodSetCount> podSets) {

    /** A pod set and how many of its pods need capacity. */
    public record PodSetCount(String podSet, int count) {
    }

    public CapacityRequest {
        parameters = Map.copyOf(parameters);
        podSets = List.copyOf(podSets);
    }

    public List<String> podSetNames() {
        return podSets.stream().map(PodSetCount::podSet).toList();
    }
}
