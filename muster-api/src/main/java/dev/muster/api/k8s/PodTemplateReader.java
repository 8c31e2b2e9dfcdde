package dev.muster.api.k8s;

import dev.muster.api.manifest.Field;
import dev.muster.api.validation.KaiAnnotationRules;
import dev.muster.api.validation.KubernetesSchema;
import dev.muster.api.validation.ObjectMetaRules;
import dev.muster.api.validation.PodSpecRules;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Toleration;
import dev.muster.core.quantity.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads a pod template ({@code metadata} + {@code spec}), or a Pod, which has the same two parts. */
public final class PodTemplateReader {

    private PodTemplateReader() {
    }

    public static PodTemplate read(Field template) {
        if (template.requireObject()) {
            template.rejectUnknownFields(KubernetesSchema.POD_TEMPLATE);
        }
        Field metadata = template.get("metadata");
        if (metadata.requireObject()) {
            ObjectMetaRules.check(metadata);
        }
        return read(template, metadata.get("labels").stringMap(), metadata.get("annotations").stringMap());
    }

    /** Reads a Pod, whose metadata was already checked as the object's own. */
    public static PodTemplate read(Field template, Map<String, String> labels, Map<String, String> annotations) {
        Field spec = template.get("spec");
        Optional<BigDecimal> gpuFraction = KaiAnnotationRules.check(template.get("metadata").get("annotations"),
                annotations, KaiAnnotationRules.asksForWholeGpus(spec.node()));
        if (!spec.require()) {
            return new PodTemplate(labels, annotations, Map.of(), List.of(), Optional.empty(), ResourceList.EMPTY,
                    gpuFraction, template.node());
        }
        spec.requireObject();
        PodSpecRules.check(spec);
        PodResourceSpec resources = readResources(spec);
        ResourceList requests = PodRequests.withinBound(resources).orElseGet(() -> {
            spec.get("containers").error("the containers' requests add up to more than a quantity can hold: at most "
                    + Quantity.BOUND);
            return PodRequests.of(resources);
        });
        Map<String, String> nodeSelector = spec.get("nodeSelector").stringMap();
        List<Toleration> tolerations = TolerationReader.read(spec.get("tolerations"));
        Optional<String> priorityClassName = spec.get("priorityClassName").string().filter(s -> !s.isEmpty());
        return new PodTemplate(labels, annotations, nodeSelector, tolerations, priorityClassName, requests,
                gpuFraction, template.node());
    }

    /** The resource-relevant parts of a pod spec, with Kubernetes' validation of each container. */
    public static PodResourceSpec readResources(Field spec) {
        Field containersField = spec.get("containers");
        List<ContainerResources> containers = new ArrayList<>();
        if (containersField.isPresent() && containersField.node().isArray() && containersField.node().isEmpty()
                || !containersField.isPresent()) {
            containersField.error("required: a pod needs at least one container");
        }
        for (Field c : containersField.items()) {
            containers.add(container(c, false));
        }
        List<ContainerResources> initContainers = new ArrayList<>();
        for (Field c : spec.get("initContainers").items()) {
            initContainers.add(container(c, true));
        }
        Map<String, Quantity> overhead = ResourceQuantities.read(spec.get("overhead"));
        return new PodResourceSpec(containers, initContainers, new ResourceList(new TreeMap<>(overhead)));
    }

    private static ContainerResources container(Field c, boolean init) {
        if (!c.requireObject()) {
            c.require();
            return ContainerResources.of(Map.of(), Map.of());
        }
        Field resources = c.get("resources");
        resources.requireObject();
        Field requestsField = resources.get("requests");
        Map<String, Quantity> requests = ResourceQuantities.read(requestsField);
        Map<String, Quantity> limits = ResourceQuantities.read(resources.get("limits"));
        requests.forEach((name, q) -> {
            Quantity limit = limits.get(name);
            if (limit != null && q.compareTo(limit) > 0) {
                requestsField.key(name).error("must be less than or equal to the " + name + " limit ("
                        + limit.format(name) + ")");
            }
        });
        boolean sidecar = false;
        if (init) {
            Field restartPolicy = c.get("restartPolicy");
            if (restartPolicy.isPresent()) {
                sidecar = restartPolicy.oneOf("Always").isPresent();
            }
        }
        return new ContainerResources(requests, limits, sidecar);
    }
}
