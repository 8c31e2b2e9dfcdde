package dev.muster.operator.twin;

import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.List;
import java.util.Map;

/**
 * What the jobs' controllers (the Job controller, KubeRay) write on a job as its pods come and go:
 * the statuses the operator's job adapters read (pods ready, finished, stopped).
 */
final class JobStatuses {

    private final KubernetesClient client;

    JobStatuses(KubernetesClient client) {
        this.client = client;
    }

    static KubeKind kindOf(String kind) {
        return switch (kind) {
            case "RayJob" -> KubeKind.RAY_JOB;
            case "RayCluster" -> KubeKind.RAY_CLUSTER;
            case "Job" -> KubeKind.BATCH_JOB;
            default -> throw new IllegalArgumentException("not a job kind: " + kind);
        };
    }

    Resource<GenericKubernetesResource> job(TwinWorld.Job job) {
        return client.genericKubernetesResources(kindOf(job.source().kind()).context())
                .inNamespace(job.source().key().namespace()).withName(job.source().key().name());
    }

    /** All its pods run. */
    void podsReady(TwinWorld.Job job) {
        write(job, switch (job.source().kind()) {
            case "RayJob" -> Map.of("rayClusterStatus", Map.of("state", "ready"));
            case "RayCluster" -> Map.of("state", "ready");
            default -> Map.of("ready", job(job).get() == null ? 1 : parallelism(job(job).get()));
        });
    }

    /** Its pods are gone after it was suspended (at once, as in the simulator). */
    void stopped(TwinWorld.Job job) {
        write(job, switch (job.source().kind()) {
            case "RayJob" -> Map.of("jobDeploymentStatus", "Suspended");
            case "RayCluster" -> Map.of("state", "suspended");
            default -> Map.of();
        });
    }

    /** Its run ended; a RayCluster, which never ends by itself, is deleted. */
    void finished(TwinWorld.Job job) {
        switch (job.source().kind()) {
            case "RayJob" -> write(job, Map.of("jobDeploymentStatus", "Complete", "jobStatus", "SUCCEEDED"));
            case "RayCluster" -> job(job).delete();
            default -> write(job, Map.of("succeeded", parallelism(job(job).get()), "conditions",
                    List.of(Map.of("type", "Complete", "status", "True"))));
        }
    }

    static int parallelism(GenericKubernetesResource job) {
        Object spec = job.getAdditionalProperties().get("spec");
        return spec instanceof Map<?, ?> m && m.get("parallelism") instanceof Number n ? n.intValue() : 1;
    }

    /** Writes the status on the job as it is now: the operator may have patched it meanwhile (409), then again. */
    private void write(TwinWorld.Job job, Map<String, Object> status) {
        var inNamespace = client.genericKubernetesResources(kindOf(job.source().kind()).context())
                .inNamespace(job.source().key().namespace());
        for (int attempt = 0; ; attempt++) {
            GenericKubernetesResource live = inNamespace.withName(job.source().key().name()).get();
            if (live == null) {
                return;
            }
            live.setAdditionalProperty("status", status);
            try {
                inNamespace.resource(live).updateStatus();
                return;
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= 20) {
                    throw e;
                }
            }
        }
    }
}
