package dev.muster.core.admission;

/**
 * Muster's reservation and backfill, from its Configuration ({@code backfill:}); off by default,
 * so that Kueue's queueing strategies behave as Kueue's.
 *
 * <p>With it on, the first {@code reservationDepth} workloads of a ClusterQueue or KAI leaf queue (in its order)
 * that cannot start get a reservation: the earliest time, from the expected run times of what
 * holds their room, at which they fit their quota (and the nodes, when Muster places pods), and
 * the nodes they would get then. A workload behind them may start now only if it delays none of
 * them: it ends before the reservation starts, or it fits beside it. This is the EASY backfill of
 * HPC schedulers (Lifka, "The ANL/IBM SP scheduling system", 1995; Slurm's backfill plugin), with
 * Slurm's rule that a job without a time limit runs forever: here, a job without an expected run
 * time (the {@code muster.dev/expected-runtime} annotation or its {@code activeDeadlineSeconds})
 * only backfills beside a reservation.
 *
 * @param enabled            whether reservations are held at all
 * @param reservationDepth   how many waiting workloads of each ClusterQueue get one, 1 to {@link #MAX_DEPTH}
 * @param preemptOverstaying whether a workload backfilled on the promise to end before a reservation,
 *                           which runs past its expected end while the reservation is due and its
 *                           workload does not fit, is preempted for it (it queues again at once)
 */
public record BackfillPolicy(boolean enabled, int reservationDepth, boolean preemptOverstaying) {

    /** Reservations cost a fit test per expected end for each of them, per cycle: a bound keeps it small. */
    public static final int MAX_DEPTH = 16;

    /** Kueue's and KAI's behaviour: no reservations. */
    public static final BackfillPolicy OFF = new BackfillPolicy(false, 1, false);

    public BackfillPolicy(boolean enabled, int reservationDepth) {
        this(enabled, reservationDepth, false);
    }

    public BackfillPolicy {
        if (reservationDepth < 1 || reservationDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("reservationDepth must be between 1 and " + MAX_DEPTH + ", not "
                    + reservationDepth);
        }
    }
}
