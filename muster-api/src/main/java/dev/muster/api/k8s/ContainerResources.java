package dev.muster.api.k8s;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The resources of one container as written.
 *
 * @param requests  {@code resources.requests}, zeros kept (an explicit 0 is not defaulted)
 * @param limits    {@code resources.limits}
 * @param sidecar   for an init container: {@code restartPolicy: Always}, a sidecar that keeps
 *                  running beside the main containers; always false for main containers
 */
public record ContainerResources(Map<String, Quantity> requests, Map<String, Quantity> limits, boolean sidecar) {

    public ContainerResources {
        requests = Collections.unmodifiableMap(new LinkedHashMap<>(requests));
        limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
    }

    public static ContainerResources of(Map<String, Quantity> requests, Map<String, Quantity> limits) {
        return new ContainerResources(requests, limits, false);
    }

    /** Requests after the API server's defaulting: a resource with a limit but no request requests its limit. */
    public ResourceList effectiveRequests() {
        Map<String, Quantity> m = new TreeMap<>(requests);
        limits.forEach(m::putIfAbsent);
        return new ResourceList(m);
    }
}
