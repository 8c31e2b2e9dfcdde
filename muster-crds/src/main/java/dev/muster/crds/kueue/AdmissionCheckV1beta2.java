package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** AdmissionCheck as {@code kueue.x-k8s.io/v1beta2}, with the same fields as v1beta1: served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("AdmissionCheck")
@Plural("admissionchecks")
@Singular("admissioncheck")
@Categories({"kueue", "muster"})
@JsonClassDescription("AdmissionCheck is a gate, run by a controller, that a workload must pass before it is admitted.")
public class AdmissionCheckV1beta2 extends CustomResource<AdmissionCheckSpec, AdmissionCheckStatus> {

    /** The controller of Kueue's built-in ProvisioningRequest admission check. */
    public static final String PROVISIONING_CONTROLLER = "kueue.x-k8s.io/provisioning-request";
}
