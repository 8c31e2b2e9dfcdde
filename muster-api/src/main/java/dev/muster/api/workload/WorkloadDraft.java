package dev.muster.api.workload;

import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import java.util.List;
import java.util.Optional;

/**
 * A workload-owning object (RayJob, RayCluster, Job, Pod, Workload) as read from its document,
 * before the references it makes are checked against the rest of the scenario.
 *
 * @param localQueue            the Kueue LocalQueue it names (in its own namespace)
 * @param kaiQueue              the KAI Queue it names
 * @param explicitPriority      a priority written as a number (a Workload's {@code spec.priority})
 * @param priorityClass         the class named for the workload as a whole: the
 *                              {@code kueue.x-k8s.io/priority-class} label, or a Workload's class reference
 * @param podPriorityClass      the first {@code priorityClassName} of its pod templates
 */
public record WorkloadDraft(
        ManifestObject object,
        Optional<Reference> localQueue,
        Optional<Reference> kaiQueue,
        Optional<Integer> explicitPriority,
        Optional<PriorityClassReference> priorityClass,
        Optional<Reference> podPriorityClass,
        List<PodSetDraft> podSets,
        List<RayWorkerGroup> rayWorkerGroups) {

    public WorkloadDraft {
        podSets = List.copyOf(podSets);
        rayWorkerGroups = List.copyOf(rayWorkerGroups);
    }

    /**
     * The draft of a job-like object (everything but a Workload), whose queue and priority come
     * from labels on the object and from its pod templates, as Kueue's and KAI's integrations read them.
     */
    public static WorkloadDraft ofJob(ManifestObject object, List<PodSetDraft> podSets, List<RayWorkerGroup> groups) {
        return new WorkloadDraft(
                object,
                WorkloadLabels.localQueue(object),
                WorkloadLabels.kaiQueue(object, podSets),
                Optional.empty(),
                WorkloadLabels.workloadPriorityClass(object),
                WorkloadLabels.podPriorityClass(podSets),
                podSets,
                groups);
    }
}
