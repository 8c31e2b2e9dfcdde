package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.BackfillPromise;
import dev.muster.core.admission.Decision;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.QuotaTree;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Muster's engine: it holds the quota tree and the workloads, and turns events (a workload was
 * submitted, finished, or stopped after an eviction) into decisions on each {@link #schedule}
 * call. It performs no I/O and reads no clock: time is an argument. Adapters carry the decisions out.
 *
 * <p>The engine is a facade over its parts: the {@link QueueDirectory} (queues and how a
 * submission finds one), the {@link WorkloadBook} (what is pending and admitted), the
 * {@link WorkloadIntake} and {@link WorkloadExits} (how workloads come and go), the
 * {@link WorkloadLifecycle} (checks, pods ready, backoff, deactivation, stale gangs), the
 * {@link CycleTriggers} (which cohort trees to schedule when), placement ({@link Placements},
 * {@link PlacementWaits}), and per cycle a {@link CycleOutcome}.
 */
public final class Engine implements Settling.Scheduler {

    private final AdmissionSettings settings;
    private final QueueDirectory queues;
    private final QuotaTree tree;
    private final CyclePolicies policies;
    private final WorkloadBook book;
    private final CycleTriggers triggers;
    private final Placements placements;
    private final PlacementWaits waits;
    private final WorkloadLifecycle lifecycle;
    private final Preemptions preemptions = new Preemptions();
    /** Room held for preemptors during a pass (see {@link HeldRoom}). */
    private final HeldRoom heldRoom;
    private final WorkloadShapes shapes;
    private final WorkloadIntake intake;
    private final WorkloadExits exits;
    private final CycleRunner cycles;
    private final ExpectedRuntimes runtimes = new ExpectedRuntimes();
    /** The expected ends of the workloads holding quota, in order, for reservations. */
    private final HolderEnds holderEnds = new HolderEnds(runtimes);
    /** The expected ends placement gives pods, with backfill on. */
    private final PodEnds ends;
    private long lastScheduleMillis;

    public Engine(EngineSetup setup) {
        this.settings = setup.settings();
        this.book = new WorkloadBook(settings.podsReady().enabled());
        this.shapes = new WorkloadShapes(book);
        this.placements = new Placements(setup.nodes(), setup.flavors(), settings.placement());
        this.queues = new QueueDirectory(setup);
        this.tree = queues.tree();
        this.heldRoom = new HeldRoom(tree);
        this.policies = new CyclePolicies(queues, setup);
        this.triggers = new CycleTriggers(queues);
        this.ends = new PodEnds(settings.backfill().enabled(), runtimes);
        this.waits = new PlacementWaits(placements, ends);
        this.lifecycle = new WorkloadLifecycle(book, queues, triggers, waits, settings);
        EngineParts parts = new EngineParts(queues, book, lifecycle, triggers, waits, placements, preemptions,
                heldRoom, shapes, settings, runtimes, ends, holderEnds);
        this.intake = new WorkloadIntake(parts);
        this.exits = new WorkloadExits(parts);
        this.cycles = new CycleRunner(parts, policies);
    }

    public QuotaTree quotaTree() {
        return tree;
    }

    public AdmissionSettings settings() {
        return settings;
    }

    /**
     * Queues a new workload in the queue {@code queue} names, by its dialect's rules; it is
     * considered in the next {@link #schedule}. A queue that does not take it (unknown, a KAI
     * parent queue, a namespace its ClusterQueue does not admit) leaves it waiting with a reason.
     *
     * @throws IllegalArgumentException when the workload names another queue than {@code queue}
     */
    public void submit(Workload submitted, QueueRef queue) {
        intake.submit(submitted, queue);
    }

    /** Queues a new workload in the Kueue LocalQueue it names: {@code submit(wl, QueueRef.localQueue(wl.queueName()))}. */
    public void submit(Workload submitted) {
        submit(submitted, QueueRef.localQueue(submitted.queueName()));
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
        intake.restore(restored, clusterQueue, podSets, checksPassed, admittedAtMillis);
    }

    /**
     * The promise a running workload was admitted on, to end before a reservation ({@code backfill}
     * with {@code preemptOverstaying}), if it was: an adapter records it with the admission, so that
     * a new engine can be told it again ({@link #restoreBackfillPromise}).
     */
    public Optional<BackfillPromise> backfillPromise(ObjectKey key) {
        return policies.promises().of(key);
    }

    /**
     * Takes over a promise recorded by an earlier run of the controller, for a workload whose
     * admission was taken over ({@link #restore}) first: from now on it is held to it as if this
     * engine had admitted it.
     *
     * @throws IllegalArgumentException when the workload holds no quota
     */
    public void restoreBackfillPromise(BackfillPromise promise) {
        AdmittedWorkload a = book.admission(promise.workload());
        if (a == null) {
            throw new IllegalArgumentException("workload " + promise.workload() + " holds no quota: its backfill promise"
                    + " has nothing to hold it to");
        }
        policies.promises().promised(queues.get(a.clusterQueue()).node().root(), promise);
    }

    /** The workload ended or was deleted: its quota, if it held any, is released. */
    public void remove(ObjectKey key) {
        exits.remove(key);
        runtimes.forget(key);
    }

    /**
     * What the workload's job says of its run time (its {@code muster.dev/expected-runtime}
     * annotation, its {@code activeDeadlineSeconds}); reservations ({@code backfill} in Muster's
     * Configuration) count on it. Adapters tell it when they submit or restore the workload.
     */
    public void expectRuntime(ObjectKey key, dev.muster.core.runtime.RuntimeHints hints) {
        boolean holds = book.holdsQuota(key);
        runtimes.expect(key, hints, holds || book.isPending(key));
        AdmittedWorkload a = holds ? book.admission(key) : null;
        if (a != null) {
            // it is expected to end otherwise, and so are its pods, if placed
            holderEnds.holds(queues.get(a.clusterQueue()), a);
            if (ends.on()) {
                placements.endChanged(key, ends.of(key, a.admittedAtMillis(), lastScheduleMillis));
            }
        }
    }

    /** The expected ends kept for the workloads holding quota in {@code clusterQueue}, soonest first, as reservations read them. */
    List<dev.muster.core.admission.HeldEnd> heldEnds(String clusterQueue) {
        return List.copyOf(holderEnds.of(queues.get(clusterQueue)));
    }

    /**
     * The adapter stopped a workload the engine told it to evict: its quota is released and, by
     * the cause of the eviction, it queues again at once (preempted: in its original place, as
     * Kueue keeps the creation time), after a backoff (a check asked to retry, pods were not ready
     * in time), or never (a check rejected it, or it ran out of requeues).
     */
    @Override
    public void evicted(ObjectKey key, long nowMillis) {
        exits.evicted(key, nowMillis);
    }

    /** For preemption by an adapter that has no clock: the workload queues again at once. */
    public void evicted(ObjectKey key) {
        evicted(key, lastScheduleMillis);
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
     * {@code podSetUpdates}).
     */
    public void updateCheck(ObjectKey key, String check, CheckState state, String message, long requeueAfterMillis,
            Map<String, Map<String, String>> nodeSelectorsByPodSet) {
        lifecycle.updateCheck(key, check, state, message, requeueAfterMillis, nodeSelectorsByPodSet);
    }

    /** How many times the engine asked to evict the workload since it was submitted (or restored); 0 when unknown. */
    @Override
    public int timesEvicted(ObjectKey key) {
        return lifecycle.timesEvicted(key);
    }

    /**
     * Whether a check changed state since the last {@link #schedule}, so that another cycle now has
     * something to do; adapters whose check controllers answer during a cycle's decisions ask this.
     */
    @Override
    public boolean checksChanged() {
        return lifecycle.checksChanged();
    }

    /**
     * Pods of an admitted workload failed and are not replaced. A gang in a KAI queue that now runs
     * fewer pods than its minimum is evicted whole once that has lasted the stale-gang grace period
     * (KAI's stale gang eviction).
     */
    public void podsFailed(ObjectKey key, int count, long nowMillis) {
        lifecycle.podsFailed(key, count, nowMillis);
    }

    /** All of the workload's admitted pods run (Kueue's PodsReady condition). */
    public void podsReady(ObjectKey key) {
        lifecycle.podsReady(key);
    }

    /**
     * The next time at which the engine has something to do without any event: a backoff ends,
     * or an admitted workload's pods run out of time to become ready. Adapters call
     * {@link #schedule} then.
     */
    public OptionalLong nextWakeupMillis() {
        long next = Math.min(triggers.nextRetryMillis(), lifecycle.nextWakeupMillis());
        return next == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(next);
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
        List<Decision> decisions = cycles.run(nowMillis);
        return policies.promises().isEmpty() ? decisions : withPromises(decisions);
    }

    /**
     * The admissions made on a backfill promise say so: a promise is made for one admission (the
     * pass forgets an earlier one before it admits), so the promise a workload admitted in this
     * cycle holds now is the one it was admitted on.
     */
    private List<Decision> withPromises(List<Decision> decisions) {
        List<Decision> told = new java.util.ArrayList<>(decisions.size());
        for (Decision d : decisions) {
            told.add(d instanceof Decision.Admit a
                    ? policies.promises().of(a.workload()).map(a::withPromise).orElse(a) : d);
        }
        return told;
    }

    /**
     * Admission places pods on nodes from now on, even while there are none: a cluster whose nodes
     * all come from an autoscaler starts empty, and a gang must wait for them, not run nowhere.
     */
    public void placeOnNodes() {
        placements.activate();
    }

    /** A node joined the cluster (an autoscaler added it): gangs waiting for room are tried again. */
    public void addNode(NodeSpec node) {
        placements.addNode(node);
        triggers.everythingChanged();
    }

    /**
     * A node's spec changed (labels, taints, cordon, or what other schedulers' pods leave of it):
     * the pods placed on it stay; gangs waiting for room are tried again.
     */
    public void updateNode(NodeSpec node) {
        placements.updateNode(node);
        triggers.everythingChanged();
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
     * place yet get one. Returns why some pods found none (they wait), or empty. With backfill on,
     * its pods carry its expected end (its run time, told by {@link #expectRuntime}, from the
     * admission {@link #restore} took over) as they did in the engine that placed them, so that a
     * new leader ranks the nodes as the old one did.
     */
    public Optional<String> restorePlacement(ObjectKey key, List<PodPlacement> recorded) {
        AdmittedWorkload a = holdingQuota(key);
        if (!placements.active()) {
            return Optional.empty();
        }
        // The engine reads no clock: pods without a place yet are placed as of the latest instant it knows.
        long now = Math.max(lastScheduleMillis, a.admittedAtMillis());
        return Optional.ofNullable(placements.restore(a.workload(), a.assignment(), recorded,
                ends.of(key, a.admittedAtMillis(), now)));
    }

    private AdmittedWorkload holdingQuota(ObjectKey key) {
        AdmittedWorkload a = book.admission(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " holds no quota");
        }
        return a;
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
    public boolean placeableWith(List<GangPlacer.PodGroup> pods, List<NodeSpec> extra) {
        return placements.placeableWith(pods, extra);
    }

    /** An empty node left the cluster; removing a node that still runs pods is refused. */
    public void removeNode(String name) {
        placements.removeNode(name);
        // Nothing fits better without it, but the reasons of gangs waiting for room name the nodes.
        triggers.everythingChanged();
    }

    /**
     * Gangs that fit their quota but not the nodes, as last tried, in name order: the pending pods
     * a cluster autoscaler would scale up for. {@link UnplacedGang#quotaReserved} tells those that
     * passed their admission checks and hold quota from those still queued.
     */
    public List<UnplacedGang> unplacedGangs() {
        return waits.unplacedGangs();
    }

    /**
     * The pods of a workload holding quota, as placement sees them (flavor labels and tolerations
     * applied), for the pod sets named; what a provisioning request asks capacity for.
     */
    public List<GangPlacer.PodGroup> podGroups(ObjectKey key) {
        AdmittedWorkload a = holdingQuota(key);
        return placements.groups(a.workload(), a.assignment());
    }

    /** The nodes and what is free on them (empty when placement is off); for reports and checks, not to change. */
    public Collection<NodeState> nodes() {
        return placements.nodes();
    }

    /** Where the pods of an admitted workload are, when nodes are known. */
    public List<PodPlacement> pods(ObjectKey key) {
        return placements.podsOf(key);
    }

    /** Admission check states of a workload holding quota, in the ClusterQueue's order. */
    public Map<String, CheckState> checks(ObjectKey key) {
        return lifecycle.checks(key);
    }

    /** Whether the workload holds quota and passed every check, so its pods may run. */
    public boolean isAdmitted(ObjectKey key) {
        return lifecycle.isAdmitted(key);
    }

    /** Why the workload was deactivated, if it was. */
    public Optional<String> deactivation(ObjectKey key) {
        return lifecycle.deactivation(key);
    }

    public Optional<AdmittedWorkload> admission(ObjectKey key) {
        return Optional.ofNullable(book.admission(key));
    }

    /** Who holds what, for explaining waits: {@link QuotaHolders} of every admitted workload, by cohort. */
    public dev.muster.core.explain.QuotaHolders quotaHolders() {
        Map<String, String> cohortOfQueue = new HashMap<>();
        for (ClusterQueueState cq : queues.all()) {
            cq.spec().cohort().ifPresent(c -> cohortOfQueue.put(cq.name(), c));
        }
        return dev.muster.core.explain.QuotaHolders.of(cohortOfQueue, admittedWorkloads());
    }

    /** Every admitted workload, in namespace/name order. */
    public List<AdmittedWorkload> admittedWorkloads() {
        return book.admittedInOrder();
    }

    public boolean isPending(ObjectKey key) {
        return book.isPending(key);
    }

    /** Why a pending workload waits (its kind, Kueue's reason code, and the sentence), if a cycle has looked at it. */
    public Optional<Pending> why(ObjectKey key) {
        return Optional.ofNullable(book.reason(key));
    }

    /** Why a pending workload waits, if a cycle has looked at it. */
    public Optional<String> reason(ObjectKey key) {
        return Optional.ofNullable(book.reason(key)).map(Pending::message);
    }

    /** Every ClusterQueue and KAI leaf queue as it is now, in name order. */
    public List<QueueView> clusterQueues() {
        return queues.all().stream().map(this::view).toList();
    }

    /** The ClusterQueue (or KAI leaf queue) of this name as it is now, if there is one. */
    public Optional<QueueView> clusterQueue(String name) {
        return Optional.ofNullable(queues.get(name)).map(this::view);
    }

    private QueueView view(ClusterQueueState cq) {
        return QueueView.of(cq, tree.usageOf(cq.node()));
    }

    /**
     * The pending workloads of the ClusterQueue (or KAI leaf queue) {@code name} in its queue order,
     * with their positions (Kueue's visibility API); empty when there is no such queue.
     */
    public Optional<QueuePositions> queuePositions(String name) {
        return Optional.ofNullable(queues.get(name)).map(cq -> PendingOrder.of(cq, book));
    }

    /** {@link #queuePositions(String)} of every ClusterQueue and KAI leaf queue, in name order. */
    public List<QueuePositions> queuePositions() {
        return queues.all().stream().map(cq -> PendingOrder.of(cq, book)).toList();
    }

    /** The ClusterQueue the LocalQueue {@code name} of {@code namespace} points at, if that LocalQueue exists. */
    public Optional<String> clusterQueueOfLocalQueue(String namespace, String name) {
        return Optional.ofNullable(queues.clusterQueueOf(new ObjectKey(namespace, name)));
    }

    /** The ClusterQueue a workload is queued in or admitted to, if any. */
    public Optional<String> clusterQueueOf(ObjectKey key) {
        AdmittedWorkload a = book.admission(key);
        if (a != null) {
            return Optional.of(a.clusterQueue());
        }
        return Optional.ofNullable(book.queueOf(key)).map(ClusterQueueState::name);
    }

    public Map<String, Map<String, Quantity>> usage(String clusterQueue) {
        return tree.usageOf(queues.get(clusterQueue).node());
    }

    /** Whether {@code name} is a KAI queue (leaf or parent). */
    public boolean isKaiQueue(String name) {
        return queues.isKaiQueue(name);
    }

    /** The KAI queues, leaves and parents, in name order. */
    public List<String> kaiQueues() {
        return queues.kaiQueues();
    }

    /** A KAI queue's fair share per resource (milli-units) as of the last cycle. */
    public Map<String, Long> fairShare(String kaiQueue) {
        return policies.fairShare(kaiQueue);
    }

    /** Usage of any node of the quota tree (a ClusterQueue, a Cohort, a KAI queue). */
    public Map<String, Map<String, Quantity>> usageOfNode(String name) {
        return tree.clusterQueue(name).or(() -> tree.cohort(name)).map(tree::usageOf).orElse(Map.of());
    }
}
