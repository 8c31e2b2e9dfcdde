package dev.muster.bench.forecast;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.quantity.Quantity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One of Kueue's performance shapes ({@code baseline}, {@code large-scale}) as a scenario for the
 * simulator, as {@code KueuePerfReplay} replays it through the engine: its ClusterQueues with their
 * cohorts, quotas and preemption policies, a LocalQueue each, and every generated workload a Kueue
 * {@code Workload} arriving and running as the generator says. Nothing in it tells the forecast a
 * run time: forecasts rest on the history of the run.
 */
public final class KueueShapeScenario {

    private KueueShapeScenario() {
    }

    /** Writes the scenario into {@code dir}; returns how many workloads it holds. */
    public static int write(GeneratedCluster cluster, double runtimeQuantile, Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("0-muster.yaml"), String.format(Locale.ROOT, """
                    apiVersion: config.muster.dev/v1alpha1
                    kind: Configuration
                    forecast: {runtimeQuantile: %s}
                    """, runtimeQuantile));
            try (Writer w = Files.newBufferedWriter(dir.resolve("1-queues.yaml"))) {
                w.write("apiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\nmetadata: {name: "
                        + GeneratedCluster.FLAVOR + "}\nspec: {}\n");
                for (GeneratedCluster.Queue q : cluster.queues()) {
                    queue(w, q);
                }
            }
            int written = 0;
            try (Writer w = Files.newBufferedWriter(dir.resolve("2-workloads.yaml"))) {
                for (GeneratedCluster.ArrivalStream s : cluster.streams()) {
                    for (int k = 0; k < s.size(); k++) {
                        workload(w, s, k);
                        written++;
                    }
                }
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void queue(Writer w, GeneratedCluster.Queue q) throws IOException {
        ClusterQueuePolicies.Preemption p = q.spec().policies().preemption();
        String borrowing = q.borrowingLimitMilli().map(m -> ", borrowingLimit: " + Quantity.ofMilli(m).format("cpu")).orElse("");
        w.write(String.format(Locale.ROOT, """
                ---
                apiVersion: v1
                kind: Namespace
                metadata: {name: %1$s}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: %1$s}
                spec:
                  namespaceSelector: {}
                  cohort: %2$s
                  preemption: {reclaimWithinCohort: %3$s, withinClusterQueue: %4$s}
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: %5$s
                      resources:
                      - {name: cpu, nominalQuota: %6$s%7$s}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: %1$s, namespace: %1$s}
                spec: {clusterQueue: %1$s}
                """, q.name(), q.cohort(), camel(p.reclaimWithinCohort().name()), camel(p.withinClusterQueue().name()),
                GeneratedCluster.FLAVOR, Quantity.ofMilli(q.nominalMilli()).format("cpu"), borrowing));
    }

    private static void workload(Writer w, GeneratedCluster.ArrivalStream s, int k) throws IOException {
        var t = s.template(k);
        w.write(String.format(Locale.ROOT, """
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata:
                  name: %s
                  namespace: %s
                  annotations: {sim.muster.dev/arrival: %dms, sim.muster.dev/duration: %dms}
                spec:
                  queueName: %s
                  priority: %d
                  podSets:
                  - name: main
                    count: %d
                    template:
                      spec:
                        containers: [{name: main, image: pause, resources: {requests: {cpu: "%s"}}}]
                """, s.workloadName(k), s.queue().name(), s.arrivalMillis(k), t.runtimeMs(), s.queue().name(),
                t.priority(), t.podCount(), t.request().format("cpu")));
    }

    /** Kueue's spelling of a policy: LOWER_PRIORITY is LowerPriority. */
    private static String camel(String constant) {
        StringBuilder out = new StringBuilder();
        for (String part : constant.split("_")) {
            out.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }
}
