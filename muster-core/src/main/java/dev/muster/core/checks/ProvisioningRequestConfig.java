package dev.muster.core.checks;

import java.util.Map;
import java.util.Set;

/**
 * Kueue's ProvisioningRequestConfig as its check controller uses it (read and validated by
 * muster-api): the class of the capacity requests a check makes, the resources they cover and how
 * failed requests are retried.
 *
 * @param managedResources pod sets that ask for one of these get capacity; empty means all pod sets
 * @param parameters       passed on to every request, as Kueue does (e.g. GKE's {@code maxRunDurationSeconds})
 */
public record ProvisioningRequestConfig(String name, String provisioningClassName, Set<String> managedResources,
        Map<String, String> parameters, RetryStrategy retry) {

    public ProvisioningRequestConfig {
        managedResources = Set.copyOf(managedResources);
        parameters = Map.copyOf(parameters);
    }

    /** Whether a pod set whose pods ask for these resources needs provisioned capacity. */
    public boolean manages(Set<String> requested) {
        return managedResources.isEmpty() || requested.stream().anyMatch(managedResources::contains);
    }
}
