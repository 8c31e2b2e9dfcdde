package dev.muster.core.engine;

import dev.muster.core.admission.HeldEnd;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The workloads holding quota in each queue by their expected end ({@link HeldEnd#ORDER}), kept as
 * they are admitted, resized and released and as their declared run times change, so that a
 * reservation reads the first few ends of a cohort tree instead of listing and sorting every run
 * of it in every pass (140,000 runs on a large cluster, a few of which end between two cycles).
 *
 * <p>A queue's ends are filed when they are first asked for, from what holds its quota then, and
 * kept from then on; queues nobody asks about (backfill off) cost a look-up per change.
 */
final class HolderEnds {

    /** One queue's ends: in order, and by workload, to find a holder's entry when it changes. */
    private record Filed(TreeSet<HeldEnd> inOrder, Map<ObjectKey, HeldEnd> byWorkload) {
        Filed() {
            this(new TreeSet<>(HeldEnd.ORDER), new HashMap<>());
        }
    }

    private final ExpectedRuntimes runtimes;
    /** By queue (each queue is its own key: queues have no equality of their own). */
    private final Map<ClusterQueueState, Filed> byQueue = new HashMap<>();

    HolderEnds(ExpectedRuntimes runtimes) {
        this.runtimes = runtimes;
    }

    /** The ends of the workloads holding quota in {@code cq}, soonest first; kept up to date, not to be changed. */
    NavigableSet<HeldEnd> of(ClusterQueueState cq) {
        Filed filed = byQueue.get(cq);
        if (filed == null) {
            filed = new Filed();
            for (AdmittedWorkload a : cq.admittedWorkloads()) {
                file(filed, a);
            }
            byQueue.put(cq, filed);
        }
        return Collections.unmodifiableNavigableSet(filed.inOrder());
    }

    /** {@code a} holds quota in {@code cq} from now on: admitted, resized, or its run time declared anew. */
    void holds(ClusterQueueState cq, AdmittedWorkload a) {
        Filed filed = byQueue.get(cq);
        if (filed != null) {
            drop(filed, a.workload().key());
            file(filed, a);
        }
    }

    /** The workload holds no quota in {@code cq} any more. */
    void released(ClusterQueueState cq, ObjectKey key) {
        Filed filed = byQueue.get(cq);
        if (filed != null) {
            drop(filed, key);
        }
    }

    private void file(Filed filed, AdmittedWorkload a) {
        HeldEnd end = HeldEnd.of(a, runtimes.millis(a.workload().key()));
        filed.inOrder().add(end);
        filed.byWorkload().put(a.workload().key(), end);
    }

    private static void drop(Filed filed, ObjectKey key) {
        HeldEnd was = filed.byWorkload().remove(key);
        if (was != null) {
            filed.inOrder().remove(was);
        }
    }
}
