package dev.muster.core.model;

import java.util.List;

/** One flavor of a resource group with the quotas of the group's covered resources. */
public record FlavorQuotas(String flavor, List<ResourceQuota> resources) {
    public FlavorQuotas {
        resources = List.copyOf(resources);
    }
}
