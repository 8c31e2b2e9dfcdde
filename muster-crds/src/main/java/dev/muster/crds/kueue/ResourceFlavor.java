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

/** A kind of node (by labels and taints) that quotas are given for; a flavor without spec stands for any node. */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
@Kind("ResourceFlavor")
@Plural("resourceflavors")
@Singular("resourceflavor")
@ShortNames({"flavor", "flavors", "rf"})
@Categories({"kueue", "muster"})
@JsonClassDescription("ResourceFlavor is a kind of node, by labels and taints, that ClusterQueues give quota for.")
public class ResourceFlavor extends CustomResource<ResourceFlavorSpec, Void> {
}
