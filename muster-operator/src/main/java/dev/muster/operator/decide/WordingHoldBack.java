package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.PriorityQueue;

/**
 * Holds back a Workload status that differs from the one sent last only in its conditions'
 * messages: a waiting workload's figures (how much its queue has free, how much is in use) move
 * with every admission in its cohort, and each move was a status write. Such a status is sent at
 * most once per {@link #INTERVAL_MILLIS}; the latest words go out when the interval ends. A change
 * of anything else (a condition's status or reason, the admission) is sent at once, as before.
 *
 * <p>Kueue writes a pending workload's message whenever it changed, but only for the workloads its
 * scheduler looked at in a cycle (one head per ClusterQueue); Muster words every waiting workload
 * after every cycle that touched it, so without this it wrote 2.4 Pending statuses per small
 * workload of Kueue's {@code baseline} shape (OperatorPerfReplay, 2026-11-27).
 */
final class WordingHoldBack {

    /** At most one change of words per workload in this long: figures at most thirty seconds old. */
    static final long INTERVAL_MILLIS = 30_000;

    private record Held(long dueMillis, long seq, TrackedJob job) {
    }

    private final PriorityQueue<Held> held = new PriorityQueue<>(
            Comparator.comparingLong(Held::dueMillis).thenComparingLong(Held::seq));

    /** The status without its conditions' messages: what must be sent at once when it changed. */
    static String shape(ObjectNode status) {
        ObjectNode copy = status.deepCopy();
        for (JsonNode c : copy.path("conditions")) {
            ((ObjectNode) c).remove("message");
        }
        return copy.toString();
    }

    /**
     * Whether a status of this shape may be sent now; if not, the job is held until its interval
     * ends and {@link #due} gives it back then.
     */
    boolean sendNow(TrackedJob t, String shape, long nowMillis) {
        long due = t.statusWrittenAtMillis() + INTERVAL_MILLIS;
        if (!t.wroteShape(shape) || nowMillis >= due) {
            return true;
        }
        if (!t.wordingHeld) {
            t.wordingHeld = true;
            held.add(new Held(due, t.seq(), t));
        }
        return false;
    }

    /** The jobs whose interval has ended by now, taken out of the hold. */
    List<TrackedJob> due(long nowMillis) {
        List<TrackedJob> out = new ArrayList<>();
        while (!held.isEmpty() && held.peek().dueMillis() <= nowMillis) {
            TrackedJob t = held.poll().job();
            t.wordingHeld = false;
            out.add(t);
        }
        return out;
    }

    /** When the first held status may go; empty when none is held. */
    OptionalLong nextDueMillis() {
        return held.isEmpty() ? OptionalLong.empty() : OptionalLong.of(held.peek().dueMillis());
    }
}
