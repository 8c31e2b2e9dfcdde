package dev.muster.sim;

import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.placement.PodPlacement;
import java.util.List;

/**
 * What a simulation carries out for each workload, told as it happens: for a run compared with
 * another (the operator's twin test), where the report's last state is not enough.
 */
public interface SimulationListener {

    SimulationListener NONE = new SimulationListener() { };

    /** Admitted at {@code atMillis} (virtual): its flavors and, when nodes are known, its pods' places. */
    default void admitted(WorkloadSource workload, long atMillis, Decision.Admit admit) {
    }

    default void evicted(WorkloadSource workload, long atMillis, Decision.Evict evict) {
    }

    /** Resized at {@code atMillis} while admitted: its new counts and, when nodes are known, where its pods are now. */
    default void resized(WorkloadSource workload, long atMillis, Decision.Resize resize,
            List<PodPlacement> pods) {
    }

    /** Its run ended after its duration. */
    default void finished(WorkloadSource workload, long atMillis) {
    }
}
