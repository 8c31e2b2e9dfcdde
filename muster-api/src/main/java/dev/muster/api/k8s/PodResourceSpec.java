package dev.muster.api.k8s;

import dev.muster.core.model.ResourceList;
import java.util.List;

/** The parts of a pod spec that decide what the pod requests. */
public record PodResourceSpec(List<ContainerResources> containers, List<ContainerResources> initContainers, ResourceList overhead) {

    public PodResourceSpec {
        containers = List.copyOf(containers);
        initContainers = List.copyOf(initContainers);
    }
}
