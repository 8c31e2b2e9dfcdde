package dev.muster.bench.placement;

/**
 * The simulator's GpuClustering ({@code gpu_clustering_score.go}): keeps pods of one GPU affinity
 * (shared GPU, 1 GPU, 2 GPUs, ...) together. A node whose pods all carry the pod's tag scores in
 * (75, 100], one with that tag among others in (50, 75], a node without GPU pods in (25, 50], and
 * one with other tags only in (0, 25]; inside each band, {@code 25 × (8000 − GPU left) / 8000} in
 * integer arithmetic favours fuller nodes. Pods without GPUs score 0 everywhere.
 */
public final class GpuClusteringPolicy implements BaselinePolicy {

    @Override
    public String name() {
        return "GpuClustering";
    }

    @Override
    public long score(SimNode node, SimPod pod) {
        int tag = pod.affinityTag();
        if (tag < 0) {
            return 0;
        }
        long fullness = 100 / 4 * (8_000 - node.gpuLeftTotal()) / 8_000;
        int kinds = node.affinityKinds();
        if (node.podsByTag[tag] > 0) {
            return fullness + (kinds == 1 ? 75 : 50);
        }
        return fullness + (kinds == 0 ? 25 : 0);
    }
}
