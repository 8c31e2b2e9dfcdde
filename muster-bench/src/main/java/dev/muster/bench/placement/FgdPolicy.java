package dev.muster.bench.placement;

import java.util.Arrays;
import java.util.List;

/**
 * Fragmentation Gradient Descent (Weng et al., ATC '23; the simulator's {@code fgd_score.go} with
 * {@code frag.go}): place the pod where it grows the node's expected GPU fragmentation the least.
 *
 * <p>A node's fragmentation is measured against the target workload ({@link TypicalPods}): for each
 * typical shape with frequency p, the GPU milli left on the node that such a pod could not use,
 * weighted by p. That is all of the node's free GPU when the shape needs no GPU, may not run on this
 * GPU model, lacks devices or lacks cpu; when it fits, only the devices too small for it. The score
 * is {@code int(100 × sigmoid((frag before − frag after) / 1000))}. A shared-GPU pod tries every
 * device it fits on and takes the one with the best score (the lowest-numbered among equals); whole
 * GPUs take the lowest-numbered free devices.
 *
 * <p>Scores depend only on the node's state and the pod's (cpu, GPU) shape, so they are cached per
 * node and shape until the node next changes.
 */
public final class FgdPolicy implements BaselinePolicy {

    private static final int UNKNOWN = Integer.MIN_VALUE;

    private final double[] frequency;
    private final long[] cpu;
    private final long[] gpuMilli;
    private final int[] numGpu;
    /** [typical][model]: may the typical shape run on that GPU model. */
    private final boolean[][] accessible;
    private final int[][] cachedScore;
    private final int[][] cachedDevice;

    /**
     * @param models the GPU model of each model index of the nodes
     * @param nodes  how many nodes (their {@link SimNode#index()} is below this)
     * @param shapes how many pod shapes ({@link SimPod#shape()} is below this)
     */
    public FgdPolicy(List<TypicalPods.Shape> typical, List<String> models, int nodes, int shapes) {
        int n = typical.size();
        frequency = new double[n];
        cpu = new long[n];
        gpuMilli = new long[n];
        numGpu = new int[n];
        accessible = new boolean[n][models.size()];
        for (int t = 0; t < n; t++) {
            TypicalPods.Shape s = typical.get(t);
            frequency[t] = s.frequency();
            cpu[t] = s.cpu();
            gpuMilli[t] = s.gpuMilli();
            numGpu[t] = s.numGpu();
            List<String> allowed = s.models();
            for (int m = 0; m < models.size(); m++) {
                accessible[t][m] = allowed.isEmpty() || allowed.contains(models.get(m));
            }
        }
        cachedScore = new int[nodes][shapes];
        cachedDevice = new int[nodes][shapes];
        for (int[] row : cachedScore) {
            Arrays.fill(row, UNKNOWN);
        }
    }

    @Override
    public String name() {
        return "FGD";
    }

    @Override
    public long score(SimNode node, SimPod pod) {
        int cached = cachedScore[node.index][pod.shape()];
        if (cached == UNKNOWN) {
            evaluate(node, pod);
            cached = cachedScore[node.index][pod.shape()];
        }
        return cached;
    }

    @Override
    public int shareDevice(SimNode node, SimPod pod, java.util.SplittableRandom random) {
        score(node, pod);
        return cachedDevice[node.index][pod.shape()];
    }

    @Override
    public void nodeChanged(SimNode node) {
        Arrays.fill(cachedScore[node.index], UNKNOWN);
    }

    private void evaluate(SimNode node, SimPod pod) {
        int[] left = node.gpuLeft;
        double before = fragmentation(node.model, node.cpuLeft, left);
        int bestScore = 0;
        int bestDevice = -1;
        if (pod.sharesGpu()) {
            int milli = (int) pod.gpuMilli();
            for (int d = 0; d < left.length; d++) {
                if (left[d] < milli) {
                    continue;
                }
                left[d] -= milli;
                int s = score(before, fragmentation(node.model, node.cpuLeft - pod.cpu(), left));
                left[d] += milli;
                if (bestDevice < 0 || s > bestScore) {
                    bestScore = s;
                    bestDevice = d;
                }
            }
        } else {
            int[] after = left.clone();
            int need = pod.numGpu();
            for (int d = 0; d < after.length && need > 0; d++) {
                if (after[d] == SimNode.MILLI) {
                    after[d] = 0;
                    need--;
                }
            }
            bestScore = score(before, fragmentation(node.model, node.cpuLeft - pod.cpu(), after));
        }
        cachedScore[node.index][pod.shape()] = bestScore;
        cachedDevice[node.index][pod.shape()] = bestDevice;
    }

    private static int score(double before, double after) {
        return (int) (sigmoid((before - after) / 1000) * 100);
    }

    private static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    /**
     * The node's expected fragmentation, summed per fragment kind as the simulator does (lack of
     * GPU, lack of cpu, no GPU asked, no access), so that equal states give bit-equal sums.
     */
    double fragmentation(int model, long cpuLeft, int[] left) {
        long total = 0;
        for (int g : left) {
            total += g;
        }
        double lackBoth = 0;
        double lackGpu = 0;
        double lackCpu = 0;
        double cpuPodFits = 0;
        double cpuPodLacksCpu = 0;
        double noAccess = 0;
        for (int t = 0; t < frequency.length; t++) {
            double p = frequency[t];
            if (gpuMilli[t] == 0) {
                if (cpuLeft >= cpu[t]) {
                    cpuPodFits += p * total;
                } else {
                    cpuPodLacksCpu += p * total;
                }
                continue;
            }
            if (!accessible[t][model]) {
                noAccess += p * total;
                continue;
            }
            int fitting = 0;
            long tooSmall = 0;
            for (int g : left) {
                if (g >= gpuMilli[t]) {
                    fitting++;
                } else {
                    tooSmall += g;
                }
            }
            boolean cpuFits = cpuLeft >= cpu[t];
            if (fitting >= numGpu[t]) {
                if (cpuFits) {
                    lackGpu += p * tooSmall; // the devices too small for it are fragments
                } else {
                    lackCpu += p * total;
                }
            } else if (cpuFits) {
                lackGpu += p * total;
            } else {
                lackBoth += p * total;
            }
        }
        return lackBoth + lackGpu + lackCpu + cpuPodFits + cpuPodLacksCpu + noAccess;
    }
}
