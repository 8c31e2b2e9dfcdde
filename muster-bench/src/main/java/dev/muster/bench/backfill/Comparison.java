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
}
