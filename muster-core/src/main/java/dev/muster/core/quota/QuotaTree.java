package dev.muster.core.quota;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The tree of ClusterQueues and Cohorts with their quotas and live usage. Both dialects (Kueue's
 * ClusterQueue/Cohort and KAI's Queue) are translated into this one tree.
 */
public final class QuotaTree {

    private final FlavorResourceIndex index;
    private long usageChanges;
    private final Map<String, QuotaNode> clusterQueues = new TreeMap<>();
    private final Map<String, QuotaNode> cohorts = new TreeMap<>();

    private QuotaTree(FlavorResourceIndex index) {
        this.index = index;
    }

    /**
     * Builds the tree. Cohorts that ClusterQueues name but that are not declared are created empty.
     *
     * @throws IllegalArgumentException on a cohort cycle or a parent that does not exist; manifest
     *                                  validation reports these to users before this point
     */
    public static QuotaTree build(Collection<ClusterQueueSpec> queues, Collection<CohortSpec> declaredCohorts) {
        Set<FlavorResource> all = new LinkedHashSet<>();
        queues.forEach(q -> collect(q.resourceGroups(), all));
        declaredCohorts.forEach(c -> collect(c.resourceGroups(), all));
        QuotaTree tree = new QuotaTree(new FlavorResourceIndex(all));
        int size = tree.index.size();

        Map<String, CohortSpec> cohortSpecs = new TreeMap<>();
        declaredCohorts.forEach(c -> cohortSpecs.put(c.name(), c));
        for (ClusterQueueSpec q : queues) {
            q.cohort().ifPresent(name -> cohortSpecs.putIfAbsent(name, CohortSpec.implicit(name)));
        }
        for (CohortSpec c : cohortSpecs.values()) {
            QuotaNode node = new QuotaNode(c.name(), QuotaNode.Kind.COHORT, size, c.fairSharingWeight());
            tree.applyQuotas(node, c.resourceGroups());
            tree.cohorts.put(c.name(), node);
        }
        for (CohortSpec c : cohortSpecs.values()) {
            if (c.parent().isPresent()) {
                QuotaNode parent = tree.cohorts.get(c.parent().get());
                if (parent == null) {
                    throw new IllegalArgumentException("Cohort " + c.name() + " names missing parent " + c.parent().get());
                }
                tree.link(tree.cohorts.get(c.name()), parent);
            }
        }
        tree.rejectCycles();
        for (ClusterQueueSpec q : queues) {
            QuotaNode node = new QuotaNode(q.name(), QuotaNode.Kind.CLUSTER_QUEUE, size, q.fairSharingWeight());
            tree.applyQuotas(node, q.resourceGroups());
            q.cohort().ifPresent(c -> tree.link(node, tree.cohorts.get(c)));
            tree.clusterQueues.put(q.name(), node);
        }
        for (QuotaNode root : tree.roots()) {
            computeSubtreeQuota(root);
        }
        return tree;
    }

    private static void collect(List<ResourceGroup> groups, Set<FlavorResource> into) {
        for (ResourceGroup g : groups) {
            for (FlavorQuotas f : g.flavors()) {
                for (ResourceQuota r : f.resources()) {
                    into.add(new FlavorResource(f.flavor(), r.resource()));
                }
            }
        }
    }

    private void applyQuotas(QuotaNode node, List<ResourceGroup> groups) {
        for (ResourceGroup g : groups) {
            for (FlavorQuotas f : g.flavors()) {
                for (ResourceQuota r : f.resources()) {
                    int i = index.indexOf(f.flavor(), r.resource());
                    node.nominal[i] = r.nominal().milli();
                    node.quotaDeclared[i] = true;
                    node.borrowingLimit[i] = r.borrowingLimit().map(Quantity::milli).orElse(QuotaNode.NO_LIMIT);
                    node.lendingLimit[i] = r.lendingLimit().map(Quantity::milli).orElse(QuotaNode.NO_LIMIT);
                }
            }
        }
    }

    private void link(QuotaNode child, QuotaNode parent) {
        child.parent = parent;
        parent.children.add(child);
    }

    private void rejectCycles() {
        for (QuotaNode start : cohorts.values()) {
            List<String> path = new ArrayList<>();
            QuotaNode n = start;
            while (n != null) {
                if (path.contains(n.name())) {
                    path.add(n.name());
                    throw new IllegalArgumentException("cohort cycle: " + String.join(" -> ", path));
                }
                path.add(n.name());
                n = n.parent;
            }
        }
    }

    /** Kueue: a cohort's subtree quota is its own nominal plus what each child can lend. */
    private static void computeSubtreeQuota(QuotaNode node) {
        System.arraycopy(node.nominal, 0, node.subtreeQuota, 0, node.nominal.length);
        for (QuotaNode child : node.children) {
            computeSubtreeQuota(child);
            for (int fr = 0; fr < node.subtreeQuota.length; fr++) {
                // saturating: 9P queues in one cohort sum to at least the bound, never to a negative
                node.subtreeQuota[fr] = Saturating.add(node.subtreeQuota[fr], child.subtreeQuota[fr] - child.guaranteed(fr));
                node.quotaDeclared[fr] |= child.quotaDeclared[fr];
            }
        }
    }

    /**
     * Puts a hard ceiling on a node's usage of a flavor-resource, beyond what its quota arithmetic
     * allows: how KAI's queue limits and the cluster's capacity bound the tree.
     */
    public void cap(String node, String flavor, String resource, long milli) {
        QuotaNode n = clusterQueues.containsKey(node) ? clusterQueues.get(node) : cohorts.get(node);
        int fr = index.indexOf(flavor, resource);
        if (n != null && fr >= 0) {
            n.cap[fr] = milli;
        }
    }

    public FlavorResourceIndex index() {
        return index;
    }

    public Optional<QuotaNode> clusterQueue(String name) {
        return Optional.ofNullable(clusterQueues.get(name));
    }

    public Optional<QuotaNode> cohort(String name) {
        return Optional.ofNullable(cohorts.get(name));
    }

    public Collection<QuotaNode> clusterQueues() {
        return clusterQueues.values();
    }

    public Collection<QuotaNode> cohorts() {
        return cohorts.values();
    }

    /** Top-level nodes in name order: root cohorts, then ClusterQueues without a cohort. */
    public List<QuotaNode> roots() {
        List<QuotaNode> roots = new ArrayList<>();
        cohorts.values().stream().filter(c -> !c.hasParent()).forEach(roots::add);
        clusterQueues.values().stream().filter(q -> !q.hasParent()).forEach(roots::add);
        return roots;
    }

    /** How many times usage was charged to or released from a ClusterQueue so far: no node's usage changed while it holds. */
    public long usageChanges() {
        return usageChanges;
    }

    /** Charges {@code usage} (indexed like {@link #index()}) to a ClusterQueue and its ancestors. */
    public void add(QuotaNode clusterQueue, long[] usage) {
        usageChanges++;
        clusterQueue.ownUsageChanges++;
        for (int fr = 0; fr < usage.length; fr++) {
            if (usage[fr] != 0) {
                clusterQueue.addUsage(fr, usage[fr]);
            }
        }
    }

    /** Releases what {@link #add} charged. */
    public void remove(QuotaNode clusterQueue, long[] usage) {
        usageChanges++;
        clusterQueue.ownUsageChanges++;
        for (int fr = 0; fr < usage.length; fr++) {
            if (usage[fr] != 0) {
                clusterQueue.removeUsage(fr, usage[fr]);
            }
        }
    }

    /** Usage of a node as flavor → resource → quantity, only non-zero entries, in name order. */
    public Map<String, Map<String, Quantity>> usageOf(QuotaNode node) {
        Map<String, Map<String, Quantity>> out = new TreeMap<>();
        for (int fr = 0; fr < index.size(); fr++) {
            if (node.usage[fr] != 0) {
                FlavorResource f = index.get(fr);
                out.computeIfAbsent(f.flavor(), k -> new TreeMap<>()).put(f.resource(), Quantity.ofMilli(node.usage[fr]));
            }
        }
        return out;
    }
}
