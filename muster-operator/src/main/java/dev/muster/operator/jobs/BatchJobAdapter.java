package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.kube.KubeKind;
import java.util.List;

/** A {@code batch/v1} Job: one pod set, {@code main}; finished on a Complete or Failed condition. */
public final class BatchJobAdapter implements JobAdapter {

    @Override
    public KubeKind kind() {
        return KubeKind.BATCH_JOB;
    }

    @Override
    public List<PodTemplatePath> podTemplates(JsonNode job) {
        return List.of(new PodTemplatePath("main", "/spec/template"));
    }

    @Override
    public boolean finished(JsonNode job) {
        for (JsonNode c : job.path("status").path("conditions")) {
            String type = c.path("type").asText();
            if ((type.equals("Complete") || type.equals("Failed")) && c.path("status").asText().equals("True")) {
                return true;
            }
        }
        return false;
    }

    /** Pods of a suspended Job are deleted by the Job controller; until then {@code status.active} counts them. */
    @Override
    public boolean active(JsonNode job) {
        return job.path("status").path("active").asInt(0) > 0;
    }

    @Override
    public boolean podsReady(JsonNode job) {
        int parallelism = job.path("spec").path("parallelism").asInt(1);
        return job.path("status").path("ready").asInt(0) + job.path("status").path("succeeded").asInt(0) >= parallelism;
    }
}
