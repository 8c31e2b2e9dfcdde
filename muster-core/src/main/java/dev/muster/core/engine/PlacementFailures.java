package dev.muster.core.engine;

import dev.muster.core.placement.GangPlacer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gangs, compared by their pods' shapes and counts, that found no place on the nodes, with why:
 * while the nodes are as they were then (no room freed, no node added, changed, drained or
 * removed), placing such a gang again fails the same way, so the placement loop over every node
 * and the wording of the reason are not repeated.
 */
final class PlacementFailures {

    /** Gangs remembered; beyond this many the memo starts over (only what failed since the nodes last changed is kept anyway). */
    private static final int MAX_REMEMBERED = 4_096;

    private record Failure(long nodesVersion, String reason) {
    }

    private final Map<List<GangPlacer.PodGroup>, Failure> failures = new HashMap<>();

    /** Why the gang found no place at this version of the nodes, or null when it was not tried then. */
    String reason(List<GangPlacer.PodGroup> gang, long nodesVersion) {
        Failure f = failures.get(gang);
        return f != null && f.nodesVersion() == nodesVersion ? f.reason() : null;
    }

    void failed(List<GangPlacer.PodGroup> gang, long nodesVersion, String reason) {
        if (failures.size() >= MAX_REMEMBERED) {
            failures.values().removeIf(f -> f.nodesVersion() != nodesVersion);
            if (failures.size() >= MAX_REMEMBERED) {
                failures.clear();
            }
        }
        failures.put(List.copyOf(gang), new Failure(nodesVersion, reason));
    }
}
