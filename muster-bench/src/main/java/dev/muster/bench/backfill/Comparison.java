package dev.muster.bench.backfill;

import java.util.List;
import java.util.Optional;

/** The policies side by side on one workload with one kind of estimates, in the plan's order. */
public record Comparison(Demand demand, RuntimeEstimates estimates, List<PolicyResult> results) {

    public Comparison {
        results = List.copyOf(results);
    }

    public Optional<PolicyResult.Measured> measured(QueuePolicy policy) {
        return results.stream().filter(r -> r.policy() == policy && r instanceof PolicyResult.Measured)
                .map(PolicyResult.Measured.class::cast).findFirst();
    }

    /**
     * The largest gangs' p95 wait under {@code slower} over that under {@code faster}; empty when either
     * was not measured or {@code faster}'s is 0 (no ratio to give).
     */
    public Optional<Double> largestClassP95Ratio(QueuePolicy slower, QueuePolicy faster) {
        SizeClass largest = SizeClass.largestOf(demand.jobs());
        Optional<PolicyResult.Measured> a = measured(slower);
        Optional<PolicyResult.Measured> b = measured(faster);
        if (a.isEmpty() || b.isEmpty() || b.get().waitsOf(largest).p95Seconds() <= 0) {
            return Optional.empty();
        }
        return Optional.of(a.get().waitsOf(largest).p95Seconds() / b.get().waitsOf(largest).p95Seconds());
    }

    /**
     * The most {@link #largestClassP95Ratio} could have been for {@code faster} from the states of
     * {@code faster}'s own run: {@code slower}'s p95 wait over the p95 of {@code faster}'s floors
     * ({@link DrainFloor}). Empty when either was not measured or that p95 floor is 0 (no bound).
     */
    public Optional<Double> largestClassP95Bound(QueuePolicy slower, QueuePolicy faster) {
        SizeClass largest = SizeClass.largestOf(demand.jobs());
        Optional<PolicyResult.Measured> a = measured(slower);
        Optional<PolicyResult.Measured> b = measured(faster);
        if (a.isEmpty() || b.isEmpty() || b.get().largestFloors().p95Seconds() <= 0) {
            return Optional.empty();
        }
        return Optional.of(a.get().waitsOf(largest).p95Seconds() / b.get().largestFloors().p95Seconds());
    }
}
