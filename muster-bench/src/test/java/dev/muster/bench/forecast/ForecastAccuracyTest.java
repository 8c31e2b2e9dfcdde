package dev.muster.bench.forecast;

import dev.muster.sim.trace.PhillyJob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.bench.placement.DataFolder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForecastAccuracyTest {

    @TempDir
    Path dir;

    @Test
    void aPhillyLineIsAJobOfItsVirtualCluster() {
        assertThat(PhillyJob.parse("7,235696,3256045,4,6214e9")).isEqualTo(new PhillyJob(7, 235_696, 3_256_045, 4, "6214e9"));
        assertThatThrownBy(() -> PhillyJob.parse("7,235696")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void quotasFollowTheGpuSecondsEachVirtualClusterAsksFor() {
        List<PhillyJob> jobs = List.of(new PhillyJob(1, 0, 300, 1, "a"), new PhillyJob(2, 5, 100, 1, "b"),
                new PhillyJob(3, 9, 50, 2, "b"));
        // a asks for 300 GPU-seconds, b for 100 + 2 x 50 = 200: 60 % and 40 % of 10 GPUs
        assertThat(PhillyScenario.quotas(jobs, 10)).isEqualTo(Map.of("a", 6L, "b", 4L));
    }

    @Test
    void everyWaitingWorkloadIsCountedOnceAtEachInstantAndErrorsAreMeasuredAgainstTheFullRun() throws Exception {
        Path data = DataFolder.fromWorkingDirectory().orElseGet(() -> org.junit.jupiter.api.Assumptions.abort(
                "no shared/data above the working directory")); // a clone outside the workspace: skipped, as the other trace tests
        PhillyScenario.write(PhillyJob.read(data.resolve(PhillyJob.FILE), 20_000, 300), 24, 0.5, dir);

        ForecastAccuracy.Result r = ForecastAccuracy.measure(dir, 3);

        assertThat(r.instantsMillis()).hasSize(3).isSorted();
        ForecastAccuracy.Tally all = r.all();
        assertThat(all.waiting()).as("a slice with 24 GPUs for 300 jobs has a queue").isPositive();
        assertThat(all.waiting()).isEqualTo(r.byQueue().values().stream().mapToInt(ForecastAccuracy.Tally::waiting).sum());
        assertThat(all.compared() + all.forecastNeverAdmitted() + all.admittedNotForecast()).isLessThanOrEqualTo(all.waiting());
        assertThat(all.absoluteErrorQuantile(0.5)).isLessThanOrEqualTo(all.absoluteErrorQuantile(0.9));
        assertThat(all.absoluteErrorQuantile(0.5)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aKueueShapeBecomesAScenarioWithItsQueuesPoliciesAndEveryWorkload() throws Exception {
        var config = dev.muster.bench.kueue.GeneratorConfig.parse("""
                cohorts:
                  - className: cohort
                    count: 1
                    queuesSets:
                    - className: cq
                      count: 2
                      nominalQuota: 2
                      borrowingLimit: 1
                      reclaimWithinCohort: Any
                      withinClusterQueue: LowerPriority
                      workloadsSets:
                      - count: 3
                        creationIntervalMs: 100
                        workloads:
                        - {className: small, runtimeMs: 1000, priority: 50, request: 1}
                """, "test");
        var cluster = new dev.muster.bench.kueue.GeneratedCluster(config);

        int written = KueueShapeScenario.write(cluster, 0.9, dir);
        var scenario = dev.muster.api.scenario.ScenarioLoader.load(List.of(dir), 1);

        assertThat(written).isEqualTo(cluster.workloadCount()).isEqualTo(6);
        assertThat(scenario.workloads()).hasSize(6);
        assertThat(scenario.clusterQueues()).extracting(q -> q.policies().preemption())
                .containsOnly(cluster.queues().get(0).spec().policies().preemption());
        assertThat(scenario.clusterQueues().get(0).resourceGroups())
                .isEqualTo(cluster.queues().get(0).spec().resourceGroups());
        assertThat(scenario.musterSettings().runtimeQuantile()).isEqualTo(0.9);
        assertThat(scenario.run(scenario.workloads().get(0)).durationMillis()).hasValue(1000L);
    }
}
