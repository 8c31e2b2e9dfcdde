package dev.muster.api.kueue;

import dev.muster.api.manifest.Reference;
import dev.muster.core.model.ClusterQueueSpec;
import java.util.List;

/**
 * A ClusterQueue as read, with the names it points at for the checks across objects.
 *
 * @param flavors         ResourceFlavors named by its resource groups and admission check rules
 * @param admissionChecks AdmissionChecks it requires
 */
public record ClusterQueueDeclaration(
        ClusterQueueSpec spec, List<Reference> flavors, List<Reference> admissionChecks) {

    public ClusterQueueDeclaration {
        flavors = List.copyOf(flavors);
        admissionChecks = List.copyOf(admissionChecks);
    }
}
