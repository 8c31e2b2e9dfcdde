package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Preemptions under way: which preemptor waits for which victims, and the room each preemptor
 * claimed. A victim belongs to one preemptor only; a preemptor whose victims are all gone goes
 * first in the next cycle. The claim lasts until the preemptor is admitted, gives up (it waits
 * for something else once its victims are gone) or goes away: until then the room its victims
 * free is held for it ({@link HeldRoom}), as Kueue keeps a preempting workload at the head of its
 * queue and counts its usage in the cycle (Kueue's {@code preemptorWorkload}, Kueue#6929).
 */
final class Preemptions {

    /** The room a preemptor needs: its assignment's usage in its ClusterQueue. */
    record Claim(String clusterQueue, long[] usage) {
    }

    private final Map<ObjectKey, Set<ObjectKey>> victimsOf = new HashMap<>();
    private final Map<ObjectKey, ObjectKey> preemptorOf = new HashMap<>();
    private final Set<ObjectKey> sticky = new HashSet<>();
    /**
     * By preemptor; read in key order ({@link #claims}), so that rooms are held in the same order
     * on every run. Hashed, not sorted: each waiting workload a pass tells why it waits ends its
     * claim if it had one ({@link #gaveUp}), and a sorted map makes that lookup compare keys.
     */
    private final Map<ObjectKey, Claim> claims = new HashMap<>();
    /** How many claims ended so far: the room they held is free for others from then on. */
    private long claimsEnded;

    void started(ObjectKey preemptor, List<ObjectKey> victims, String clusterQueue, long[] usage) {
        victimsOf.put(preemptor, new LinkedHashSet<>(victims));
        victims.forEach(v -> preemptorOf.put(v, preemptor));
        claims.put(preemptor, new Claim(clusterQueue, usage.clone()));
    }

    /** The claims of preemptors not admitted yet, in key order. */
    Map<ObjectKey, Claim> claims() {
        return Collections.unmodifiableMap(new TreeMap<>(claims));
    }

    /** The preemptor's victims are gone and it waits for something else: its claim ends. */
    void gaveUp(ObjectKey preemptor) {
        if (claims.isEmpty() && sticky.isEmpty()) {
            return; // asked for every workload that waits, when mostly no preemption is under way at all
        }
        if (!victimsOf.containsKey(preemptor)) {
            endClaim(preemptor);
            sticky.remove(preemptor);
        }
    }

    private void endClaim(ObjectKey preemptor) {
        if (claims.remove(preemptor) != null) {
            claimsEnded++;
        }
    }

    /** How many claims ended so far (admitted, gave up, went away); it moves whenever held room becomes free. */
    long claimsEnded() {
        return claimsEnded;
    }

    /** A workload stopped or went away: returns the preemptor that may now go ahead, if any. */
    Optional<ObjectKey> forget(ObjectKey workload) {
        Set<ObjectKey> own = victimsOf.remove(workload);
        if (own != null) {
            own.forEach(preemptorOf::remove);
        }
        sticky.remove(workload);
        endClaim(workload);
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
        if (!sticky.isEmpty()) {
            sticky.remove(workload);
        }
        endClaim(workload);
    }

    /** Why the preemptor still waits, or null when it does not wait for victims. */
    String awaiting(ObjectKey preemptor) {
        // Asked for every workload a pass looks at: mostly none waits for victims at all.
        Set<ObjectKey> victims = victimsOf.isEmpty() ? null : victimsOf.get(preemptor);
        if (victims == null) {
            return null;
        }
        return "waiting for " + victims.size() + " preempted workload" + (victims.size() == 1 ? "" : "s")
                + " to stop before it is admitted: "
                + String.join(", ", victims.stream().map(ObjectKey::toString).toList());
    }

    boolean isSticky(ObjectKey workload) {
        return !sticky.isEmpty() && sticky.contains(workload); // asked for every workload a pass looks at
    }

    Set<ObjectKey> evicting() {
        return preemptorOf.keySet();
    }
}
