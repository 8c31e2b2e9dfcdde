package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Preemptions under way: which preemptor waits for which victims. A victim belongs to one
 * preemptor only; a preemptor whose victims are all gone goes first in the next cycle.
 */
final class Preemptions {

    private final Map<ObjectKey, Set<ObjectKey>> victimsOf = new HashMap<>();
    private final Map<ObjectKey, ObjectKey> preemptorOf = new HashMap<>();
    private final Set<ObjectKey> sticky = new HashSet<>();

    void started(ObjectKey preemptor, List<ObjectKey> victims) {
        victimsOf.put(preemptor, new LinkedHashSet<>(victims));
        victims.forEach(v -> preemptorOf.put(v, preemptor));
    }

    /** A workload stopped or went away: returns the preemptor that may now go ahead, if any. */
    Optional<ObjectKey> forget(ObjectKey workload) {
        Set<ObjectKey> own = victimsOf.remove(workload);
        if (own != null) {
            own.forEach(preemptorOf::remove);
        }
        sticky.remove(workload);
        ObjectKey preemptor = preemptorOf.remove(workload);
        if (preemptor == null) {
            return Optional.empty();
        }
        Set<ObjectKey> rest = victimsOf.get(preemptor);
        rest.remove(workload);
        if (rest.isEmpty()) {
            victimsOf.remove(preemptor);
            sticky.add(preemptor);
        }
        return Optional.of(preemptor);
    }

    void admitted(ObjectKey workload) {
        sticky.remove(workload);
    }

    /** Why the preemptor still waits, or null when it does not wait for victims. */
    String awaiting(ObjectKey preemptor) {
        Set<ObjectKey> victims = victimsOf.get(preemptor);
        if (victims == null) {
            return null;
        }
        return "waiting for " + victims.size() + " preempted workload" + (victims.size() == 1 ? "" : "s")
                + " to stop before it is admitted: "
                + String.join(", ", victims.stream().map(ObjectKey::toString).toList());
    }

    boolean isSticky(ObjectKey workload) {
        return sticky.contains(workload);
    }

    Set<ObjectKey> evicting() {
        return preemptorOf.keySet();
    }
}
