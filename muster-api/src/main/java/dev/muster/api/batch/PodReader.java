package dev.muster.api.batch;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.KubernetesSchema;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.core.model.PodSet;
import java.util.List;

/** Reads a plain Pod: a workload of one pod set {@code main} with one pod. */
public final class PodReader {

    private PodReader() {
    }

    public static WorkloadDraft read(ManifestObject object) {
        object.root().rejectUnknownFields(KubernetesSchema.OBJECT);
        // A Pod has the shape of a pod template: metadata and spec at the top.
        PodTemplate pod = PodTemplateReader.read(object.root(), object.meta().labels(), object.meta().annotations());
        PodSet podSet = PodSet.of(JobReader.MAIN, 1, pod.requests());
        return WorkloadDraft.ofJob(object, List.of(new PodSetDraft(podSet, pod, object.root())), List.of());
    }
}
