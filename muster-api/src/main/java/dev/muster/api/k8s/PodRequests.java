package dev.muster.api.k8s;

import dev.muster.core.model.ResourceList;
import java.util.function.BinaryOperator;

/**
 * What one pod requests, computed as the Kubernetes scheduler and Kueue compute it.
 *
 * <p>Main containers and sidecars (init containers with {@code restartPolicy: Always}) run together,
 * so they add up. A regular init container runs alone before the main containers, but beside the
 * sidecars started before it; the pod needs the largest of those moments. The pod overhead (from
 * its RuntimeClass) comes on top.
 */
public final class PodRequests {

    private PodRequests() {
    }

    /** The pod's requests; a sum past the quantity bound is held at it (see {@link #withinBound}). */
    public static ResourceList of(PodResourceSpec pod) {
        return sum(pod, ResourceList::plus);
    }

    /**
     * The pod's requests added exactly, or empty when a sum passes the quantity bound: how a reader
     * refuses a pod whose containers together ask for more than a quantity can hold.
     */
    public static java.util.Optional<ResourceList> withinBound(PodResourceSpec pod) {
        try {
            return java.util.Optional.of(sum(pod, ResourceList::plusExact));
        } catch (ArithmeticException e) {
            return java.util.Optional.empty();
        }
    }

    private static ResourceList sum(PodResourceSpec pod, BinaryOperator<ResourceList> plus) {
        ResourceList running = ResourceList.EMPTY;
        for (ContainerResources c : pod.containers()) {
            running = plus.apply(running, c.effectiveRequests());
        }
        ResourceList sidecarsSoFar = ResourceList.EMPTY;
        ResourceList initPeak = ResourceList.EMPTY;
        for (ContainerResources init : pod.initContainers()) {
            ResourceList own = init.effectiveRequests();
            if (init.sidecar()) {
                running = plus.apply(running, own);
                sidecarsSoFar = plus.apply(sidecarsSoFar, own);
                initPeak = initPeak.max(sidecarsSoFar);
            } else {
                initPeak = initPeak.max(plus.apply(own, sidecarsSoFar));
            }
        }
        return plus.apply(running.max(initPeak), pod.overhead());
    }
}
