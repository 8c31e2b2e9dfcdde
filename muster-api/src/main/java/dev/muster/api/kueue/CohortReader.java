package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import dev.muster.core.model.CohortSpec;
import java.util.List;
import java.util.Optional;

/** Reads a Kueue Cohort: an inner node of the quota tree with optional quota of its own. */
public final class CohortReader {

    private CohortReader() {
    }

    public static CohortDeclaration read(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("parentName", "resourceGroups", "fairSharing"));
        Field parentField = spec.get("parentName");
        Optional<String> parent = parentField.string().filter(s -> !s.isEmpty());
        ResourceGroupsReader.Result groups = ResourceGroupsReader.read(spec.get("resourceGroups"));
        if (parent.isEmpty()) {
            for (Field limit : groups.limitFields()) {
                limit.error("needs a parent: set spec.parentName (a root cohort has no one to borrow from or lend to)");
            }
        }
        CohortSpec cohort = new CohortSpec(object.meta().name(), parent, groups.groups(),
                FairSharingWeight.read(spec.get("fairSharing")));
        return new CohortDeclaration(cohort, parent.map(p -> new Reference(p, parentField)), groups.flavors());
    }
}
