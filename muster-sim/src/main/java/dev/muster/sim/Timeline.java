package dev.muster.sim;

import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The events of a run in the order they happened: what {@code kubectl get events} would show, with
 * repeats counted as Kubernetes counts them rather than listed again.
 *
 * <p>As client-go's event correlator does (tools/record, with its defaults, which the operator's
 * {@code EventCorrelator} applies to the Events it writes): an event with the same object, type,
 * reason and message as an earlier one is counted on it ({@code count}, {@code lastSeconds}); and
 * once {@value #MAX_SIMILAR} different messages of one reason came on one object, each less than
 * {@link #SIMILAR_WINDOW_MILLIS} after the one before, the rest are counted on one event whose
 * message is "{@value #COMBINED}" and the latest message. Unlike client-go, only events of the same
 * reason <em>in a row</em> on an object are counted together: the report is a history (a RayJob
 * suspended, running, then suspended again keeps three lines in order), where Kubernetes keeps one
 * Event object per message. Without it, a
 * waiting workload whose numbers change every cycle added a line each time: 2,000 RayJobs over one
 * ClusterQueue made a 206 MB report of 522,823 Pending lines.
 */
public final class Timeline {

    /** Different messages of one reason in a row on one object before they are combined (client-go: 10). */
    static final int MAX_SIMILAR = 10;
    /** How long a repeat may come after the last one and still be counted on it (client-go: 10 minutes). */
    static final long SIMILAR_WINDOW_MILLIS = 600_000;
    static final String COMBINED = "(combined from similar events): ";

    private final List<Entry> events = new ArrayList<>();
    /** Per object: the run of events of one type and reason its latest event belongs to. */
    private final Map<String, Run> latest = new HashMap<>();
    private long lastMillis;

    /** One line of the timeline; counts and the last time grow while repeats are counted on it. */
    private static final class Entry {
        final long atMillis;
        final String object;
        final String type;
        final String reason;
        String message;
        int count = 1;
        long lastMillis;

        Entry(long atMillis, String object, String type, String reason, String message) {
            this.atMillis = atMillis;
            this.object = object;
            this.type = type;
            this.reason = reason;
            this.message = message;
            this.lastMillis = atMillis;
        }

        Report.EventReport report() {
            return new Report.EventReport(atMillis / 1000.0, object, type, reason, message, count, lastMillis / 1000.0);
        }
    }

    /**
     * Events of one type and reason in a row on one object: the line each message went to, and the
     * messages seen lately for combining (client-go's aggregator, which forgets them after
     * {@link #SIMILAR_WINDOW_MILLIS} without one).
     */
    private final class Run {
        final String type;
        final String reason;
        final Map<String, Entry> byMessage = new HashMap<>();
        final Set<String> recentMessages = new HashSet<>();
        long recentMillis;
        Entry combined;

        Run(String type, String reason) {
            this.type = type;
            this.reason = reason;
        }

        void add(long atMillis, String object, String message) {
            if (atMillis - recentMillis > SIMILAR_WINDOW_MILLIS) {
                recentMessages.clear();
            }
            recentMessages.add(message);
            recentMillis = atMillis;
            if (recentMessages.size() >= MAX_SIMILAR) {
                if (combined == null) {
                    combined = append(atMillis, object, type, reason, COMBINED + message);
                } else {
                    repeat(combined, atMillis, COMBINED + message);
                }
                return;
            }
            Entry earlier = byMessage.get(message);
            if (earlier == null) {
                byMessage.put(message, append(atMillis, object, type, reason, message));
            } else {
                repeat(earlier, atMillis, message);
            }
        }
    }

    public void add(long atMillis, String object, String type, String reason, String message) {
        lastMillis = Math.max(lastMillis, atMillis);
        Run run = latest.get(object);
        if (run == null || !run.type.equals(type) || !run.reason.equals(reason)) {
            run = new Run(type, reason);
            latest.put(object, run);
        }
        run.add(atMillis, object, message);
    }

    private Entry append(long atMillis, String object, String type, String reason, String message) {
        Entry e = new Entry(atMillis, object, type, reason, message);
        events.add(e);
        return e;
    }

    private static void repeat(Entry e, long atMillis, String message) {
        e.count = e.count == Integer.MAX_VALUE ? e.count : e.count + 1;
        e.lastMillis = atMillis;
        e.message = message;
    }

    /** When the last event happened; 0 before any. */
    long lastMillis() {
        return lastMillis;
    }

    List<Report.EventReport> events() {
        List<Report.EventReport> out = new ArrayList<>(events.size());
        for (Entry e : events) {
            out.add(e.report());
        }
        return out;
    }

    /** {@code head ×1 [cpu: default-flavor], worker ×2 [...]}: counts and flavors, for event messages. */
    public static String describe(Assignment a) {
        List<String> parts = new ArrayList<>();
        for (PodSetAssignment ps : a.podSets()) {
            Map<String, String> flavors = new TreeMap<>(ps.flavors());
            parts.add(ps.name() + " x" + ps.count() + (flavors.isEmpty() ? "" : " " + flavors));
        }
        return String.join(", ", parts);
    }

    public static String duration(long millis) {
        return dev.muster.core.quantity.Durations.text(millis);
    }
}
