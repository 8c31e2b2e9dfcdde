package dev.muster.operator.placement;

import dev.muster.core.model.ObjectKey;
import java.util.Map;

/** A pod to bind to a node, with the labels and annotations that say which GPUs it got. */
public record PodBinding(ObjectKey pod, String uid, String node, Map<String, String> labels, Map<String, String> annotations) {

    public PodBinding {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
    }
}
