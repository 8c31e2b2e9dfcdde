package dev.muster.api.kai;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.Reference;
import dev.muster.core.model.KaiQueueSpec;
import java.util.Optional;

/**
 * A KAI Queue as read: the queue in the core model, its parent reference for the checks of the
 * queue tree, and its metadata.name field for the checks of its name against Kueue's queues.
 */
public record KaiQueueDeclaration(KaiQueueSpec spec, Optional<Reference> parent, Field nameField) {

    public String name() {
        return spec.name();
    }
}
