package dev.muster.sim.expect;

import java.util.List;

/**
 * A {@code provisioningRequests[]} entry: the report's requests made for the matching workloads.
 *
 * @param workload {@code namespace/name} of the workload, a trailing {@code *} allowed
 * @param count how many such requests the report lists, or {@code null} when not checked
 * @param checks what must hold for each of those requests
 */
public record ProvisioningRequestExpectation(NamePattern workload, Integer count, List<ProvisioningRequestCheck> checks) {

    public ProvisioningRequestExpectation {
        checks = List.copyOf(checks);
    }
}
