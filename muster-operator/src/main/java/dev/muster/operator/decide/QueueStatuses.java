package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.QueueView;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.util.Map;

/**
 * The status Kueue writes on its queues, and KAI on its own, from the engine's state: what
 * {@code kubectl get clusterqueue}, {@code kubectl get localqueue} and {@code kubectl get queues}
 * show. Pure functions, so that they can be checked without an API server.
 */
final class QueueStatuses {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private QueueStatuses() {
    }

    /** Counts of workloads of one queue: waiting, holding quota, admitted. */
    record Counts(int pending, int reserving, int admitted) {
    }

    /** ClusterQueue status: workload counts, and per flavor and resource what is used and borrowed. */
    static ObjectNode clusterQueue(QueueView cq, Counts counts, String since) {
        ObjectNode status = JSON.objectNode();
        status.put("pendingWorkloads", cq.pendingCount());
        status.put("reservingWorkloads", counts.reserving());
        status.put("admittedWorkloads", counts.admitted());
        Map<String, Map<String, Quantity>> usage = cq.usage();
        ArrayNode reservation = status.putArray("flavorsReservation");
        ArrayNode used = status.putArray("flavorsUsage");
        for (ResourceGroup g : cq.spec().resourceGroups()) {
            for (FlavorQuotas f : g.flavors()) {
                ObjectNode r = reservation.addObject().put("name", f.flavor());
                ObjectNode u = used.addObject().put("name", f.flavor());
                ArrayNode rr = r.putArray("resources");
                ArrayNode ur = u.putArray("resources");
                for (ResourceQuota q : f.resources()) {
                    Quantity total = usage.getOrDefault(f.flavor(), Map.of()).getOrDefault(q.resource(), Quantity.ZERO);
                    Quantity borrowed = Quantity.ofMilli(Math.max(0, total.milli() - q.nominal().milli()));
                    for (ArrayNode list : new ArrayNode[] {rr, ur}) {
                        list.addObject().put("name", q.resource()).put("total", total.format(q.resource()))
                                .put("borrowed", borrowed.format(q.resource()));
                    }
                }
            }
        }
        condition(status.putArray("conditions"), "Active", true, "Ready", "Can admit new workloads", since);
        return status;
    }

    /** LocalQueue status: its workloads' counts. */
    static ObjectNode localQueue(Counts counts, boolean clusterQueueExists, String since) {
        ObjectNode status = JSON.objectNode();
        status.put("pendingWorkloads", counts.pending());
        status.put("reservingWorkloads", counts.reserving());
        status.put("admittedWorkloads", counts.admitted());
        condition(status.putArray("conditions"), "Active", clusterQueueExists,
                clusterQueueExists ? "Ready" : "ClusterQueueDoesNotExist",
                clusterQueueExists ? "Can submit new workloads to the ClusterQueue" : "The ClusterQueue does not exist", since);
        return status;
    }

    /** KAI Queue status: what it has allocated, and its fair share, per resource. */
    static ObjectNode kaiQueue(String name, Engine engine) {
        ObjectNode status = JSON.objectNode();
        ObjectNode allocated = status.putObject("allocated");
        engine.usageOfNode(name).values().forEach(resources -> resources.forEach((r, q) -> allocated.put(r, q.format(r))));
        ObjectNode fairShare = status.putObject("fairShare");
        engine.fairShare(name).forEach((r, milli) -> fairShare.put(r, Quantity.ofMilli(milli).format(r)));
        return status;
    }

    /** A condition; {@code since} is when the decider started (the queues' state is rebuilt then). */
    private static void condition(ArrayNode conditions, String type, boolean status, String reason, String message,
            String since) {
        conditions.addObject().put("type", type).put("status", status ? "True" : "False").put("reason", reason)
                .put("message", message).put("lastTransitionTime", since);
    }
}
