package dev.muster.sim.trace;

import dev.muster.core.quantity.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * openb pods as a KAI Scheduler scenario: a parent Queue and one leaf Queue per mapped queue, every
 * pod a one-pod gang in its leaf queue asking for its cpu, memory and GPUs (a GPU share with KAI's
 * {@code gpu-fraction} annotation), and, when the node list is given, the nodes labelled with their
 * GPU model, the pods that name models held to them by a required node affinity.
 */
public final class KaiTraceScenario {

    /** The node label holding the GPU model, as Alibaba's clusters name it. */
    public static final String GPU_MODEL_LABEL = "alibabacloud.com/gpu-card-model";
    /** KAI divides these three; the mapping's names for them. */
    private static final Map<String, String> KAI_RESOURCE = Map.of("nvidia.com/gpu", "gpu", "cpu", "cpu", "memory", "memory");

    private KaiTraceScenario() {
    }

    public static ScenarioFiles of(ImportedTrace<OpenbPod> trace, TraceMapping mapping, List<OpenbNode> nodes, String source) {
        String header = "# Imported by muster import openb from " + source + " with the mapping " + mapping.file().getFileName()
                + "\n";
        ScenarioFiles files = new ScenarioFiles();
        StringBuilder queues = new StringBuilder(header).append(queue(mapping.parentQueue(), null, Map.of()));
        for (QueueRule q : mapping.queues()) {
            for (String r : q.quota().keySet()) {
                if (!KAI_RESOURCE.containsKey(r)) {
                    throw TraceFileException.at(mapping.file(), q.line(), "queues." + q.name() + ".quota[" + r + "]",
                            "a KAI queue divides nvidia.com/gpu, cpu and memory only");
                }
            }
            queues.append(queue(q.name(), mapping.parentQueue(), q.quota()));
        }
        files.put("1-queues.yaml", queues.toString());
        if (!nodes.isEmpty()) {
            StringBuilder sb = new StringBuilder(header);
            nodes.forEach(n -> sb.append(node(n)));
            files.put("2-nodes.yaml", sb.toString());
        }
        boolean placed = !nodes.isEmpty();
        files.putChunked("3-pods", header, trace.jobs(), j -> pod(j, placed));
        return files;
    }

    /** A queue; a resource the quota does not name is unlimited (-1), so only the named ones bind. */
    private static String queue(String name, String parent, Map<String, Quantity> quota) {
        StringBuilder sb = new StringBuilder("---\napiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata:\n  name: ")
                .append(name).append("\nspec:\n");
        if (parent != null) {
            sb.append("  parentQueue: ").append(parent).append('\n');
        }
        sb.append("  resources:\n");
        for (String k8s : List.of("nvidia.com/gpu", "cpu", "memory")) {
            Quantity q = quota.get(k8s);
            sb.append("    ").append(KAI_RESOURCE.get(k8s)).append(":\n      quota: ")
                    .append(q == null ? "-1" : kaiUnits(k8s, q)).append("\n      limit: -1\n      overQuotaWeight: 1\n");
        }
        return sb.toString();
    }

    /** KAI's units: GPUs in devices, cpu in millicores, memory in MB (10^6 bytes), rounded up. */
    static String kaiUnits(String resource, Quantity q) {
        BigDecimal milli = BigDecimal.valueOf(q.milli());
        BigDecimal units = switch (resource) {
            case "cpu" -> milli;
            case "memory" -> milli.divide(BigDecimal.valueOf(1_000_000_000L), 0, RoundingMode.CEILING);
            default -> milli.divide(BigDecimal.valueOf(1000), 3, RoundingMode.CEILING);
        };
        return units.stripTrailingZeros().toPlainString();
    }

    private static String node(OpenbNode n) {
        return "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: " + n.name() + "\n  labels:\n"
                + "    kubernetes.io/hostname: " + n.name() + "\n"
                + "    " + GPU_MODEL_LABEL + ": " + n.model() + "\n"
                + "status:\n  allocatable:\n"
                + "    cpu: " + n.cpuMilli() + "m\n"
                + "    memory: " + n.memoryMib() + "Mi\n"
                + "    nvidia.com/gpu: '" + n.gpus() + "'\n"
                + "    pods: '110'\n";
    }

    private static String pod(ImportedJob<OpenbPod> j, boolean placed) {
        OpenbPod p = j.row().job();
        StringBuilder sb = new StringBuilder(512);
        sb.append("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ").append(p.name()).append('\n')
                .append("  labels:\n    kai.scheduler/queue: ").append(j.queue()).append('\n')
                .append("    trace.muster.dev/line: \"").append(j.row().line()).append("\"\n")
                .append("  annotations:\n    sim.muster.dev/arrival: ").append(ScenarioFiles.duration(j.arrivalMillis())).append('\n');
        j.durationMillis().ifPresent(d -> sb.append("    sim.muster.dev/duration: ").append(ScenarioFiles.duration(d)).append('\n'));
        if (p.sharesGpu()) {
            sb.append("    gpu-fraction: '").append(BigDecimal.valueOf(p.gpuMilli(), 3).stripTrailingZeros().toPlainString())
                    .append("'\n");
        }
        sb.append("spec:\n");
        if (placed && !p.gpuSpec().isEmpty()) {
            sb.append("  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n")
                    .append("        nodeSelectorTerms:\n        - matchExpressions:\n")
                    .append("          - key: ").append(GPU_MODEL_LABEL).append('\n')
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
}
