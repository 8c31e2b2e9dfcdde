package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Applies what one cycle decides to the engine's parts, and records the decisions. */
final class CycleOutcome implements SchedulingCycle.Outcome {

    private final EngineParts parts;
    private final long nowMillis;
    private final List<Decision> decisions;
    /** Victims of preemptions under way and workloads admitted in this cycle: not candidates now. */
    private final UntouchableWorkloads untouchable;
    private boolean blocked;
    /** The workload whose placement just failed, so that the wait that follows keeps it among the unplaced. */
    private ObjectKey lastUnplaced;

    CycleOutcome(EngineParts parts, long nowMillis, List<Decision> decisions) {
        this.parts = parts;
        this.nowMillis = nowMillis;
        this.decisions = decisions;
        this.untouchable = new UntouchableWorkloads(parts.preemptions().evicting(),
                () -> parts.triggers().admittedAt(nowMillis), this::queueHolding);
    }

    /** Whether workloads admitted at this instant kept a preemptor from taking them as victims. */
    boolean heldBackByFresh() {
        return untouchable.heldBackByFresh();
    }

    @Override
    public void admit(ClusterQueueState cq, Workload wl, Assignment assignment) {
        admit(cq, wl, null, assignment);
    }

    @Override
    public void admit(ClusterQueueState cq, Workload wl, ClusterQueueState.Ticket ticket, Assignment assignment) {
        admit(cq, wl, ticket, assignment, "");
    }

    @Override
    public void admit(ClusterQueueState cq, Workload wl, ClusterQueueState.Ticket ticket, Assignment assignment,
            String note) {
        ObjectKey key = wl.key();
        parts.heldRoom().release(key);
        parts.queues().tree().add(cq.node(), assignment.usage());
        cq.dequeue(wl);
        parts.preemptions().admitted(key);
        parts.waits().notUnplaced(key);
        AdmittedWorkload a = new AdmittedWorkload(wl, cq.name(), assignment, nowMillis);
        cq.admitted(a);
        parts.holderEnds().holds(cq, a);
        WorkloadProgress p = parts.book().admitPending(a, ticket);
        parts.triggers().admitted(nowMillis, key, cq);
        untouchable.admitted(key, cq);
        // Its shape is forgotten when it stops holding quota (WorkloadExits): no lookup here.
        List<String> checks = WorkloadLifecycle.checksFor(cq, assignment);
        blocked = parts.settings().podsReady().enabled() && parts.settings().podsReady().blockAdmission();
        if (checks.isEmpty()) {
            p.admitted = true;
            p.admittedAtMillis = nowMillis;
            decisions.add(new Decision.Admit(key, cq.name(), assignment, parts.placements().podsOf(key), note));
        } else {
            checks.forEach(c -> p.checks().put(c, CheckState.PENDING));
            decisions.add(new Decision.ReserveQuota(key, cq.name(), assignment, checks));
        }
    }

    @Override
    public void preempt(ClusterQueueState cq, Workload wl, Assignment assignment, List<PreemptionTarget> targets) {
        List<ObjectKey> victims = new ArrayList<>();
        for (PreemptionTarget t : targets) {
            ObjectKey victim = t.victim().workload().key();
            victims.add(victim);
            untouchable.add(victim, parts.queues().get(t.victim().clusterQueue()));
            decisions.add(parts.book().progress(victim).askEviction(victim, EvictionReason.PREEMPTED, t.detail(),
                    PreemptionMessages.victim(t, wl, cq), Optional.of(wl.key())));
        }
        parts.heldRoom().release(wl.key());
        parts.preemptions().started(wl.key(), victims, cq.name(), assignment.usage());
        waiting(wl, Pending.victims(parts.preemptions().awaiting(wl.key())));
        // From now on, for the rest of this pass and in each pass until it is admitted or gives
        // up, no other workload takes the free part of its room (both cycles rely on this).
        parts.heldRoom().hold(wl.key(), cq.node(), assignment.usage());
    }

    @Override
    public void shrink(AdmittedWorkload victim, Assignment smaller, Workload wl) {
        // The workload it gives way to waits in a queue, or holds quota already (a gang growing beyond its minimum).
        ClusterQueueState queue = parts.book().queueOf(wl.key());
        if (queue == null) {
            queue = queueHolding(wl.key());
        }
        resize(victim, smaller, "its pods beyond the gang minimum make room for " + wl.key() + " (priority "
                + wl.priority() + ") of " + queue.title()
                + "; the gang keeps running at its minimum");
        parts.triggers().freed(parts.queues().get(victim.clusterQueue()).node().root());
    }

    @Override
    public void grow(AdmittedWorkload gang, Assignment larger) {
        grow(gang, larger, "room for more of its replicas appeared");
    }

    @Override
    public void grow(AdmittedWorkload gang, Assignment larger, String why) {
        resize(gang, larger, why);
    }

    @Override
    public boolean leaving(ObjectKey workload) {
        return parts.preemptions().evicting().contains(workload);
    }

    @Override
    public String place(ClusterQueueState cq, Workload wl, Assignment assignment) {
        Placements placements = parts.placements();
        // With admission checks the pods get their place once the checks pass.
        if (!placements.active() || !WorkloadLifecycle.checksFor(cq, assignment).isEmpty()) {
            return null;
        }
        String unplaceable = placements.place(wl, assignment, parts.ends().startingNow(wl.key(), nowMillis));
        if (unplaceable != null) {
            parts.waits().unplaced(new UnplacedGang(wl.key(), placements.groups(wl, assignment), false));
            lastUnplaced = wl.key();
        }
        return unplaceable;
    }

    @Override
    public long held(ClusterQueueState cq, int flavorResource) {
        return parts.heldRoom().heldIn(cq.node(), flavorResource);
    }

    @Override
    public boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims) {
        return placeableWithout(wl, assignment, victims, Map.of());
    }

    /** The gang is tried where it would go once the victims are gone: with the end it would be admitted with now. */
    @Override
    public boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims,
            Map<ObjectKey, Assignment> shrunk) {
        return !parts.placements().active() || parts.placements().placeableWithout(wl, assignment, victims, shrunk,
                parts.ends().startingNow(wl.key(), nowMillis));
    }

    private void resize(AdmittedWorkload gang, Assignment to, String message) {
        // More replicas of a running gang end with it: its end counts from its admission.
        if (parts.placements().active() && !parts.placements().resize(gang, to,
                parts.ends().of(gang.workload().key(), gang.admittedAtMillis(), nowMillis))) {
            return; // the new pods found no place: the gang stays as it is
        }
        ClusterQueueState cq = parts.queues().get(gang.clusterQueue());
        parts.queues().tree().remove(cq.node(), gang.assignment().usage());
        parts.queues().tree().add(cq.node(), to.usage());
        AdmittedWorkload resized = new AdmittedWorkload(gang.workload(), gang.clusterQueue(), to, gang.admittedAtMillis());
        cq.admitted(resized);
        parts.holderEnds().holds(cq, resized);
        parts.book().admit(resized);
        untouchable.add(gang.workload().key(), cq);
        decisions.add(new Decision.Resize(gang.workload().key(), to, message));
    }

    @Override
    public void waiting(Workload wl, Pending reason) {
        waiting(wl, null, reason);
    }

    @Override
    public void waiting(Workload wl, ClusterQueueState.Ticket ticket, Pending reason) {
        ObjectKey key = parts.book().keyOf(wl, ticket);
        if (lastUnplaced == null || !key.equals(lastUnplaced)) {
            parts.waits().notUnplaced(key); // it waits for something else now (quota, victims)
        }
        if (parts.preemptions().awaiting(key) == null) {
            // A preemptor whose victims are gone, yet it cannot be admitted: the room is no longer held for it.
            parts.preemptions().gaveUp(key);
            parts.heldRoom().release(key);
        }
        lastUnplaced = null;
        if (parts.book().waitsFor(wl, ticket, reason)) {
            decisions.add(new Decision.Wait(key, reason));
        }
    }

    @Override
    public Pending awaitingVictims(ObjectKey workload) {
        String awaiting = parts.preemptions().awaiting(workload);
        if (awaiting == null) {
            parts.heldRoom().release(workload); // its turn: it tries with the room held for it free
            return null;
        }
        return Pending.victims(awaiting);
    }

    @Override
    public boolean isSticky(ObjectKey workload) {
        return parts.preemptions().isSticky(workload);
    }

    @Override
    public Set<ObjectKey> evicting() {
        return untouchable;
    }

    @Override
    public int untouchableIn(QuotaNode root) {
        return untouchable.heldIn(root);
    }

    /** The ClusterQueue where a workload holds quota, or null. */
    private ClusterQueueState queueHolding(ObjectKey workload) {
        AdmittedWorkload a = parts.book().admission(workload);
        return a == null ? null : parts.queues().get(a.clusterQueue());
    }

    @Override
    public boolean admissionBlocked() {
        return blocked;
    }

    @Override
    public boolean placedElsewhere(ObjectKey workload) {
        return parts.placements().placedElsewhere(workload);
    }

    @Override
    public int shapeOf(Workload wl) {
        return parts.shapes().shapeOf(wl);
    }

    @Override
    public int shapeOf(Workload wl, ClusterQueueState.Ticket ticket) {
        return parts.shapes().shapeOf(wl, ticket);
    }

    @Override
    public long nowMillis() {
        return nowMillis;
    }

    @Override
    public void retryAt(ClusterQueueState cq, long atMillis) {
        if (atMillis > nowMillis) {
            parts.triggers().retryAt(atMillis, List.of(QueueDirectory.rootId(cq.node().root())));
        }
    }

    @Override
    public java.util.OptionalLong expectedRuntimeMillis(ObjectKey workload) {
        return parts.runtimes().millis(workload);
    }

    /**
     * The trial stands at {@code atMillis}: the gang is placed then, to end its run time later,
     * and each reservation placed first starts at its own start.
     */
    @Override
    public List<String> nodesAt(Workload wl, Assignment assignment, long atMillis, List<ObjectKey> gone,
            List<dev.muster.core.admission.Reservation> placedFirst) {
        if (!parts.placements().active()) {
            return List.of();
        }
        PodEnds ends = parts.ends();
        List<Placements.TrialGang> first = new ArrayList<>(placedFirst.size());
        for (dev.muster.core.admission.Reservation r : placedFirst) {
            first.add(new Placements.TrialGang(r.workload(), r.assignment(),
                    ends.of(r.workload().key(), r.startsMillis(), atMillis)));
        }
        return parts.placements().nodesAt(new Placements.TrialGang(wl, assignment, ends.startingNow(wl.key(), atMillis)),
                gone, first);
    }

    @Override
    public long nodesState() {
        return parts.placements().active() ? parts.placements().state() : 0;
    }

    @Override
    public long nodesStateBefore(ObjectKey placed) {
        return parts.placements().active() ? parts.placements().stateBefore(placed) : 0;
    }

    @Override
    public List<dev.muster.core.placement.PodPlacement> placedPods(ObjectKey workload) {
        return parts.placements().podsOf(workload);
    }

    @Override
    public long runtimesVersion() {
        return parts.runtimes().version();
    }

    @Override
    public java.util.NavigableSet<dev.muster.core.admission.HeldEnd> heldEnds(ClusterQueueState cq) {
        return parts.holderEnds().of(cq);
    }

    @Override
    public void unplace(ObjectKey workload) {
        parts.placements().unplace(workload);
        if (workload.equals(lastUnplaced)) {
            lastUnplaced = null;
        }
    }

    @Override
    public long waitVersion(ClusterQueueState cq) {
        // Each part only ever grows, so the sum moves exactly when one of them does.
        return freedVersion(cq) + parts.placements().nodesVersion() + parts.preemptions().claimsEnded()
                + parts.triggers().blockedVersion();
    }

    @Override
    public long freedVersion(ClusterQueueState cq) {
        return parts.triggers().freedVersion(cq.node().root());
    }
}
