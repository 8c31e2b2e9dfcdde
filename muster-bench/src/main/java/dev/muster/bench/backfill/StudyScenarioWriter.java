package dev.muster.bench.backfill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes one run of the study as a scenario directory that {@code muster simulate DIR} runs as it
 * is: the cluster's nodes ({@code 1-cluster.yaml}), one ClusterQueue holding all its GPUs with the
 * policy's queueing strategy and one LocalQueue ({@code 2-queues.yaml}), every job a batch/v1 Job
 * ({@code 3-jobs.yaml}), and for backfill Muster's Configuration ({@code 0-muster.yaml}).
 */
public final class StudyScenarioWriter {

    static final String NAMESPACE = "research";
    static final String LOCAL_QUEUE = "main";
    static final String CLUSTER_QUEUE = "gpus";
    static final String MUSTER_CONFIGURATION = "0-muster.yaml";

    private StudyScenarioWriter() {
    }

    /** {@code expectedSeconds[i]} is what job {@code i} of {@code demand} says of its run time. */
    public static void write(Demand demand, long[] expectedSeconds, RuntimeEstimates estimates, QueuePolicy policy,
            Path dir) {
        write(demand, expectedSeconds, estimates, policy, 1, dir);
    }

    /** As above, the backfill runs reserving for {@code reservationDepth} heads of the queue. */
    public static void write(Demand demand, long[] expectedSeconds, RuntimeEstimates estimates, QueuePolicy policy,
            int reservationDepth, Path dir) {
        if (expectedSeconds.length != demand.jobs().size()) {
            throw new IllegalArgumentException("one expected run time per job");
        }
        try {
            Files.createDirectories(dir);
            if (policy.backfill()) {
                Files.writeString(dir.resolve(MUSTER_CONFIGURATION), musterConfiguration(policy, reservationDepth));
            }
            Files.writeString(dir.resolve("1-cluster.yaml"), nodes(demand));
            Files.writeString(dir.resolve("2-queues.yaml"), queues(demand, policy));
            Files.writeString(dir.resolve("3-jobs.yaml"), jobs(demand, expectedSeconds, estimates));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the scenario to " + dir, e);
        }
    }

    static String musterConfiguration(QueuePolicy policy, int reservationDepth) {
        return """
                # Reservation and backfill (issue 21): the head of the queue that cannot start gets a
                # reservation; later jobs start only where they do not delay it.
                apiVersion: config.muster.dev/v1alpha1
                kind: Configuration
                backfill:
                  enable: true
                  reservationDepth: %d
                  preemptOverstaying: %s
                """.formatted(reservationDepth, policy == QueuePolicy.BACKFILL_PREEMPTING);
    }

    static String nodes(Demand demand) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "# %s%n# %d nodes of %d GPUs (%d GPUs); written by muster-bench backfill-study%n",
                demand.description(), demand.nodes(), Demand.GPUS_PER_NODE, demand.clusterGpus()));
        for (int i = 0; i < demand.nodes(); i++) {
            sb.append(String.format(Locale.ROOT, """
                    ---
                    apiVersion: v1
                    kind: Node
                    metadata:
                      name: gpu-node-%1$02d
                      labels: {kubernetes.io/hostname: gpu-node-%1$02d}
                    status:
                      allocatable: {cpu: "96", memory: 1Ti, nvidia.com/gpu: "%2$d", pods: "110"}
                    """, i, Demand.GPUS_PER_NODE));
        }
        return sb.toString();
    }

    static String queues(Demand demand, QueuePolicy policy) {
        return String.format(Locale.ROOT, """
                # One ClusterQueue with all the cluster's GPUs, queueingStrategy %3$s (%4$s)
                apiVersion: v1
                kind: Namespace
                metadata: {name: %1$s}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: gpu}
                spec: {}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: %5$s}
                spec:
                  namespaceSelector: {}
                  queueingStrategy: %3$s
                  resourceGroups:
                  - coveredResources: [nvidia.com/gpu]
                    flavors:
                    - name: gpu
                      resources:
                      - {name: nvidia.com/gpu, nominalQuota: %2$d}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: %6$s, namespace: %1$s}
                spec: {clusterQueue: %5$s}
                """, NAMESPACE, demand.clusterGpus(), policy.queueingStrategy(), policy.label(), CLUSTER_QUEUE,
                LOCAL_QUEUE);
    }

    static String jobs(Demand demand, long[] expectedSeconds, RuntimeEstimates estimates) {
        List<StudyJob> jobs = demand.jobs();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "# %,d jobs; %s%n", jobs.size(),
                estimates.description()));
        for (int i = 0; i < jobs.size(); i++) {
            StudyJob j = jobs.get(i);
            GangShape shape = GangShape.of(j.gpus(), Demand.GPUS_PER_NODE);
            sb.append(String.format(Locale.ROOT, """
                    ---
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: %s
                      namespace: %s
                      labels: {kueue.x-k8s.io/queue-name: %s}
                      annotations:
                        sim.muster.dev/arrival: %ds
                        sim.muster.dev/duration: %ds
                        muster.dev/expected-runtime: %s
                    spec:
                      parallelism: %d
                      completions: %d
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - {name: main, image: trainer, resources: {limits: {nvidia.com/gpu: "%d"}}}
                    """, j.name(), NAMESPACE, LOCAL_QUEUE, j.arrivalSeconds(), j.durationSeconds(),
                    GoDurationText.of(expectedSeconds[i]), shape.pods(), shape.pods(), shape.gpusPerPod()));
        }
        return sb.toString();
    }
}
