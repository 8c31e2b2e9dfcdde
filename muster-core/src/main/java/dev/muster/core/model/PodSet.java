package dev.muster.core.model;

/**
 * A group of identical pods of a workload ("head", a worker group, "submitter", "main").
 * {@code minCount} equals {@code count} unless partial admission is allowed; {@code hints} say
 * where its pods may go, for placement on nodes.
 */
public record PodSet(String name, int count, int minCount, ResourceList perPod, PlacementHints hints) {

    public PodSet(String name, int count, int minCount, ResourceList perPod) {
        this(name, count, minCount, perPod, PlacementHints.NONE);
    }

    public PodSet withHints(PlacementHints newHints) {
        return new PodSet(name, count, minCount, perPod, newHints);
    }

    public PodSet {
        if (count < 0 || minCount < 0 || minCount > count) {
            throw new IllegalArgumentException(
                    "pod set " + name + ": need 0 <= minCount <= count, got minCount " + minCount + ", count " + count);
        }
    }

    public static PodSet of(String name, int count, ResourceList perPod) {
        return new PodSet(name, count, count, perPod);
    }

    public ResourceList total(int pods) {
        return perPod.times(pods);
    }
}
