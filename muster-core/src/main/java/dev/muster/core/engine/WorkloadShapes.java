package dev.muster.core.engine;

import dev.muster.core.model.Workload;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Shape ids of workloads (see {@code SchedulingCycle.Outcome#shapeOf}): workloads of the same
 * priority and pod sets share one, so that "does not fit" found for one is reused for all. A
 * Kueue workload's shape is worked out when it is submitted, and forgotten when it leaves or stops
 * holding quota, so a cycle only looks shapes up.
 */
final class WorkloadShapes {

    /** By workload instance: a requeued workload is a new instance and is looked at again. */
    private final Map<Workload, Integer> shapeIds = new IdentityHashMap<>();
    private final Map<List<Object>, Integer> shapes = new HashMap<>();

    int shapeOf(Workload wl) {
        Integer id = shapeIds.get(wl);
        if (id == null) {
            id = shapes.computeIfAbsent(List.of(wl.priority(), wl.podSets()), k -> shapes.size());
            shapeIds.put(wl, id);
        }
        return id;
    }

    void forget(Workload wl) {
        shapeIds.remove(wl);
    }
}
