package dev.muster.api.workload;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.manifest.Field;
import dev.muster.core.model.PodSet;

/** A pod set as read, with the template it came from and where that template was written. */
public record PodSetDraft(PodSet podSet, PodTemplate template, Field templateField) {
}
