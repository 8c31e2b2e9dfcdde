package dev.muster.api.kueue;

import dev.muster.api.manifest.Reference;
import java.util.Optional;

/**
 * An AdmissionCheck as read.
 *
 * @param provisioningRequestConfig the ProvisioningRequestConfig its parameters point at, if any
 */
public record AdmissionCheckDeclaration(String name, String controllerName, Optional<Reference> provisioningRequestConfig) {

    /** The controller of Kueue's built-in ProvisioningRequest admission check. */
    public static final String PROVISIONING_CONTROLLER = "kueue.x-k8s.io/provisioning-request";
}
