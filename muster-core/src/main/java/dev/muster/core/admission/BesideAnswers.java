package dev.muster.core.admission;

import dev.muster.core.placement.PodPlacement;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Arrays;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether a reservation still fits at its start with a workload beside it, as found before, kept
 * while nothing the answer rests on changed: the workloads held back by a reservation are asked
 * about again in every pass, and those alike (one queue, the same usage, their pods put on the same
 * places) in a row within one.
 *
 * <p>The answer rests on the reservation (the same one, so the same reservations before it), the
 * workload's queue, usage and pods, and the {@link KeptReservations.Ground ground} as it was before
 * the workload's pods were held (a workload asked about is placed for a moment); and on the clock
 * only as a reservation does: while no expected end passes (see {@link KeptReservations}). Not on
 * the workload's own expected end: with temporal placement (backfill on) it orders the nodes the
 * reserved workload's trial weighs, but whether that workload fits is taken not to rest on the
 * order nodes are weighed in, as a failed placement is taken (it stands until room appears).
 */
final class BesideAnswers {

    /** A workload beside the reservation: its queue, its usage and where its pods went. */
    private record Beside(ClusterQueueState queue, long[] usage, List<PodPlacement> pods) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Beside b && b.queue == queue && Arrays.equals(b.usage, usage) && b.pods.equals(pods);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * System.identityHashCode(queue) + Arrays.hashCode(usage)) + pods.hashCode();
        }
    }

    /** The answers about one reservation, on one ground, from {@code sinceMillis} until {@code untilMillis} (exclusive). */
    private record Sheet(Reservation reservation, KeptReservations.Ground ground, long sinceMillis, long untilMillis,
            Map<Beside, Boolean> answers) {

        boolean holds(Reservation r, KeptReservations.Ground now, long nowMillis) {
            // untilMillis is the first expected end after sinceMillis, so the span is never empty
            return reservation == r && nowMillis >= sinceMillis && nowMillis < untilMillis && ground.sameAs(now);
        }
    }

    /** Per cohort tree, by the reservation's place in its pass: one sheet each, so old ones go. */
    private final Map<QuotaNode, List<Sheet>> byTree = new HashMap<>();

    /** The answer found before for {@code r}, the {@code k}-th reservation of its pass, beside this workload; null if none holds. */
    Boolean answer(QuotaNode root, int k, Reservation r, ClusterQueueState queue, long[] usage, List<PodPlacement> pods,
            KeptReservations.Ground ground, long nowMillis) {
        List<Sheet> sheets = byTree.get(root);
        Sheet sheet = sheets == null || k >= sheets.size() ? null : sheets.get(k);
        if (sheet == null || !sheet.holds(r, ground, nowMillis)) {
            return null;
        }
        return sheet.answers().get(new Beside(queue, usage, pods));
    }

    /**
     * Keeps an answer found at {@code nowMillis}, when the next expected end after it was
     * {@code nextEndMillis}; the reservation is not due then (it starts after {@code nowMillis}).
     */
    void keep(QuotaNode root, int k, Reservation r, ClusterQueueState queue, long[] usage, List<PodPlacement> pods,
            KeptReservations.Ground ground, long nowMillis, long nextEndMillis, boolean fits) {
        List<Sheet> sheets = byTree.computeIfAbsent(root, x -> new ArrayList<>());
        while (sheets.size() <= k) {
            sheets.add(null);
        }
        Sheet sheet = sheets.get(k);
        if (sheet == null || !sheet.holds(r, ground, nowMillis)) {
            sheet = new Sheet(r, ground, nowMillis, nextEndMillis, new HashMap<>());
            sheets.set(k, sheet);
        }
        sheet.answers().put(new Beside(queue, usage.clone(), List.copyOf(pods)), fits);
    }
}
