package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbPod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The arrival sequence of one run, as the FGD simulator builds it ({@code SortClusterPods} and
 * {@code TunePodsByNodeTotalResource} with {@code shufflePod} and {@code tune 1.3}): the pod list
 * sorted by name and shuffled with the seed; then, if its GPU requests fall short of the target
 * (130 % of the cluster's GPU capacity), pods drawn with replacement from the name-sorted list are
 * appended until the next draw would pass the target; if they exceed it (multigpu50), pods drawn at
 * random are removed until they no longer do.
 *
 * <p>The simulator draws with Go's {@code math/rand}; this draws with {@link SplittableRandom}, so the
 * sequence for seed 42 is a different sample from the same distribution, not the simulator's.
 * Where the simulator tests the stopping rule with a pod's per-device GPU milli, this tests it with
 * the pod's whole GPU request (they differ only for multi-GPU pods, by at most one pod).
 */
public final class Arrivals {

    private Arrivals() {
    }

    public static List<OpenbPod> of(List<OpenbPod> pods, long gpuCapacityMilli, double ratio, SplittableRandom random) {
        List<OpenbPod> byName = new ArrayList<>(pods);
        byName.sort(Comparator.comparing(OpenbPod::name));
        List<OpenbPod> arrivals = new ArrayList<>(byName);
        shuffle(arrivals, random);

        double target = ratio * gpuCapacityMilli;
        long total = arrivals.stream().mapToLong(OpenbPod::totalGpuMilli).sum();
        while (total > target && !arrivals.isEmpty()) {
            total -= arrivals.remove(random.nextInt(arrivals.size())).totalGpuMilli();
        }
        if (total < target && !byName.isEmpty()) {
            for (int i = 0; ; i++) {
                OpenbPod drawn = byName.get(random.nextInt(byName.size()));
                if (total + drawn.totalGpuMilli() > target) {
                    break;
                }
                total += drawn.totalGpuMilli();
                arrivals.add(new OpenbPod(drawn.name() + "-tuned-" + i, drawn.cpuMilli(), drawn.memoryMib(),
                        drawn.numGpu(), drawn.gpuMilli(), drawn.gpuSpec()));
            }
        }
        return arrivals;
    }

    /** Fisher-Yates, from the last element down, as Go's {@code rand.Shuffle}. */
    static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }
}
