package dev.muster.core.kai;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import java.util.Set;
import java.util.TreeSet;

/**
 * KAI's queue tree written as the engine's one quota tree (ARCHITECTURE.md principle 2): a leaf
 * queue becomes a ClusterQueue, a parent queue a Cohort, and the cluster a root Cohort holding
 * what no top-level queue is guaranteed. A queue's quota is its nominal quota, its limit caps what
 * it may borrow, and nothing limits lending: a KAI queue's unused quota is there for others
 * (and reclaimable). The quota arithmetic of Kueue then says what fits; {@link FairShares} and
 * {@link KaiCycle} add KAI's division of the surplus, its queue order and reclaim.
 */
public final class KaiQuotaTree {

    /** The root cohort standing for the whole cluster. */
    public static final String CLUSTER = "kai.scheduler/cluster";
    /** KAI queues have no flavors; reports show this one. */
    public static final String FLAVOR = "default";
    public static final List<String> RESOURCES = List.of("cpu", "memory", "nvidia.com/gpu");
    /** Stands for "no bound" where a number is needed (capacity unknown: no nodes). */
    static final long UNBOUNDED = Long.MAX_VALUE / 64;

    private KaiQuotaTree() {
    }

    /** The ClusterQueues and Cohorts for {@code queues}, given the cluster's capacity per resource (milli; absent = unbounded). */
    public static Translation translate(List<KaiQueueSpec> queues, Map<String, Long> capacity) {
        Set<String> parents = new TreeSet<>();
        queues.forEach(q -> q.parent().ifPresent(parents::add));
        List<ClusterQueueSpec> leaves = new ArrayList<>();
        List<CohortSpec> cohorts = new ArrayList<>();
        for (KaiQueueSpec q : queues) {
            String cohort = q.parent().orElse(CLUSTER);
            if (parents.contains(q.name())) {
                List<KaiQueueSpec> children = queues.stream().filter(c -> c.parent().equals(Optional.of(q.name()))).toList();
                cohorts.add(new CohortSpec(q.name(), Optional.of(cohort), groups(q, children, capacity, true),
                        ClusterQueueSpec.DEFAULT_WEIGHT));
            } else {
                leaves.add(new ClusterQueueSpec(q.name(), Optional.of(cohort), groups(q, List.of(), capacity, false),
                        QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT));
            }
        }
        List<KaiQueueSpec> top = queues.stream().filter(q -> q.parent().isEmpty()).toList();
        cohorts.add(new CohortSpec(CLUSTER, Optional.empty(), clusterGroups(top, capacity), ClusterQueueSpec.DEFAULT_WEIGHT));
        return new Translation(leaves, cohorts);
    }

    /** @param leaves one ClusterQueue per leaf queue; @param cohorts parent queues, then the cluster root */
    public record Translation(List<ClusterQueueSpec> leaves, List<CohortSpec> cohorts) {
    }

    private static List<ResourceGroup> groups(KaiQueueSpec q, List<KaiQueueSpec> children, Map<String, Long> capacity,
            boolean parent) {
        List<ResourceQuota> quotas = new ArrayList<>();
        for (String r : RESOURCES) {
            Optional<KaiQueueSpec.Share> share = q.share(r);
            Optional<Quantity> quota = share.map(KaiQueueSpec.Share::quota).orElse(Optional.of(Quantity.ZERO));
            Optional<Quantity> limit = share.flatMap(KaiQueueSpec.Share::limit);
            // An unlimited quota guarantees nothing in particular: the queue may use what is free.
            long nominal = quota.map(Quantity::milli).orElse(0L);
            if (parent) {
                // A parent keeps, as its own pool, the part of its quota it does not hand to its children.
                long handedOut = children.stream().mapToLong(c -> finiteQuota(c, r)).reduce(0, Saturating::add);
                nominal = Math.max(0, nominal - handedOut);
            }
            // The limit is a cap on the queue's usage (see caps()), not a borrowing limit: with a
            // parent's pool or oversubscribed quotas the two differ.
            quotas.add(new ResourceQuota(r, Quantity.ofMilli(nominal), Optional.empty(), Optional.empty()));
        }
        return List.of(new ResourceGroup(RESOURCES, List.of(new FlavorQuotas(FLAVOR, quotas))));
    }

    private static List<ResourceGroup> clusterGroups(List<KaiQueueSpec> top, Map<String, Long> capacity) {
        List<ResourceQuota> quotas = new ArrayList<>();
        for (String r : RESOURCES) {
            long total = capacity.getOrDefault(r, UNBOUNDED);
            long guaranteed = top.stream().mapToLong(q -> finiteQuota(q, r)).reduce(0, Saturating::add);
            quotas.add(ResourceQuota.nominal(r, Quantity.ofMilli(Math.max(0, total - guaranteed))));
        }
        return List.of(new ResourceGroup(RESOURCES, List.of(new FlavorQuotas(FLAVOR, quotas))));
    }

    /** Applies every queue's limit, and the cluster's capacity, as caps on the tree's usage. */
    public static void caps(dev.muster.core.quota.QuotaTree tree, List<KaiQueueSpec> queues, Map<String, Long> capacity) {
        for (KaiQueueSpec q : queues) {
            for (KaiQueueSpec.Share s : q.resources()) {
                s.limit().ifPresent(l -> tree.cap(q.name(), FLAVOR, s.resource(), l.milli()));
            }
        }
        capacity.forEach((r, total) -> {
            if (RESOURCES.contains(r)) {
                tree.cap(CLUSTER, FLAVOR, r, total);
            }
        });
    }

    static long finiteQuota(KaiQueueSpec q, String resource) {
        return q.share(resource).flatMap(KaiQueueSpec.Share::quota).map(Quantity::milli).orElse(0L);
    }
}
