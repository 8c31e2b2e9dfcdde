package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.report.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 21's promise, on random worlds: where expected run times are the true ones, no reservation
 * is delayed by a backfilled job. Each seed makes a stream of gangs of mixed sizes into one
 * ClusterQueue (equal priorities, so a later arrival is always behind a reserved one), with their
 * {@code muster.dev/expected-runtime} equal to their run time, half of the seeds with nodes that
 * Muster places pods on; every workload reserved is admitted no later than its first reservation
 * said, and every workload runs to its end.
 */
class BackfillReservationsHoldTest {

    private static final Pattern RESERVED = Pattern.compile("reserved from t=(\\d+h)?(\\d+m)?(\\d+s)?");

    @TempDir
    Path temp;

    /** Seeds 1..12, or 1..N with {@code -Dbackfill.seeds=N} for a longer soak. */
    static IntStream seeds() {
        return IntStream.rangeClosed(1, Integer.getInteger("backfill.seeds", 12));
    }

    /** Seeds 1..6, or 1..N with {@code -Dbackfill.seeds=N}. */
    static IntStream kaiSeeds() {
        return IntStream.rangeClosed(1, Integer.getInteger("backfill.seeds", 6));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void noReservationIsDelayedWhenRunTimesAreTrue(int seed) throws Exception {
        boolean nodes = seed % 2 == 0;
        Files.writeString(temp.resolve("world.yaml"), world(seed, nodes, false));
        Report report = Simulation.run(ScenarioLoader.load(List.of(temp), 1), SimulationOptions.DEFAULTS);

        assertThat(report.workloads()).hasSize(40);
        assertThat(report.workloads()).allSatisfy(w -> assertThat(w.state()).as(w.name()).isEqualTo("Finished"));
        everyReservedWorkloadStartsByItsFirstReservation(report, seed, 12);
    }

    /** The same in a KAI queue, on four nodes of 8 GPUs that KAI places pods on. */
    @ParameterizedTest
    @MethodSource("kaiSeeds")
    void noReservationOfAKaiQueueIsDelayedWhenRunTimesAreTrue(int seed) throws Exception {
        Files.writeString(temp.resolve("world.yaml"), kaiWorld(seed));
        Report report = Simulation.run(ScenarioLoader.load(List.of(temp), 1), SimulationOptions.DEFAULTS);

        assertThat(report.workloads()).hasSize(40);
        assertThat(report.workloads()).allSatisfy(w -> assertThat(w.state()).as(w.name()).isEqualTo("Finished"));
        everyReservedWorkloadStartsByItsFirstReservation(report, seed, 6);
    }

    /** 40 jobs of one pod of 1, 2, 4 or 8 GPUs in one KAI queue, with true expected run times. */
    private static String kaiWorld(int seed) {
        Random random = new Random(seed);
        List<String> docs = new ArrayList<>();
        docs.add("apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nbackfill: {enable: true}\n");
        docs.add("apiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata: {name: team-a}\n"
                + "spec:\n  resources:\n    gpu: {quota: 32, limit: -1, overQuotaWeight: 1}\n");
        for (int n = 0; n < 4; n++) {
            docs.add("apiVersion: v1\nkind: Node\nmetadata: {name: gpu-" + n + "}\n"
                    + "status:\n  allocatable: {cpu: \"64\", memory: 512Gi, nvidia.com/gpu: \"8\", pods: \"110\"}\n");
        }
        int[] gpus = {1, 2, 4, 8};
        long arrival = 0;
        for (int j = 0; j < 40; j++) {
            arrival += random.nextInt(30);
            int gpu = gpus[random.nextInt(gpus.length)];
            int runs = 10 + random.nextInt(290);
            docs.add("""
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: job-%02d
                      labels: {kai.scheduler/queue: team-a}
                      annotations: {sim.muster.dev/arrival: %ds, sim.muster.dev/duration: %ds, muster.dev/expected-runtime: %ds}
                    spec:
                      parallelism: 1
                      completions: 1
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - name: main
                            image: registry.k8s.io/pause:3.10
                            resources: {limits: {nvidia.com/gpu: "%d"}}
                    """.formatted(j, arrival, runs, runs, gpu));
        }
        return String.join("---\n", docs);
    }

    /**
     * With run times off by up to 2x either way and {@code preemptOverstaying} on, jobs that break
     * their promise are preempted and queue again; every workload still runs to its end (no
     * preemption loop: a promise holds for the one admission it was made for).
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void withWrongRunTimesOverstayersArePreemptedAndEveryWorkloadEnds(int seed) throws Exception {
        Files.writeString(temp.resolve("world.yaml"), world(seed, seed % 2 == 0, true));
        Report report = Simulation.run(ScenarioLoader.load(List.of(temp), 1), SimulationOptions.DEFAULTS);

        assertThat(report.workloads()).hasSize(40);
        assertThat(report.workloads()).allSatisfy(w -> assertThat(w.state()).as(w.name()).isEqualTo("Finished"));
        assertThat(report.workloads()).allSatisfy(w -> assertThat(w.evictions()).as(w.name())
                .allSatisfy(e -> assertThat(e.detail()).isEqualTo("BackfillOverstayed")));
    }

    /**
     * The seeds of the suite ({@code 1..suiteSeeds}) are known to make reservations, and must, or the
     * test would hold nothing; a longer soak's other seeds may make a world too quiet for one, which
     * is skipped rather than failed.
     */
    private static void everyReservedWorkloadStartsByItsFirstReservation(Report report, int seed, int suiteSeeds) {
        int reserved = 0;
        for (Report.WorkloadReport w : report.workloads()) {
            Double firstReservation = firstReservation(report, w);
            if (firstReservation != null) {
                reserved++;
                assertThat(w.admittedAtSeconds()).as("%s, reserved from %ss (seed %d)", w.name(), firstReservation, seed)
                        .isLessThanOrEqualTo(firstReservation + 0.001);
            }
        }
        if (reserved == 0 && seed > suiteSeeds) {
            Assumptions.abort("seed " + seed + "'s world made no reservation");
        }
        assertThat(reserved).as("the world is busy enough to make reservations").isPositive();
    }

    /** When the workload's first reservation said it would start, in seconds; null if it never had one. */
    private static Double firstReservation(Report report, Report.WorkloadReport w) {
        String object = w.kind() + "/" + w.namespace() + "/" + w.name();
        for (Report.EventReport e : report.events()) {
            // Its own reservation, not one it is told it would delay ("... would delay x, for which room is reserved from").
            if (e.object().equals(object) && e.message() != null && !e.message().contains("would delay")) {
                Matcher m = RESERVED.matcher(e.message());
                if (m.find()) {
                    return (double) (part(m.group(1)) * 3600 + part(m.group(2)) * 60 + part(m.group(3)));
                }
            }
        }
        return null;
    }

    private static long part(String g) {
        return g == null ? 0 : Long.parseLong(g.substring(0, g.length() - 1));
    }

    /**
     * 40 jobs of 1 to 4 pods arriving over ten minutes, runs of 10 s to 5 min, into 32 cpu; with
     * {@code wrong}, each job's expected run time is its run time times 0.5 to 2, and overstayers
     * are preempted.
     */
    private static String world(int seed, boolean withNodes, boolean wrong) {
        Random random = new Random(seed);
        List<String> docs = new ArrayList<>();
        docs.add("apiVersion: v1\nkind: Namespace\nmetadata: {name: world}\n");
        docs.add("apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nbackfill: {enable: true, preemptOverstaying: "
                + wrong + "}\n");
        docs.add("apiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\nmetadata: {name: default-flavor}\n");
        docs.add("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: cq}
                spec:
                  namespaceSelector: {}
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources:
                      - {name: cpu, nominalQuota: 32}
                """);
        docs.add("apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\nmetadata: {name: main, namespace: world}\n"
                + "spec: {clusterQueue: cq}\n");
        if (withNodes) {
            for (int n = 0; n < 4; n++) {
                docs.add("apiVersion: v1\nkind: Node\nmetadata:\n  name: n" + n + "\n  labels: {kubernetes.io/hostname: n"
                        + n + "}\nstatus:\n  allocatable: {cpu: \"8\", memory: 64Gi, pods: \"110\"}\n");
            }
        }
        int[] cpus = {1, 2, 4, 8};
        long arrival = 0;
        for (int j = 0; j < 40; j++) {
            arrival += random.nextInt(30);
            int pods = 1 + random.nextInt(4);
            int cpu = cpus[random.nextInt(cpus.length)];
            int runs = 10 + random.nextInt(290);
            long expected = wrong ? Math.max(1, Math.round(runs * Math.pow(2, random.nextDouble() * 2 - 1))) : runs;
            docs.add("""
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: job-%02d
                      namespace: world
                      labels: {kueue.x-k8s.io/queue-name: main}
                      annotations: {sim.muster.dev/arrival: %ds, sim.muster.dev/duration: %ds, muster.dev/expected-runtime: %ds}
                    spec:
                      parallelism: %d
                      completions: %d
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - name: main
                            image: registry.k8s.io/pause:3.10
                            resources: {requests: {cpu: "%d"}}
                    """.formatted(j, arrival, runs, expected, pods, pods, cpu));
        }
        return String.join("---\n", docs);
    }
}
