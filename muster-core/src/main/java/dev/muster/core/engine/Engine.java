package dev.muster.core.engine;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.admission.FlavorAssigner;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.engine.PodsReadyPolicy;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ClusterQueuePolicies.AdmissionCheckRule;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.kai.KaiCycle;
import dev.muster.core.kai.KaiQuotaTree;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Durations;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Muster's engine: it holds the quota tree and the workloads, and turns events (a workload was
 * submitted, finished, or stopped after an eviction) into decisions on each {@link #schedule}
 * call. It performs no I/O and reads no clock: time is an argument. Adapters carry the decisions out.
 */
public final class Engine implements Settling.Scheduler {

    private final QuotaTree tree;
    private final AdmissionSettings settings;
    private final Map<String, ClusterQueueState> queues = new TreeMap<>();
    private final Map<QuotaNode, List<ClusterQueueState>> queuesByRoot = new HashMap<>();
    private final Map<ObjectKey, LocalQueueSpec> localQueues = new HashMap<>();
    private final Map<String, Namespace> namespaces = new HashMap<>();
    /** Per cohort tree, whose rules schedule it. */
    private final Map<QuotaNode, CyclePolicy> policies = new HashMap<>();
    private final KaiCycle kaiCycle;
    private final Set<String> kaiLeaves = new java.util.TreeSet<>();
    private final Set<String> kaiParents = new java.util.TreeSet<>();

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
    /** Room held for preemptors during a pass (see {@link HeldRoom}); built with the tree. */
    private final HeldRoom heldRoom;
    private final Placements placements;
    /** Workloads whose checks all turned Ready but whose pods found no place yet. */
    private final java.util.Set<ObjectKey> awaitingPlacement = new java.util.TreeSet<>();
    /** Gangs that fit their quota but found no room on the nodes, as last tried; what an autoscaler looks at. */
    private final Map<ObjectKey, UnplacedGang> unplaced = new TreeMap<>();
    /** For gangs awaiting placement: the room version of their last failed try. */
    private final Map<ObjectKey, Long> placementTriedAt = new HashMap<>();
    private final Map<ObjectKey, WorkloadProgress> progress = new HashMap<>();
    /** Workloads waiting out a requeue backoff: key → the time they queue again. */
    private final Map<ObjectKey, Long> backoff = new TreeMap<>();
    /** Deactivated workloads (a rejected check, too many requeues) with the reason. */
    private final Map<ObjectKey, String> inactive = new TreeMap<>();
    /** Decisions taken between cycles (a check turned Ready, asked to retry): reported by the next cycle. */
    private final List<Decision> between = new ArrayList<>();
    private long lastScheduleMillis;
    /**
     * Workloads admitted at {@link #admissionInstant}: no preemption may take them at that same
     * instant. A victim queued again at once can otherwise be admitted again and evict its own
     * preemptor, and two policies that each allow their eviction (reclaim within the cohort, and
     * priority within a ClusterQueue) evict each other forever without time passing. Kueue escapes
     * this because its cycles are spread over time; here the next millisecond tries again.
     */
    private final Set<ObjectKey> admittedThisInstant = new java.util.HashSet<>();
    private long admissionInstant = Long.MIN_VALUE;
    /** The cohort trees where a workload admitted at {@link #admissionInstant} may block a preemptor. */
    private final Set<String> rootsWithFreshAdmissions = new java.util.TreeSet<>();
    /**
     * Times at which cohort trees are to be passed over again with no event: the instant after
     * fresh admissions held a preemptor back, or when a victim's minimum run time ends.
     */
    private final java.util.TreeMap<Long, Set<String>> retries = new java.util.TreeMap<>();
    /** A check changed state since the last cycle: there are decisions to take or pods to place. */
    private boolean checksChanged;
    /** Per cohort tree, how many times quota was freed in it; a workload that did not fit at version v can only fit after it. */
    private final Map<QuotaNode, Long> freedVersion = new HashMap<>();
    /** Shape ids by workload instance (see {@link SchedulingCycle.Outcome#shapeOf}). */
    private final Map<Workload, Integer> shapeIds = new java.util.IdentityHashMap<>();
    private final Map<List<Object>, Integer> shapes = new HashMap<>();

    public Engine(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
            Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, AdmissionSettings settings) {
        this(clusterQueues, cohorts, localQueues, namespaces, List.of(), Map.of(), settings);
    }

    /**
     * An engine for both dialects: Kueue's queues, and KAI queues, which join the same quota tree
     * under a root that stands for the cluster.
     *
     * @param capacity the cluster's allocatable per resource in milli-units (from its nodes);
     *                 empty when unknown, and then KAI queues are bounded by their limits only
     */
    public Engine(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
            Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, List<KaiQueueSpec> kaiQueues,
            Map<String, Long> capacity, AdmissionSettings settings) {
        this(clusterQueues, cohorts, localQueues, namespaces, kaiQueues, capacity, List.of(), List.of(), settings);
    }

    /**
     * An engine that also places: with nodes, a gang is admitted only when all of its pods have a
     * place on them (its flavors' node labels and tolerations apply), and it is placed whole.
     */
    public Engine(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
            Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, List<KaiQueueSpec> kaiQueues,
            Map<String, Long> capacity, Collection<dev.muster.core.placement.NodeSpec> nodes,
            Collection<dev.muster.core.model.ResourceFlavorSpec> flavors, AdmissionSettings settings) {
        this.placements = new Placements(nodes, flavors, settings.placement());
        List<ClusterQueueSpec> allQueues = new ArrayList<>(clusterQueues);
        List<CohortSpec> allCohorts = new ArrayList<>(cohorts);
        if (!kaiQueues.isEmpty()) {
            KaiQuotaTree.Translation kai = KaiQuotaTree.translate(kaiQueues, capacity);
            for (ClusterQueueSpec leaf : kai.leaves()) {
                if (clusterQueues.stream().anyMatch(q -> q.name().equals(leaf.name()))) {
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
        this.heldRoom = new HeldRoom(tree);
        KaiQuotaTree.caps(tree, kaiQueues, capacity);
        this.settings = settings;
        for (ClusterQueueSpec spec : allQueues) {
            QuotaNode node = tree.clusterQueue(spec.name()).orElseThrow();
            ClusterQueueState state = new ClusterQueueState(spec, node);
            if (kaiLeaves.contains(spec.name())) {
                state.markKai();
            }
            queues.put(spec.name(), state);
        }
        for (ClusterQueueState q : queues.values()) {
            QuotaNode root = q.node().root();
            queuesByRoot.computeIfAbsent(root, r -> new ArrayList<>()).add(q);
            rootsByName.put(rootId(root), root);
        }
        localQueues.forEach(lq -> this.localQueues.put(lq.key(), lq));
        namespaces.forEach(ns -> this.namespaces.put(ns.name(), ns));
        Preemptor preemptor = new Preemptor(tree, queuesByRoot,
                settings.fairSharing() ? Preemptor.fairSharing(tree, settings.preemptionStrategies()) : null);
        CyclePolicy kueue = new CyclePolicy.Kueue(new SchedulingCycle(tree,
                new FlavorAssigner(tree.index(), settings.fairSharing(), flavors), preemptor,
                settings.fairSharing(), settings.prioritySortingWithinCohort()));
        this.kaiCycle = kaiQueues.isEmpty() ? null
                : new KaiCycle(tree, new FlavorAssigner(tree.index(), false), kaiQueues, capacity);
        queuesByRoot.forEach((root, members) -> {
            boolean kai = members.get(0).isKai();
            members.stream().filter(q -> q.isKai() != kai).findFirst().ifPresent(q -> {
                throw new IllegalArgumentException("ClusterQueue " + (kai ? q.name() : members.get(0).name())
                        + " is in the cohort tree of KAI queues " + (kai ? members.get(0).name() : q.name())
                        + " (a cohort shares the name of a KAI parent queue); Kueue's and KAI's queues cannot"
                        + " share quota: rename the cohort or the queue");
            });
            policies.put(root, kai ? new CyclePolicy.Kai(kaiCycle) : kueue);
        });
    }


    public QuotaTree quotaTree() {
        return tree;
    }

    public AdmissionSettings settings() {
        return settings;
    }

    /** Queues a new workload. It is considered in the next {@link #schedule}. */
    public void submit(Workload submitted) {
        // Kueue's feature gate PartialAdmission off: minCount is not honoured.
        Workload wl = settings.partialAdmission() ? submitted : submitted.wholeGangsOnly();
        if (pending.containsKey(wl.key()) || admitted.containsKey(wl.key())) {
            throw new IllegalStateException("workload " + wl.key() + " is already known");
        }
        pending.put(wl.key(), wl);
        progress.put(wl.key(), new WorkloadProgress());
        resolveQueue(wl).ifPresentOrElse(cq -> {
            pendingQueue.put(wl.key(), cq);
            String refusal = namespaceRefusal(cq, wl.key().namespace());
            if (refusal != null) {
                // Kueue keeps it in the ClusterQueue as inadmissible: counted as pending, never admitted.
                cq.park(wl.key());
                reasons.put(wl.key(), refusal);
                unreportedReasons.put(wl.key(), refusal);
                return;
            }
            cq.enqueue(wl);
            markDirty(cq);
        }, () -> unreportedReasons.put(wl.key(), reasons.get(wl.key())));
    }

    /**
     * Takes over an admission made earlier (by a previous run of the controller, or before the
     * queues changed): the workload holds quota in {@code clusterQueue} with these counts and
     * flavors, and its pods may run when {@code checksPassed}; otherwise it waits for its checks.
     * No decision is taken and nothing is re-checked: the quota is simply held, as it is in the
     * cluster. Placement is not restored (pods on nodes are not tracked for taken-over admissions).
     *
     * @throws IllegalArgumentException when the ClusterQueue does not exist or a pod set, resource
     *                                  or flavor does not match the workload and the queue
     */
    public void restore(Workload restored, String clusterQueue, List<PodSetAssignment> podSets, boolean checksPassed,
            long admittedAtMillis) {
        if (pending.containsKey(restored.key()) || admitted.containsKey(restored.key())) {
            throw new IllegalStateException("workload " + restored.key() + " is already known");
        }
        // Charged as it was when it was admitted (see submitToKaiQueue).
        Workload wl = kaiLeaves.contains(clusterQueue)
                ? dev.muster.core.kai.GpuMemoryCharge.charged(restored, largestGpuMemoryMiB()) : restored;
        ClusterQueueState cq = queues.get(clusterQueue);
        if (cq == null) {
            throw new IllegalArgumentException("no ClusterQueue " + clusterQueue);
        }
        if (podSets.size() != wl.podSets().size()) {
            throw new IllegalArgumentException("workload " + wl.key() + " has " + wl.podSets().size()
                    + " pod sets, its admission " + podSets.size());
        }
        long[] usage = new long[tree.index().size()];
        for (int i = 0; i < podSets.size(); i++) {
            PodSetAssignment psa = podSets.get(i);
            for (Map.Entry<String, Quantity> r : wl.podSets().get(i).perPod().amounts().entrySet()) {
                String flavor = psa.flavors().get(r.getKey());
                if (flavor == null) {
                    continue; // a resource the queue does not cover: Kueue ignores it too
                }
                int fr = tree.index().indexOf(flavor, r.getKey());
                if (fr < 0) {
                    throw new IllegalArgumentException("flavor " + flavor + " has no quota for " + r.getKey());
                }
                usage[fr] += r.getValue().milli() * psa.count();
            }
        }
        tree.add(cq.node(), usage);
        boolean borrows = false;
        for (int fr = 0; fr < usage.length; fr++) {
            borrows |= usage[fr] > 0 && cq.node().borrows(fr);
        }
        Assignment assignment = new Assignment(podSets, usage, borrows);
        AdmittedWorkload a = new AdmittedWorkload(wl, clusterQueue, assignment, admittedAtMillis);
        cq.admitted(a);
        admitted.put(wl.key(), a);
        WorkloadProgress p = new WorkloadProgress();
        progress.put(wl.key(), p);
        List<String> checks = checksFor(cq, assignment);
        if (checksPassed) {
            checks.forEach(c -> p.checks.put(c, CheckState.READY));
            p.admitted = true;
            p.admittedAtMillis = admittedAtMillis;
        } else {
            checks.forEach(c -> p.checks.put(c, CheckState.PENDING));
        }
        markDirty(cq);
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

    /**
     * Queues a workload submitted to a KAI queue (label {@code kai.scheduler/queue}). Only leaf
     * queues take workloads; for a parent or unknown queue it waits with a reason.
     */
    public void submitToKaiQueue(Workload submitted) {
        if (pending.containsKey(submitted.key()) || admitted.containsKey(submitted.key())) {
            throw new IllegalStateException("workload " + submitted.key() + " is already known");
        }
        Workload wl = dev.muster.core.kai.GpuMemoryCharge.charged(submitted, largestGpuMemoryMiB());
        pending.put(wl.key(), wl);
        progress.put(wl.key(), new WorkloadProgress());
        String queue = wl.queueName();
        String refusal = kaiParents.contains(queue)
                ? "queue " + queue + " is a parent queue; only leaf queues take workloads (use one of its child queues: "
                        + String.join(", ", kaiChildren(queue)) + ")"
                : !kaiLeaves.contains(queue) ? "queue " + queue + " does not exist; create it, or set the label"
                        + " kai.scheduler/queue to one of " + String.join(", ", kaiLeaves) : null;
        if (refusal != null) {
            reasons.put(wl.key(), refusal);
            unreportedReasons.put(wl.key(), refusal);
            return;
        }
        ClusterQueueState cq = queues.get(queue);
        pendingQueue.put(wl.key(), cq);
        cq.enqueue(wl);
        markDirty(cq);
    }

    /** The memory of the largest GPU device among the nodes, in MiB; 0 when no node says. */
    private long largestGpuMemoryMiB() {
        long largest = 0;
        for (dev.muster.core.placement.NodeState n : placements.nodes()) {
            largest = Math.max(largest, n.spec().gpuMemoryMiB());
        }
        return largest;
    }

    private List<String> kaiChildren(String parent) {
        return queues.values().stream().filter(q -> q.node().parent() != null && q.node().parent().name().equals(parent))
                .map(ClusterQueueState::name).toList();
    }

    /** Whether {@code name} is a KAI queue (leaf or parent). */
    public boolean isKaiQueue(String name) {
        return kaiLeaves.contains(name) || kaiParents.contains(name);
    }

    /** The KAI queues, leaves and parents, in name order. */
    public List<String> kaiQueues() {
        List<String> all = new ArrayList<>(kaiLeaves);
        all.addAll(kaiParents);
        all.sort(null);
        return all;
    }

    /** A KAI queue's fair share per resource (milli-units) as of the last cycle. */
    public Map<String, Long> fairShare(String kaiQueue) {
        return kaiCycle == null ? Map.of() : kaiCycle.fairShares().getOrDefault(kaiQueue, Map.of());
    }

    /** Usage of any node of the quota tree (a ClusterQueue, a Cohort, a KAI queue). */
    public Map<String, Map<String, Quantity>> usageOfNode(String name) {
        return tree.clusterQueue(name).or(() -> tree.cohort(name)).map(tree::usageOf).orElse(Map.of());
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
                cq.unpark(key);
            }
        }
        reasons.remove(key);
        unreportedReasons.remove(key);
        progress.remove(key);
        if (w != null) {
            shapeIds.remove(w);
        }
        backoff.remove(key);
        inactive.remove(key);
        unplaced.remove(key);
        placements.forget(key);
        preemptions.forget(key).ifPresent(this::markDirty);
    }

    /**
     * The adapter stopped a workload the engine told it to evict: its quota is released and, by
     * the cause of the eviction, it queues again at once (preempted: in its original place, as
     * Kueue keeps the creation time), after a backoff (a check asked to retry, pods were not ready
     * in time), or never (a check rejected it, or it ran out of requeues).
     */
    @Override
    public void evicted(ObjectKey key, long nowMillis) {
        AdmittedWorkload a = admitted.remove(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " is not admitted");
        }
        ClusterQueueState cq = release(a);
        WorkloadProgress p = progress.get(key);
        EvictionReason cause = p.eviction;
        String message = p.evictionMessage;
        long requeueAfter = p.requeueAfterMillis;
        p.reset();
        preemptions.forget(key).ifPresent(this::markDirty);
        Workload wl = a.workload();
        pendingQueue.put(key, cq);
        if (cause == EvictionReason.DEACTIVATED) {
            deactivate(key, cq, message);
            return;
        }
        long requeueAt = nowMillis;
        if (cause == EvictionReason.PODS_READY_TIMEOUT) {
            PodsReadyPolicy policy = settings.podsReady();
            p.podsReadyRequeues++;
            requeueAt = nowMillis + policy.backoffMillis(p.podsReadyRequeues);
            if (policy.requeueAtEviction()) {
                wl = new Workload(wl.key(), wl.queueName(), wl.priority(), nowMillis, wl.sequence(), wl.podSets());
            }
        } else if (cause == EvictionReason.ADMISSION_CHECK) {
            requeueAt = nowMillis + requeueAfter;
        }
        pending.put(key, wl);
        if (requeueAt > nowMillis) {
            backoff.put(key, requeueAt);
            cq.park(key);
            String why = "evicted (" + message + "); it queues again in " + Durations.text(requeueAt - nowMillis)
                    + " (requeue backoff)";
            reasons.put(key, why);
            unreportedReasons.put(key, why);
                    } else {
            cq.enqueue(wl);
        }
    }

    /** For preemption by an adapter that has no clock: the workload queues again at once. */
    public void evicted(ObjectKey key) {
        evicted(key, lastScheduleMillis);
    }

    private void deactivate(ObjectKey key, ClusterQueueState cq, String message) {
        pendingQueue.remove(key);
        inactive.put(key, message);
        reasons.put(key, message);
        unreportedReasons.put(key, message);
    }

    /**
     * An admission check's controller reports the check's state for a workload holding quota.
     * Ready for every check admits it; Retry evicts it and requeues it after
     * {@code requeueAfterMillis}; Rejected evicts and deactivates it.
     */
    public void updateCheck(ObjectKey key, String check, CheckState state, String message, long requeueAfterMillis) {
        updateCheck(key, check, state, message, requeueAfterMillis, Map.of());
    }

    /**
     * As {@link #updateCheck(ObjectKey, String, CheckState, String, long)}, with the check's pod set
     * updates: node selectors per pod set that a Ready check adds to the pods (Kueue's
     * {@code podSetUpdates}; a provisioning request steers its pods to the nodes made for them).
     */
    public void updateCheck(ObjectKey key, String check, CheckState state, String message, long requeueAfterMillis,
            Map<String, Map<String, String>> nodeSelectorsByPodSet) {
        WorkloadProgress p = progress.get(key);
        if (p == null || !admitted.containsKey(key) || !p.checks.containsKey(check) || p.eviction != null) {
            return; // stale: the workload no longer holds quota under this check
        }
        p.checks.put(check, state);
        p.checkMessages.put(check, message);
        checksChanged |= state != CheckState.PENDING;
        switch (state) {
            case READY -> {
                if (!nodeSelectorsByPodSet.isEmpty()) {
                    p.nodeSelectors.putAll(nodeSelectorsByPodSet);
                }
                if (!p.admitted && p.allChecksReady()) {
                    placementTriedAt.remove(key);
                    placements.selectNodes(key, Map.copyOf(p.nodeSelectors));
                    // The pods get their place now that the checks passed (the nodes may be new ones).
                    awaitingPlacement.add(key);
                }
            }
            case RETRY -> requestEviction(key, p, EvictionReason.ADMISSION_CHECK,
                    "admission check " + check + " asks to retry" + (message.isEmpty() ? "" : ": " + message),
                    requeueAfterMillis);
            // Kueue deactivates the workload, and an inactive workload is evicted with reason Deactivated.
            case REJECTED -> requestEviction(key, p, EvictionReason.DEACTIVATED,
                    "deactivated: admission check " + check + " rejected the workload"
                            + (message.isEmpty() ? "" : ": " + message), 0);
            case PENDING -> { }
        }
    }

    /** How many times the engine asked to evict the workload since it was submitted (or restored); 0 when unknown. */
    @Override
    public int timesEvicted(ObjectKey key) {
        WorkloadProgress p = progress.get(key);
        return p == null ? 0 : p.evictionsAsked;
    }

    /**
     * Whether a check changed state since the last {@link #schedule}, so that another cycle now has
     * something to do; adapters whose check controllers answer during a cycle's decisions ask this.
     */
    @Override
    public boolean checksChanged() {
        return checksChanged;
    }

    private void requestEviction(ObjectKey key, WorkloadProgress p, EvictionReason cause,
            String message, long requeueAfterMillis) {
        p.requeueAfterMillis = requeueAfterMillis;
        between.add(p.askEviction(key, cause, "", message, Optional.empty()));
    }

    /**
     * Pods of an admitted workload failed and are not replaced. A gang in a KAI queue that now runs
     * fewer pods than its minimum is evicted whole once that has lasted the stale-gang grace period
     * (KAI's stale gang eviction).
     */
    public void podsFailed(ObjectKey key, int count, long nowMillis) {
        WorkloadProgress p = progress.get(key);
        AdmittedWorkload a = admitted.get(key);
        if (p == null || a == null) {
            return;
        }
        p.failedPods += count;
        int running = a.assignment().podSets().stream().mapToInt(PodSetAssignment::count).sum() - p.failedPods;
        int minimum = a.workload().podSets().stream().mapToInt(dev.muster.core.model.PodSet::minCount).sum();
        if (kaiLeaves.contains(a.clusterQueue()) && running < minimum && p.belowMinimumSince < 0) {
            p.belowMinimumSince = nowMillis;
        }
    }

    /** All of the workload's admitted pods run (Kueue's PodsReady condition). */
    public void podsReady(ObjectKey key) {
        WorkloadProgress p = progress.get(key);
        if (p != null && admitted.containsKey(key)) {
            p.podsReady = true;
            if (settings.podsReady().blockAdmission()) {
                dirtyRoots.addAll(rootsByName.keySet());
            }
        }
    }

    /**
     * The next time at which the engine has something to do without any event: a backoff ends,
     * or an admitted workload's pods run out of time to become ready. Adapters call
     * {@link #schedule} then.
     */
    public OptionalLong nextWakeupMillis() {
        long next = Long.MAX_VALUE;
        if (!retries.isEmpty()) {
            next = Math.min(next, retries.firstKey());
        }
        for (long at : backoff.values()) {
            next = Math.min(next, at);
        }
        for (WorkloadProgress p : progress.values()) {
            if (p.belowMinimumSince >= 0 && p.eviction == null && settings.staleGangGraceMillis() >= 0) {
                next = Math.min(next, p.belowMinimumSince + settings.staleGangGraceMillis());
            }
        }
        PodsReadyPolicy policy = settings.podsReady();
        if (policy.enabled()) {
            for (Map.Entry<ObjectKey, WorkloadProgress> e : progress.entrySet()) {
                WorkloadProgress p = e.getValue();
                if (p.admitted && !p.podsReady && p.eviction == null) {
                    next = Math.min(next, p.admittedAtMillis + policy.timeoutMillis());
                }
            }
        }
        return next == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(next);
    }

    private ClusterQueueState release(AdmittedWorkload a) {
        ClusterQueueState cq = queues.get(a.clusterQueue());
        tree.remove(cq.node(), a.assignment().usage());
        placements.release(a.workload().key());
        awaitingPlacement.remove(a.workload().key());
        placementTriedAt.remove(a.workload().key());
        unplaced.remove(a.workload().key());
        freedVersion.merge(cq.node().root(), 1L, Long::sum);
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

    /**
     * Runs one scheduling cycle at {@code nowMillis}; returns its decisions in the order taken:
     * those taken since the last cycle (checks that passed or asked to retry), evictions of
     * workloads whose pods were not ready in time, then the admissions, preemptions and waits of
     * the cycle itself.
     */
    @Override
    public List<Decision> schedule(long nowMillis) {
        lastScheduleMillis = nowMillis;
        while (!retries.isEmpty() && retries.firstKey() <= nowMillis) {
            // As if room was freed there, so that no earlier "does not fit" is reused for those held back.
            for (String rootId : retries.pollFirstEntry().getValue()) {
                freedVersion.merge(rootsByName.get(rootId), 1L, Long::sum);
                dirtyRoots.add(rootId);
            }
        }
        checksChanged = false;
        List<Decision> decisions = new ArrayList<>(between);
        between.clear();
        unreportedReasons.forEach((key, reason) -> decisions.add(new Decision.Wait(key, reason)));
        unreportedReasons.clear();
        placeCheckedWorkloads(nowMillis, decisions);
        evictPodsNotReady(nowMillis, decisions);
        evictStaleGangs(nowMillis, decisions);
        endBackoffs(nowMillis);
        String blocker = admissionBlocker();
        if (blocker != null) {
            for (ClusterQueueState cq : queues.values()) {
                for (Workload wl : cq.pending()) {
                    if (!blocker.equals(reasons.put(wl.key(), blocker))) {
                        decisions.add(new Decision.Wait(wl.key(), blocker));
                    }
                }
            }
            return decisions;
        }
        CycleOutcome outcome = new CycleOutcome(nowMillis, decisions);
        List<String> roots = new ArrayList<>(dirtyRoots);
        dirtyRoots.clear();
        for (String rootId : roots) {
            QuotaNode root = rootsByName.get(rootId);
            holdClaimedRoom(root);
            try {
                policies.get(root).run(queuesByRoot.get(root), outcome);
            } finally {
                heldRoom.releaseAll();
            }
        }
        if (outcome.untouchable.heldBackByFresh()) {
            // Those admitted at this instant may be victims at the next: the preemptors they held back try again then.
            retryAt(nowMillis + 1, rootsWithFreshAdmissions);
        }
        return decisions;
    }

    /** Before a pass over the tree of {@code root}: the room claimed by its preemptors is held for them. */
    private void holdClaimedRoom(QuotaNode root) {
        for (Map.Entry<ObjectKey, Preemptions.Claim> e : preemptions.claims().entrySet()) {
            QuotaNode node = queues.get(e.getValue().clusterQueue()).node();
            if (node.root() == root) {
                heldRoom.hold(e.getKey(), node, e.getValue().usage());
            }
        }
    }

    private void retryAt(long atMillis, Collection<String> rootIds) {
        retries.computeIfAbsent(atMillis, t -> new java.util.TreeSet<>()).addAll(rootIds);
    }

    private void evictPodsNotReady(long nowMillis, List<Decision> decisions) {
        PodsReadyPolicy policy = settings.podsReady();
        if (!policy.enabled()) {
            return;
        }
        for (AdmittedWorkload a : admittedWorkloads()) {
            WorkloadProgress p = progress.get(a.workload().key());
            if (p.admitted && !p.podsReady && p.eviction == null && nowMillis >= p.admittedAtMillis + policy.timeoutMillis()) {
                String late = "its pods were not all ready within " + Durations.text(policy.timeoutMillis())
                        + " of admission (waitForPodsReady)";
                boolean outOfRequeues = policy.backoffLimitCount().isPresent()
                        && p.podsReadyRequeues + 1 > policy.backoffLimitCount().get();
                if (outOfRequeues) {
                    // Kueue deactivates instead of requeueing, and evicts the inactive workload as Deactivated.
                    String message = "deactivated: " + late + " " + (p.podsReadyRequeues + 1)
                            + " times, more than waitForPodsReady.requeuingStrategy.backoffLimitCount ("
                            + policy.backoffLimitCount().get() + ") allows";
                    decisions.add(p.askEviction(a.workload().key(), EvictionReason.DEACTIVATED, "", message,
                            Optional.empty()));
                } else {
                    decisions.add(p.askEviction(a.workload().key(), EvictionReason.PODS_READY_TIMEOUT, "", late,
                            Optional.empty()));
                }
            }
        }
    }

    /** Workloads whose admission checks all passed: admitted once their pods have a place. */
    private void placeCheckedWorkloads(long nowMillis, List<Decision> decisions) {
        for (ObjectKey key : List.copyOf(awaitingPlacement)) {
            AdmittedWorkload a = admitted.get(key);
            WorkloadProgress p = progress.get(key);
            if (a == null || p == null || p.eviction != null) {
                awaitingPlacement.remove(key);
                continue;
            }
            Long triedAt = placementTriedAt.get(key);
            if (triedAt != null && triedAt == placements.roomVersion()) {
                continue; // no room appeared since it last found none
            }
            String unplaceable = placements.active() ? placements.place(a.workload(), a.assignment()) : null;
            if (unplaceable != null) {
                placementTriedAt.put(key, placements.roomVersion());
                String reason = "admission checks passed; waiting for room on the nodes: " + unplaceable;
                unplaced.put(key, new UnplacedGang(key, placements.groups(a.workload(), a.assignment()), true));
                if (!reason.equals(reasons.put(key, reason))) {
                    decisions.add(new Decision.Wait(key, reason));
                }
                continue;
            }
            awaitingPlacement.remove(key);
            placementTriedAt.remove(key);
            unplaced.remove(key);
            reasons.remove(key);
            p.admitted = true;
            p.admittedAtMillis = nowMillis;
            decisions.add(new Decision.Admit(key, a.clusterQueue(), a.assignment(), placements.podsOf(key)));
        }
    }

    /**
     * Admission places pods on nodes from now on, even while there are none: a cluster whose nodes
     * all come from an autoscaler starts empty, and a gang must wait for them, not run nowhere.
     */
    public void placeOnNodes() {
        placements.activate();
    }

    /** A node joined the cluster (an autoscaler added it): gangs waiting for room are tried again. */
    public void addNode(dev.muster.core.placement.NodeSpec node) {
        placements.addNode(node);
        nodesChanged();
    }

    /**
     * A node's spec changed (labels, taints, cordon, or what other schedulers' pods leave of it):
     * the pods placed on it stay; gangs waiting for room are tried again.
     */
    public void updateNode(dev.muster.core.placement.NodeSpec node) {
        placements.updateNode(node);
        nodesChanged();
    }

    /**
     * Another scheduler (the cluster's default one) places this workload's pods: it is admitted by
     * quota alone and takes no place on the nodes Muster places pods on. Kept until {@link #remove}.
     */
    public void placedElsewhere(ObjectKey key) {
        placements.placeElsewhere(key);
    }

    /**
     * After {@link #restore}: the places its pods already have on the nodes are held again, so a
     * restarted controller neither moves them nor gives their room to another gang; pods without a
     * place yet get one. Returns why some pods found none (they wait), or empty.
     */
    public Optional<String> restorePlacement(ObjectKey key, List<dev.muster.core.placement.PodPlacement> recorded) {
        AdmittedWorkload a = admitted.get(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " holds no quota");
        }
        if (!placements.active()) {
            return Optional.empty();
        }
        return Optional.ofNullable(placements.restore(a.workload(), a.assignment(), recorded));
    }

    /** Whether placement knows a node of this name. */
    public boolean hasNode(String name) {
        return placements.hasNode(name);
    }

    /** The node will leave the cluster: nothing new is placed on it, the pods on it run until stopped. */
    public void drainNode(String name) {
        placements.drain(name);
    }

    /** Whether the pods could be placed if {@code extra} nodes joined the cluster; nothing changes. */
    public boolean placeableWith(List<dev.muster.core.placement.GangPlacer.PodGroup> pods,
            List<dev.muster.core.placement.NodeSpec> extra) {
        return placements.placeableWith(pods, extra);
    }

    /** An empty node left the cluster; removing a node that still runs pods is refused. */
    public void removeNode(String name) {
        placements.removeNode(name);
        // Nothing fits better without it, but the reasons of gangs waiting for room name the nodes.
        nodesChanged();
    }

    /** Every cohort tree is scheduled again, and what was found not to fit is tried again. */
    private void nodesChanged() {
        for (QuotaNode root : queuesByRoot.keySet()) {
            freedVersion.merge(root, 1L, Long::sum);
        }
        dirtyRoots.addAll(rootsByName.keySet());
    }

    /**
     * Gangs that fit their quota but not the nodes, as last tried, in name order: the pending pods
     * a cluster autoscaler would scale up for. {@link UnplacedGang#quotaReserved} tells those that
     * passed their admission checks and hold quota from those still queued.
     */
    public List<UnplacedGang> unplacedGangs() {
        return List.copyOf(unplaced.values());
    }

    /**
     * The pods of a workload holding quota, as placement sees them (flavor labels and tolerations
     * applied), for the pod sets named; what a provisioning request asks capacity for.
     */
    public List<dev.muster.core.placement.GangPlacer.PodGroup> podGroups(ObjectKey key) {
        AdmittedWorkload a = admitted.get(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " holds no quota");
        }
        return placements.groups(a.workload(), a.assignment());
    }

    /** The nodes and what is free on them (empty when placement is off); for reports and checks, not to change. */
    public java.util.Collection<dev.muster.core.placement.NodeState> nodes() {
        return placements.nodes();
    }

    /** Where the pods of an admitted workload are, when nodes are known. */
    public List<dev.muster.core.placement.PodPlacement> pods(ObjectKey key) {
        return placements.podsOf(key);
    }

    private void evictStaleGangs(long nowMillis, List<Decision> decisions) {
        long grace = settings.staleGangGraceMillis();
        if (grace < 0) {
            return;
        }
        for (AdmittedWorkload a : admittedWorkloads()) {
            WorkloadProgress p = progress.get(a.workload().key());
            if (p.belowMinimumSince >= 0 && p.eviction == null && nowMillis >= p.belowMinimumSince + grace) {
                int minimum = a.workload().podSets().stream().mapToInt(dev.muster.core.model.PodSet::minCount).sum();
                int running = a.assignment().podSets().stream().mapToInt(PodSetAssignment::count).sum() - p.failedPods;
                String message = "only " + running + " of its minimum " + minimum + " pods have run for "
                        + Durations.text(nowMillis - p.belowMinimumSince) + " (stale gang: the grace period is "
                        + Durations.text(grace) + "); the whole gang is evicted and queued again";
                decisions.add(p.askEviction(a.workload().key(), EvictionReason.STALE_GANG, "", message, Optional.empty()));
            }
        }
    }

    private void endBackoffs(long nowMillis) {
        for (var it = backoff.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ObjectKey, Long> e = it.next();
            if (e.getValue() <= nowMillis) {
                // Read the key before removing: TreeMap reuses a removed entry for its successor.
                ObjectKey key = e.getKey();
                it.remove();
                ClusterQueueState cq = pendingQueue.get(key);
                cq.unpark(key);
                cq.enqueue(pending.get(key));
                markDirty(cq);
            }
        }
    }

    /** With waitForPodsReady.blockAdmission, why nothing may be admitted now; null when admission may go on. */
    private String admissionBlocker() {
        if (!settings.podsReady().enabled() || !settings.podsReady().blockAdmission()) {
            return null;
        }
        for (AdmittedWorkload a : admittedWorkloads()) {
            WorkloadProgress p = progress.get(a.workload().key());
            if (!p.podsReady && p.eviction == null) {
                return "waiting for the pods of " + a.workload().key()
                        + " to be ready: waitForPodsReady.blockAdmission admits one workload at a time until its pods run";
            }
        }
        return null;
    }

    /** Applies what a cycle decides to the engine's state, and records the decisions. */
    private final class CycleOutcome implements SchedulingCycle.Outcome {
        private final long nowMillis;
        private final List<Decision> decisions;
        /** Victims of preemptions under way and workloads admitted in this cycle: not candidates now. */
        private final UntouchableWorkloads untouchable;
        private boolean blocked;
        /** The workload whose placement just failed, so that the wait that follows keeps it among the unplaced. */
        private ObjectKey lastUnplaced;

        CycleOutcome(long nowMillis, List<Decision> decisions) {
            this.nowMillis = nowMillis;
            this.decisions = decisions;
            untouchable = new UntouchableWorkloads(preemptions.evicting(),
                    nowMillis == admissionInstant ? admittedThisInstant : Set.of());
        }

        @Override
        public void admit(ClusterQueueState cq, Workload wl, Assignment assignment) {
            heldRoom.release(wl.key());
            tree.add(cq.node(), assignment.usage());
            cq.dequeue(wl);
            pending.remove(wl.key());
            pendingQueue.remove(wl.key());
            reasons.remove(wl.key());
            preemptions.admitted(wl.key());
            unplaced.remove(wl.key());
            AdmittedWorkload a = new AdmittedWorkload(wl, cq.name(), assignment, nowMillis);
            cq.admitted(a);
            admitted.put(wl.key(), a);
            untouchable.add(wl.key());
            if (admissionInstant != nowMillis) {
                admissionInstant = nowMillis;
                admittedThisInstant.clear();
                rootsWithFreshAdmissions.clear();
            }
            admittedThisInstant.add(wl.key());
            rootsWithFreshAdmissions.add(rootId(cq.node().root()));
            shapeIds.remove(wl);
            WorkloadProgress p = progress.get(wl.key());
            List<String> checks = checksFor(cq, assignment);
            blocked = settings.podsReady().enabled() && settings.podsReady().blockAdmission();
            if (checks.isEmpty()) {
                p.admitted = true;
                p.admittedAtMillis = nowMillis;
                decisions.add(new Decision.Admit(wl.key(), cq.name(), assignment, placements.podsOf(wl.key())));
            } else {
                checks.forEach(c -> p.checks.put(c, CheckState.PENDING));
                decisions.add(new Decision.ReserveQuota(wl.key(), cq.name(), assignment, checks));
            }
        }

        @Override
        public void preempt(ClusterQueueState cq, Workload wl, Assignment assignment, List<PreemptionTarget> targets) {
            List<ObjectKey> victims = new ArrayList<>();
            for (PreemptionTarget t : targets) {
                ObjectKey victim = t.victim().workload().key();
                victims.add(victim);
                WorkloadProgress vp = progress.get(victim);
                decisions.add(vp.askEviction(victim, EvictionReason.PREEMPTED, t.detail(),
                        PreemptionMessages.victim(t, wl, cq), Optional.of(wl.key())));
            }
            heldRoom.release(wl.key());
            preemptions.started(wl.key(), victims, cq.name(), assignment.usage());
            untouchable.addAll(victims);
            waiting(wl, preemptions.awaiting(wl.key()));
            // From now on, for the rest of this pass and in each pass until it is admitted or gives
            // up, no other workload takes the free part of its room (both cycles rely on this).
            heldRoom.hold(wl.key(), cq.node(), assignment.usage());
        }

        @Override
        public void shrink(AdmittedWorkload victim, Assignment smaller, Workload wl) {
            resize(victim, smaller, "its pods beyond the gang minimum make room for " + wl.key() + " (priority "
                    + wl.priority() + ") of " + pendingQueue.get(wl.key()).title() + "; the gang keeps running at its minimum");
            freedVersion.merge(queues.get(victim.clusterQueue()).node().root(), 1L, Long::sum);
        }

        @Override
        public void grow(AdmittedWorkload gang, Assignment larger) {
            resize(gang, larger, "room for more of its replicas appeared");
        }

        @Override
        public String place(ClusterQueueState cq, Workload wl, Assignment assignment) {
            // With admission checks the pods get their place once the checks pass.
            if (!placements.active() || !checksFor(cq, assignment).isEmpty()) {
                return null;
            }
            String unplaceable = placements.place(wl, assignment);
            if (unplaceable != null) {
                unplaced.put(wl.key(), new UnplacedGang(wl.key(), placements.groups(wl, assignment), false));
                lastUnplaced = wl.key();
            }
            return unplaceable;
        }

        @Override
        public long held(ClusterQueueState cq, int flavorResource) {
            return heldRoom.heldIn(cq.node(), flavorResource);
        }

        @Override
        public boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims) {
            return !placements.active() || placements.placeableWithout(wl, assignment, victims, Map.of());
        }

        @Override
        public boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims,
                Map<ObjectKey, Assignment> shrunk) {
            return !placements.active() || placements.placeableWithout(wl, assignment, victims, shrunk);
        }

        private void resize(AdmittedWorkload gang, Assignment to, String message) {
            if (placements.active() && !placements.resize(gang, to)) {
                return; // the new pods found no place: the gang stays as it is
            }
            ClusterQueueState cq = queues.get(gang.clusterQueue());
            tree.remove(cq.node(), gang.assignment().usage());
            tree.add(cq.node(), to.usage());
            AdmittedWorkload resized = new AdmittedWorkload(gang.workload(), gang.clusterQueue(), to, gang.admittedAtMillis());
            cq.admitted(resized);
            admitted.put(gang.workload().key(), resized);
            untouchable.add(gang.workload().key());
            decisions.add(new Decision.Resize(gang.workload().key(), to, message));
        }

        @Override
        public void waiting(Workload wl, String reason) {
            if (!wl.key().equals(lastUnplaced)) {
                unplaced.remove(wl.key()); // it waits for something else now (quota, victims)
            }
            if (preemptions.awaiting(wl.key()) == null) {
                // A preemptor whose victims are gone, yet it cannot be admitted: the room is no longer held for it.
                preemptions.gaveUp(wl.key());
                heldRoom.release(wl.key());
            }
            lastUnplaced = null;
            if (!reason.equals(reasons.put(wl.key(), reason))) {
                decisions.add(new Decision.Wait(wl.key(), reason));
            }
        }

        @Override
        public String awaitingVictims(ObjectKey workload) {
            String awaiting = preemptions.awaiting(workload);
            if (awaiting == null) {
                heldRoom.release(workload); // its turn: it tries with the room held for it free
            }
            return awaiting;
        }

        @Override
        public boolean isSticky(ObjectKey workload) {
            return preemptions.isSticky(workload);
        }

        @Override
        public Set<ObjectKey> evicting() {
            return untouchable;
        }

        @Override
        public boolean admissionBlocked() {
            return blocked;
        }

        @Override
        public int shapeOf(Workload wl) {
            Integer id = shapeIds.get(wl);
            if (id == null) {
                id = shapes.computeIfAbsent(List.of(wl.priority(), wl.podSets()), k -> shapes.size());
                shapeIds.put(wl, id);
            }
            return id;
        }

        @Override
        public long nowMillis() {
            return nowMillis;
        }

        @Override
        public void retryAt(ClusterQueueState cq, long atMillis) {
            if (atMillis > nowMillis) {
                Engine.this.retryAt(atMillis, List.of(rootId(cq.node().root())));
            }
        }

        @Override
        public long freedVersion(ClusterQueueState cq) {
            return freedVersion.getOrDefault(cq.node().root(), 0L);
        }
    }

    /** The ClusterQueue's admission checks that apply to this assignment (onFlavors, when given, must match). */
    private static List<String> checksFor(ClusterQueueState cq, Assignment assignment) {
        List<String> out = new ArrayList<>();
        for (AdmissionCheckRule rule : cq.spec().policies().admissionChecks()) {
            boolean applies = rule.onFlavors().isEmpty();
            for (PodSetAssignment ps : assignment.podSets()) {
                applies |= ps.flavors().values().stream().anyMatch(rule.onFlavors()::contains);
            }
            if (applies) {
                out.add(rule.name());
            }
        }
        return out;
    }

    /** Admission check states of a workload holding quota, in the ClusterQueue's order. */
    public Map<String, CheckState> checks(ObjectKey key) {
        WorkloadProgress p = progress.get(key);
        return p == null ? Map.of() : java.util.Collections.unmodifiableMap(p.checks);
    }

    /** Whether the workload holds quota and passed every check, so its pods may run. */
    public boolean isAdmitted(ObjectKey key) {
        WorkloadProgress p = progress.get(key);
        return p != null && p.admitted && admitted.containsKey(key);
    }

    /** Why the workload was deactivated, if it was. */
    public Optional<String> deactivation(ObjectKey key) {
        return Optional.ofNullable(inactive.get(key));
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
