package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.kueue.GeneratorConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The fault soak, short: 60 workloads in one cohort of two ClusterQueues (more than the quota, so
 * workloads queue, borrow and preempt), three replicas under leader election, and every kind of
 * fault from a fixed seed, more often than in the benchmark so that each happens within the run.
 * Checks what happened, never how fast.
 */
class FaultSoakTest {

    private static final String SMALL = """
            cohorts:
            - className: cohort
              count: 1
              queuesSets:
              - className: cq
                count: 2
                nominalQuota: 10
                borrowingLimit: 4
                reclaimWithinCohort: Any
                withinClusterQueue: LowerPriority
                workloadsSets:
                - count: 20
                  creationIntervalMs: 100
                  workloads:
                  - {className: small, runtimeMs: 200, priority: 50, request: 1}
                - count: 6
                  creationIntervalMs: 500
                  workloads:
                  - {className: medium, runtimeMs: 500, priority: 100, request: 3}
                - count: 4
                  creationIntervalMs: 1200
                  workloads:
                  - {className: large, runtimeMs: 1000, priority: 200, request: 8}
            """;

    /** Every kind soon: the webhook down within the first seconds, while the Jobs are created; a kill after 8-12 s. */
    private static final FaultPlan.Rates OFTEN = new FaultPlan.Rates(FaultPlan.Interval.seconds(8, 12),
            FaultPlan.Interval.seconds(1, 2), FaultPlan.Interval.seconds(1, 3), FaultPlan.Interval.seconds(0.5, 1.5),
            FaultPlan.Interval.seconds(1.5, 2.5));

    @Test
    void everyWorkloadFinishesAndTheAuditFindsNoViolationWhateverBreaks() throws InterruptedException {
        FaultSoakRun.Result r = FaultSoakRun.run(GeneratorConfig.parse(SMALL, "soak"),
                // Stretched 4 x, so that the run outlasts the first kill and the new leader's take-over
                // (the lease runs out 6 s after the kill): the controller alone ends the unstretched
                // shape in about 8 s.
                FaultSoakRun.Settings.defaults().withRates(OFTEN).withTimeScale(4).withTimeout(Duration.ofSeconds(90)));
        java.io.ByteArrayOutputStream report = new java.io.ByteArrayOutputStream();
        FaultSoak.print(new java.io.PrintStream(report, true, java.nio.charset.StandardCharsets.UTF_8), r);

        assertThat(r.faults()).as("every kind of fault injected:%n%s", report).allSatisfy((fault, n) -> assertThat(n).isPositive());
        assertThat(r.audit().leaderChanges()).as("%s", report).isGreaterThanOrEqualTo(1);
        assertThat(r.finished()).as("every Workload Finished:%n%s", report).isTrue();
        assertThat(r.audit().violationCount()).as("%s", report).isZero();
    }
}
