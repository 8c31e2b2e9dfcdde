package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.queue.Assignment;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.operator.jobs.JobAdapter;
import java.util.LinkedHashMap;
import java.util.Map;

/** A managed job as the decider follows it: the live object, its workload, and what Muster decided for it. */
final class TrackedJob {

    enum State { NEW, INVALID, PENDING, QUOTA_RESERVED, ADMITTED, FINISHED }

    final JobAdapter adapter;
    final ObjectKey key;
    /** The Workload object's key: {@code <kind>-<name>-<hash>} in the job's namespace. */
    final ObjectKey workloadKey;
    JsonNode live;
    WorkloadSource source;
    Workload workload;
    State state = State.NEW;
    /** Queued in a KAI queue (label kai.scheduler/queue): never suspended; its pods wait for Muster to bind them. */
    boolean kai;
    /** Its pods name Muster's scheduler, so Muster places and binds them; otherwise admission is by quota alone. */
    boolean placedByMuster;
    /** Evicted and stopped, but its pods may still run: it keeps its quota until the job says they are gone. */
    boolean releasing;
    String clusterQueue;
    Assignment assignment;
    long admittedAtMillis;
    String message = "";
    /** Conditions by type, in the order first set. */
    final Map<String, Condition> conditions = new LinkedHashMap<>();
    /** Writes that failed and are tried again in the next cycle. */
    boolean suspendPending;
    boolean workloadPending;
    boolean startPending;
    boolean stopPending;
    /** Something in its Workload's status may have changed since it was last written. */
    boolean statusChanged = true;
    /** The status last written, to write only changes. */
    String writtenStatus = "";

    TrackedJob(JobAdapter adapter, ObjectKey key, ObjectKey workloadKey, JsonNode live) {
        this.adapter = adapter;
        this.key = key;
        this.workloadKey = workloadKey;
        this.live = live;
    }

    /** How the decider keys jobs: kind and namespace/name. */
    java.util.List<Object> id() {
        return java.util.List.of(adapter.kind().kind(), key);
    }

    String uid() {
        return live.path("metadata").path("uid").asText("");
    }

    /** Sets a condition; its transition time changes only when its status does. */
    void condition(String type, boolean status, String reason, String message, long nowMillis) {
        statusChanged = true;
        Condition old = conditions.get(type);
        long since = old != null && old.status() == status ? old.lastTransitionMillis() : nowMillis;
        conditions.put(type, new Condition(type, status, reason, message, since));
    }
}
