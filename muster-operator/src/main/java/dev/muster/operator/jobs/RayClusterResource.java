package dev.muster.operator.jobs;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** KubeRay's RayCluster as a schemaless object (see {@link RayJobResource}). */
@Group("ray.io")
@Version("v1")
@Kind("RayCluster")
@Plural("rayclusters")
public class RayClusterResource extends GenericKubernetesResource implements Namespaced {
}
