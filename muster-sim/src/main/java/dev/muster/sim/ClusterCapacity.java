package dev.muster.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.quantity.Quantity;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the cluster's nodes can hold, per resource: the capacity KAI divides among its queues.
 * Without nodes it is unknown, and queues are bounded by their quotas and limits only.
 */
final class ClusterCapacity {

    private ClusterCapacity() {
    }

    static Map<String, Long> of(Scenario scenario) {
        Map<String, Long> total = new TreeMap<>();
        for (DeclaredObject node : scenario.otherObjects("Node")) {
            JsonNode allocatable = node.body().path("status").path("allocatable");
            allocatable.fieldNames().forEachRemaining(r ->
                    total.merge(r, Quantity.parse(allocatable.get(r).asText()).milli(), Long::sum));
        }
        return total;
    }
}
