package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbPod;
import dev.muster.bench.placement.MusterScheduler;
import dev.muster.bench.placement.OpenbSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes an {@link OpenbSample} as a KAI-dialect scenario directory for {@code muster simulate}:
 *
 * <ul>
 *   <li>{@code 0-muster.yaml}: Muster's Configuration with {@code placement.gpu: fragmentation}, the
 *       placement that learns the workload from the pods arriving (FGD's idea; KAI's {@code binpack},
 *       the default, contradicts it on small clusters, so a scenario asks for it);
 *   <li>{@code 1-queues.yaml}: a KAI parent queue {@value #PARENT_QUEUE} and its leaf {@value #QUEUE},
 *       every quota and limit -1 (unlimited), so that quota never stops a pod: placement is what is measured;
 *   <li>{@code 2-nodes.yaml}: one Node per openb GPU node, named with its per-seed rank prefix, labelled
 *       with its GPU model ({@link MusterScheduler#GPU_MODEL_LABEL}), allocatable cpu, memory, whole GPUs;
 *   <li>{@code 3-pods.yaml}: one Pod per arrival (a one-pod gang in the leaf queue), the i-th arriving at
 *       i ms; a shared-GPU pod asks with KAI's {@code gpu-fraction} annotation, a whole-GPU pod for
 *       {@code nvidia.com/gpu}; a pod's GPU models are a required node affinity on the model label;
 *   <li>{@code arrivals.csv} and {@code scenario.properties} (not manifests; the loader skips them): the
 *       arrival order and GPU request of every pod and the cluster's GPU capacity, from which
 *       {@link ReportAllocation} works out the FGD figure of a report.
 * </ul>
 */
public final class OpenbScenarioWriter {

    public static final String PARENT_QUEUE = "openb-cluster";
    public static final String QUEUE = "openb";
    public static final String ARRIVALS = "arrivals.csv";
    public static final String PROPERTIES = "scenario.properties";
    /** Muster's Configuration of the scenario: placement by the workload learnt from recent arrivals. */
    static final String MUSTER_CONFIGURATION = """
            apiVersion: config.muster.dev/v1alpha1
            kind: Configuration
            placement:
              gpu: fragmentation
            """;
    /** Milliseconds between two arrivals. */
    public static final long ARRIVAL_GAP_MILLIS = 1;

    private OpenbScenarioWriter() {
    }

    public static void write(OpenbSample sample, Path dir) {
        try {
            Files.createDirectories(dir);
            writeFile(dir.resolve("0-muster.yaml"), w -> w.write(MUSTER_CONFIGURATION));
            writeFile(dir.resolve("1-queues.yaml"), w -> queues(w));
            writeFile(dir.resolve("2-nodes.yaml"), w -> nodes(w, sample));
            writeFile(dir.resolve("3-pods.yaml"), w -> pods(w, sample));
            writeFile(dir.resolve(ARRIVALS), w -> arrivals(w, sample));
            writeFile(dir.resolve(PROPERTIES), w -> properties(w, sample));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the scenario to " + dir, e);
        }
    }

    private interface Body {
        void write(Writer w) throws IOException;
    }

    private static void writeFile(Path file, Body body) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            body.write(w);
        }
    }

    private static void queues(Writer w) throws IOException {
        w.write(queue(PARENT_QUEUE, null));
        w.write(queue(QUEUE, PARENT_QUEUE));
    }

    private static String queue(String name, String parent) {
        String unlimited = "      quota: -1\n      limit: -1\n      overQuotaWeight: 1\n";
        return "---\napiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata:\n  name: " + name + "\nspec:\n"
                + (parent == null ? "" : "  parentQueue: " + parent + "\n")
                + "  resources:\n    cpu:\n" + unlimited + "    gpu:\n" + unlimited + "    memory:\n" + unlimited;
    }

    private static void nodes(Writer w, OpenbSample sample) throws IOException {
        for (OpenbSample.RankedNode n : sample.nodes()) {
            w.write("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: " + n.name() + "\n  labels:\n"
                    + "    kubernetes.io/hostname: " + n.name() + "\n"
                    + "    " + MusterScheduler.GPU_MODEL_LABEL + ": " + n.node().model() + "\n"
                    + "status:\n  allocatable:\n"
                    + "    cpu: " + n.node().cpuMilli() + "m\n"
                    + "    memory: " + n.node().memoryMib() + "Mi\n"
                    + "    nvidia.com/gpu: '" + n.node().gpus() + "'\n"
                    // as the FGD simulator's node manifests: never the binding limit
                    + "    pods: '1001'\n");
        }
    }

    private static void pods(Writer w, OpenbSample sample) throws IOException {
        for (int i = 0; i < sample.arrivals().size(); i++) {
            w.write(pod(sample.arrivals().get(i), i * ARRIVAL_GAP_MILLIS));
        }
    }

    static String pod(OpenbPod p, long arrivalMillis) {
        StringBuilder sb = new StringBuilder(512);
        sb.append("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ").append(p.name()).append('\n')
                .append("  labels:\n    kai.scheduler/queue: ").append(QUEUE).append('\n')
                .append("  annotations:\n    sim.muster.dev/arrival: ").append(arrivalMillis).append("ms\n");
        if (p.sharesGpu()) {
            sb.append("    gpu-fraction: '").append(BigDecimal.valueOf(p.gpuMilli(), 3).stripTrailingZeros().toPlainString())
                    .append("'\n");
        }
        sb.append("spec:\n");
        if (!p.gpuSpec().isEmpty()) {
            sb.append("  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n")
                    .append("        nodeSelectorTerms:\n        - matchExpressions:\n")
                    .append("          - key: ").append(MusterScheduler.GPU_MODEL_LABEL).append('\n')
                    .append("            operator: In\n            values: [")
                    .append(String.join(", ", p.gpuSpec().stream().distinct().toList())).append("]\n");
        }
        sb.append("  containers:\n  - name: main\n    resources:\n      requests:\n")
                .append("        cpu: ").append(p.cpuMilli()).append("m\n")
                .append("        memory: ").append(p.memoryMib()).append("Mi\n");
        if (p.numGpu() > 0 && !p.sharesGpu()) {
            sb.append("        nvidia.com/gpu: '").append(p.numGpu()).append("'\n");
        }
        return sb.toString();
    }

    private static void arrivals(Writer w, OpenbSample sample) throws IOException {
        w.write("name,arrival_ms,gpu_milli\n");
        for (int i = 0; i < sample.arrivals().size(); i++) {
            OpenbPod p = sample.arrivals().get(i);
            w.write(p.name() + "," + i * ARRIVAL_GAP_MILLIS + "," + p.totalGpuMilli() + "\n");
        }
    }

    private static void properties(Writer w, OpenbSample sample) throws IOException {
        w.write(String.format(Locale.ROOT, """
                # openb as a KAI-dialect scenario, by the FGD paper's method (muster-bench openb-scenario)
                list=%s
                seed=%d
                scale=%s
                nodes=%d
                pods=%d
                gpuCapacityMilli=%d
                """, sample.list(), sample.seed(), sample.scale(), sample.nodes().size(), sample.arrivals().size(),
                sample.capacityMilli()));
    }
}
