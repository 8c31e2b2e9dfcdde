package dev.muster.api.kueue;

import dev.muster.api.manifest.Reference;
import dev.muster.core.model.CohortSpec;
import java.util.List;
import java.util.Optional;

/** A Cohort as read, with the names it points at for the checks across objects. */
public record CohortDeclaration(CohortSpec spec, Optional<Reference> parent, List<Reference> flavors) {

    public CohortDeclaration {
        flavors = List.copyOf(flavors);
    }
}
