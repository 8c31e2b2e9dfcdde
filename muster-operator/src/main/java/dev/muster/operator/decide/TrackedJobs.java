package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.jobs.JobAdapter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The jobs the decider manages, by job (kind and namespace/name) and by workload, and which of
 * them changed since their statuses were last recorded: the end of a cycle looks at those only.
 */
final class TrackedJobs {

    private final Map<List<Object>, TrackedJob> byId = new LinkedHashMap<>();
    private final Map<ObjectKey, TrackedJob> byWorkload = new HashMap<>();
    /** By the name of its Workload object (known from the start, before its workload is read). */
    private final Map<ObjectKey, TrackedJob> byWorkloadObject = new HashMap<>();
    private final TreeSet<TrackedJob> changed = new TreeSet<>(TrackedJob.FIRST_SEEN);
    private long nextSeq;
    /** Changes of any job since the start: a forecast is made again only when this moved. */
    private long changes;

    /** The job of this id (kind and namespace/name, see {@link TrackedJob#id()}), or null. */
    TrackedJob get(List<Object> id) {
        return byId.get(id);
    }

    boolean contains(List<Object> id) {
        return byId.containsKey(id);
    }

    /** Starts following a job. */
    TrackedJob track(JobAdapter adapter, ObjectKey key, JsonNode live) {
        TrackedJob t = new TrackedJob(nextSeq++, adapter, key, adapter.workloadKey(key), live, this::changed);
        byId.put(t.id(), t);
        byWorkloadObject.put(t.workloadKey, t);
        return t;
    }

    /** Stops following a job; null if it was not followed. */
    TrackedJob remove(List<Object> id) {
        TrackedJob t = byId.remove(id);
        if (t != null) {
            byWorkloadObject.remove(t.workloadKey, t);
            if (t.workload() != null) {
                byWorkload.remove(t.workload().key());
            }
        }
        return t;
    }

    /** The job whose Workload object has this name, or null. */
    TrackedJob ofWorkloadObject(ObjectKey workloadObject) {
        return byWorkloadObject.get(workloadObject);
    }

    /** The job whose workload this is, or null. */
    TrackedJob ofWorkload(ObjectKey workload) {
        return byWorkload.get(workload);
    }

    /** Files the job under its workload's key, for the engine's decisions to find it. */
    void indexWorkload(TrackedJob t) {
        byWorkload.put(t.workload().key(), t);
    }

    /** A new engine: jobs are filed again as they enter it. */
    void clearWorkloadIndex() {
        byWorkload.clear();
    }

    Collection<TrackedJob> all() {
        return Collections.unmodifiableCollection(byId.values());
    }

    private void changed(TrackedJob t) {
        changes++;
        changed.add(t);
    }

    /** How many times jobs changed since the start (a job's state, its workload, something its status shows). */
    long changes() {
        return changes;
    }

    /** Marks a job to be looked at again at the next record (a status write failed). */
    void changedAgain(TrackedJob t) {
        changed.add(t);
    }

    /** The jobs that changed since the last call, in the order they were first seen. */
    List<TrackedJob> drainChanged() {
        List<TrackedJob> out = new ArrayList<>(changed);
        changed.clear();
        return out;
    }
}
