package dev.muster.core.explain;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds what a waiting workload lacks: the admitted workloads that use a resource in a flavor
 * in its ClusterQueue or in another ClusterQueue of its cohort (whose unused quota it could
 * borrow, and which may reclaim from it), most first. "Who is starving me?" is the question KAI's
 * and Kueue's users ask of a queue that does not move; the shortage says how much is missing,
 * this says who has it. A KAI leaf queue counts with the other leaves of its parent.
 *
 * <p>Built once for a report over every admitted workload (not once per waiting one), then asked
 * per shortage.
 */
public final class QuotaHolders {

    /** An admitted workload and how much of the resource it holds in the flavor (milli-units). */
    public record Holder(ObjectKey workload, String clusterQueue, long milli) {
    }

    private record Key(String scope, String flavor, String resource) {
    }

    private static final Comparator<Holder> MOST_FIRST = Comparator.comparingLong(Holder::milli).reversed()
            .thenComparing(h -> h.workload().namespace()).thenComparing(h -> h.workload().name());

    private final Map<String, String> scopeOfQueue;
    private final Map<Key, List<Holder>> holders;

    private QuotaHolders(Map<String, String> scopeOfQueue, Map<Key, List<Holder>> holders) {
        this.scopeOfQueue = scopeOfQueue;
        this.holders = holders;
    }

    /**
     * The holders among {@code admitted} ({@code Engine.quotaHolders()} gives the engine's as they
     * stand now).
     *
     * @param cohortOfQueue each ClusterQueue's (and KAI leaf queue's) cohort, for those in one
     */
    public static QuotaHolders of(Map<String, String> cohortOfQueue, List<AdmittedWorkload> admitted) {
        Map<String, String> scopeOfQueue = new HashMap<>();
        cohortOfQueue.forEach((queue, cohort) -> scopeOfQueue.put(queue, "cohort " + cohort));
        Map<Key, List<Holder>> holders = new HashMap<>();
        for (AdmittedWorkload a : admitted) {
            String scope = scopeOfQueue.getOrDefault(a.clusterQueue(), "queue " + a.clusterQueue());
            Map<Key, Long> held = new LinkedHashMap<>();
            List<PodSet> asked = a.workload().podSets();
            List<PodSetAssignment> given = a.assignment().podSets();
            for (int i = 0; i < Math.min(asked.size(), given.size()); i++) {
                PodSetAssignment ps = given.get(i);
                for (Map.Entry<String, String> rf : ps.flavors().entrySet()) {
                    long milli = Saturating.multiply(asked.get(i).perPod().get(rf.getKey()).milli(), ps.count());
                    if (milli > 0) {
                        held.merge(new Key(scope, rf.getValue(), rf.getKey()), milli, Saturating::add);
                    }
                }
            }
            held.forEach((key, milli) -> holders.computeIfAbsent(key, k -> new ArrayList<>())
                    .add(new Holder(a.workload().key(), a.clusterQueue(), milli)));
        }
        holders.values().forEach(list -> list.sort(MOST_FIRST));
        return new QuotaHolders(scopeOfQueue, holders);
    }

    /** Who holds {@code resource} in {@code flavor} within reach of {@code clusterQueue}, most first. */
    public List<Holder> of(String clusterQueue, String flavor, String resource) {
        String scope = scopeOfQueue.getOrDefault(clusterQueue, "queue " + clusterQueue);
        return List.copyOf(holders.getOrDefault(new Key(scope, flavor, resource), List.of()));
    }
}
