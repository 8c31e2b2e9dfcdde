package dev.muster.sim.expect;

import java.time.Duration;
import java.util.List;

/**
 * The contents of one {@code *.expect.yaml} (contract section 3). Read one with
 * {@link ExpectationFileReader}, check a report against it with {@link ExpectationChecker}.
 *
 * @param until the simulation end the scenario wants ({@code --until}), or {@code null} when the file
 *     sets none and the simulation runs until nothing is left to happen
 */
public record Expectations(
        Duration until,
        List<WorkloadExpectation> workloads,
        List<QueueExpectation> queues,
        List<NodeExpectation> nodes,
        List<ProvisioningRequestExpectation> provisioningRequests) {

    public Expectations {
        workloads = List.copyOf(workloads);
        queues = List.copyOf(queues);
        nodes = List.copyOf(nodes);
        provisioningRequests = List.copyOf(provisioningRequests);
    }

    public static Expectations none() {
        return new Expectations(null, List.of(), List.of(), List.of(), List.of());
    }
}
