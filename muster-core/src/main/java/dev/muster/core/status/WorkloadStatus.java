package dev.muster.core.status;

import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.model.Pending;
import dev.muster.core.queue.Assignment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a workload's status says, rendered once from the engine's decisions for both modes: the
 * simulator's report reads its phase and message, the operator writes its conditions to the
 * Workload object. Keeping one renderer means {@code muster simulate} and {@code muster run} cannot
 * describe the same decision in two ways. The message is the one-line "why" a user reads; the
 * conditions follow Kueue's Workload API (types, reasons, and transition times that change only
 * when a condition's status does).
 */
public final class WorkloadStatus {

    /** Where the workload is in its life, as reports name it. */
    public enum Phase {
        PENDING, QUOTA_RESERVED, ADMITTED, FINISHED;

        /** Whether quota is held in this phase. */
        public boolean holdsQuota() {
            return this == QUOTA_RESERVED || this == ADMITTED;
        }
    }

    /** An eviction as reports list it; {@code preemptedBy} names the workload it made room for (null if none). */
    public record Eviction(long atMillis, String reason, String detail, String preemptedBy) {

        public Eviction(long atMillis, String reason, String detail) {
            this(atMillis, reason, detail, null);
        }
    }

    private final boolean kaiQueue;
    private Phase phase = Phase.PENDING;
    private String clusterQueue;
    private Assignment assignment;
    private Long admittedAtMillis;
    private Long finishedAtMillis;
    private int reservations;
    /** The admission in force came after admission checks: an eviction sets them back to Pending, and Admitted with them. */
    private boolean admittedAfterChecks;
    private String message = "";
    /** Why it waited last, with its kind and figures; null before it first waited. */
    private Pending lastWait;
    private final Map<String, Condition> conditions = new LinkedHashMap<>();
    private final List<Eviction> evictions = new ArrayList<>();
    /** When each admission happened, in order: a workload evicted and admitted again has several. */
    private final List<Long> admissions = new ArrayList<>();

    /** @param kaiQueue the workload is in a KAI queue, which messages call a queue, not a ClusterQueue */
    public WorkloadStatus(boolean kaiQueue) {
        this.kaiQueue = kaiQueue;
    }

    /** Follows one decision about this workload, taken at {@code nowMillis}. */
    public void apply(Decision decision, long nowMillis) {
        switch (decision) {
            case Decision.Admit admit -> admitted(admit, nowMillis);
            case Decision.ReserveQuota reserve -> reserved(reserve, nowMillis);
            case Decision.Evict evict -> evicted(evict, nowMillis, false);
            case Decision.Wait wait -> waiting(wait.pending(), nowMillis);
            case Decision.Resize resize -> assignment = resize.to();
        }
    }

    private void admitted(Decision.Admit admit, long nowMillis) {
        admittedAfterChecks = phase == Phase.QUOTA_RESERVED;
        if (phase != Phase.QUOTA_RESERVED) {
            holdQuota(admit.clusterQueue(), admit.assignment());
        }
        assignment = admit.assignment();
        phase = Phase.ADMITTED;
        admittedAtMillis = nowMillis;
        admissions.add(nowMillis);
        message = "admitted by " + (kaiQueue ? "queue " : "ClusterQueue ") + admit.clusterQueue()
                + (admit.note().isEmpty() ? "" : "; " + admit.note());
        set("QuotaReserved", true, "QuotaReserved", "Quota reserved in ClusterQueue " + admit.clusterQueue(), nowMillis);
        set("Admitted", true, "Admitted", "The workload is admitted", nowMillis);
        conditions.remove("Evicted");
        conditions.remove("Preempted");
        // A promise holds for one admission: one made now replaces an earlier one, none voids it.
        admit.promise().ifPresentOrElse(
                p -> set(BackfillPromiseCondition.TYPE, true, BackfillPromiseCondition.REASON,
                        BackfillPromiseCondition.message(p), nowMillis),
                () -> conditions.remove(BackfillPromiseCondition.TYPE));
    }

    private void reserved(Decision.ReserveQuota reserve, long nowMillis) {
        holdQuota(reserve.clusterQueue(), reserve.assignment());
        phase = Phase.QUOTA_RESERVED;
        String checks = String.join(", ", reserve.checks());
        message = "quota reserved in ClusterQueue " + reserve.clusterQueue() + "; waiting for admission checks " + checks;
        set("QuotaReserved", true, "QuotaReserved", "Quota reserved in ClusterQueue " + reserve.clusterQueue(), nowMillis);
        set("Admitted", false, "UnsatisfiedChecks", "waiting for admission checks " + checks, nowMillis);
    }

    private void holdQuota(String queue, Assignment held) {
        clusterQueue = queue;
        assignment = held;
        reservations++;
    }

    /**
     * An eviction. As in Kueue, the quota of a job whose pods may still run ({@code podsStillRun}: a
     * job being stopped) is given back only once they have stopped ({@link #released}): until then
     * QuotaReserved stays true, and Admitted too unless the admission came after admission checks.
     * Kueue's eviction (evict.prepareForEviction) sets Evicted and puts the checks back to Pending,
     * which alone turns Admitted false (workload.SyncAdmittedCondition); QuotaReserved and Admitted
     * go false together when the job reconciler, having stopped the job, finds it no longer active
     * (workload.UnsetQuotaReservationWithCondition). Without pods to wait for, both steps are one.
     */
    public void evicted(Decision.Evict evict, long nowMillis, boolean podsStillRun) {
        phase = Phase.PENDING;
        admittedAtMillis = null;
        message = evict.message();
        evictions.add(new Eviction(nowMillis, evict.reason().kueueReason(), evict.detail(),
                evict.preemptor().map(Object::toString).orElse(null)));
        set("Evicted", true, evict.reason().kueueReason(), evict.message(), nowMillis);
        if (evict.reason() == EvictionReason.PREEMPTED) {
            set("Preempted", true, evict.detail(), evict.message(), nowMillis);
        }
        if (podsStillRun) {
            set("QuotaReserved", true, "QuotaReserved",
                    "the quota is given back once the pods of the evicted job have stopped", nowMillis);
            if (admittedAfterChecks) {
                set("Admitted", false, "UnsatisfiedChecks", "the admission checks start again after the eviction", nowMillis);
            }
        } else {
            set("QuotaReserved", false, "Pending", evict.message(), nowMillis);
            set("Admitted", false, "NoReservation", evict.message(), nowMillis);
        }
        conditions.remove("PodsReady");
        conditions.remove(BackfillPromiseCondition.TYPE);
    }

    /** Kueue's QuotaReserved=False reasons say why (WaitingForQuota, Misconfigured, ...), see {@link Pending}. */
    private void waiting(Pending why, long nowMillis) {
        message = why.message();
        lastWait = why;
        if (phase == Phase.PENDING) {
            set("QuotaReserved", false, why.why().kueueReason(), why.message(), nowMillis);
        }
    }

    /**
     * Why it waited last (its kind, sentence and the figures of what it lacked); empty before it
     * first waited. Only meaningful while it waits: an admission does not clear it.
     */
    public java.util.Optional<Pending> lastWait() {
        return java.util.Optional.ofNullable(lastWait);
    }

    /** The pods of an evicted workload have stopped: it holds no quota and waits again. */
    public void released(long nowMillis) {
        set("QuotaReserved", false, "Pending", message, nowMillis);
        set("Admitted", false, "NoReservation", message, nowMillis);
    }

    /** All admitted pods run (Kueue's PodsReady). */
    public void podsReady(long nowMillis) {
        set("PodsReady", true, "PodsReady", "all pods of the workload run", nowMillis);
    }

    /** The job finished; {@code why} is the report's message (how long it ran, or that it finished). */
    public void finished(long nowMillis, String why) {
        phase = Phase.FINISHED;
        finishedAtMillis = nowMillis;
        message = why;
        set("Finished", true, "Succeeded", "the job finished", nowMillis);
        set("Admitted", false, "NoReservation", "the job finished", nowMillis);
        set("QuotaReserved", false, "NoReservation", "the job finished", nowMillis);
        conditions.remove(BackfillPromiseCondition.TYPE);
    }

    /** A message from outside the engine's decisions (a check controller, an unmanaged job); conditions stay. */
    public void say(String why) {
        message = why;
    }

    /**
     * Conditions recorded earlier (a restarted operator reads its Workload object), taken as they
     * were, with their transition times.
     */
    public void recorded(List<Condition> recorded) {
        recorded.forEach(c -> conditions.put(c.type(), c));
    }

    /**
     * Quota taken over as it was held before (an admission or reservation a restarted operator
     * finds recorded, or keeps across an engine rebuild): no decision was taken, so no condition changes.
     */
    public void tookOver(Phase held, String queue, Assignment assignment, long admittedAt) {
        phase = held;
        clusterQueue = queue;
        this.assignment = assignment;
        admittedAtMillis = admittedAt;
    }

    /** The workload queues again without a decision (a taken-over quota could not be held): it is pending. */
    public void queuedAgain() {
        phase = Phase.PENDING;
    }

    private void set(String type, boolean status, String reason, String text, long nowMillis) {
        Condition old = conditions.get(type);
        long since = old != null && old.status() == status ? old.lastTransitionMillis() : nowMillis;
        conditions.put(type, new Condition(type, status, reason, text, since));
    }

    public Phase phase() {
        return phase;
    }

    /** The ClusterQueue (or KAI queue) that reserved quota last; kept after an eviction for reports. */
    public String clusterQueue() {
        return clusterQueue;
    }

    /**
     * The last assignment: in force while the phase is QUOTA_RESERVED or ADMITTED; kept afterwards
     * so that a report can say what a finished workload ran with. Null before the first reservation.
     */
    public Assignment assignment() {
        return assignment;
    }

    /** When each admission happened, first to last. */
    public List<Long> admissionsAtMillis() {
        return List.copyOf(admissions);
    }

    public Optional<Long> admittedAtMillis() {
        return Optional.ofNullable(admittedAtMillis);
    }

    public Optional<Long> finishedAtMillis() {
        return Optional.ofNullable(finishedAtMillis);
    }

    /** Quota reservations so far: 1 for the first admission, one more after each eviction and readmission. */
    public int reservations() {
        return reservations;
    }

    public String message() {
        return message;
    }

    /** The conditions in the order each was first set. */
    public List<Condition> conditions() {
        return List.copyOf(conditions.values());
    }

    /**
     * The backfill promise the workload was admitted on, as its condition records it (made by this
     * status, or recorded by an earlier leader and read back with {@link #recorded}).
     *
     * @throws IllegalArgumentException naming the condition, when its message is not one Muster wrote
     */
    public Optional<dev.muster.core.admission.BackfillPromise> backfillPromise(dev.muster.core.model.ObjectKey workload) {
        Condition c = conditions.get(BackfillPromiseCondition.TYPE);
        return c == null || !c.status() ? Optional.empty() : Optional.of(BackfillPromiseCondition.read(workload, c));
    }

    public Optional<Condition> condition(String type) {
        return Optional.ofNullable(conditions.get(type));
    }

    public List<Eviction> evictions() {
        return List.copyOf(evictions);
    }
}
