package dev.muster.sim.trace;

import dev.muster.core.quantity.Quantity;
import java.util.Map;

/**
 * Philly jobs as a Kueue scenario: per mapped queue a Namespace, a ClusterQueue of that name (in the
 * mapping's cohort, if any, so idle quota is lent) and a LocalQueue {@value #LOCAL_QUEUE} in the
 * namespace; every job a batch Job of one pod asking for its GPUs, arriving and running as the
 * trace says (scaled).
 */
public final class KueueTraceScenario {

    public static final String LOCAL_QUEUE = "main";

    private KueueTraceScenario() {
    }

    public static ScenarioFiles of(ImportedTrace<PhillyJob> trace, TraceMapping mapping, String source) {
        String header = "# Imported by muster import philly from " + source + " with the mapping " + mapping.file().getFileName()
                + "\n";
        ScenarioFiles files = new ScenarioFiles();
        StringBuilder queues = new StringBuilder(header).append("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: %s}
                spec: {}
                """.formatted(mapping.flavor()));
        for (QueueRule q : mapping.queues()) {
            queues.append(queue(q, mapping));
        }
        files.put("1-queues.yaml", queues.toString());
        files.putChunked("2-jobs", header, trace.jobs(), KueueTraceScenario::job);
        return files;
    }

    private static String queue(QueueRule q, TraceMapping mapping) {
        StringBuilder resources = new StringBuilder();
        for (Map.Entry<String, Quantity> e : q.quota().entrySet()) {
            resources.append("      - {name: ").append(e.getKey()).append(", nominalQuota: \"")
                    .append(e.getValue().format(e.getKey())).append("\"}\n");
        }
        return """
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
                %2$s  resourceGroups:
                  - coveredResources: [%3$s]
                    flavors:
                    - name: %4$s
                      resources:
                %5$s---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: %6$s, namespace: %1$s}
                spec: {clusterQueue: %1$s}
                """.formatted(q.name(), mapping.cohort().map(c -> "  cohort: " + c + "\n").orElse(""),
                String.join(", ", q.quota().keySet()), mapping.flavor(), resources, LOCAL_QUEUE);
    }

    private static String job(ImportedJob<PhillyJob> j) {
        String duration = j.durationMillis().isPresent()
                ? ", sim.muster.dev/duration: " + ScenarioFiles.duration(j.durationMillis().getAsLong())
                : "";
        return """
                ---
                apiVersion: batch/v1
                kind: Job
                metadata:
                  name: %s
                  namespace: %s
                  labels: {kueue.x-k8s.io/queue-name: %s, trace.muster.dev/line: "%d"}
                  annotations: {sim.muster.dev/arrival: %s%s}
                spec:
                  template:
                    spec:
                      restartPolicy: Never
                      containers:
                      - {name: main, image: trainer, resources: {requests: {nvidia.com/gpu: "%d"}}}
                """.formatted(j.row().name(), j.queue(), LOCAL_QUEUE, j.row().line(),
                ScenarioFiles.duration(j.arrivalMillis()), duration, j.row().job().gpus());
    }
}
