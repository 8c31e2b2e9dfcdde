package dev.muster.bench.forecast;

import dev.muster.sim.trace.PhillyJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A slice of the Philly trace as a Kueue scenario for the simulator, quota only: one ClusterQueue
 * per virtual cluster, all in one cohort (so a cluster with idle GPUs lends them), each with a
 * nominal GPU quota in proportion to the GPU-seconds its jobs ask for in the slice; every job a
 * batch Job of one pod asking for its GPUs, arriving at its submission time (from the slice's first)
 * and running its recorded duration. Jobs asking for more GPUs than the whole cluster are left out.
 */
public final class PhillyScenario {

    private PhillyScenario() {
    }

    /** The virtual clusters' nominal GPU quotas, together {@code gpus}, by GPU-seconds asked. */
    static Map<String, Long> quotas(List<PhillyJob> jobs, long gpus) {
        Map<String, Double> asked = new TreeMap<>();
        double total = 0;
        for (PhillyJob j : jobs) {
            double gs = (double) j.gpus() * Math.max(1, j.durationSeconds());
            asked.merge(j.virtualCluster(), gs, Double::sum);
            total += gs;
        }
        Map<String, Long> quotas = new TreeMap<>();
        for (Map.Entry<String, Double> e : asked.entrySet()) {
            quotas.put(e.getKey(), Math.max(1, Math.round(gpus * e.getValue() / total)));
        }
        return quotas;
    }

    /**
     * Writes the scenario into {@code dir}, with Muster's Configuration asking forecasts for the
     * {@code runtimeQuantile} of finished runs; returns how many jobs it holds.
     */
    public static int write(List<PhillyJob> jobs, long gpus, double runtimeQuantile, Path dir) {
        StringBuilder queues = new StringBuilder("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: gpu}
                spec: {}
                """);
        quotas(jobs, gpus).forEach((vc, quota) -> queues.append("""
                ---
                apiVersion: v1
                kind: Namespace
                metadata: {name: vc-%1$s}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: vc-%1$s}
                spec:
                  namespaceSelector: {}
                  cohort: philly
                  resourceGroups:
                  - coveredResources: [nvidia.com/gpu]
                    flavors:
                    - name: gpu
                      resources:
                      - {name: nvidia.com/gpu, nominalQuota: %2$d}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: main, namespace: vc-%1$s}
                spec: {clusterQueue: vc-%1$s}
                """.formatted(vc, quota)));
        StringBuilder out = new StringBuilder();
        long first = jobs.isEmpty() ? 0 : jobs.get(0).submitSeconds();
        int written = 0;
        for (PhillyJob j : jobs) {
            if (j.gpus() > gpus) {
                continue;
            }
            written++;
            out.append(String.format(Locale.ROOT, """
                    ---
                    apiVersion: batch/v1
                    kind: Job
                    metadata:
                      name: job-%d
                      namespace: vc-%s
                      labels: {kueue.x-k8s.io/queue-name: main}
                      annotations: {sim.muster.dev/arrival: %ds, sim.muster.dev/duration: %ds}
                    spec:
                      template:
                        spec:
                          restartPolicy: Never
                          containers:
                          - {name: main, image: trainer, resources: {requests: {nvidia.com/gpu: "%d"}}}
                    """, j.id(), j.virtualCluster(), j.submitSeconds() - first, Math.max(1, j.durationSeconds()), j.gpus()));
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("0-muster.yaml"), String.format(Locale.ROOT, """
                    apiVersion: config.muster.dev/v1alpha1
                    kind: Configuration
                    forecast: {runtimeQuantile: %s}
                    """, runtimeQuantile));
            Files.writeString(dir.resolve("1-queues.yaml"), queues);
            Files.writeString(dir.resolve("2-jobs.yaml"), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return written;
    }
}
