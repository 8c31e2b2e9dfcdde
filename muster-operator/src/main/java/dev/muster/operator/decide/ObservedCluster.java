package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.config.LiveManifests;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the informers showed of the cluster besides jobs, pods and nodes: configuration objects,
 * Workload objects (on a restart their status tells what was admitted), ProvisioningRequests; and
 * whether everything listed at the start has arrived. Used on the decider's thread only.
 */
final class ObservedCluster {

    private final Map<String, JsonNode> configurationObjects = new TreeMap<>();
    private final Map<ObjectKey, JsonNode> workloadObjects = new HashMap<>();
    /** ProvisioningRequests as the API has them: a new leader takes over those of reservations in force. */
    private final Map<ObjectKey, JsonNode> provisioningRequests = new HashMap<>();
    private final List<Runnable> heldBack = new ArrayList<>();
    private boolean configurationChanged;
    private boolean primed;

    /** A queue, flavor, priority class, namespace or node was added or changed. */
    void configurationObject(JsonNode object) {
        JsonNode before = configurationObjects.put(id(object), object);
        // An informer's first event repeats what was listed at the start: no change, no new engine.
        if (before == null || !LiveManifests.manifest(before).equals(LiveManifests.manifest(object))) {
            configurationChanged = true;
        }
    }

    void configurationObjectDeleted(JsonNode object) {
        configurationObjects.remove(id(object));
        configurationChanged = true;
    }

    /** Something the engine is built from changed (nodes being watched, the nodes' capacity for KAI). */
    void configurationChanged() {
        configurationChanged = true;
    }

    /**
     * Whether the configuration is to be read again, once: not before everything listed at the
     * start has arrived, when it may be incomplete.
     */
    boolean takeConfigurationChange() {
        if (!configurationChanged || !primed) {
            return false;
        }
        configurationChanged = false;
        return true;
    }

    Collection<JsonNode> configurationObjects() {
        return configurationObjects.values();
    }

    void workloadObject(JsonNode workload) {
        workloadObjects.put(key(workload), workload);
    }

    /** The Workload object of this key as last seen, or null. */
    void workloadObjectDeleted(JsonNode workload) {
        workloadObjects.remove(key(workload));
    }

    JsonNode workloadObject(ObjectKey key) {
        return workloadObjects.get(key);
    }

    void provisioningRequest(JsonNode request) {
        provisioningRequests.put(key(request), request);
    }

    Collection<JsonNode> provisioningRequests() {
        return provisioningRequests.values();
    }

    /**
     * An action that must wait until everything in the cluster at the start has been seen: a job
     * seen before its Workload object could otherwise be admitted a second time after a restart.
     */
    Runnable whenPrimed(Runnable action) {
        return () -> {
            if (primed) {
                action.run();
            } else {
                heldBack.add(action);
            }
        };
    }

    /** Everything listed at the start has arrived: what was held back runs now, in order. */
    void primed() {
        primed = true;
        heldBack.forEach(Runnable::run);
        heldBack.clear();
    }

    static ObjectKey key(JsonNode o) {
        return new ObjectKey(o.path("metadata").path("namespace").asText(""), o.path("metadata").path("name").asText());
    }

    private static String id(JsonNode o) {
        return o.path("kind").asText() + "/" + key(o);
    }
}
