package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.AbstractSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The admitted workloads no preemption of one cycle may take: victims still held, workloads
 * admitted or resized in the cycle, and those admitted earlier at the same instant ({@code fresh}).
 * Preemption asks it of every workload its policies would allow as a victim, so it also notes when
 * only the freshness of an admission held a preemptor back: that preemptor is worth another try
 * once the instant has passed.
 *
 * <p>It counts, per cohort tree, the held workloads known to hold quota there
 * ({@link #heldIn}): where all of a tree's admitted workloads are held, as after a cycle that
 * admitted a whole backlog, a preemptor needs no search to learn that nothing can be taken.
 */
final class UntouchableWorkloads extends AbstractSet<ObjectKey> {

    private final Set<ObjectKey> held = new HashSet<>();
    private final Set<ObjectKey> fresh;
    /** Per cohort tree (by its root), how many of {@link #held} were added as holding quota there. */
    private final Map<QuotaNode, int[]> heldPerTree = new IdentityHashMap<>();
    private boolean heldBackByFresh;

    /**
     * @param held    victims of preemptions under way; the cycle adds what it admits and resizes
     * @param fresh   admitted at this instant before the cycle
     * @param queueOf the ClusterQueue where a held victim holds quota (null if it holds none)
     */
    UntouchableWorkloads(Set<ObjectKey> held, Set<ObjectKey> fresh, Function<ObjectKey, ClusterQueueState> queueOf) {
        for (ObjectKey key : held) {
            add(key, queueOf.apply(key));
        }
        this.fresh = Set.copyOf(fresh);
    }

    /** An untouchable workload whose queue is not known: it is never counted in {@link #heldIn}. */
    @Override
    public boolean add(ObjectKey key) {
        return held.add(key);
    }

    /** An untouchable workload holding quota in {@code cq} (null: none) for the rest of the cycle. */
    boolean add(ObjectKey key, ClusterQueueState cq) {
        boolean added = held.add(key);
        if (added && cq != null) {
            heldPerTree.computeIfAbsent(cq.node().root(), root -> new int[1])[0]++;
        }
        return added;
    }

    /**
     * How many of the workloads holding quota in the tree of {@code root} are held (not merely
     * fresh, whose {@link #contains} is worth noting): never more than are, as a workload that
     * holds quota in a cycle keeps it until the cycle ends.
     */
    int heldIn(QuotaNode root) {
        int[] count = heldPerTree.get(root);
        return count == null ? 0 : count[0];
    }

    @Override
    public boolean contains(Object key) {
        if (held.contains(key)) {
            return true;
        }
        if (fresh.contains(key)) {
            heldBackByFresh = true;
            return true;
        }
        return false;
    }

    /** Whether a workload was untouchable only because it was admitted at this instant. */
    boolean heldBackByFresh() {
        return heldBackByFresh;
    }

    @Override
    public Iterator<ObjectKey> iterator() {
        Set<ObjectKey> all = new HashSet<>(held);
        all.addAll(fresh);
        return all.iterator();
    }

    @Override
    public int size() {
        return held.size() + (int) fresh.stream().filter(k -> !held.contains(k)).count();
    }
}
