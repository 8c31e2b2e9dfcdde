package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** A gate, run by a controller, that a workload must pass after it reserved quota and before it is admitted. */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
@Kind("AdmissionCheck")
@Plural("admissionchecks")
@Singular("admissioncheck")
@Categories({"kueue", "muster"})
@JsonClassDescription("AdmissionCheck is a gate, run by a controller, that a workload must pass before it is admitted.")
public class AdmissionCheck extends CustomResource<AdmissionCheckSpec, AdmissionCheckStatus> {

    /** The controller of Kueue's built-in ProvisioningRequest admission check. */
    public static final String PROVISIONING_CONTROLLER = "kueue.x-k8s.io/provisioning-request";
}
