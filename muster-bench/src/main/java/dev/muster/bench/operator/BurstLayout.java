package dev.muster.bench.operator;

/**
 * The cluster of a burst: {@code jobs} single-pod Jobs, dealt round-robin to {@code queues}
 * ClusterQueues of one cohort (each with a namespace and a LocalQueue of its name), each Job's pod
 * asking 1 cpu, and 1 GPU when the cluster has GPU nodes. Every ClusterQueue's cpu quota covers
 * all of its Jobs; with GPU nodes its GPU quota is its share of the nodes' GPUs, so the quota and
 * the nodes admit the same number of Jobs.
 *
 * @param jobs        Jobs created at once
 * @param queues      ClusterQueues (at most one per Job)
 * @param gpuNodes    Nodes of {@link #GPUS_PER_NODE} GPUs whose pods Muster places and binds; 0: no
 *                    nodes, the pods name no scheduler and admission is quota only
 */
record BurstLayout(int jobs, int queues, int gpuNodes) {

    static final int GPUS_PER_NODE = 4;
    static final String COHORT = "burst";

    BurstLayout {
        if (jobs < 1 || queues < 1 || gpuNodes < 0) {
            throw new IllegalArgumentException("a burst needs at least one Job and one ClusterQueue");
        }
        queues = Math.min(queues, jobs);
    }

    /** 10 ClusterQueues (fewer for fewer Jobs). */
    static BurstLayout of(int jobs, int gpuNodes) {
        return new BurstLayout(jobs, 10, gpuNodes);
    }

    boolean gpus() {
        return gpuNodes > 0;
    }

    String queueName(int q) {
        return String.format(java.util.Locale.ROOT, "burst-cq-%02d", q);
    }

    String nodeName(int n) {
        return String.format(java.util.Locale.ROOT, "gpu-node-%04d", n);
    }

    int queueOf(int job) {
        return job % queues;
    }

    String jobName(int job) {
        return String.format(java.util.Locale.ROOT, "burst-%06d", job);
    }

    /** The Job's number from its name; -1 for a name not of this burst. */
    static int jobIndex(String name) {
        if (name == null || !name.startsWith("burst-") || name.startsWith("burst-cq-")) {
            return -1;
        }
        try {
            return Integer.parseInt(name.substring("burst-".length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    int jobsOfQueue(int q) {
        return jobs / queues + (q < jobs % queues ? 1 : 0);
    }

    long totalGpus() {
        return (long) gpuNodes * GPUS_PER_NODE;
    }

    /** The ClusterQueue's share of the nodes' GPUs, the remainder to the first ones. */
    long gpuQuota(int q) {
        return totalGpus() / queues + (q < totalGpus() % queues ? 1 : 0);
    }

    /**
     * Jobs the burst can admit at once: all of them, or as many as there are GPUs (the ClusterQueues
     * share one cohort and set no borrowing limit, so a queue may use what the others leave).
     */
    int admissible() {
        return gpus() ? (int) Math.min(jobs, totalGpus()) : jobs;
    }
}
