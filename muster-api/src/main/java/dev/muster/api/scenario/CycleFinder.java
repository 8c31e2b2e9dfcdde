package dev.muster.api.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Finds loops in a parent relation (cohorts, KAI queues), each reported once. */
final class CycleFinder {

    private CycleFinder() {
    }

    /**
     * @param order   the nodes in declaration order; a cycle is reported from its earliest member
     * @param parents each node's parent, for the nodes that have one
     * @return every cycle as the path around it, starting and ending at its earliest member
     */
    static List<List<String>> cycles(List<String> order, Map<String, String> parents) {
        List<List<String>> out = new ArrayList<>();
        Set<String> done = new HashSet<>();
        for (String start : order) {
            List<String> path = new ArrayList<>();
            String current = start;
            while (current != null && !done.contains(current) && !path.contains(current)) {
                path.add(current);
                current = parents.get(current);
            }
            if (current != null && path.contains(current)) {
                List<String> loop = path.subList(path.indexOf(current), path.size());
                out.add(rotate(loop, order));
            }
            done.addAll(path);
        }
        return out;
    }

    private static List<String> rotate(List<String> loop, List<String> order) {
        String first = loop.stream().min((a, b) -> Integer.compare(order.indexOf(a), order.indexOf(b))).orElseThrow();
        int at = loop.indexOf(first);
        List<String> rotated = new ArrayList<>(loop.subList(at, loop.size()));
        rotated.addAll(loop.subList(0, at));
        rotated.add(first);
        return rotated;
    }
}
