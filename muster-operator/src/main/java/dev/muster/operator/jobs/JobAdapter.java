package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.kube.KubeKind;
import java.util.List;

/**
 * What Muster needs to know and do for one job kind, as Kueue's job framework asks of each
 * integration: whether it is suspended, where its pod templates are, whether it finished, and
 * whether its pods run. Reading pod sets is the manifest readers' job; patching is the
 * {@link JobPatches}'.
 */
public interface JobAdapter {

    KubeKind kind();

    /** Whether {@code spec.suspend} is true. */
    default boolean suspended(JsonNode job) {
        return job.path("spec").path("suspend").asBoolean(false);
    }

    /** The pod template of each pod set, in the order of the workload's pod sets. */
    List<PodTemplatePath> podTemplates(JsonNode job);

    /** The job ran to its end (successfully or not): its quota is given back. */
    boolean finished(JsonNode job);

    /** All its admitted pods run (Kueue's PodsReady condition). */
    boolean podsReady(JsonNode job);
}
