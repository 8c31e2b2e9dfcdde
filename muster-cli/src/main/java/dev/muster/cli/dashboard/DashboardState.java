package dev.muster.cli.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.view.ClusterView;
import java.time.Instant;

/**
 * What {@code /state.json} answers: the view of the queues, the waiting workloads (with their
 * forecasts) and the GPUs ({@link ClusterView}), and where it comes from.
 *
 * @param source {@value #CLUSTER} (muster run) or {@value #SIMULATION} (muster simulate --serve)
 */
public record DashboardState(String source, ClusterView view) {

    public static final String CLUSTER = "cluster";
    public static final String SIMULATION = "simulation";

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    public ObjectNode json() {
        ObjectNode o = JSON.createObjectNode();
        o.put("source", source);
        o.put("atMillis", view.atMillis());
        o.put("at", source.equals(CLUSTER) ? Instant.ofEpochMilli(view.atMillis()).toString() : view.atMillis() / 1000.0 + "s");
        o.set("queues", JSON.valueToTree(view.queues()));
        o.set("waiting", JSON.valueToTree(view.waiting()));
        o.set("nodes", JSON.valueToTree(view.nodes()));
        o.set("forecasts", JSON.valueToTree(view.forecasts()));
        return o;
    }
}
