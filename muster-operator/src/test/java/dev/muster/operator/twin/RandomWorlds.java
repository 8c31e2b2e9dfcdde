package dev.muster.operator.twin;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small random worlds for the twin test, the same for the same seed: ClusterQueues in a cohort
 * with random quotas, borrowing limits and preemption policies (Kueue), or KAI queues with quotas,
 * limits and weights on one GPU node (KAI); jobs with priorities, arrivals and durations.
 */
final class RandomWorlds {

    private static final String[] WITHIN = {"Never", "LowerPriority", "LowerOrNewerEqualPriority"};
    private static final String[] RECLAIM = {"Never", "LowerPriority", "Any"};
    private static final String[] KAI_CLASSES = {"train", "build", "inference"};

    private RandomWorlds() {
    }

    static String kueue(long seed) {
        return kueue(seed, null);
    }

    /**
     * The same world with Muster's reservation and backfill on: a random depth, overstayers
     * preempted or not, and most jobs declaring a run time (their own, or off by half or double).
     */
    static String kueueWithBackfill(long seed) {
        return kueue(seed, new Random(seed * 7 + 11));
    }

    /** As {@link #kai(long)}, with backfill on as in {@link #kueueWithBackfill}. */
    static String kaiWithBackfill(long seed) {
        return kai(seed, new Random(seed * 7 + 11));
    }

    /** {@code backfill}: null for Kueue's and KAI's behaviour; else the draws of Muster's backfill, apart from the world's. */
    private static String kueue(long seed, Random backfill) {
        Random random = new Random(seed);
        StringBuilder y = new StringBuilder();
        backfillConfiguration(y, backfill);
        doc(y, """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: WorkloadPriorityClass
                metadata: {name: low}
                value: 100""");
        doc(y, """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: WorkloadPriorityClass
                metadata: {name: high}
                value: 1000""");
        doc(y, """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: default-flavor}""");
        int queues = 2 + random.nextInt(2);
        for (int q = 0; q < queues; q++) {
            String borrowing = random.nextBoolean() ? "" : ", borrowingLimit: " + random.nextInt(4);
            doc(y, """
                    apiVersion: kueue.x-k8s.io/v1beta1
                    kind: ClusterQueue
                    metadata: {name: cq-%d}
                    spec:
                      namespaceSelector: {}
                      cohort: team
                      preemption: {withinClusterQueue: %s, reclaimWithinCohort: %s}
                      resourceGroups:
                      - coveredResources: [cpu]
                        flavors:
                        - name: default-flavor
                          resources:
                          - {name: cpu, nominalQuota: %d%s}""".formatted(q, pick(random, WITHIN), pick(random, RECLAIM),
                    1 + random.nextInt(3), borrowing));
            doc(y, """
                    apiVersion: kueue.x-k8s.io/v1beta1
                    kind: LocalQueue
                    metadata: {name: lq-%d, namespace: default}
                    spec: {clusterQueue: cq-%d}""".formatted(q, q));
        }
        int jobs = 5 + random.nextInt(4);
        for (int j = 0; j < jobs; j++) {
            doc(y, """
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: job-%d
                      namespace: default
                      labels: {kueue.x-k8s.io/queue-name: lq-%d, kueue.x-k8s.io/priority-class: %s}
                      annotations: {%s}
                    spec:
                      parallelism: %d
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - name: main
                            image: registry.k8s.io/pause:3.10
                            resources:
                              requests: {cpu: "%d"}""".formatted(j, random.nextInt(queues), random.nextBoolean() ? "low" : "high",
                    timing(random, backfill), 1 + random.nextInt(2), 1 + random.nextInt(3)));
        }
        return y.toString();
    }

    static String kai(long seed) {
        return kai(seed, null);
    }

    private static String kai(long seed, Random backfill) {
        Random random = new Random(seed);
        StringBuilder y = new StringBuilder();
        backfillConfiguration(y, backfill);
        int gpus = 3 + random.nextInt(3);
        doc(y, """
                apiVersion: v1
                kind: Node
                metadata:
                  name: node0
                  labels: {kubernetes.io/hostname: node0}
                status:
                  allocatable: {cpu: "64", memory: 256G, nvidia.com/gpu: "%d", pods: "110"}""".formatted(gpus));
        int queues = 2 + random.nextInt(2);
        for (int q = 0; q < queues; q++) {
            int limit = random.nextBoolean() ? -1 : 1 + random.nextInt(gpus);
            doc(y, """
                    apiVersion: scheduling.run.ai/v2
                    kind: Queue
                    metadata: {name: queue%d}
                    spec:
                      resources:
                        gpu: {quota: %d, limit: %d, overQuotaWeight: %d}""".formatted(q, random.nextInt(gpus / 2 + 1), limit,
                    random.nextInt(3)));
        }
        int jobs = 5 + random.nextInt(4);
        for (int j = 0; j < jobs; j++) {
            doc(y, """
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: job-%d
                      namespace: default
                      labels: {kai.scheduler/queue: queue%d, priorityClassName: %s}
                      annotations: {%s}
                    spec:
                      parallelism: %d
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - name: main
                            image: registry.k8s.io/pause:3.10
                            resources:
                              requests: {nvidia.com/gpu: "%d"}
                              limits: {nvidia.com/gpu: "%6$d"}""".formatted(j, random.nextInt(queues),
                    pick(random, KAI_CLASSES), timing(random, backfill), 1 + random.nextInt(2), 1 + random.nextInt(2)));
        }
        return y.toString();
    }

    private static void backfillConfiguration(StringBuilder y, Random backfill) {
        if (backfill != null) {
            doc(y, """
                    apiVersion: config.muster.dev/v1alpha1
                    kind: Configuration
                    backfill: {enable: true, reservationDepth: %d, preemptOverstaying: %s}""".formatted(
                    1 + backfill.nextInt(2), backfill.nextBoolean()));
        }
    }

    /**
     * An arrival in whole 5 s steps within the first minute, and a duration, or none (runs forever).
     * With {@code backfill}, three in four jobs also declare a run time: their duration, half or
     * double it (one that runs forever declares one too, and overstays it).
     */
    private static String timing(Random random, Random backfill) {
        List<String> parts = new ArrayList<>();
        parts.add("sim.muster.dev/arrival: \"" + 5 * random.nextInt(13) + "s\"");
        int duration = 0;
        if (random.nextInt(4) > 0) {
            duration = 30 * (1 + random.nextInt(6));
            parts.add("sim.muster.dev/duration: \"" + duration + "s\"");
        }
        if (backfill != null && backfill.nextInt(4) > 0) {
            int base = duration > 0 ? duration : 30 * (1 + backfill.nextInt(6));
            int expected = switch (backfill.nextInt(3)) {
                case 0 -> base / 2;
                case 1 -> base * 2;
                default -> base;
            };
            parts.add("muster.dev/expected-runtime: \"" + expected + "s\"");
        }
        return String.join(", ", parts);
    }

    private static String pick(Random random, String[] options) {
        return options[random.nextInt(options.length)];
    }

    private static void doc(StringBuilder y, String text) {
        y.append("---\n").append(text).append('\n');
    }
}
