package dev.muster.api.cluster;

import dev.muster.api.kueue.PriorityValue;
import dev.muster.api.manifest.Field;

/** A PriorityClass as read; at most one may be the global default. */
public record PriorityClassDeclaration(PriorityValue priority, boolean globalDefault, Field globalDefaultField) {
}
