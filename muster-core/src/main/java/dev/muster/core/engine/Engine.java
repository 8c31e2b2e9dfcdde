package dev.muster.core.engine;

import dev.muster.core.admission.AdmissionSettings;
import dev.muster.core.admission.AdmittedWorkload;
import dev.muster.core.admission.Assignment;
import dev.muster.core.admission.ClusterQueueState;
import dev.muster.core.admission.Decision;
import dev.muster.core.admission.FlavorAssigner;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Muster's engine: it holds the quota tree and the workloads, and turns events (a workload was
 * submitted, finished, or stopped after an eviction) into decisions on each {@link #schedule}
 * call. It performs no I/O and reads no clock: time is an argument. Adapters carry the decisions out.
 */
public final class Engine {

    private final QuotaTree tree;
    private final AdmissionSettings settings;
    private final Map<String, ClusterQueueState> queues = new TreeMap<>();
    private final Map<QuotaNode, List<ClusterQueueState>> queuesByRoot = new HashMap<>();
    private final Map<ObjectKey, LocalQueueSpec> localQueues = new HashMap<>();
    private final Map<String, Namespace> namespaces = new HashMap<>();
    private final SchedulingCycle cycle;

    private final Map<ObjectKey, Workload> pending = new HashMap<>();
    private final Map<ObjectKey, ClusterQueueState> pendingQueue = new HashMap<>();
    private final Map<ObjectKey, AdmittedWorkload> admitted = new HashMap<>();
    private final Map<ObjectKey, String> reasons = new HashMap<>();
    /** Reasons found outside a cycle (on submit), reported by the next {@link #schedule}. */
    private final Map<ObjectKey, String> unreportedReasons = new LinkedHashMap<>();
    /** Cohort trees where something changed since the last cycle; only these are scheduled. */
    private final TreeSet<String> dirtyRoots = new TreeSet<>();
    private final Map<String, QuotaNode> rootsByName = new HashMap<>();
    private final Preemptions preemptions = new Preemptions();

    public Engine(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
            Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, AdmissionSettings settings) {
        this.tree = QuotaTree.build(clusterQueues, cohorts);
        this.settings = settings;
        for (ClusterQueueSpec spec : clusterQueues) {
            QuotaNode node = tree.clusterQueue(spec.name()).orElseThrow();
            queues.put(spec.name(), new ClusterQueueState(spec, node));
        }
        for (ClusterQueueState q : queues.values()) {
            QuotaNode root = q.node().root();
            queuesByRoot.computeIfAbsent(root, r -> new ArrayList<>()).add(q);
            rootsByName.put(rootId(root), root);
        }
        localQueues.forEach(lq -> this.localQueues.put(lq.key(), lq));
        namespaces.forEach(ns -> this.namespaces.put(ns.name(), ns));
        Preemptor preemptor = new Preemptor(tree, queues,
                settings.fairSharing() ? Preemptor.fairSharing(tree, settings.preemptionStrategies()) : null);
        this.cycle = new SchedulingCycle(tree, new FlavorAssigner(tree.index()), preemptor, settings.fairSharing());
    }

    public QuotaTree quotaTree() {
        return tree;
    }

    public AdmissionSettings settings() {
        return settings;
    }

    /** Queues a new workload. It is considered in the next {@link #schedule}. */
    public void submit(Workload wl) {
        if (pending.containsKey(wl.key()) || admitted.containsKey(wl.key())) {
            throw new IllegalStateException("workload " + wl.key() + " is already known");
        }
        pending.put(wl.key(), wl);
        resolveQueue(wl).ifPresentOrElse(cq -> {
            pendingQueue.put(wl.key(), cq);
            String refusal = namespaceRefusal(cq, wl.key().namespace());
            if (refusal != null) {
                // Kueue keeps it in the ClusterQueue as inadmissible: counted as pending, never admitted.
                cq.refuse(wl.key());
                reasons.put(wl.key(), refusal);
                unreportedReasons.put(wl.key(), refusal);
                return;
            }
            cq.enqueue(wl);
            markDirty(cq);
        }, () -> unreportedReasons.put(wl.key(), reasons.get(wl.key())));
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

    private Optional<ClusterQueueState> resolveQueue(Workload wl) {
        String ns = wl.key().namespace();
        LocalQueueSpec lq = localQueues.get(new ObjectKey(ns, wl.queueName()));
        if (lq == null) {
            reasons.put(wl.key(), "LocalQueue " + wl.queueName() + " does not exist in namespace " + ns);
            return Optional.empty();
        }
        ClusterQueueState cq = queues.get(lq.clusterQueue());
        if (cq == null) {
            reasons.put(wl.key(), "ClusterQueue " + lq.clusterQueue() + " of LocalQueue " + lq.key() + " does not exist");
            return Optional.empty();
        }
        return Optional.of(cq);
    }

    private Map<String, String> namespaceLabels(String ns) {
        Namespace declared = namespaces.get(ns);
        return declared != null ? declared.labels() : Map.of("kubernetes.io/metadata.name", ns);
    }

    /** The workload ended or was deleted: its quota, if it held any, is released. */
    public void remove(ObjectKey key) {
        AdmittedWorkload a = admitted.remove(key);
        if (a != null) {
            release(a);
        }
        Workload w = pending.remove(key);
        if (w != null) {
            ClusterQueueState cq = pendingQueue.remove(key);
            if (cq != null && !cq.dequeue(w)) {
                cq.forget(key);
            }
        }
        reasons.remove(key);
        unreportedReasons.remove(key);
        preemptions.forget(key).ifPresent(this::markDirty);
    }

    /**
     * The adapter stopped a workload the engine told it to evict: its quota is released and it
     * queues again, in its original place (Kueue keeps the creation time for preempted workloads).
     */
    public void evicted(ObjectKey key) {
        AdmittedWorkload a = admitted.remove(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " is not admitted");
        }
        ClusterQueueState cq = release(a);
        Workload wl = a.workload();
        pending.put(key, wl);
        pendingQueue.put(key, cq);
        cq.enqueue(wl);
        preemptions.forget(key).ifPresent(this::markDirty);
    }

    private ClusterQueueState release(AdmittedWorkload a) {
        ClusterQueueState cq = queues.get(a.clusterQueue());
        tree.remove(cq.node(), a.assignment().usage());
        cq.released(a.workload().key());
        markDirty(cq);
        return cq;
    }

    private void markDirty(ObjectKey workload) {
        ClusterQueueState cq = pendingQueue.get(workload);
        if (cq != null) {
            markDirty(cq);
        }
    }

    /** Runs one scheduling cycle at {@code nowMillis}; returns its decisions in the order taken. */
    public List<Decision> schedule(long nowMillis) {
        List<Decision> decisions = new ArrayList<>();
        unreportedReasons.forEach((key, reason) -> decisions.add(new Decision.Wait(key, reason)));
        unreportedReasons.clear();
        SchedulingCycle.Outcome outcome = new CycleOutcome(nowMillis, decisions);
        List<String> roots = new ArrayList<>(dirtyRoots);
        dirtyRoots.clear();
        for (String rootId : roots) {
            cycle.run(queuesByRoot.get(rootsByName.get(rootId)), outcome);
        }
        return decisions;
    }

    /** Applies what a cycle decides to the engine's state, and records the decisions. */
    private final class CycleOutcome implements SchedulingCycle.Outcome {
        private final long nowMillis;
        private final List<Decision> decisions;

        CycleOutcome(long nowMillis, List<Decision> decisions) {
            this.nowMillis = nowMillis;
            this.decisions = decisions;
        }

        @Override
        public void admit(ClusterQueueState cq, Workload wl, Assignment assignment) {
            tree.add(cq.node(), assignment.usage());
            cq.dequeue(wl);
            pending.remove(wl.key());
            pendingQueue.remove(wl.key());
            reasons.remove(wl.key());
            preemptions.admitted(wl.key());
            AdmittedWorkload a = new AdmittedWorkload(wl, cq.name(), assignment, nowMillis);
            cq.admitted(a);
            admitted.put(wl.key(), a);
            decisions.add(new Decision.Admit(wl.key(), cq.name(), assignment));
        }

        @Override
        public void preempt(ClusterQueueState cq, Workload wl, Assignment assignment, List<PreemptionTarget> targets) {
            List<ObjectKey> victims = new ArrayList<>();
            for (PreemptionTarget t : targets) {
                ObjectKey victim = t.victim().workload().key();
                victims.add(victim);
                decisions.add(new Decision.Evict(victim, "Preempted", t.detail(), PreemptionMessages.victim(t, wl, cq)));
            }
            preemptions.started(wl.key(), victims);
            waiting(wl, preemptions.awaiting(wl.key()));
        }

        @Override
        public void waiting(Workload wl, String reason) {
            if (!reason.equals(reasons.put(wl.key(), reason))) {
                decisions.add(new Decision.Wait(wl.key(), reason));
            }
        }

        @Override
        public String awaitingVictims(ObjectKey workload) {
            return preemptions.awaiting(workload);
        }

        @Override
        public boolean isSticky(ObjectKey workload) {
            return preemptions.isSticky(workload);
        }

        @Override
        public Set<ObjectKey> evicting() {
            return preemptions.evicting();
        }
    }

    /**
     * Preemptions under way: which preemptor waits for which victims. A victim belongs to one
     * preemptor only; a preemptor whose victims are all gone goes first in the next cycle.
     */
    private static final class Preemptions {
        private final Map<ObjectKey, Set<ObjectKey>> victimsOf = new HashMap<>();
        private final Map<ObjectKey, ObjectKey> preemptorOf = new HashMap<>();
        private final Set<ObjectKey> sticky = new HashSet<>();

        void started(ObjectKey preemptor, List<ObjectKey> victims) {
            victimsOf.put(preemptor, new LinkedHashSet<>(victims));
            victims.forEach(v -> preemptorOf.put(v, preemptor));
        }

        /** A workload stopped or went away: returns the preemptor that may now go ahead, if any. */
        Optional<ObjectKey> forget(ObjectKey workload) {
            Set<ObjectKey> own = victimsOf.remove(workload);
            if (own != null) {
                own.forEach(preemptorOf::remove);
            }
            sticky.remove(workload);
            ObjectKey preemptor = preemptorOf.remove(workload);
            if (preemptor == null) {
                return Optional.empty();
            }
            Set<ObjectKey> rest = victimsOf.get(preemptor);
            rest.remove(workload);
            if (rest.isEmpty()) {
                victimsOf.remove(preemptor);
                sticky.add(preemptor);
            }
            return Optional.of(preemptor);
        }

        void admitted(ObjectKey workload) {
            sticky.remove(workload);
        }

        String awaiting(ObjectKey preemptor) {
            Set<ObjectKey> victims = victimsOf.get(preemptor);
            if (victims == null) {
                return null;
            }
            return "waiting for " + victims.size() + " preempted workload" + (victims.size() == 1 ? "" : "s")
                    + " to stop before it is admitted: " + String.join(", ", victims.stream().map(ObjectKey::toString).toList());
        }

        boolean isSticky(ObjectKey workload) {
            return sticky.contains(workload);
        }

        Set<ObjectKey> evicting() {
            return preemptorOf.keySet();
        }
    }

    private void markDirty(ClusterQueueState cq) {
        dirtyRoots.add(rootId(cq.node().root()));
    }

    private static String rootId(QuotaNode root) {
        return (root.kind() == QuotaNode.Kind.COHORT ? "cohort/" : "cq/") + root.name();
    }

    public Optional<AdmittedWorkload> admission(ObjectKey key) {
        return Optional.ofNullable(admitted.get(key));
    }

    /** Every admitted workload, in namespace/name order. */
    public List<AdmittedWorkload> admittedWorkloads() {
        return admitted.values().stream().sorted(Comparator.comparing(a -> a.workload().key())).toList();
    }

    public boolean isPending(ObjectKey key) {
        return pending.containsKey(key);
    }

    /** Why a pending workload waits, if a cycle has looked at it. */
    public Optional<String> reason(ObjectKey key) {
        return Optional.ofNullable(reasons.get(key));
    }

    public Collection<ClusterQueueState> clusterQueues() {
        return queues.values();
    }

    public Optional<ClusterQueueState> clusterQueue(String name) {
        return Optional.ofNullable(queues.get(name));
    }

    /** The ClusterQueue a workload is queued in or admitted to, if any. */
    public Optional<String> clusterQueueOf(ObjectKey key) {
        AdmittedWorkload a = admitted.get(key);
        if (a != null) {
            return Optional.of(a.clusterQueue());
        }
        return Optional.ofNullable(pendingQueue.get(key)).map(ClusterQueueState::name);
    }

    public Map<String, Map<String, Quantity>> usage(String clusterQueue) {
        return tree.usageOf(queues.get(clusterQueue).node());
    }
}
