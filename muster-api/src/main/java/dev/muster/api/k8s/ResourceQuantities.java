package dev.muster.api.k8s;

import dev.muster.api.manifest.Field;
import dev.muster.core.quantity.Quantity;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a Kubernetes resource map ({@code cpu: 500m, memory: 2Gi, nvidia.com/gpu: 1}). */
public final class ResourceQuantities {

    private ResourceQuantities() {
    }

    /**
     * Every entry as written, zeros included: a request of 0 is not the same as no request (only the
     * latter defaults to the limit). Negative amounts are reported; Kubernetes rejects them.
     */
    public static Map<String, Quantity> read(Field resources) {
        Map<String, Quantity> out = new LinkedHashMap<>();
        resources.entries().forEach((name, value) -> {
            if (name.isBlank()) {
                value.error("a resource needs a name");
                return;
            }
            value.nonNegativeQuantity().ifPresent(q -> out.put(name, q));
        });
        return Collections.unmodifiableMap(out);
    }
}
