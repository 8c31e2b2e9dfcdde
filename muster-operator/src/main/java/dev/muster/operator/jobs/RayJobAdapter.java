package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.kube.KubeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * KubeRay's RayJob: pod sets head, one per worker group, and the submitter (K8sJobMode). It is
 * finished when {@code status.jobDeploymentStatus} is Complete or Failed, and its pods run when its
 * RayCluster is ready ({@code status.rayClusterStatus.state}).
 */
public final class RayJobAdapter implements JobAdapter {

    private static final Set<String> ENDED = Set.of("Complete", "Failed");
    private static final Set<String> INACTIVE = Set.of("", "New", "Suspended", "Complete", "Failed");

    @Override
    public KubeKind kind() {
        return KubeKind.RAY_JOB;
    }

    @Override
    public List<PodTemplatePath> podTemplates(JsonNode job) {
        List<PodTemplatePath> out = new ArrayList<>(RayClusterAdapter.clusterTemplates(
                job.path("spec").path("rayClusterSpec"), "/spec/rayClusterSpec"));
        String mode = job.path("spec").path("submissionMode").asText("K8sJobMode");
        if (mode.equals("K8sJobMode")) {
            out.add(new PodTemplatePath("submitter", "/spec/submitterPodTemplate"));
        }
        return out;
    }

    @Override
    public boolean finished(JsonNode job) {
        return ENDED.contains(job.path("status").path("jobDeploymentStatus").asText(""));
    }

    /** Its cluster exists until KubeRay reports the job Suspended (or ended, or not started). */
    @Override
    public boolean active(JsonNode job) {
        return !INACTIVE.contains(job.path("status").path("jobDeploymentStatus").asText(""));
    }

    @Override
    public boolean podsReady(JsonNode job) {
        return "ready".equals(job.path("status").path("rayClusterStatus").path("state").asText(""));
    }
}
