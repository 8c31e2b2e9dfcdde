package dev.muster.sim;

import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The events of a run in the order they happened: what {@code kubectl get events} would show. */
public final class Timeline {

    private final List<Report.EventReport> events = new ArrayList<>();
    private long lastMillis;

    public void add(long atMillis, String object, String type, String reason, String message) {
        events.add(new Report.EventReport(atMillis / 1000.0, object, type, reason, message));
        lastMillis = Math.max(lastMillis, atMillis);
    }

    /** When the last event happened; 0 before any. */
    long lastMillis() {
        return lastMillis;
    }

    List<Report.EventReport> events() {
        return List.copyOf(events);
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
