package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbPod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FGD's target workload ({@code GetTypicalPods} in the simulator's {@code pkg/utils/frag.go}, with
 * the paper's settings: cpu-only pods included, popularity threshold 95 %, step 1, no GPU weight):
 * the pod list's distinct (cpu, GPU milli, GPU count, GPU models) shapes, most frequent first, cut
 * after the shape that brings the cumulative share to 95 %, frequencies renormalised to sum to 1.
 * It is computed from the original pod list, before the workload is inflated.
 */
public final class TypicalPods {

    /** One typical shape and its share of the target workload. */
    public record Shape(long cpu, long gpuMilli, int numGpu, String gpuSpec, double frequency) {

        List<String> models() {
            return gpuSpec.isEmpty() ? List.of() : List.of(gpuSpec.split("\\|"));
        }
    }

    private record Key(long cpu, long gpuMilli, int numGpu, String gpuSpec) {
    }

    static final double POPULARITY_THRESHOLD = 95;

    private TypicalPods() {
    }

    public static List<Shape> of(List<OpenbPod> pods) {
        Map<Key, Integer> counts = new LinkedHashMap<>();
        for (OpenbPod p : pods) {
            counts.merge(new Key(p.cpuMilli(), p.gpuMilli(), p.numGpu(), String.join("|", p.gpuSpec())), 1, Integer::sum);
        }
        // most frequent first; among equals the larger shape first (the simulator sorts its Less in reverse)
        Comparator<Map.Entry<Key, Integer>> order = Comparator.<Map.Entry<Key, Integer>>comparingInt(Map.Entry::getValue)
                .thenComparingLong(e -> e.getKey().cpu())
                .thenComparingLong(e -> e.getKey().gpuMilli())
                .thenComparingInt(e -> e.getKey().numGpu())
                .thenComparing(e -> e.getKey().gpuSpec());
        List<Map.Entry<Key, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(order.reversed());

        double total = pods.size();
        double expected = POPULARITY_THRESHOLD * total / 100.0;
        double cumulative = 0;
        int taken = 0;
        while (cumulative < expected && taken < sorted.size()) {
            cumulative += sorted.get(taken++).getValue();
        }
        boolean cut = taken < sorted.size();
        List<Shape> shapes = new ArrayList<>();
        for (Map.Entry<Key, Integer> e : sorted.subList(0, taken)) {
            Key k = e.getKey();
            // share of all pods, then renormalised over the kept ones, in the simulator's two steps
            double share = e.getValue() / total;
            shapes.add(new Shape(k.cpu(), k.gpuMilli(), k.numGpu(), k.gpuSpec(), cut ? share / (cumulative / total) : share));
        }
        return shapes;
    }
}
