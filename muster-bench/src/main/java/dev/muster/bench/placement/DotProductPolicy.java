package dev.muster.bench.placement;

/**
 * The simulator's DotProd as the paper runs it ({@code dot_product_score.go} with the {@code merge}
 * dimension and {@code max} normalisation): the node's free vector [cpu left / 128 cores, GPU left
 * over all devices / 8 GPUs] dotted with the pod's request vector on the same scale, averaged over
 * the two dimensions; the smaller the product, the higher the score, {@code int(100 × (1 − dot/2))}.
 * Aligning the request with little free capacity packs nodes (Tetris's alignment, inverted).
 */
public final class DotProductPolicy implements BaselinePolicy {

    static final double MAX_CPU = 128_000;
    static final double MAX_GPU = 8_000;

    @Override
    public String name() {
        return "DotProd";
    }

    @Override
    public long score(SimNode node, SimPod pod) {
        double dot = (node.cpuLeft() / MAX_CPU) * (pod.cpu() / MAX_CPU)
                + (node.gpuLeftTotal() / MAX_GPU) * (pod.totalGpuMilli() / MAX_GPU);
        return (long) (100 * (1 - dot / 2));
    }
}
