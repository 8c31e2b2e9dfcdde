package dev.muster.core.admission;

import dev.muster.core.model.Workload;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reservations found in earlier passes over each cohort tree, kept while nothing they rest on
 * changed, so that a pass finds again only those whose ground moved (most passes are for an
 * arrival that changes nothing a reservation rests on).
 *
 * <p>What {@link Reservations} finds for a workload rests on: the workload and its queue; the
 * reservations made before it in its pass (counted as holding their room); the tree's usage; which
 * workloads hold quota there and with what (their expected ends follow from their admission and
 * their expected run times); the nodes and the pods on them, with their expected ends; the expected
 * run times of the workload and of those reserved before it (their trials place pods by them, see
 * {@link SchedulingCycle.Outcome#nodesAt}); and the clock, but only through the order of the
 * expected ends, in which one whose time has passed ends "now". While no expected end falls
 * between the pass that found the reservation and this one, the same workloads end at the same
 * steps, so the same reservation is found; except when it was due then (it started "now"), which
 * a later pass moves. A trial at "now" places pods as of now, but one that succeeds there is due,
 * and one that fails fails on room, which only a change of the nodes brings.
 */
final class KeptReservations {

    /** What a reservation rests on, besides its workload, its queue and the reservations before it. */
    record Ground(List<ClusterQueueState> members, long[] usage, long holderChanges, long nodesState,
            long runtimesVersion) {

        static Ground of(List<ClusterQueueState> members, QuotaTree tree, SchedulingCycle.Outcome outcome) {
            return of(members, tree, outcome, outcome.nodesState());
        }

        /** As the ground is, but with the nodes as they were in {@code nodesState}. */
        static Ground of(List<ClusterQueueState> members, QuotaTree tree, SchedulingCycle.Outcome outcome,
                long nodesState) {
            int width = tree.index().size();
            long[] usage = new long[members.size() * width];
            long holders = 0;
            for (int q = 0; q < members.size(); q++) {
                QuotaNode node = members.get(q).node();
                for (int fr = 0; fr < width; fr++) {
                    usage[q * width + fr] = node.usage(fr);
                }
                holders += members.get(q).holderChanges(); // each only grows: the sum moves when one does
            }
            return new Ground(members, usage, holders, nodesState, outcome.runtimesVersion());
        }

        boolean sameAs(Ground o) {
            return holderChanges == o.holderChanges && nodesState == o.nodesState
                    && runtimesVersion == o.runtimesVersion && sameInstances(members, o.members) && Arrays.equals(usage, o.usage);
        }
    }

    /**
     * A reservation (null: none could be made) found at {@code foundAtMillis}, when the first
     * expected end after that instant was {@code nextEndMillis} ({@link Long#MAX_VALUE}: none).
     */
    private record Kept(Workload workload, ClusterQueueState queue, List<Reservation> earlier, Ground ground,
            Reservation reservation, long foundAtMillis, long nextEndMillis) {

        boolean holds(Workload wl, ClusterQueueState cq, List<Reservation> before, Ground now, long nowMillis) {
            return workload == wl && queue == cq && sameInstances(earlier, before) && stillInTime(nowMillis)
                    && ground.sameAs(now);
        }

        private boolean stillInTime(long nowMillis) {
            if (nowMillis == foundAtMillis) {
                return true;
            }
            // A due reservation starts "now", which moves; otherwise no expected end may have passed since.
            boolean wasDue = reservation != null && reservation.startsMillis() <= foundAtMillis;
            return !wasDue && nowMillis > foundAtMillis && nowMillis < nextEndMillis;
        }
    }

    /** The outcome of a look-up: whether a kept reservation holds, and which (null: none can be made). */
    record Found(boolean holds, Reservation reservation) {
        static final Found NONE = new Found(false, null);
    }

    /** Per cohort tree, by the reservation's place in its pass. */
    private final Map<QuotaNode, List<Kept>> byTree = new HashMap<>();

    /** The reservation kept for {@code wl}, the {@code before.size()}-th of its pass, if nothing it rests on changed. */
    Found lookUp(QuotaNode root, Workload wl, ClusterQueueState cq, List<Reservation> before, Ground ground,
            long nowMillis) {
        List<Kept> kept = byTree.get(root);
        int k = before.size();
        if (kept == null || k >= kept.size() || kept.get(k) == null) {
            return Found.NONE;
        }
        Kept e = kept.get(k);
        return e.holds(wl, cq, before, ground, nowMillis) ? new Found(true, e.reservation()) : Found.NONE;
    }

    /** Keeps what was found for {@code wl}, the {@code before.size()}-th reservation of its pass. */
    void keep(QuotaNode root, Workload wl, ClusterQueueState cq, List<Reservation> before, Ground ground,
            Reservation found, long nowMillis, long nextEndMillis) {
        List<Kept> kept = byTree.computeIfAbsent(root, r -> new ArrayList<>());
        int k = before.size();
        while (kept.size() <= k) {
            kept.add(null);
        }
        kept.set(k, new Kept(wl, cq, List.copyOf(before), ground, found, nowMillis, nextEndMillis));
    }

    /** Whether the lists hold the very same objects in the same order (queues and reservations have no equality of their own). */
    private static boolean sameInstances(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }
}
