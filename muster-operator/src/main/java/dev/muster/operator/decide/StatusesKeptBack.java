package dev.muster.operator.decide;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Workload statuses that can wait, kept back while the write lanes are crowded
 * ({@link dev.muster.operator.write.WriteLanes#crowded()}) and sent, in the order they were kept,
 * once there is room. The decider then never waits for room behind a report while admissions are
 * due: the room left goes to the admissions and the starts of their jobs.
 *
 * <p>A status can wait when it reports and decides nothing: a waiting workload's (it holds no quota,
 * and the one sent last did not show it admitted either), or a finished one's (its quota is given
 * back in the engine already; a leader that takes over meanwhile finds its job complete and
 * finishes it too). Never an admission, a reservation of quota or an eviction: what the cluster
 * must see before, or as, what runs changes. A status kept back is the job's latest when it goes,
 * so one that changed again meanwhile is written once.
 */
final class StatusesKeptBack {

    /** How soon the decider looks again for room, when nothing else wakes it. */
    static final long RETRY_MILLIS = 50;

    private final Set<TrackedJob> kept = new LinkedHashSet<>();

    /** Whether the job's status, as it is now, may wait for room. */
    static boolean mayWait(TrackedJob t) {
        return t.is(TrackedJob.State.FINISHED)
                || (t.is(TrackedJob.State.PENDING) || t.is(TrackedJob.State.NEW)) && !t.sentAdmitted();
    }

    void keep(TrackedJob t) {
        kept.add(t);
    }

    /** Takes out the statuses kept back so far, in the order they were kept. */
    List<TrackedJob> takeAll() {
        List<TrackedJob> out = new ArrayList<>(kept);
        kept.clear();
        return out;
    }

    boolean isEmpty() {
        return kept.isEmpty();
    }

    /** When to look for room again; empty if nothing is kept back. */
    OptionalLong nextTryMillis(long nowMillis) {
        return kept.isEmpty() ? OptionalLong.empty() : OptionalLong.of(nowMillis + RETRY_MILLIS);
    }
}
