package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** ProvisioningRequestConfig as {@code kueue.x-k8s.io/v1beta2}, with the same fields as v1beta1: served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("ProvisioningRequestConfig")
@Plural("provisioningrequestconfigs")
@Singular("provisioningrequestconfig")
@Categories({"kueue", "muster"})
@JsonClassDescription("ProvisioningRequestConfig holds the parameters of a ProvisioningRequest admission check.")
public class ProvisioningRequestConfigV1beta2 extends CustomResource<ProvisioningRequestConfigSpec, Void> {
}
