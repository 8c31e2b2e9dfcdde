package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratedCluster.ArrivalStream;
import dev.muster.bench.kueue.GeneratedCluster.Queue;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadTemplate;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The objects Kueue's performance runner creates ({@code runner/generator/generator.go}), as a
 * cluster with Muster would hold them: the ResourceFlavor {@code rf}; per generated ClusterQueue the
 * ClusterQueue (cohort, cpu quota, preemption policies), a namespace and a LocalQueue of the same
 * name; and each workload as a {@code batch/v1} Job labelled with its LocalQueue, suspended at
 * creation as Kueue's webhook would leave it. Kueue's runner creates Workload objects with a
 * numeric {@code spec.priority}; a Job gets its priority from a WorkloadPriorityClass
 * {@code perf-priority-<value>} named in the {@code kueue.x-k8s.io/priority-class} label.
 */
final class PerfManifests {

    static final String KUEUE = "kueue.x-k8s.io/v1beta1";
    static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";
    static final String PRIORITY_LABEL = "kueue.x-k8s.io/priority-class";
    /** Kueue's runner labels (generator.go): the workload's class and how long it "runs". */
    static final String CLASS_LABEL = "kueue.x-k8s.io/performance-scheduler-class";
    static final String RUNNING_TIME_LABEL = "kueue.x-k8s.io/performance-scheduler-running-ms";

    private PerfManifests() {
    }

    static GenericKubernetesResource resourceFlavor() {
        return kueue("ResourceFlavor", GeneratedCluster.FLAVOR, null, Map.of("spec", Map.of()));
    }

    static String priorityClassName(int priority) {
        return "perf-priority-" + priority;
    }

    /** One WorkloadPriorityClass per distinct priority among the shape's workload templates. */
    static List<GenericKubernetesResource> priorityClasses(GeneratedCluster cluster) {
        TreeSet<Integer> priorities = new TreeSet<>();
        for (ArrivalStream s : cluster.streams()) {
            s.set().workloads().forEach(t -> priorities.add(t.priority()));
        }
        return priorities.stream().map(p -> {
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("value", p);
            extra.put("description", "Kueue performance-test priority " + p);
            return kueue("WorkloadPriorityClass", priorityClassName(p), null, extra);
        }).toList();
    }

    static GenericKubernetesResource clusterQueue(Queue q) {
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("name", GeneratedCluster.RESOURCE);
        cpu.put("nominalQuota", quantity(q.nominalMilli()));
        q.borrowingLimitMilli().ifPresent(b -> cpu.put("borrowingLimit", quantity(b)));
        Preemption p = q.spec().policies().preemption();
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("cohort", q.cohort());
        spec.put("namespaceSelector", Map.of());
        spec.put("queueingStrategy", "BestEffortFIFO");
        spec.put("preemption", Map.of("reclaimWithinCohort", reclaim(p.reclaimWithinCohort()),
                "withinClusterQueue", within(p.withinClusterQueue())));
        spec.put("resourceGroups", List.of(Map.of("coveredResources", List.of(GeneratedCluster.RESOURCE),
                "flavors", List.of(Map.of("name", GeneratedCluster.FLAVOR, "resources", List.of(cpu))))));
        GenericKubernetesResource cq = kueue("ClusterQueue", q.name(), null, Map.of("spec", spec));
        cq.getMetadata().setLabels(Map.of(CLASS_LABEL, q.className()));
        return cq;
    }

    static Namespace namespace(Queue q) {
        return new NamespaceBuilder().withNewMetadata().withName(q.name()).endMetadata().build();
    }

    static GenericKubernetesResource localQueue(Queue q) {
        return kueue("LocalQueue", q.name(), q.name(), Map.of("spec", Map.of("clusterQueue", q.name())));
    }

    /** Workload {@code k} of a stream as a suspended Job: one pod set of {@code podCount} pods × {@code request} cpu. */
    static Job job(ArrivalStream s, int k, long runtimeMs) {
        WorkloadTemplate t = s.template(k);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(QUEUE_LABEL, s.queue().name());
        labels.put(PRIORITY_LABEL, priorityClassName(t.priority()));
        labels.put(CLASS_LABEL, t.className());
        labels.put(RUNNING_TIME_LABEL, Long.toString(runtimeMs));
        return new JobBuilder()
                .withMetadata(new ObjectMetaBuilder().withName(s.workloadName(k)).withNamespace(s.queue().name())
                        .withLabels(labels).build())
                .withNewSpec()
                    .withSuspend(true)
                    .withParallelism(t.podCount())
                    .withCompletions(t.podCount())
                    .withNewTemplate()
                        .withNewSpec()
                            .withRestartPolicy("Never")
                            .addNewContainer()
                                .withName("main")
                                .withImage("registry.k8s.io/pause:3.10")
                                .withNewResources()
                                    .addToRequests(GeneratedCluster.RESOURCE, new Quantity(quantity(t.request().milli())))
                                .endResources()
                            .endContainer()
                        .endSpec()
                    .endTemplate()
                .endSpec()
                .build();
    }

    /** A cpu quantity as Kubernetes writes it: whole units when it divides, else milli-units. */
    static String quantity(long milli) {
        return milli % 1000 == 0 ? Long.toString(milli / 1000) : milli + "m";
    }

    /** A Kueue object of this kind with these top-level fields (spec, ...). */
    static GenericKubernetesResource kueue(String kind, String name, String namespace, Map<String, Object> fields) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(KUEUE);
        r.setKind(kind);
        ObjectMeta meta = new ObjectMeta();
        meta.setName(name);
        meta.setNamespace(namespace);
        r.setMetadata(meta);
        fields.forEach(r::setAdditionalProperty);
        return r;
    }

    private static String reclaim(ReclaimWithinCohort r) {
        return switch (r) {
            case NEVER -> "Never";
            case LOWER_PRIORITY -> "LowerPriority";
            case ANY -> "Any";
        };
    }

    private static String within(WithinClusterQueue w) {
        return switch (w) {
            case NEVER -> "Never";
            case LOWER_PRIORITY -> "LowerPriority";
            case LOWER_OR_NEWER_EQUAL_PRIORITY -> "LowerOrNewerEqualPriority";
        };
    }
}
