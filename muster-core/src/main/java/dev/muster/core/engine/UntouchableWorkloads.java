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
import java.util.function.Supplier;

/**
 * The admitted workloads no preemption of one cycle may take: victims still held, workloads
 * admitted or resized in the cycle, and those admitted earlier at the same instant ({@code fresh}).
 * Preemption asks it of every workload its policies would allow as a victim, so it also notes when
 * only the freshness of an admission held a preemptor back: that preemptor is worth another try
 * once the instant has passed.
 *
 * <p>The workloads admitted in the cycle are not copied here: they are read from the engine's
 * record of the instant's admissions ({@link CycleTriggers#admittedAt}), which holds them and the
 * fresh ones alike; only the fresh ones are kept apart, as asking about them is noted.
 *
 * <p>It counts, per cohort tree, the untouchable workloads known to hold quota there
 * ({@link #heldIn}): where all of a tree's admitted workloads are untouchable, as after a cycle
 * that admitted a whole backlog, a preemptor needs no search to learn that nothing can be taken.
 */
final class UntouchableWorkloads extends AbstractSet<ObjectKey> {

    /** Victims of preemptions under way and workloads resized in the cycle. */
    private final Set<ObjectKey> held = new HashSet<>();
    /** The workloads admitted at this instant, before the cycle and in it (read live). */
    private final Supplier<Set<ObjectKey>> admittedThisInstant;
    /** Admitted at this instant before the cycle and not again in it. */
    private final Set<ObjectKey> fresh;
    /** Per cohort tree (by its root), how many untouchable workloads were counted as holding quota there. */
    private final Map<QuotaNode, int[]> countPerTree = new IdentityHashMap<>();
    /** The tree counted last and its count: a cycle admits tree by tree. */
    private QuotaNode lastRoot;
    private int[] lastCount;
    private boolean heldBackByFresh;

    /**
     * @param victims             victims of preemptions under way
     * @param admittedThisInstant the workloads admitted at this instant so far, kept up to date as the
     *                            cycle admits ({@link #admitted} is told of each too)
     * @param queueOf             the ClusterQueue where a victim holds quota (null if it holds none)
     */
    UntouchableWorkloads(Set<ObjectKey> victims, Supplier<Set<ObjectKey>> admittedThisInstant,
            Function<ObjectKey, ClusterQueueState> queueOf) {
        this.admittedThisInstant = admittedThisInstant;
        this.fresh = new HashSet<>(admittedThisInstant.get());
        for (ObjectKey key : victims) {
            add(key, queueOf.apply(key));
        }
    }

    /** An untouchable workload whose queue is not known: it is never counted in {@link #heldIn}. */
    @Override
    public boolean add(ObjectKey key) {
        return held.add(key);
    }

    /** A victim, or a workload resized in the cycle, holding quota in {@code cq} (null: none). */
    boolean add(ObjectKey key, ClusterQueueState cq) {
        boolean added = held.add(key);
        if (added && cq != null && !admittedInCycle(key)) { // those are counted already
            countIn(cq)[0]++;
        }
        return added;
    }

    /**
     * A workload the cycle admitted to {@code cq}, recorded among the instant's admissions by the
     * caller: untouchable for the rest of the cycle, and no longer merely fresh.
     */
    void admitted(ObjectKey key, ClusterQueueState cq) {
        if (!fresh.isEmpty()) {
            fresh.remove(key);
        }
        countIn(cq)[0]++;
    }

    private boolean admittedInCycle(ObjectKey key) {
        return admittedThisInstant.get().contains(key) && !fresh.contains(key);
    }

    private int[] countIn(ClusterQueueState cq) {
        QuotaNode root = cq.node().root();
        if (root != lastRoot) {
            lastCount = countPerTree.computeIfAbsent(root, r -> new int[1]);
            lastRoot = root;
        }
        return lastCount;
    }

    /**
     * How many of the workloads holding quota in the tree of {@code root} are untouchable other
     * than by freshness (asking about a fresh one is worth noting): never more than are, as a
     * workload that holds quota in a cycle keeps it until the cycle ends.
     */
    int heldIn(QuotaNode root) {
        int[] count = root == lastRoot ? lastCount : countPerTree.get(root);
        return count == null ? 0 : count[0];
    }

    @Override
    public boolean contains(Object key) {
        if (held.contains(key)) {
            return true;
        }
        if (!admittedThisInstant.get().contains(key)) {
            return false;
        }
        if (fresh.contains(key)) {
            heldBackByFresh = true;
        }
        return true;
    }

    /** Whether a workload was untouchable only because it was admitted at this instant. */
    boolean heldBackByFresh() {
        return heldBackByFresh;
    }

    @Override
    public Iterator<ObjectKey> iterator() {
        Set<ObjectKey> all = new HashSet<>(held);
        all.addAll(admittedThisInstant.get());
        return all.iterator();
    }

    @Override
    public int size() {
        Set<ObjectKey> instant = admittedThisInstant.get();
        return instant.size() + (int) held.stream().filter(k -> !instant.contains(k)).count();
    }
}
