package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.kai.KaiCycle;
import dev.muster.core.kai.KaiQuotaTree;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The engine's queues: the quota tree, the ClusterQueues and KAI queues in it (as the cycles see
 * them), the LocalQueues and namespaces that lead to them, grouped by cohort tree. It resolves a
 * submission's queue reference to a ClusterQueue, or says why none takes it.
 */
final class QueueDirectory {

    private final QuotaTree tree;
    private final Map<String, ClusterQueueState> queues = new TreeMap<>();
    private final Map<QuotaNode, List<ClusterQueueState>> queuesByRoot = new HashMap<>();
    private final Map<String, QuotaNode> rootsByName = new HashMap<>();
    private final Map<ObjectKey, LocalQueueSpec> localQueues = new HashMap<>();
    private final Map<String, Namespace> namespaces = new HashMap<>();
    private final Set<String> kaiLeaves = new TreeSet<>();
    private final Set<String> kaiParents = new TreeSet<>();

    QueueDirectory(EngineSetup setup) {
        List<ClusterQueueSpec> allQueues = new ArrayList<>(setup.clusterQueues());
        List<CohortSpec> allCohorts = new ArrayList<>(setup.cohorts());
        if (!setup.kaiQueues().isEmpty()) {
            KaiQuotaTree.Translation kai = KaiQuotaTree.translate(setup.kaiQueues(), setup.capacity());
            for (ClusterQueueSpec leaf : kai.leaves()) {
                if (setup.clusterQueues().stream().anyMatch(q -> q.name().equals(leaf.name()))) {
                    throw new IllegalArgumentException("KAI queue " + leaf.name() + " has the name of a ClusterQueue");
                }
                kaiLeaves.add(leaf.name());
            }
            kai.cohorts().forEach(c -> kaiParents.add(c.name()));
            kaiParents.remove(KaiQuotaTree.CLUSTER);
            allQueues.addAll(kai.leaves());
            allCohorts.addAll(kai.cohorts());
        }
        this.tree = QuotaTree.build(allQueues, allCohorts);
        KaiQuotaTree.caps(tree, setup.kaiQueues(), setup.capacity());
        for (ClusterQueueSpec spec : allQueues) {
            ClusterQueueState state = new ClusterQueueState(spec, tree.clusterQueue(spec.name()).orElseThrow());
            if (kaiLeaves.contains(spec.name())) {
                state.markKai(KaiCycle.VICTIM_ORDER);
            }
            queues.put(spec.name(), state);
        }
        for (ClusterQueueState q : queues.values()) {
            QuotaNode root = q.node().root();
            queuesByRoot.computeIfAbsent(root, r -> new ArrayList<>()).add(q);
            rootsByName.put(rootId(root), root);
        }
        setup.localQueues().forEach(lq -> localQueues.put(lq.key(), lq));
        setup.namespaces().forEach(ns -> namespaces.put(ns.name(), ns));
    }

    QuotaTree tree() {
        return tree;
    }

    /** The ClusterQueue (or KAI leaf queue) of this name; null when there is none. */
    ClusterQueueState get(String name) {
        return queues.get(name);
    }

    /** Every ClusterQueue and KAI leaf queue, in name order. */
    Collection<ClusterQueueState> all() {
        return queues.values();
    }

    /** The queues of each cohort tree, by its root. */
    Map<QuotaNode, List<ClusterQueueState>> byRoot() {
        return queuesByRoot;
    }

    QuotaNode root(String rootId) {
        return rootsByName.get(rootId);
    }

    Set<String> rootIds() {
        return rootsByName.keySet();
    }

    /** A cohort tree's name for the sets of trees to schedule (a cohort and a ClusterQueue may share a name). */
    static String rootId(QuotaNode root) {
        return (root.kind() == QuotaNode.Kind.COHORT ? "cohort/" : "cq/") + root.name();
    }

    boolean isKaiLeaf(String name) {
        return kaiLeaves.contains(name);
    }

    boolean isKaiQueue(String name) {
        return kaiLeaves.contains(name) || kaiParents.contains(name);
    }

    /** The KAI queues, leaves and parents, in name order. */
    List<String> kaiQueues() {
        List<String> all = new ArrayList<>(kaiLeaves);
        all.addAll(kaiParents);
        all.sort(null);
        return all;
    }

    /** The ClusterQueue the LocalQueue {@code localQueue} (namespace and name) points at; null when there is no such LocalQueue. */
    String clusterQueueOf(ObjectKey localQueue) {
        LocalQueueSpec lq = localQueues.get(localQueue);
        return lq == null ? null : lq.clusterQueue();
    }

    /** Kueue: the LocalQueue of the workload's namespace leads to a ClusterQueue, whose namespaceSelector must admit it. */
    QueueResolution resolveLocalQueue(String ns, String localQueue) {
        LocalQueueSpec lq = localQueues.get(new ObjectKey(ns, localQueue));
        if (lq == null) {
            return new QueueResolution.Refused(Pending.misconfigured("LocalQueue " + localQueue + " does not exist in namespace " + ns));
        }
        ClusterQueueState cq = queues.get(lq.clusterQueue());
        if (cq == null) {
            return new QueueResolution.Refused(Pending.misconfigured(
                    "ClusterQueue " + lq.clusterQueue() + " of LocalQueue " + lq.key() + " does not exist"));
        }
        String refusal = namespaceRefusal(cq, ns);
        // Kueue: a namespace the ClusterQueue's selector does not admit makes the workload Misconfigured.
        return refusal == null ? new QueueResolution.Queued(cq) : new QueueResolution.Parked(cq, Pending.misconfigured(refusal));
    }

    /** KAI: only leaf queues take workloads. */
    QueueResolution resolveKaiQueue(String queue) {
        if (kaiParents.contains(queue)) {
            return new QueueResolution.Refused(Pending.misconfigured("queue " + queue + " is a parent queue; only leaf"
                    + " queues take workloads (use one of its child queues: " + String.join(", ", kaiChildren(queue)) + ")"));
        }
        if (!kaiLeaves.contains(queue)) {
            return new QueueResolution.Refused(Pending.misconfigured("queue " + queue + " does not exist; create it, or set"
                    + " the label kai.scheduler/queue to one of " + String.join(", ", kaiLeaves)));
        }
        return new QueueResolution.Queued(queues.get(queue));
    }

    private String namespaceRefusal(ClusterQueueState cq, String ns) {
        if (cq.spec().namespaceSelector().matches(namespaceLabels(ns))) {
            return null;
        }
        return cq.spec().namespaceSelector().matchesNothing()
                ? "ClusterQueue " + cq.name() + " has no namespaceSelector, so it admits workloads from no namespace"
                        + " (set namespaceSelector: {} to admit from all)"
                : "namespace " + ns + " does not match the namespaceSelector of ClusterQueue " + cq.name();
    }

    private Map<String, String> namespaceLabels(String ns) {
        Namespace declared = namespaces.get(ns);
        return declared != null ? declared.labels() : Map.of("kubernetes.io/metadata.name", ns);
    }

    private List<String> kaiChildren(String parent) {
        return queues.values().stream()
                .filter(q -> q.node().parent() != null && q.node().parent().name().equals(parent))
                .map(ClusterQueueState::name).toList();
    }
}
