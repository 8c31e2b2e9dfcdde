package dev.muster.api.scenario;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.workload.RayWorkerGroup;
import dev.muster.core.runtime.RuntimeHints;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import java.util.List;
import java.util.Optional;

/**
 * A workload-owning object as the user wrote it (RayJob, RayCluster, Job, Pod or Workload),
 * translated into pod sets. This is what the operator reads of every live job; how the simulator
 * plays the workload in virtual time is not part of it ({@link SimulatedRun}, from the scenario).
 *
 * @param kind              the kind the user created; the report names the workload after it
 * @param key               namespace and final name (a generateName has its suffix already)
 * @param localQueue        the LocalQueue named by {@code kueue.x-k8s.io/queue-name} or {@code spec.queueName}
 * @param kaiQueue          the KAI queue named by the {@code kai.scheduler/queue} label (on the object or a pod template)
 * @param priority          resolved from a WorkloadPriorityClass, a PriorityClass or {@code spec.priority}
 * @param priorityClassName the class the priority came from (including a global default), if any
 * @param podSets           Kueue's pod sets: {@code head}, worker groups and {@code submitter} for Ray,
 *                          {@code main} for a Job or Pod, as written for a Workload
 * @param origin            where it was declared, for messages
 * @param podTemplates      the template of each pod set, in the order of {@code podSets}: labels,
 *                          annotations (KAI's {@code gpu-fraction}), node selector and tolerations
 *                          for placement
 * @param rayWorkerGroups   for a RayJob or RayCluster, every worker group's scaling fields (suspended
 *                          groups too), for KAI's gang minimum; empty for other kinds
 * @param runtimeHints      what the job says about its run time ({@code muster.dev/expected-runtime},
 *                          {@code activeDeadlineSeconds}), for forecasts
 */
public record WorkloadSource(
        String kind,
        ObjectKey key,
        Optional<String> localQueue,
        Optional<String> kaiQueue,
        int priority,
        Optional<String> priorityClassName,
        List<PodSet> podSets,
        SourceLocation origin,
        List<PodTemplate> podTemplates,
        List<RayWorkerGroup> rayWorkerGroups,
        RuntimeHints runtimeHints) {

    public WorkloadSource {
        java.util.Objects.requireNonNull(runtimeHints, "runtimeHints");
        podSets = List.copyOf(podSets);
        podTemplates = List.copyOf(podTemplates);
        rayWorkerGroups = List.copyOf(rayWorkerGroups);
        if (!podTemplates.isEmpty() && podTemplates.size() != podSets.size()) {
            throw new IllegalArgumentException("need one pod template per pod set, or none");
        }
    }

    /** A workload without templates or worker groups, as tests and traces build them. */
    public WorkloadSource(
            String kind,
            ObjectKey key,
            Optional<String> localQueue,
            Optional<String> kaiQueue,
            int priority,
            Optional<String> priorityClassName,
            List<PodSet> podSets,
            SourceLocation origin) {
        this(kind, key, localQueue, kaiQueue, priority, priorityClassName, podSets, origin, List.of(), List.of(),
                RuntimeHints.NONE);
    }

    /**
     * The same workload under another name (objects that differ only in their name read the same):
     * its key and where it was declared change, nothing else.
     */
    public WorkloadSource renamed(ObjectKey newKey, SourceLocation newOrigin) {
        return new WorkloadSource(kind, newKey, localQueue, kaiQueue, priority, priorityClassName, podSets, newOrigin,
                podTemplates, rayWorkerGroups, runtimeHints);
    }

    /** The template of a pod set, when templates are known. */
    public Optional<PodTemplate> template(String podSet) {
        for (int i = 0; i < podTemplates.size(); i++) {
            if (podSets.get(i).name().equals(podSet)) {
                return Optional.of(podTemplates.get(i));
            }
        }
        return Optional.empty();
    }

    /** The Ray worker group a pod set came from. */
    public Optional<RayWorkerGroup> workerGroup(String podSet) {
        return rayWorkerGroups.stream().filter(g -> g.podSet().equals(podSet)).findFirst();
    }
}
