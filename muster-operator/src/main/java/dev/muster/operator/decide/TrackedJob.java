package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.queue.Assignment;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.status.WorkloadStatus;
import dev.muster.operator.jobs.JobAdapter;
import java.util.Comparator;
import java.util.List;

/** A managed job as the decider follows it: the live object, its workload, and what Muster decided for it. */
final class TrackedJob {

    enum State { NEW, INVALID, PENDING, QUOTA_RESERVED, ADMITTED, FINISHED }

    /** Told when something its Workload's status or its queues' statuses show may have changed. */
    interface Changes {
        void changed(TrackedJob job);
    }

    /** The order jobs were first seen in: statuses are written, and failed writes tried again, in it. */
    static final Comparator<TrackedJob> FIRST_SEEN = Comparator.comparingLong(t -> t.seq);

    private final long seq;
    private final Changes changes;
    final JobAdapter adapter;
    final ObjectKey key;
    /** The Workload object's key: {@code <kind>-<name>-<hash>} in the job's namespace. */
    final ObjectKey workloadKey;
    JsonNode live;
    WorkloadSource source;
    private Workload workload;
    private State state = State.NEW;
    /** Queued in a KAI queue (label kai.scheduler/queue): never suspended; its pods wait for Muster to bind them. */
    boolean kai;
    /** Its pods name Muster's scheduler, so Muster places and binds them; otherwise admission is by quota alone. */
    boolean placedByMuster;
    /** Evicted and stopped, but its pods may still run: it keeps its quota until the job says they are gone. */
    boolean releasing;
    /** Deleted: writes of it still under way that fail are not owed. */
    boolean gone;
    /**
     * It finished with no Workload object (deleted, or never made as it ran before any controller
     * saw it): no status is written (none would be taken), as Kueue leaves a finished job without
     * a Workload; until one is made again.
     */
    boolean workloadObjectGone;
    /** Its latest start, withdrawn if it is evicted before the start went out. */
    dev.muster.operator.write.WriteLanes.Ticket start;
    /**
     * Whether the status written last (by its lane) shows it admitted: its start goes out only
     * then, so that a job never runs while its Workload does not say it is admitted (written
     * from the lane's thread).
     */
    volatile boolean admissionRecorded;
    /**
     * A suspension of it was sent and is not written yet (cleared on the decider's thread once the
     * lane tells it is): a job found running without an admission enters the engine only after
     * that ({@link JobIntake}).
     */
    boolean suspensionUnwritten;
    /**
     * A start of it went out and no stop or suspension succeeded after it (both kept in order by
     * its lane, which sets this from its thread): its pods may run though the decider's view of the
     * job, which lags behind the writes, still shows it suspended. A job evicted with this set is
     * stopped even if its latest start could be withdrawn.
     */
    volatile boolean startWentOut;
    /** The resourceVersion of the view its last refused stop was made on: sent again once the view changed. */
    String stopRefusedOn;
    /** When its last refused stop is sent again though the view has not changed (it may have failed for another reason). */
    long stopRetryAtMillis;
    /** While its stop (or first-sight suspension) is due and not written: other jobs' starts wait (its pods may still run). */
    dev.muster.operator.write.WriteLanes.Hold stopping;
    String clusterQueue;
    Assignment assignment;
    long admittedAtMillis;
    /** Its conditions (and message), rendered from the engine's decisions by the core, as the simulator's report is. */
    private WorkloadStatus status = new WorkloadStatus(false);
    /** Something in its Workload's status may have changed since it was last written. */
    private boolean statusOutdated = true;
    /** The status sent last showed the job admitted (see {@link StatusesKeptBack}). */
    private boolean sentAdmitted;
    /** The status last written, to write only changes. */
    private String writtenStatus = "";
    /** The status last written without its conditions' messages (see {@link WordingHoldBack}). */
    private String writtenShape = "";
    /** When a status was last written (by the decider's clock). */
    private long statusWrittenAtMillis;
    /** Waiting in {@link WordingHoldBack}'s queue. */
    boolean wordingHeld;

    TrackedJob(long seq, JobAdapter adapter, ObjectKey key, ObjectKey workloadKey, JsonNode live, Changes changes) {
        this.seq = seq;
        this.adapter = adapter;
        this.key = key;
        this.workloadKey = workloadKey;
        this.live = live;
        this.changes = changes;
        changes.changed(this);
    }

    /** Its number in the order jobs were first seen: tells apart two followings of one job (its Workload deleted and made again). */
    long seq() {
        return seq;
    }

    /** How the decider keys jobs: kind and namespace/name. */
    List<Object> id() {
        return List.of(adapter.kind().kind(), key);
    }

    String uid() {
        return live.path("metadata").path("uid").asText("");
    }

    State state() {
        return state;
    }

    boolean is(State s) {
        return state == s;
    }

    void moveTo(State next) {
        state = next;
        changes.changed(this);
    }

    /** Its workload as the engine knows it; null until read against a configuration. */
    Workload workload() {
        return workload;
    }

    void workload(Workload w) {
        workload = w;
        changes.changed(this);
    }

    /** Routed to a KAI queue or not; said once, when it is first seen, before any decision. */
    void inKaiQueue(boolean inKai) {
        kai = inKai;
        status = new WorkloadStatus(inKai);
    }

    WorkloadStatus status() {
        return status;
    }

    /** Changes its status (the change marks it for writing at the end of the cycle). */
    void status(java.util.function.Consumer<WorkloadStatus> change) {
        change.accept(status);
        statusChanged();
    }

    /** Something its Workload's status shows changed (its assignment, say): written at the end of the cycle. */
    void statusChanged() {
        statusOutdated = true;
        changes.changed(this);
    }

    boolean statusOutdated() {
        return statusOutdated;
    }

    /** Whether this status text is the one written last. */
    boolean wrote(String status) {
        return status.equals(writtenStatus);
    }

    /** Whether the status sent last (its write may still be under way) showed the job admitted. */
    boolean sentAdmitted() {
        return sentAdmitted;
    }

    void sentAdmitted(boolean admitted) {
        sentAdmitted = admitted;
    }

    /** The status was sent (its write may still be under way). */
    void statusWritten(String status) {
        writtenStatus = status;
        statusOutdated = false;
    }

    /** The status was sent at {@code nowMillis}; {@code shape} is it without its conditions' messages. */
    void statusWritten(String status, String shape, long nowMillis) {
        statusWritten(status);
        writtenShape = shape;
        statusWrittenAtMillis = nowMillis;
    }

    /** Whether the status sent last had this shape (its conditions' types, statuses and reasons, its admission). */
    boolean wroteShape(String shape) {
        return shape.equals(writtenShape);
    }

    long statusWrittenAtMillis() {
        return statusWrittenAtMillis;
    }

    /** Sending this status failed: if it is still the one sent last, it is to be written again. */
    boolean statusFailed(String status) {
        if (!status.equals(writtenStatus)) {
            return false; // a newer one was sent since
        }
        writtenStatus = "";
        writtenShape = ""; // sent again at the next record, not held back as a change of words
        statusChanged();
        return true;
    }

    @Override
    public String toString() {
        return adapter == null ? key.toString() : adapter.kind().kind() + " " + key;
    }
}
