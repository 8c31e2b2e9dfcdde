package dev.muster.api.kai;

import dev.muster.api.manifest.Reference;
import dev.muster.core.model.KaiQueueSpec;
import java.util.Optional;

/** A KAI Queue as read: the queue in the core model, and its parent reference for the checks of the queue tree. */
public record KaiQueueDeclaration(KaiQueueSpec spec, Optional<Reference> parent) {

    public String name() {
        return spec.name();
    }
}
