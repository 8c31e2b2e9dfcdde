package dev.muster.operator.twin;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One decision carried out for a workload, as both runs can tell it: when (virtual time) and what.
 * Admissions name the flavors of every pod set and, where pods are placed, the nodes they got.
 */
record Happening(long atMillis, String what) {

    static Happening admitted(long atMillis, Map<String, Map<String, String>> flavorsByPodSet, List<String> podsOnNodes) {
        Map<String, Map<String, String>> sorted = new TreeMap<>();
        flavorsByPodSet.forEach((podSet, flavors) -> sorted.put(podSet, new TreeMap<>(flavors)));
        List<String> places = podsOnNodes.stream().sorted().toList();
        return new Happening(atMillis, "admitted " + sorted + (places.isEmpty() ? "" : " on " + places));
    }

    /** @param kind Preempted or Evicted, as the operator's event names it */
    static Happening evicted(long atMillis, String kind, String message) {
        return new Happening(atMillis, kind.toLowerCase(java.util.Locale.ROOT) + ": " + message);
    }

    static Happening finished(long atMillis) {
        return new Happening(atMillis, "finished");
    }

    @Override
    public String toString() {
        return atMillis / 1000.0 + "s " + what;
    }
}
