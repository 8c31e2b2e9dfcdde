package dev.muster.api.kai;

import dev.muster.api.manifest.Reference;
import java.util.Optional;

/** A KAI Queue as read, with its parent for the checks of the queue tree. */
public record KaiQueueDeclaration(String name, Optional<Reference> parent) {
}
