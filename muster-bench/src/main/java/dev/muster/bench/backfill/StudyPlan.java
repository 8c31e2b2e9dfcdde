package dev.muster.bench.backfill;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What to run: every policy on every workload, once per estimate mode.
 *
 * @param seed the seed of the run-time errors (and of the synthetic mix, drawn before)
 * @param out  where to keep the scenario directories; none: they are written to a temporary
 *             directory and deleted after the run
 * @param reservationDepth the backfill runs' {@code backfill.reservationDepth}: how many heads of
 *             the queue hold a reservation at once (Muster's default, 1, is EASY backfill's one)
 */
public record StudyPlan(long seed, List<Demand> demands, List<RuntimeEstimates> estimates, List<QueuePolicy> policies,
        Optional<Path> out, int reservationDepth) {

    public StudyPlan {
        demands = List.copyOf(demands);
        estimates = List.copyOf(estimates);
        policies = List.copyOf(policies);
        if (reservationDepth < 1) {
            throw new IllegalArgumentException("reservationDepth must be at least 1, not " + reservationDepth);
        }
    }

    /** A plan whose backfill runs reserve for one head of the queue, Muster's default. */
    public StudyPlan(long seed, List<Demand> demands, List<RuntimeEstimates> estimates, List<QueuePolicy> policies,
            Optional<Path> out) {
        this(seed, demands, estimates, policies, out, 1);
    }

    /** The directory of one run under {@code root}: {@code philly-exact-strictfifo}. */
    public static Path directory(Path root, Demand demand, RuntimeEstimates estimates, QueuePolicy policy) {
        return root.resolve(demand.name() + "-" + estimates.label() + "-" + policy.directoryName());
    }
}
