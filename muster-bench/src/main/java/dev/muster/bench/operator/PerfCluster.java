package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratedCluster.Queue;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A generated Kueue cluster on the API server, for the benchmarks through it (OperatorPerfRun, the
 * fault soak): its configuration as Kueue's runner creates it (the CRDs, the flavor, priority
 * classes, ClusterQueues, namespaces and LocalQueues), and the limits the audits hold its queues
 * and cohorts to.
 */
final class PerfCluster {

    private final GeneratedCluster cluster;

    PerfCluster(GeneratedCluster cluster) {
        this.cluster = cluster;
    }

    void create(KubernetesClient c) {
        createCrds(c);
        c.genericKubernetesResources(KubeKind.RESOURCE_FLAVOR.context()).resource(PerfManifests.resourceFlavor()).create();
        for (GenericKubernetesResource p : PerfManifests.priorityClasses(cluster)) {
            c.genericKubernetesResources(KubeKind.WORKLOAD_PRIORITY_CLASS.context()).resource(p).create();
        }
        for (Queue q : cluster.queues()) {
            c.genericKubernetesResources(KubeKind.CLUSTER_QUEUE.context()).resource(PerfManifests.clusterQueue(q)).create();
            c.namespaces().resource(PerfManifests.namespace(q)).create();
            c.genericKubernetesResources(KubeKind.LOCAL_QUEUE.context()).inNamespace(q.name())
                    .resource(PerfManifests.localQueue(q)).create();
        }
    }

    /** The CustomResourceDefinitions of Kueue's kinds the controller reads and writes, with their status subresource. */
    static void createCrds(KubernetesClient c) {
        for (KubeKind k : List.of(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE, KubeKind.WORKLOAD,
                KubeKind.WORKLOAD_PRIORITY_CLASS)) {
            c.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName(k.plural() + "." + k.group()).endMetadata()
                    .withNewSpec().withGroup(k.group()).withScope(k.namespaced() ? "Namespaced" : "Cluster")
                    .withNewNames().withKind(k.kind()).withPlural(k.plural()).endNames()
                    .addNewVersion().withName(k.version()).withServed(true).withStorage(true)
                    .withNewSubresources().withNewStatus().endStatus().endSubresources().endVersion()
                    .endSpec().build()).create();
        }
    }

    /** Every ClusterQueue's limit: nominal quota + borrowing limit. */
    Map<String, WorkloadAudit.Limit> queueLimits() {
        Map<String, WorkloadAudit.Limit> out = new HashMap<>();
        for (Queue q : cluster.queues()) {
            long max = q.borrowingLimitMilli().map(b -> q.nominalMilli() + b).orElse(Long.MAX_VALUE);
            out.put(q.name(), new WorkloadAudit.Limit(q.name(), max));
        }
        return out;
    }

    Map<String, String> cohortOfQueue() {
        Map<String, String> out = new HashMap<>();
        cluster.queues().forEach(q -> out.put(q.name(), q.cohort()));
        return out;
    }

    /** Every cohort's limit: the sum of its ClusterQueues' nominal quotas. */
    Map<String, WorkloadAudit.Limit> cohortLimits() {
        Map<String, Long> sum = new HashMap<>();
        cluster.queues().forEach(q -> sum.merge(q.cohort(), q.nominalMilli(), Long::sum));
        Map<String, WorkloadAudit.Limit> out = new HashMap<>();
        sum.forEach((c, s) -> out.put(c, new WorkloadAudit.Limit(c, s)));
        return out;
    }
}
