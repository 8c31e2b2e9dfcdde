package dev.muster.core.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pods a cluster expects, by kind and share: what a fragmentation-aware placement keeps room
 * for. Free GPU that none of these pods could use is fragmented; placing a pod where it grows that
 * the least is the idea of Fragmentation Gradient Descent (Weng et al., USENIX ATC '23), which takes
 * the same input from the recent workload.
 *
 * <p>Weights sum to 1. An empty profile ({@link #NONE}) leaves a fragmentation-aware policy with
 * its simpler rules (see {@link NodeScorer}).
 */
public final class WorkloadProfile {

    public static final WorkloadProfile NONE = new WorkloadProfile(List.of());

    /** One kind of pod (requests, GPU request, where it may go) and its share of the workload. */
    public record Entry(PodShape shape, double weight) {
    }

    private final List<Entry> entries;

    private WorkloadProfile(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** A profile from weights per kind of pod, normalised to sum to 1; kinds of weight 0 or less are left out. */
    public static WorkloadProfile of(Map<PodShape, Double> weights) {
        double total = weights.values().stream().mapToDouble(Double::doubleValue).filter(w -> w > 0).sum();
        List<Entry> entries = new ArrayList<>();
        weights.forEach((shape, w) -> {
            if (w > 0) {
                entries.add(new Entry(shape, w / total));
            }
        });
        return new WorkloadProfile(entries);
    }

    /**
     * A profile from a sample of pods: equal shapes are one kind, weighted by count. Only the most
     * frequent kinds are kept, until they cover {@code coverage} of the pods (FGD keeps 95 %), so
     * that rare shapes do not slow the measure down; ties keep the earlier kind.
     */
    public static WorkloadProfile ofPods(Collection<PodShape> pods, double coverage) {
        Map<PodShape, Long> counts = new LinkedHashMap<>();
        pods.forEach(p -> counts.merge(p, 1L, Long::sum));
        return ofCounts(counts, coverage);
    }

    /**
     * A profile from pods counted by shape: the most frequent shapes until they cover
     * {@code coverage} of the pods, weighted by count; equal counts keep the map's order.
     */
    public static WorkloadProfile ofCounts(Map<PodShape, Long> counts, double coverage) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        List<Map.Entry<PodShape, Long>> byCount = new ArrayList<>(counts.entrySet());
        byCount.sort(Comparator.comparingLong((Map.Entry<PodShape, Long> e) -> e.getValue()).reversed());
        Map<PodShape, Double> kept = new LinkedHashMap<>();
        long covered = 0;
        for (Map.Entry<PodShape, Long> e : byCount) {
            if (covered >= coverage * total) {
                break;
            }
            kept.put(e.getKey(), (double) e.getValue());
            covered += e.getValue();
        }
        return of(kept);
    }

    /**
     * How far apart two profiles are: half the sum over kinds of the difference of their weights,
     * the share of the workload that is of another kind (0 the same, 1 nothing in common).
     */
    public double distance(WorkloadProfile other) {
        Map<PodShape, Double> diff = new LinkedHashMap<>(); // in order: the same sum every run
        entries.forEach(e -> diff.merge(e.shape(), e.weight(), Double::sum));
        other.entries.forEach(e -> diff.merge(e.shape(), -e.weight(), Double::sum));
        double sum = 0;
        for (double d : diff.values()) {
            sum += Math.abs(d);
        }
        return sum / 2;
    }

    /** Whether some kind in the profile uses GPUs: only then has a GPU node's free GPU an expected use. */
    public boolean usesGpu() {
        for (Entry e : entries) {
            if (!(e.shape().gpu() instanceof GpuRequest.None)) {
                return true;
            }
        }
        return false;
    }

    public List<Entry> entries() {
        return entries;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkloadProfile p && p.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return entries.isEmpty() ? "WorkloadProfile[none]" : "WorkloadProfile[" + entries.size() + " kinds]";
    }
}
