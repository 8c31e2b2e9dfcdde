package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.quantity.Quantity;
import java.util.List;

/** Reads {@code spec.fairSharing} of a ClusterQueue or Cohort: its weight, 1 when absent. */
final class FairSharingWeight {

    private FairSharingWeight() {
    }

    static Quantity read(Field fairSharing) {
        if (!fairSharing.requireObject()) {
            return ClusterQueueSpec.DEFAULT_WEIGHT;
        }
        fairSharing.rejectUnknownFields(List.of("weight"));
        return fairSharing.get("weight").nonNegativeQuantity().orElse(ClusterQueueSpec.DEFAULT_WEIGHT);
    }
}
