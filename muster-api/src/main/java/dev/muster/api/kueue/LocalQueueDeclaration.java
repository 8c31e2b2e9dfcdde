package dev.muster.api.kueue;

import dev.muster.api.manifest.Reference;
import dev.muster.core.model.LocalQueueSpec;

/** A LocalQueue as read, with its reference to a ClusterQueue for the check across objects. */
public record LocalQueueDeclaration(LocalQueueSpec spec, Reference clusterQueue) {
}
