package dev.muster.core.checks;

import dev.muster.core.model.PodSet;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.List;

/**
 * Which pod sets of a quota reservation a ProvisioningRequest asks capacity for, by Kueue's rule
 * ({@code requiredPodSets} and {@code mergePodSets}): a pod set whose pods ask for one of the
 * config's managed resources (any pod set when it names none), with the number of pods its
 * assignment holds; a pod set assigned no pods needs no capacity.
 */
public final class ManagedPodSets {

    private ManagedPodSets() {
    }

    /**
     * @param podSets    the workload's pod sets
     * @param assignment the reservation's pod set assignments (matched by name)
     */
    public static List<CapacityRequest.PodSetCount> of(ProvisioningRequestConfig config, List<PodSet> podSets,
            List<PodSetAssignment> assignment) {
        List<CapacityRequest.PodSetCount> managed = new ArrayList<>();
        for (PodSet ps : podSets) {
            int assigned = assignment.stream().filter(a -> a.name().equals(ps.name()))
                    .mapToInt(PodSetAssignment::count).findFirst().orElse(0);
            // Kueue looks at the resource names in the pod's requests and limits; the model holds a
            // pod's effective requests (limits fill in missing requests), without zero amounts.
            if (assigned > 0 && config.manages(ps.perPod().amounts().keySet())) {
                managed.add(new CapacityRequest.PodSetCount(ps.name(), assigned));
            }
        }
        return managed;
    }
}
