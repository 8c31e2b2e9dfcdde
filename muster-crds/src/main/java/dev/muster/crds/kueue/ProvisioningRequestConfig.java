package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** The parameters of a ProvisioningRequest admission check: class, covered resources and retries. */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
@Kind("ProvisioningRequestConfig")
@Plural("provisioningrequestconfigs")
@Singular("provisioningrequestconfig")
@Categories({"kueue", "muster"})
@JsonClassDescription("ProvisioningRequestConfig holds the parameters of a ProvisioningRequest admission check.")
public class ProvisioningRequestConfig extends CustomResource<ProvisioningRequestConfigSpec, Void> {
}
