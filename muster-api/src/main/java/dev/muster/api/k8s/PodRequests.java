package dev.muster.api.k8s;

import dev.muster.core.model.ResourceList;

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

    public static ResourceList of(PodResourceSpec pod) {
        ResourceList running = ResourceList.EMPTY;
        for (ContainerResources c : pod.containers()) {
            running = running.plus(c.effectiveRequests());
        }
        ResourceList sidecarsSoFar = ResourceList.EMPTY;
        ResourceList initPeak = ResourceList.EMPTY;
        for (ContainerResources init : pod.initContainers()) {
            ResourceList own = init.effectiveRequests();
            if (init.sidecar()) {
                running = running.plus(own);
                sidecarsSoFar = sidecarsSoFar.plus(own);
                initPeak = initPeak.max(sidecarsSoFar);
            } else {
                initPeak = initPeak.max(own.plus(sidecarsSoFar));
            }
        }
        return running.max(initPeak).plus(pod.overhead());
    }
}
