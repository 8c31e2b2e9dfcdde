package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** ResourceFlavor as {@code kueue.x-k8s.io/v1beta2}, with the same fields as v1beta1: served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("ResourceFlavor")
@Plural("resourceflavors")
@Singular("resourceflavor")
@ShortNames({"flavor", "flavors", "rf"})
@Categories({"kueue", "muster"})
@JsonClassDescription("ResourceFlavor is a kind of node, by labels and taints, that ClusterQueues give quota for.")
public class ResourceFlavorV1beta2 extends CustomResource<ResourceFlavorSpec, Void> {
}
