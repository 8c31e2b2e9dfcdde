package dev.muster.bench.placement;

/**
 * The simulator's BestFit ({@code best_fit_score.go}): what would be left of cpu and GPU after the
 * pod, each over the largest node (128 cores, 8 GPUs) and weighted one half, reversed into
 * {@code int((1 − 0.5·(cpuFree−cpuReq)/128000 − 0.5·(gpuFree−gpuReq)/8000)·100)}. The plugin then
 * normalises scores to 0..100 over the feasible nodes; raw scores already lie in 0..100, so that
 * neither reorders nor merges them and is left out.
 */
public final class BestFitPolicy implements BaselinePolicy {

    @Override
    public String name() {
        return "BestFit";
    }

    @Override
    public long score(SimNode node, SimPod pod) {
        // in the plugin's order of operations, so that truncation lands on the same integers
        double left = (double) (node.cpuLeft() - pod.cpu()) / DotProductPolicy.MAX_CPU * 0.5;
        left += (double) (node.gpuLeftTotal() - pod.totalGpuMilli()) / DotProductPolicy.MAX_GPU * 0.5;
        return (long) ((1 - left) * 100);
    }
}
