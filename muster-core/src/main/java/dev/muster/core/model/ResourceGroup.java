package dev.muster.core.model;

import java.util.List;

/**
 * Resources that are assigned a flavor together (Kueue's {@code resourceGroups}): every pod set
 * gets one flavor per group, the first flavor in list order where all its requests fit.
 */
public record ResourceGroup(List<String> coveredResources, List<FlavorQuotas> flavors) {
    public ResourceGroup {
        coveredResources = List.copyOf(coveredResources);
        flavors = List.copyOf(flavors);
    }
}
