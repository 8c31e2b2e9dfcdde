package dev.muster.api.ray;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.kueue.WorkloadReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.KubernetesNames;
import dev.muster.api.validation.RayRules;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.RayWorkerGroup;
import dev.muster.core.model.PodSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a KubeRay RayCluster spec (a RayCluster's {@code spec}, a RayJob's {@code spec.rayClusterSpec})
 * into pod sets the way Kueue's Ray integration does: {@code head} with one pod, and one pod set per
 * worker group named after its {@code groupName} with {@code replicas x numOfHosts} pods.
 */
final class RayClusterSpecReader {

    static final String HEAD = "head";

    private RayClusterSpecReader() {
    }

    static RayClusterShape read(Field clusterSpec) {
        List<PodSetDraft> podSets = new ArrayList<>();
        List<RayWorkerGroup> groups = new ArrayList<>();
        clusterSpec.requireObject();
        RayRules.clusterSpec(clusterSpec);

        Field headTemplate = clusterSpec.get("headGroupSpec").get("template");
        if (headTemplate.require()) {
            PodTemplate head = PodTemplateReader.read(headTemplate);
            podSets.add(new PodSetDraft(PodSet.of(HEAD, 1, head.requests()), head, headTemplate));
        }

        Map<String, String> podSetOwners = new HashMap<>();
        podSetOwners.put(HEAD, "the head");
        Field workersField = clusterSpec.get("workerGroupSpecs");
        for (Field group : workersField.items()) {
            if (!group.requireObject()) {
                group.require();
                continue;
            }
            Field groupNameField = group.get("groupName");
            String groupName = groupNameField.requiredString();
            // Kueue names the pod set after the group, in lower case.
            String podSetName = groupName.toLowerCase(Locale.ROOT);
            if (!groupName.isEmpty()) {
                Optional<String> problem = KubernetesNames.labelProblem(podSetName);
                problem.ifPresent(p -> groupNameField.error(p + " (it names the group's pod set)"));
                String owner = podSetOwners.putIfAbsent(podSetName, groupNameField.path());
                if (owner != null) {
                    groupNameField.error("\"" + groupName + "\" names the same pod set as " + owner
                            + "; every worker group needs its own name, and \"head\" is taken");
                }
            }
            int replicas = count(group.get("replicas"), 1, 0);
            int minReplicas = count(group.get("minReplicas"), 0, 0);
            Field maxField = group.get("maxReplicas");
            int maxReplicas = count(maxField, Integer.MAX_VALUE, 0);
            int numOfHosts = count(group.get("numOfHosts"), 1, 1);
            boolean suspended = group.get("suspend").bool(false);
            if (minReplicas > maxReplicas) {
                group.get("minReplicas").error("must not exceed maxReplicas (" + maxReplicas + "), got " + minReplicas);
            }
            Field template = group.get("template");
            if (!template.require() || groupName.isEmpty()) {
                continue;
            }
            PodTemplate t = PodTemplateReader.read(template);
            groups.add(new RayWorkerGroup(podSetName, replicas, minReplicas, maxReplicas, numOfHosts, suspended));
            // Kueue makes one pod set per worker group, suspended or not, and reserves its quota
            // (KubeRay documents suspend as internal); only KAI's gang minimum counts it as 0.
            long pods = (long) replicas * numOfHosts;
            if (pods > Integer.MAX_VALUE) {
                group.get("replicas").error("replicas x numOfHosts is too large (" + pods + " pods)");
                continue;
            }
            podSets.add(new PodSetDraft(PodSet.of(podSetName, (int) pods, t.requests()), t, template));
        }
        boolean autoscaling = clusterSpec.get("enableInTreeAutoscaling").bool(false);
        return new RayClusterShape(podSets, groups, autoscaling);
    }

    /** Checks Kueue's limit on pod sets, counting the ones a RayJob adds on top. */
    static void checkPodSetLimit(Field workersField, int podSets) {
        if (podSets > WorkloadReader.MAX_POD_SETS) {
            workersField.error("gives " + podSets + " pod sets; Kueue admits at most " + WorkloadReader.MAX_POD_SETS
                    + " per workload (the head and the submitter count)");
        }
    }

    private static int count(Field f, int defaultValue, int min) {
        Optional<Integer> v = f.int32();
        if (v.isPresent() && v.get() < min) {
            f.error("must be at least " + min + ", got " + v.get());
            return defaultValue;
        }
        return v.orElse(defaultValue);
    }
}
