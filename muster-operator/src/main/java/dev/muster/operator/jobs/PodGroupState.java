package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Where a plain pod group stands, from its pods: held by the admission gate, all running, or
 * ended (every pod Succeeded or Failed).
 */
record PodGroupState(boolean gated, boolean running, boolean ended) {

    static PodGroupState of(List<JsonNode> pods) {
        boolean gated = false;
        boolean running = true;
        boolean ended = true;
        for (JsonNode p : pods) {
            for (JsonNode g : p.path("spec").path("schedulingGates")) {
                gated |= PodGroups.GATE.equals(g.path("name").asText());
            }
            String phase = p.path("status").path("phase").asText("Pending");
            running &= phase.equals("Running") || phase.equals("Succeeded");
            ended &= phase.equals("Succeeded") || phase.equals("Failed");
        }
        return new PodGroupState(gated, running, ended);
    }

    String text() {
        return (gated ? "gated" : "ungated") + "," + (running ? "running" : "starting") + "," + (ended ? "ended" : "live");
    }

    static PodGroupState parse(String text) {
        return new PodGroupState(text.contains("gated") && !text.contains("ungated"), text.contains("running"), text.contains("ended"));
    }
}
