package dev.muster.api.kueue;

import dev.muster.api.manifest.Reference;
import java.util.Optional;

/**
 * An AdmissionCheck as read, with where its parameters name a ProvisioningRequestConfig (checked
 * once every document is read).
 */
public record AdmissionCheckDeclaration(AdmissionCheck check, Optional<Reference> provisioningRequestConfig) {

    public String name() {
        return check.name();
    }
}
