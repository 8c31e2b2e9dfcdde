package dev.muster.sim.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.ScenarioOverlay;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.html.WaitTimes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/quota-and-borrowing with team-a's a100 GPU quota raised from 8 to 16, worked out by hand
 * from the example's manifests (its expectation file has run A's timeline).
 *
 * <p>A (8 each, 16 A100 GPUs in the cohort): pretrain (6 GPUs) at 0s, finetune (4) at 10s borrowing
 * 2, eval (team-b, 4) at 20s: 14 in use. sweep (team-b, 4) waits until eval ends at 620s;
 * big-train (team-a, 8) waits until sweep ends at 1520s (then 10 free), and ends at 5120s.
 *
 * <p>B (team-a 16, so 24 in the cohort): at 30s sweep takes team-b's own last 4 (18 in use); at 40s
 * big-train would need 26 of 24: it waits. When eval ends at 620s, 10 are free and team-a at
 * 10+8 = 18 borrows 2 of them (its cpu 70 of 64 borrows too): big-train is admitted at 620s instead
 * of 1520s, and ends at 620+3600 = 4220s.
 */
class QuotaAndBorrowingWhatIfTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "quota-and-borrowing");

    private static final String TEAM_A_16 = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata: {name: team-a}
            spec:
              namespaceSelector: {}
              cohort: research
              resourceGroups:
              - coveredResources: [cpu, memory, nvidia.com/gpu]
                flavors:
                - name: a100
                  resources:
                  - {name: cpu, nominalQuota: 64}
                  - {name: memory, nominalQuota: 512Gi}
                  - {name: nvidia.com/gpu, nominalQuota: 16}
                - name: l4
                  resources:
                  - {name: cpu, nominalQuota: 32}
                  - {name: memory, nominalQuota: 128Gi}
                  - {name: nvidia.com/gpu, nominalQuota: 4}
            """;

    private static RunFigures run(List<ManifestDocument> docs) throws ManifestException {
        return WhatIfRun.figures(ScenarioLoader.loadDocuments(docs, 1), SimulationOptions.DEFAULTS);
    }

    @Test
    void moreQuotaForTeamAMovesBigTrainAndSweepEarlier() throws ManifestException {
        List<ManifestDocument> a = ScenarioLoader.readFiles(List.of(EXAMPLE));
        List<ManifestDocument> b = ScenarioOverlay.apply(a, ScenarioLoader.read(Map.of("team-a-16.yaml", TEAM_A_16)))
                .documents();
        Comparison c = Comparison.of("A", run(a), "B", run(b));

        assertThat(c.aEndSeconds()).isEqualTo(5120);
        assertThat(c.bEndSeconds()).isEqualTo(4220);
        // team-a waits: pretrain 0, finetune 0, big-train 1480 (A) or 580 (B); nearest rank of 3:
        // p50 is the 2nd (0), p95 the 3rd. team-b: eval 0, sweep 590 (A) or 0 (B).
        Comparison.QueueRow teamA = c.queues().get(0);
        assertThat(teamA.queue()).isEqualTo("team-a");
        assertThat(teamA.aWaits()).isEqualTo(new WaitTimes("team-a", 3, 0, 0, 1480, 1480));
        assertThat(teamA.bWaits()).isEqualTo(new WaitTimes("team-a", 3, 0, 0, 580, 580));
        Comparison.QueueRow teamB = c.queues().get(1);
        assertThat(teamB.aWaits().p95Seconds()).isEqualTo(590);
        assertThat(teamB.bWaits().p95Seconds()).isEqualTo(0);
        // No preemption: the example's ClusterQueues never preempt.
        assertThat(c.queues()).allMatch(q -> q.aPreemptions() == 0 && q.bPreemptions() == 0);

        assertThat(c.changedInAll()).isEqualTo(2);
        assertThat(c.changed()).containsExactly(
                new AdmissionChange("RayJob team-a/big-train", 1520.0, 620.0),
                new AdmissionChange("Job team-b/sweep", 620.0, 30.0));

        // A100 GPUs held, step by step. A: 6 (0-10s), 10 (10-20), 14 (20-1210: eval's 4 go to sweep
        // at 620), 10 (1210-1520), 14 (1520-1800), 8 (1800-5120): 60+100+16660+3100+3920+26560 =
        // 50400 GPU-seconds over 16 GPUs for 5120s. B: 6, 10, 14 (20-30), 18 (30-620), 22 (620-930),
        // 18 (930-1210), 14 (1210-1800), 8 (1800-4220): the same 50400 over 24 GPUs for 4220s.
        FlavorUse gpuA = use(c, "a100/nvidia.com/gpu").a();
        FlavorUse gpuB = use(c, "a100/nvidia.com/gpu").b();
        assertThat(gpuA.nominal()).isEqualTo(16);
        assertThat(gpuA.meanUsage()).isCloseTo(50400.0 / 5120, within(1e-9));
        assertThat(gpuA.utilization()).isCloseTo(50400.0 / (16 * 5120), within(1e-9));
        assertThat(gpuB.nominal()).isEqualTo(24);
        assertThat(gpuB.utilization()).isCloseTo(50400.0 / (24 * 4220), within(1e-9));
        // Nobody used the L4s.
        assertThat(use(c, "l4/nvidia.com/gpu").a().utilization()).isEqualTo(0.0);
    }

    @Test
    void theSweepNeverMakesTeamAWaitLongerForMoreQuota() throws ManifestException {
        List<ManifestDocument> docs = ScenarioLoader.readFiles(List.of(EXAMPLE));
        QuotaSweep sweep = QuotaSweep.resolve(SweepSpec.parse("clusterqueue/team-a:a100/nvidia.com/gpu=8..32/8"), docs);
        assertThat(sweep.fieldPath()).isEqualTo("spec.resourceGroups[0].flavors[0].resources[2]");
        List<Double> p95 = new ArrayList<>();
        for (var value : sweep.spec().values()) {
            p95.add(run(sweep.with(docs, value)).waits().get(0).p95Seconds());
        }
        // 8: 1480s and 16: 580s as above; from 24 on the cohort has 32 GPUs and big-train fits at
        // 40s (10+8 of team-a's 24, 26 of 32 in the cohort): no wait.
        assertThat(p95).containsExactly(1480.0, 580.0, 0.0, 0.0);
        for (int i = 1; i < p95.size(); i++) {
            assertThat(p95.get(i)).isLessThanOrEqualTo(p95.get(i - 1));
        }
    }

    @Test
    void aSweepOfAResourceInSeveralFlavorsNamesThemAndTheFile() throws ManifestException {
        List<ManifestDocument> docs = ScenarioLoader.readFiles(List.of(EXAMPLE));
        assertThatThrownBy(() -> QuotaSweep.resolve(SweepSpec.parse("clusterqueue/team-a:nvidia.com/gpu=8..32/8"), docs))
                .hasMessageContaining("ClusterQueue team-a (" + EXAMPLE.resolve("01-queues.yaml") + ", document 3)")
                .hasMessageContaining("has nvidia.com/gpu in flavors a100, l4; say which");
        assertThatThrownBy(() -> QuotaSweep.resolve(SweepSpec.parse("clusterqueue/team-c:cpu=1..2/1"), docs))
                .hasMessageContaining("no ClusterQueue \"team-c\"; it has team-a, team-b");
        assertThatThrownBy(() -> QuotaSweep.resolve(SweepSpec.parse("clusterqueue/team-b:l4/cpu=1..2/1"), docs))
                .hasMessageContaining("has no nominal quota of l4/cpu; it has a100/cpu, a100/memory, a100/nvidia.com/gpu");
    }

    private static Comparison.UseRow use(Comparison c, String key) {
        return c.utilization().stream().filter(u -> u.flavorResource().equals(key)).findFirst().orElseThrow();
    }
}
