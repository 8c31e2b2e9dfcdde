package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import java.util.AbstractSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * The admitted workloads no preemption of one cycle may take: victims still held, workloads
 * admitted or resized in the cycle, and those admitted earlier at the same instant ({@code fresh}).
 * Preemption asks it of every workload its policies would allow as a victim, so it also notes when
 * only the freshness of an admission held a preemptor back: that preemptor is worth another try
 * once the instant has passed.
 */
final class UntouchableWorkloads extends AbstractSet<ObjectKey> {

    private final Set<ObjectKey> held = new HashSet<>();
    private final Set<ObjectKey> fresh;
    private boolean heldBackByFresh;

    /**
     * @param held  victims of preemptions under way; the cycle adds what it admits and resizes
     * @param fresh admitted at this instant before the cycle
     */
    UntouchableWorkloads(Set<ObjectKey> held, Set<ObjectKey> fresh) {
        this.held.addAll(held);
        this.fresh = Set.copyOf(fresh);
    }

    @Override
    public boolean add(ObjectKey key) {
        return held.add(key);
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
