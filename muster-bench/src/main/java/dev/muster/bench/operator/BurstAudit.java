package dev.muster.bench.operator;

import dev.muster.core.quantity.Quantity;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import dev.muster.operator.kube.KubeKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state a burst ends in, read from the API server, checked: the quota the Workloads reserve
 * stays within the cohort's (cpu, and GPUs), no Job runs without its Workload admitted, and no node
 * holds bound pods asking more GPUs than it has. In a burst nothing finishes and nothing is evicted
 * (the run counts Jobs suspended again, and says so if any), so what is held only grows: the end
 * state is the most that was ever held.
 *
 * @param workloads        Workload objects
 * @param admitted         of those, Admitted=True
 * @param reservedMilli    quota reserved by Workloads with QuotaReserved=True, by resource, in milli-units
 * @param unsuspendedJobs  Jobs not suspended
 * @param boundPods        pods with a node
 * @param gpuNodesUsed     nodes holding at least one bound pod's GPU
 * @param maxGpusOnANode   the most GPUs the bound pods on one node ask for
 * @param violations       what breaks a rule, in words (at most 20), and how many in all
 */
record BurstAudit(int workloads, int admitted, Map<String, Long> reservedMilli, int unsuspendedJobs, int boundPods,
        int gpuNodesUsed, long maxGpusOnANode, List<String> violations, int violationCount) {

    static BurstAudit of(KubernetesClient client, BurstLayout layout) {
        List<String> violations = new ArrayList<>();
        int[] count = {0};
        java.util.function.Consumer<String> violation = v -> {
            if (count[0]++ < 20) {
                violations.add(v);
            }
        };

        Map<String, Long> reserved = new HashMap<>();
        Set<String> admittedJobs = new HashSet<>();
        List<GenericKubernetesResource> workloads = client.genericKubernetesResources(KubeKind.WORKLOAD.context())
                .inAnyNamespace().list().getItems();
        for (GenericKubernetesResource w : workloads) {
            if (condition(w, "Admitted")) {
                ownerJob(w).ifPresent(admittedJobs::add);
            }
            if (condition(w, "QuotaReserved")) {
                usage(w).forEach((resource, milli) -> reserved.merge(resource, milli, Long::sum));
            }
        }
        long cpuQuota = 1000L * layout.jobs();
        if (reserved.getOrDefault("cpu", 0L) > cpuQuota) {
            violation.accept("cohort reserves " + reserved.get("cpu") + "m cpu of " + cpuQuota + "m");
        }
        if (reserved.getOrDefault(BurstManifests.GPU, 0L) > 1000L * layout.totalGpus()) {
            violation.accept("cohort reserves " + reserved.get(BurstManifests.GPU) / 1000 + " GPUs of " + layout.totalGpus());
        }

        int unsuspended = 0;
        for (Job j : client.batch().v1().jobs().inAnyNamespace().list().getItems()) {
            if (!Boolean.TRUE.equals(j.getSpec().getSuspend())) {
                unsuspended++;
                String key = j.getMetadata().getNamespace() + "/" + j.getMetadata().getName();
                if (!admittedJobs.contains(key)) {
                    violation.accept("Job " + key + " runs but its Workload is not admitted");
                }
            }
        }

        int bound = 0;
        Map<String, Long> gpusByNode = new HashMap<>();
        Set<String> nodes = new HashSet<>();
        for (int n = 0; n < layout.gpuNodes(); n++) {
            nodes.add(layout.nodeName(n));
        }
        for (Pod p : client.pods().inAnyNamespace().list().getItems()) {
            String node = p.getSpec().getNodeName();
            if (node == null || node.isEmpty()) {
                continue;
            }
            bound++;
            if (!nodes.contains(node)) {
                violation.accept("pod " + p.getMetadata().getName() + " bound to " + node + ", not a node of the cluster");
            }
            gpusByNode.merge(node, gpus(p), Long::sum);
        }
        long max = 0;
        for (Map.Entry<String, Long> e : gpusByNode.entrySet()) {
            max = Math.max(max, e.getValue());
            if (e.getValue() > BurstLayout.GPUS_PER_NODE) {
                violation.accept("node " + e.getKey() + " holds pods asking " + e.getValue() + " GPUs of "
                        + BurstLayout.GPUS_PER_NODE);
            }
        }
        int used = (int) gpusByNode.values().stream().filter(g -> g > 0).count();
        return new BurstAudit(workloads.size(), admittedJobs.size(), reserved, unsuspended, bound, used, max,
                List.copyOf(violations), count[0]);
    }

    private static long gpus(Pod p) {
        long sum = 0;
        for (var c : p.getSpec().getContainers()) {
            if (c.getResources() != null && c.getResources().getRequests() != null
                    && c.getResources().getRequests().get(BurstManifests.GPU) != null) {
                io.fabric8.kubernetes.api.model.Quantity q = c.getResources().getRequests().get(BurstManifests.GPU);
                sum += Quantity.parse(q.getAmount() + (q.getFormat() == null ? "" : q.getFormat())).milli() / 1000;
            }
        }
        return sum;
    }

    private static java.util.Optional<String> ownerJob(GenericKubernetesResource w) {
        for (OwnerReference o : w.getMetadata().getOwnerReferences()) {
            if (Boolean.TRUE.equals(o.getController())) {
                return java.util.Optional.of(w.getMetadata().getNamespace() + "/" + o.getName());
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean condition(GenericKubernetesResource w, String type) {
        if (w.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                && status.get("conditions") instanceof List<?> conditions) {
            for (Object o : conditions) {
                if (o instanceof Map<?, ?> c && type.equals(c.get("type")) && "True".equals(c.get("status"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What the Workload's admission reserves, by resource, summed over its pod sets. */
    private static Map<String, Long> usage(GenericKubernetesResource w) {
        Map<String, Long> out = new HashMap<>();
        if (w.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                && status.get("admission") instanceof Map<?, ?> admission
                && admission.get("podSetAssignments") instanceof List<?> assignments) {
            for (Object a : assignments) {
                if (a instanceof Map<?, ?> psa && psa.get("resourceUsage") instanceof Map<?, ?> usage) {
                    usage.forEach((k, v) -> out.merge(String.valueOf(k), Quantity.parse(String.valueOf(v)).milli(), Long::sum));
                }
            }
        }
        return out;
    }
}
