package dev.muster.cli.startup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A synthetic KAI-dialect cluster that the launcher's start-up training run simulates, so that the
 * AOT cache holds method profiles of the paths a large simulation spends its time in.
 *
 * <p>Why it exists: JDK 25's AOT cache keeps, besides loaded and linked classes, the profiles the
 * training run gathered (JEP 515); with them the JIT compiles hot methods earlier in the next
 * run. Trained on the two small bundled examples only, the cache holds classes but few profiles of
 * placement on a full cluster, and Alibaba's openb trace (1,213 nodes, 10,851 pods) took 3.15–3.39 s
 * through {@code ./muster simulate}; trained with this scenario as well, 2.7–2.9 s
 * (docs/performance.md, "Loading and reporting").
 *
 * <p>What it holds, and why: what a large run spends its time on is placing pods on a cluster that
 * fills up, then keeping many pods waiting while a few finish. So: 240 nodes of four kinds (2, 4 and
 * 8 GPUs, and CPU only), a KAI queue tree with quotas below the demand (fair share divides the
 * rest), and single pods arriving a millisecond apart until they ask for 130 % of the GPUs (the
 * FGD paper's load): fractional GPUs (the {@code gpu-fraction} annotation), whole and multi-GPU
 * pods, CPU-only pods, a fifth of them with a run time of 5 to 60 s, and a few KubeRay gangs. GPU placement is
 * {@code fragmentation}, the measure generated trace scenarios use; the bundled examples the
 * training also runs keep the default bin-pack in the profile. The numbers are made up, not taken
 * from a trace; a fixed seed makes the file the same on every machine. The large files are block
 * style, as generated scenarios are, so that the fast manifest reader is the one trained.
 */
public final class TrainingScenario {

    /** The nodes: count, GPUs, cpu cores, memory in GiB. */
    private static final int[][] NODE_KINDS = {{80, 2, 64, 256}, {60, 4, 48, 192}, {60, 8, 96, 512}, {40, 0, 96, 384}};

    private static final long SEED = 20261127L;

    private TrainingScenario() {
    }

    /** Writes the scenario's files into {@code dir} (created if missing). */
    public static void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, String> file : files().entrySet()) {
            Files.writeString(dir.resolve(file.getKey()), file.getValue());
        }
    }

    /** The scenario's files by name, in the order they are to be read. */
    static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("0-muster.yaml", """
                apiVersion: config.muster.dev/v1alpha1
                kind: Configuration
                placement:
                  gpu: fragmentation
                """);
        files.put("1-queues.yaml", queues());
        StringBuilder nodes = new StringBuilder();
        int gpus = 0;
        int index = 0;
        for (int[] kind : NODE_KINDS) {
            for (int i = 0; i < kind[0]; i++) {
                node(nodes, index++, kind[1], kind[2], kind[3]);
                gpus += kind[1];
            }
        }
        files.put("2-nodes.yaml", nodes.toString());
        files.put("3-workloads.yaml", workloads(gpus));
        return files;
    }

    private static String queues() {
        return """
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata:
                  name: training-org
                spec:
                  resources:
                    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
                    gpu: {quota: -1, limit: -1, overQuotaWeight: 1}
                    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
                """ + leafQueue("training-a", 300, 2) + leafQueue("training-b", 200, 1);
    }

    private static String leafQueue(String name, int gpuQuota, int weight) {
        return """
                ---
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata:
                  name: %s
                spec:
                  parentQueue: training-org
                  resources:
                    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
                    gpu: {quota: %d, limit: -1, overQuotaWeight: %d}
                    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
                """.formatted(name, gpuQuota, weight);
    }

    private static void node(StringBuilder out, int index, int gpus, int cpu, int memoryGi) {
        if (index > 0) {
            out.append("---\n");
        }
        String name = "training-node-%03d".formatted(index);
        out.append("apiVersion: v1\nkind: Node\nmetadata:\n  name: ").append(name)
                .append("\n  labels:\n    kubernetes.io/hostname: ").append(name)
                .append("\nstatus:\n  allocatable:\n    cpu: '").append(cpu)
                .append("'\n    memory: ").append(memoryGi).append("Gi\n");
        if (gpus > 0) {
            out.append("    nvidia.com/gpu: '").append(gpus).append("'\n");
        }
        out.append("    pods: '1000'\n");
    }

    /** Pods and gangs until their GPUs (whole devices, fractions rounded up per pod) reach 130 %. */
    private static String workloads(int clusterGpus) {
        SplittableRandom random = new SplittableRandom(SEED);
        StringBuilder out = new StringBuilder();
        double asked = 0;
        int pod = 0;
        int gang = 0;
        for (int arrivalMs = 0; asked < 1.3 * clusterGpus; arrivalMs++) {
            if (arrivalMs > 0) {
                out.append("---\n");
            }
            String queue = random.nextInt(3) < 2 ? "training-a" : "training-b";
            String duration = random.nextInt(5) == 0 ? (5 + random.nextInt(56)) + "s" : null;
            int kind = random.nextInt(100);
            if (kind < 2) {
                rayCluster(out, gang++, queue, arrivalMs, duration == null ? "30s" : duration);
                asked += 2;
                continue;
            }
            int cpuMilli = 1000 + random.nextInt(16) * 1000;
            int memoryMi = 2048 + random.nextInt(32) * 1024;
            String fraction = null;
            int gpus = 0;
            if (kind < 37) {
                fraction = "0." + (1 + random.nextInt(9));
                asked += (fraction.charAt(2) - '0') / 10.0;
            } else if (kind < 82) {
                gpus = 1;
            } else if (kind < 90) {
                gpus = new int[] {2, 4, 8}[random.nextInt(3)];
            }
            asked += gpus;
            pod(out, pod++, queue, arrivalMs, duration, fraction, cpuMilli, memoryMi, gpus);
        }
        return out.toString();
    }

    private static void pod(StringBuilder out, int index, String queue, int arrivalMs, String duration,
            String fraction, int cpuMilli, int memoryMi, int gpus) {
        out.append("apiVersion: v1\nkind: Pod\nmetadata:\n  name: training-pod-").append(index)
                .append("\n  labels:\n    kai.scheduler/queue: ").append(queue)
                .append("\n  annotations:\n    sim.muster.dev/arrival: ").append(arrivalMs).append("ms\n");
        if (duration != null) {
            out.append("    sim.muster.dev/duration: ").append(duration).append('\n');
        }
        if (fraction != null) {
            out.append("    gpu-fraction: '").append(fraction).append("'\n");
        }
        out.append("spec:\n  containers:\n  - name: main\n    resources:\n      requests:\n        cpu: ")
                .append(cpuMilli).append("m\n        memory: ").append(memoryMi).append("Mi\n");
        if (gpus > 0) {
            out.append("        nvidia.com/gpu: '").append(gpus).append("'\n");
        }
    }

    /** A head and two one-GPU workers: KAI's PodGrouper makes them one gang. */
    private static void rayCluster(StringBuilder out, int index, String queue, int arrivalMs, String duration) {
        out.append(String.format(Locale.ROOT, """
                apiVersion: ray.io/v1
                kind: RayCluster
                metadata:
                  name: training-ray-%d
                  labels:
                    kai.scheduler/queue: %s
                  annotations:
                    sim.muster.dev/arrival: %dms
                    sim.muster.dev/duration: %s
                spec:
                  headGroupSpec:
                    template:
                      spec:
                        containers:
                        - name: ray-head
                          resources:
                            requests:
                              cpu: '2'
                              memory: 8Gi
                  workerGroupSpecs:
                  - groupName: worker
                    replicas: 2
                    minReplicas: 2
                    template:
                      spec:
                        containers:
                        - name: ray-worker
                          resources:
                            requests:
                              cpu: '4'
                              memory: 16Gi
                              nvidia.com/gpu: '1'
                """, index, queue, arrivalMs, duration));
    }
}
