package dev.muster.operator.visibility;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.explain.PendingPosition;
import dev.muster.core.explain.QueuePositions;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Kueue's {@code PendingWorkloadsSummary} (apis/visibility/v1beta1/types.go), field for field and
 * with its JSON names, from a queue's positions: the window {@code offset}, {@code limit} of the
 * ClusterQueue's pending workloads (pkg/visibility/storage/pending_workloads_cq.go) or of those of
 * one LocalQueue (pending_workloads_lq.go, where the offset counts the LocalQueue's workloads).
 */
public final class PendingWorkloadsSummaries {

    public static final String GROUP = "visibility.kueue.x-k8s.io";
    public static final String KIND = "PendingWorkloadsSummary";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PendingWorkloadsSummaries() {
    }

    /** The ClusterQueue's pending workloads from {@code offset}, at most {@code limit}. */
    public static ObjectNode clusterQueue(QueuePositions queue, PendingWorkloadsOptions options, String version) {
        return summary(window(queue.workloads(), options), version);
    }

    /** The pending workloads of the LocalQueue {@code name} of {@code namespace}, from {@code offset}, at most {@code limit}. */
    public static ObjectNode localQueue(QueuePositions queue, String namespace, String name,
            PendingWorkloadsOptions options, String version) {
        return summary(window(queue.inLocalQueue(namespace, name), options), version);
    }

    private static List<PendingPosition> window(List<PendingPosition> all, PendingWorkloadsOptions options) {
        int from = (int) Math.min(options.offset(), all.size());
        int to = (int) Math.min(options.offset() + options.limit(), all.size());
        return all.subList(from, Math.max(from, to));
    }

    private static ObjectNode summary(List<PendingPosition> items, String version) {
        ObjectNode summary = NODES.objectNode();
        summary.put("kind", KIND);
        summary.put("apiVersion", GROUP + "/" + version);
        // What Go writes for a zero ObjectMeta: its creationTimestamp is a struct, which omitempty keeps.
        summary.putObject("metadata").putNull("creationTimestamp");
        ArrayNode out = summary.putArray("items");
        items.forEach(p -> out.add(item(p)));
        return summary;
    }

    private static ObjectNode item(PendingPosition p) {
        ObjectNode item = NODES.objectNode();
        ObjectNode metadata = item.putObject("metadata");
        metadata.put("name", p.workload().name());
        metadata.put("namespace", p.workload().namespace());
        metadata.put("creationTimestamp", rfc3339(p.createdMillis()));
        item.put("priority", p.priority());
        item.put("localQueueName", p.localQueue());
        item.put("positionInClusterQueue", p.positionInClusterQueue());
        item.put("positionInLocalQueue", p.positionInLocalQueue());
        return item;
    }

    /** As metav1.Time writes itself: RFC 3339 in UTC, to the second. */
    static String rfc3339(long millis) {
        return DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochSecond(Math.floorDiv(millis, 1000)));
    }
}
