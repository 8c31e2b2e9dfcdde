package dev.muster.operator.jobs;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * KubeRay's RayJob as a schemaless object: Muster reads it as JSON and patches the few fields it
 * owns, so it needs no model of KubeRay's types (and drops none of their fields).
 */
@Group("ray.io")
@Version("v1")
@Kind("RayJob")
@Plural("rayjobs")
public class RayJobResource extends GenericKubernetesResource implements Namespaced {
}
