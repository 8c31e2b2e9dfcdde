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
            out.add(new PodTemplatePath(groups.get(i).path("groupName").asText(), pointer + "/workerGroupSpecs/" + i + "/template"));
        }
        return out;
    }

    @Override
    public boolean finished(JsonNode cluster) {
        return false;
    }

    @Override
    public boolean podsReady(JsonNode cluster) {
        return "ready".equals(cluster.path("status").path("state").asText(""));
    }
}
