package dev.muster.core.queue;

import dev.muster.core.model.PodSet;
import dev.muster.core.quota.FlavorResourceIndex;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** The admitted count of one pod set and the flavor chosen for each resource it requests. */
public record PodSetAssignment(String name, int count, Map<String, String> flavors) {

    /** The class of an immutable one-entry map, kept as it is: every admission of a one-resource pod set makes one. */
    private static final Class<?> ONE_FLAVOR = Collections.singletonMap("", "").getClass();

    public PodSetAssignment {
        // Sorted, so that reports and logs list resources in the same order on every run (one
        // resource is in order as it is).
        flavors = flavors.size() != 1 ? Collections.unmodifiableMap(new TreeMap<>(flavors))
                : flavors.getClass() == ONE_FLAVOR ? flavors
                : oneFlavor(flavors.keySet().iterator().next(), flavors.values().iterator().next());
    }

    /**
     * What one pod of {@code podSet} (the pod set this assigns) uses, in the flavors it was admitted
     * with, per flavor and resource of {@code index}: what a replica more or less of it takes or frees.
     */
    public long[] perPodUsage(PodSet podSet, FlavorResourceIndex index) {
        long[] usage = new long[index.size()];
        podSet.perPod().amounts().forEach((r, amount) -> {
            String flavor = flavors.get(r);
            int fr = flavor == null ? -1 : index.indexOf(flavor, r);
            if (fr >= 0) {
                usage[fr] += amount.milli();
            }
        });
        return usage;
    }

    /** The flavors of a pod set that requests one resource. */
    public static Map<String, String> oneFlavor(String resource, String flavor) {
        return Collections.singletonMap(resource, flavor);
    }
}
