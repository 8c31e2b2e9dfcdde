package dev.muster.api.kueue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.core.checks.RetryStrategy;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Kueue's ProvisioningRequestConfig as its check controller uses it (validated when read).
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

    public static ProvisioningRequestConfig of(DeclaredObject config) {
        return of(config.name(), config.body().path("spec"));
    }

    /** From a ProvisioningRequestConfig's name and {@code spec} (validated by {@link ProvisioningRequestConfigReader}). */
    public static ProvisioningRequestConfig of(String name, JsonNode spec) {
        Set<String> managed = new TreeSet<>();
        spec.path("managedResources").forEach(r -> managed.add(r.asText()));
        Map<String, String> parameters = new TreeMap<>();
        spec.path("parameters").fields().forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
        JsonNode retry = spec.path("retryStrategy");
        RetryStrategy d = RetryStrategy.KUEUE_DEFAULT;
        RetryStrategy strategy = new RetryStrategy(retry.path("backoffLimitCount").asInt(d.backoffLimitCount()),
                retry.path("backoffBaseSeconds").asLong(d.backoffBaseMillis() / 1000) * 1000,
                retry.path("backoffMaxSeconds").asLong(d.backoffMaxMillis() / 1000) * 1000);
        return new ProvisioningRequestConfig(name, spec.path("provisioningClassName").asText(), managed,
                parameters, strategy);
    }

    /** Whether a pod set that asks for these resources needs provisioned capacity. */
    public boolean manages(Set<String> requested) {
        return managedResources.isEmpty() || requested.stream().anyMatch(managedResources::contains);
    }
}
