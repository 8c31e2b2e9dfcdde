package dev.muster.core.placement;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A small number for each resource name, the same for the life of the process, so that a node's
 * free amount of a resource is an array index away. Placement asks a node about a pod's requests
 * for every node it weighs; comparing names there was the largest single cost of a placement loop
 * over a thousand nodes (docs/performance.md, "The engine at scale").
 *
 * <p>Numbers are handed out in the order names are first seen; they are only indexes, never an
 * order anything is decided in, so decisions do not depend on them. Names come from manifests, so
 * there are as many as the inputs have distinct resource names.
 */
final class ResourceNames {

    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();

    /** The number of cpu, which the scorers read for every node. */
    static final int CPU = id("cpu");

    private ResourceNames() {
    }

    static int id(String name) {
        Integer id = IDS.get(name);
        if (id != null) {
            return id;
        }
        synchronized (IDS) {
            return IDS.computeIfAbsent(name, n -> IDS.size());
        }
    }
}
