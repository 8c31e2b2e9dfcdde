package dev.muster.api.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.PlacementHints;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a validated pod template into placement hints: node selector, tolerations, KAI's GPU
 * sharing annotations, and the required node affinity (operators In, NotIn, Exists,
 * DoesNotExist; Gt and Lt are not modelled and make a term match nothing, which is safe).
 */
public final class PlacementHintsReader {

    public static final String GPU_MEMORY = "gpu-memory";

    private PlacementHintsReader() {
    }

    public static PlacementHints of(PodTemplate t) {
        long fraction = t.gpuFraction().map(f -> f.movePointRight(3).setScale(0, java.math.RoundingMode.CEILING)
                .longValueExact()).orElse(0L);
        long memory = 0;
        String mem = t.annotations().get(GPU_MEMORY);
        if (mem != null) {
            try {
                memory = new BigDecimal(mem.strip()).setScale(0, java.math.RoundingMode.CEILING).longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                memory = 0; // validated where annotations are read; an odd value asks for nothing here
            }
        }
        if (t.nodeSelector().isEmpty() && t.tolerations().isEmpty() && fraction == 0 && memory == 0
                && affinityTerms(t.raw()).isEmpty()) {
            return PlacementHints.NONE;
        }
        return new PlacementHints(t.nodeSelector(), affinityTerms(t.raw()), t.tolerations(), fraction, memory);
    }

    private static List<LabelSelector> affinityTerms(JsonNode template) {
        JsonNode terms = template.path("spec").path("affinity").path("nodeAffinity")
                .path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms");
        List<LabelSelector> out = new ArrayList<>();
        for (JsonNode term : terms) {
            if (term.path("matchExpressions").isEmpty() && term.path("matchFields").isEmpty()) {
                out.add(LabelSelector.NOTHING); // Kubernetes: an empty node selector term matches no node
                continue;
            }
            List<LabelSelector.Requirement> requirements = new ArrayList<>();
            for (JsonNode e : term.path("matchExpressions")) {
                List<String> values = new ArrayList<>();
                e.path("values").forEach(v -> values.add(v.asText()));
                String op = e.path("operator").asText("");
                requirements.add(new LabelSelector.Requirement(e.path("key").asText(""),
                        List.of("In", "NotIn", "Exists", "DoesNotExist").contains(op) ? op : "Unsupported", values));
            }
            out.add(LabelSelector.of(Map.of(), requirements));
        }
        return out;
    }
}
