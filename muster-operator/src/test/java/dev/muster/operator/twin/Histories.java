package dev.muster.operator.twin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What happened to each workload of a run, in order, by {@code Kind/namespace/name}. */
final class Histories {

    private final Map<String, List<Happening>> byWorkload = new TreeMap<>();

    synchronized void add(String workload, Happening happening) {
        byWorkload.computeIfAbsent(workload, w -> new ArrayList<>()).add(happening);
    }

    /** The last happening of {@code workload}; null if none. */
    synchronized Happening last(String workload) {
        List<Happening> list = byWorkload.get(workload);
        return list == null || list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** Replaces the last happening of {@code workload} (there is one). */
    synchronized void replaceLast(String workload, Happening happening) {
        List<Happening> list = byWorkload.get(workload);
        list.set(list.size() - 1, happening);
    }

    synchronized Map<String, List<Happening>> asMap() {
        Map<String, List<Happening>> copy = new TreeMap<>();
        byWorkload.forEach((w, list) -> copy.put(w, List.copyOf(list)));
        return copy;
    }

    /** The workloads whose histories differ, each with both: empty when the runs are twins. */
    static List<String> differences(Histories simulator, Histories operator) {
        Map<String, List<Happening>> sim = simulator.asMap();
        Map<String, List<Happening>> op = operator.asMap();
        java.util.SortedSet<String> workloads = new java.util.TreeSet<>(sim.keySet());
        workloads.addAll(op.keySet());
        List<String> out = new ArrayList<>();
        for (String w : workloads) {
            List<Happening> s = sim.getOrDefault(w, List.of());
            List<Happening> o = op.getOrDefault(w, List.of());
            if (!s.equals(o)) {
                out.add(w + "\n    simulator: " + s + "\n    operator:  " + o);
            }
        }
        return out;
    }
}
