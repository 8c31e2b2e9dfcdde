package dev.muster.bench.placement;

import java.util.SplittableRandom;

/**
 * The simulator's Random: one feasible node drawn uniformly ({@code random_score.go} picks it in
 * PreScore and gives it the top score), and a uniformly drawn device among those a shared-GPU pod
 * fits on (GPU selection {@code random}). {@link BaselineScheduler} draws the node.
 */
public final class RandomPolicy implements BaselinePolicy {

    @Override
    public String name() {
        return "Random";
    }

    /** Every feasible node scores the same; the scheduler draws among them. */
    @Override
    public long score(SimNode node, SimPod pod) {
        return 0;
    }

    @Override
    public int shareDevice(SimNode node, SimPod pod, SplittableRandom random) {
        int chosen = -1;
        int seen = 0;
        for (int d = 0; d < node.gpus(); d++) {
            if (node.gpuLeft(d) >= pod.gpuMilli() && random.nextInt(++seen) == 0) {
                chosen = d;
            }
        }
        return chosen;
    }
}
