package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.kube.KubeKind;
import java.util.ArrayList;
import java.util.List;

/** KubeRay's RayCluster: pod sets head and one per worker group; it never finishes by itself. */
public final class RayClusterAdapter implements JobAdapter {

    @Override
    public KubeKind kind() {
        return KubeKind.RAY_CLUSTER;
    }

    @Override
    public List<PodTemplatePath> podTemplates(JsonNode cluster) {
        return clusterTemplates(cluster.path("spec"), "/spec");
    }

    /** The head's and the worker groups' templates of a RayCluster spec found at {@code pointer}. */
    static List<PodTemplatePath> clusterTemplates(JsonNode clusterSpec, String pointer) {
        List<PodTemplatePath> out = new ArrayList<>();
        out.add(new PodTemplatePath("head", pointer + "/headGroupSpec/template"));
        JsonNode groups = clusterSpec.path("workerGroupSpecs");
        for (int i = 0; i < groups.size(); i++) {
            // muster-api names a worker group's pod set after its groupName in lower case, as Kueue does.
            out.add(new PodTemplatePath(groups.get(i).path("groupName").asText().toLowerCase(java.util.Locale.ROOT),
                    pointer + "/workerGroupSpecs/" + i + "/template"));
        }
        return out;
    }

    @Override
    public boolean finished(JsonNode cluster) {
        return false;
    }

    /** Its pods run until KubeRay has deleted them and reports the cluster suspended. */
    @Override
    public boolean active(JsonNode cluster) {
        JsonNode status = cluster.path("status");
        String state = status.path("state").asText("");
        return !state.equals("suspended") && (state.equals("ready") || status.path("readyWorkerReplicas").asInt(0) > 0
                || status.path("availableWorkerReplicas").asInt(0) > 0);
    }

    @Override
    public boolean podsReady(JsonNode cluster) {
        return "ready".equals(cluster.path("status").path("state").asText(""));
    }
}
