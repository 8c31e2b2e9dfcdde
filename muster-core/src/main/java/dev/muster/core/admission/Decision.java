package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;

/**
 * What the engine decided about a workload in one scheduling cycle. Adapters (the simulator, the
 * operator) carry decisions out; no policy lives in them.
 */
public sealed interface Decision {

    ObjectKey workload();

    /** Reserve quota for the workload in {@code clusterQueue} as {@code assignment} says. */
    record Admit(ObjectKey workload, String clusterQueue, Assignment assignment) implements Decision {
    }

    /** The workload keeps waiting; {@code reason} changed since it was last reported. */
    record Wait(ObjectKey workload, String reason) implements Decision {
    }
}
