package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.kueue.GeneratorConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The operator benchmark end to end on a small shape: the mock API server, the real controller,
 * the Job creator and runner. Checks what happened, never how fast: every workload is admitted and
 * finished, and the Workload statuses never show a ClusterQueue above nominal + borrowing limit or
 * the cohort above its nominal sum.
 */
class OperatorPerfRunTest {

    /**
     * One cohort of 2 ClusterQueues (10 cpu nominal, 4 cpu borrowing limit each: a queue may hold
     * 14 of the cohort's 20), Kueue's preemption policies, 30 workloads per queue arriving within
     * 5 s: more than the quota, so workloads queue, borrow and preempt.
     */
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

    @Test
    void everyWorkloadIsAdmittedAndFinishedAndNoQueueEverHoldsMoreThanItMay() throws InterruptedException {
        GeneratorConfig config = GeneratorConfig.parse(SMALL, "smoke");
        assertThat(config.workloadCount()).isEqualTo(60);

        OperatorPerfResult r = OperatorPerfRun.run("smoke", config,
                OperatorPerfRun.Settings.defaults().withTimeout(Duration.ofMinutes(5)));

        assertThat(r.finishedInTime()).as("every Workload Finished before the (generous) timeout").isTrue();
        assertThat(r.finalWorkloads()).as("one Workload object per Job").isEqualTo(60);
        assertThat(r.finalWithoutJob()).isZero();
        assertThat(r.finalFinished()).as("Workload objects with Finished=True at the end").isEqualTo(60);
        assertThat(r.audit().everAdmitted()).as("Jobs whose Workload was seen Admitted=True").hasSize(60);
        assertThat(r.audit().finished()).hasSize(60);
        assertThat(r.jobsCompleted()).isEqualTo(60);
        assertThat(r.admissions()).isEqualTo(60 + r.evictions());
        assertThat(r.allAdmittedAndFinished()).isTrue();
        assertThat(r.decider().found()).as("the decider thread was watched").isTrue();
        assertThat(r.decider().sampleCount()).as("its stack sampled").isPositive();
        assertThat(r.runOverrunP50Nanos()).as("each run's overrun past its runtime is measured")
                .isNotNegative().isLessThanOrEqualTo(r.runOverrunP95Nanos());
        assertThat(r.workloadsFinishedSeen()).as("the version log told every Finished workload").isEqualTo(60);
        r.workloadClasses().forEach(w -> assertThat(w.admitted()).as(w.name()).isEqualTo(w.count()));

        assertThat(r.audit().violations()).as("quota overflows seen in Workload statuses").isEmpty();
        assertThat(r.audit().violationCount()).isZero();
        // Not vacuous: each queue was seen holding at least its largest workload (8 cpu), and at most 10 + 4.
        assertThat(r.audit().peakByQueue()).hasSize(2);
        r.audit().peakByQueue().forEach((queue, peak) -> assertThat(peak).as(queue).isBetween(8_000L, 14_000L));
        assertThat(r.audit().peakByCohort()).hasSize(1);
        r.audit().peakByCohort().forEach((cohort, peak) -> assertThat(peak).as(cohort).isBetween(8_000L, 20_000L));
    }
}
