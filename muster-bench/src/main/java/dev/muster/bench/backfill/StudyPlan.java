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
 */
public record StudyPlan(long seed, List<Demand> demands, List<RuntimeEstimates> estimates, List<QueuePolicy> policies,
        Optional<Path> out) {

    public StudyPlan {
        demands = List.copyOf(demands);
        estimates = List.copyOf(estimates);
        policies = List.copyOf(policies);
    }

    /** The directory of one run under {@code root}: {@code philly-exact-strictfifo}. */
    public static Path directory(Path root, Demand demand, RuntimeEstimates estimates, QueuePolicy policy) {
        return root.resolve(demand.name() + "-" + estimates.label() + "-" + policy.directoryName());
    }
}
