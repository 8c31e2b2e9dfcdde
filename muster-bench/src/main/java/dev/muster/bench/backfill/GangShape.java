package dev.muster.bench.backfill;

/**
 * How a gang of N GPUs is written as a batch/v1 Job: {@code pods} pods (parallelism = completions,
 * all-or-nothing as Kueue admits a Job) of {@code gpusPerPod} GPUs each, as few pods as nodes allow:
 * up to 8 GPUs one pod, 16 two pods of 8, 12 two of 6, 24 three of 8. Every pod fits one node, so
 * whether a gang can start depends on whole free GPUs per node, as on a real cluster.
 */
public record GangShape(int pods, int gpusPerPod) {

    public static GangShape of(int gpus, int gpusPerNode) {
        if (gpus < 1) {
            throw new IllegalArgumentException("a gang asks for at least one GPU, not " + gpus);
        }
        int pods = (gpus + gpusPerNode - 1) / gpusPerNode;
        while (gpus % pods != 0) {
            pods++;
        }
        return new GangShape(pods, gpus / pods);
    }

    public int gpus() {
        return pods * gpusPerPod;
    }
}
