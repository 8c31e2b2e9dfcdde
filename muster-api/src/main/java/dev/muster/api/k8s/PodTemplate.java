package dev.muster.api.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Toleration;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What placement and priority need from a pod template (or a Pod), already validated.
 *
 * @param requests          per pod, by {@link PodRequests}
 * @param priorityClassName {@code spec.priorityClassName}
 * @param gpuFraction       KAI's {@code gpu-fraction} annotation: the share of one GPU each pod uses
 *                          (0 &lt; f &lt; 1); pods whose fractions fit share a device
 * @param raw               the template as written (metadata and spec), for what is not modelled yet
 *                          (affinity, topology spread); an empty object for synthesized templates
 */
public record PodTemplate(
        Map<String, String> labels,
        Map<String, String> annotations,
        Map<String, String> nodeSelector,
        List<Toleration> tolerations,
        Optional<String> priorityClassName,
        ResourceList requests,
        Optional<BigDecimal> gpuFraction,
        JsonNode raw) {

    public PodTemplate {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        annotations = Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
        nodeSelector = Collections.unmodifiableMap(new LinkedHashMap<>(nodeSelector));
        tolerations = List.copyOf(tolerations);
    }

    /** A template Muster makes up, such as KubeRay's default submitter pod: requests and nothing else. */
    public static PodTemplate synthesized(ResourceList requests) {
        return new PodTemplate(Map.of(), Map.of(), Map.of(), List.of(), Optional.empty(), requests, Optional.empty(),
                JsonNodeFactory.instance.objectNode());
    }
}
