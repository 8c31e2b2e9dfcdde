package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Gangs waiting for room on the nodes: those whose admission checks all passed but whose pods
 * found no place yet, and, as last tried, every gang that fits its quota but not the nodes (what
 * an autoscaler looks at).
 */
final class PlacementWaits {

    private final Placements placements;
    private final PodEnds ends;
    /** Workloads whose checks all turned Ready but whose pods found no place yet. */
    private final Set<ObjectKey> awaitingPlacement = new TreeSet<>();
    /** Gangs that fit their quota but found no room on the nodes, as last tried. */
    private final Map<ObjectKey, UnplacedGang> unplaced = new TreeMap<>();
    /** For gangs awaiting placement: the room version of their last failed try. */
    private final Map<ObjectKey, Long> placementTriedAt = new HashMap<>();

    PlacementWaits(Placements placements, PodEnds ends) {
        this.placements = placements;
        this.ends = ends;
    }

    /** Every check of a workload holding quota passed: its pods get their place now (the nodes may be new ones). */
    void checksPassed(ObjectKey key, Map<String, Map<String, String>> nodeSelectors) {
        placementTriedAt.remove(key);
        placements.selectNodes(key, Map.copyOf(nodeSelectors));
        awaitingPlacement.add(key);
    }

    /** Workloads whose admission checks all passed: admitted once their pods have a place. */
    void placeChecked(long nowMillis, List<Decision> decisions, WorkloadBook book) {
        for (ObjectKey key : List.copyOf(awaitingPlacement)) {
            AdmittedWorkload a = book.admission(key);
            WorkloadProgress p = book.progress(key);
            if (a == null || p == null || p.eviction != null) {
                awaitingPlacement.remove(key);
                continue;
            }
            Long triedAt = placementTriedAt.get(key);
            if (triedAt != null && triedAt == placements.roomVersion()) {
                continue; // no room appeared since it last found none
            }
            // Its pods start now; its end counts from its admission, as its reservations count it.
            String unplaceable = placements.active() ? placements.place(a.workload(), a.assignment(),
                    ends.of(key, a.admittedAtMillis(), nowMillis)) : null;
            if (unplaceable != null) {
                placementTriedAt.put(key, placements.roomVersion());
                Pending reason = Pending.nodes("admission checks passed; waiting for room on the nodes: " + unplaceable);
                unplaced.put(key, new UnplacedGang(key, placements.groups(a.workload(), a.assignment()), true));
                if (book.waitsFor(key, reason)) {
                    decisions.add(new Decision.Wait(key, reason));
                }
                continue;
            }
            awaitingPlacement.remove(key);
            placementTriedAt.remove(key);
            unplaced.remove(key);
            book.clearReason(key);
            p.admitted = true;
            p.admittedAtMillis = nowMillis;
            decisions.add(new Decision.Admit(key, a.clusterQueue(), a.assignment(), placements.podsOf(key)));
        }
    }

    /** A gang that fits its quota found no room on the nodes. */
    void unplaced(UnplacedGang gang) {
        unplaced.put(gang.workload(), gang);
    }

    /** The workload no longer waits for the nodes (it was admitted, waits for something else, or is gone). */
    void notUnplaced(ObjectKey key) {
        if (!unplaced.isEmpty()) { // every waiting workload comes here; a key's hash is not free
            unplaced.remove(key);
        }
    }

    /** The workload's quota was released: it waits for nothing on the nodes. */
    void released(ObjectKey key) {
        awaitingPlacement.remove(key);
        placementTriedAt.remove(key);
        unplaced.remove(key);
    }

    List<UnplacedGang> unplacedGangs() {
        return List.copyOf(unplaced.values());
    }
}
