package dev.muster.core.engine;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Prints a Kueue-dialect {@link MixedWorld} as manifests for {@code muster simulate}: ResourceFlavors,
 * WorkloadPriorityClasses, ClusterQueues, LocalQueues, and the workloads as RayJobs (HTTPMode, so
 * no submitter pod; workers at their full count) and batch Jobs (job-min-parallelism for a
 * minimum). Fair sharing is a manager setting, not in the manifests. After test-compile:
 *
 * <pre>java -cp muster-core/target/classes:muster-core/target/test-classes \
 *   dev.muster.core.engine.MixedWorldManifests SEED WORKLOADS &gt; /tmp/mixed.yaml</pre>
 */
public final class MixedWorldManifests {

    private MixedWorldManifests() {
    }

    public static void main(String[] args) {
        MixedWorld world = MixedWorld.kueue(Long.parseLong(args[0]), Integer.parseInt(args[1]));
        StringBuilder out = new StringBuilder();
        TreeSet<String> flavors = new TreeSet<>();
        world.queues().forEach(q -> q.resourceGroups().forEach(g -> g.flavors().forEach(f -> flavors.add(f.flavor()))));
        for (String f : flavors) {
            doc(out, "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\nmetadata:\n  name: " + f + "\nspec: {}\n");
        }
        new TreeSet<>(world.jobs().stream().map(j -> j.workload().priority()).toList()).forEach(p -> doc(out,
                "apiVersion: kueue.x-k8s.io/v1beta1\nkind: WorkloadPriorityClass\nmetadata:\n  name: p" + p
                        + "\nvalue: " + p + "\n"));
        for (ClusterQueueSpec q : world.queues()) {
            doc(out, clusterQueue(q));
            doc(out, "apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\nmetadata:\n  name: main\n  namespace: ns"
                    + q.name().substring(2) + "\nspec:\n  clusterQueue: " + q.name() + "\n");
        }
        for (VirtualRun.Job j : world.jobs()) {
            doc(out, j.workload().podSets().get(0).name().equals("head") ? rayJob(j) : job(j));
        }
        System.out.print(out);
    }

    private static void doc(StringBuilder out, String text) {
        if (!out.isEmpty()) {
            out.append("---\n");
        }
        out.append(text);
    }

    private static String clusterQueue(ClusterQueueSpec q) {
        var p = q.policies().preemption();
        StringBuilder s = new StringBuilder("apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: "
                + q.name() + "\nspec:\n  namespaceSelector: {}\n  cohort: " + q.cohort().orElseThrow()
                + "\n  queueingStrategy: " + camel(q.queueingStrategy().name()) + "\n  preemption:\n    withinClusterQueue: "
                + camel(p.withinClusterQueue().name()) + "\n    reclaimWithinCohort: " + camel(p.reclaimWithinCohort().name())
                + "\n    borrowWithinCohort:\n      policy: " + camel(p.borrowWithinCohort().policy().name()) + "\n");
        p.borrowWithinCohort().maxPriorityThreshold().ifPresent(t -> s.append("      maxPriorityThreshold: ").append(t).append('\n'));
        s.append("  resourceGroups:\n  - coveredResources: [cpu, nvidia.com/gpu]\n    flavors:\n");
        for (FlavorQuotas f : q.resourceGroups().get(0).flavors()) {
            s.append("    - name: ").append(f.flavor()).append("\n      resources:\n");
            for (ResourceQuota r : f.resources()) {
                s.append("      - name: ").append(r.resource()).append("\n        nominalQuota: ").append(r.nominal()).append('\n');
                r.borrowingLimit().ifPresent(b -> s.append("        borrowingLimit: ").append(b).append('\n'));
                r.lendingLimit().ifPresent(l -> s.append("        lendingLimit: ").append(l).append('\n'));
            }
        }
        return s.toString();
    }

    /** NEVER → Never, LOWER_OR_NEWER_EQUAL_PRIORITY → LowerOrNewerEqualPriority, BEST_EFFORT_FIFO → BestEffortFIFO. */
    private static String camel(String constant) {
        if (constant.endsWith("_FIFO")) {
            return camel(constant.substring(0, constant.length() - 5)) + "FIFO";
        }
        StringBuilder s = new StringBuilder();
        for (String part : constant.split("_")) {
            s.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return s.toString();
    }

    private static String meta(String kind, VirtualRun.Job j, String extraAnnotations) {
        Workload w = j.workload();
        return "kind: " + kind + "\nmetadata:\n  name: " + w.key().name() + "\n  namespace: " + w.key().namespace()
                + "\n  labels:\n    kueue.x-k8s.io/queue-name: main\n    kueue.x-k8s.io/priority-class: p" + w.priority()
                + "\n  annotations:\n    sim.muster.dev/arrival: \"" + w.createdMillis() + "ms\"\n    sim.muster.dev/duration: \""
                + j.durationMillis() + "ms\"\n" + extraAnnotations;
    }

    private static String requests(Map<String, Quantity> amounts, String indent) {
        StringBuilder s = new StringBuilder(indent + "resources:\n" + indent + "  requests:\n");
        amounts.forEach((r, q) -> {
            if (q.milli() > 0) {
                s.append(indent).append("    ").append(r).append(": \"").append(q).append("\"\n");
            }
        });
        return s.toString();
    }

    private static String rayJob(VirtualRun.Job j) {
        List<PodSet> sets = j.workload().podSets();
        StringBuilder s = new StringBuilder("apiVersion: ray.io/v1\n" + meta("RayJob", j, "")
                + "spec:\n  shutdownAfterJobFinishes: true\n  submissionMode: HTTPMode\n  entrypoint: python main.py\n"
                + "  rayClusterSpec:\n    headGroupSpec:\n      rayStartParams: {}\n      template:\n        spec:\n"
                + "          containers:\n          - name: head\n            image: ray\n"
                + requests(sets.get(0).perPod().amounts(), "            ") + "    workerGroupSpecs:\n");
        for (PodSet ps : sets.subList(1, sets.size())) {
            s.append("    - groupName: ").append(ps.name()).append("\n      replicas: ").append(ps.count())
                    .append("\n      minReplicas: ").append(ps.count()).append("\n      maxReplicas: ").append(ps.count())
                    .append("\n      rayStartParams: {}\n      template:\n        spec:\n          containers:\n")
                    .append("          - name: worker\n            image: ray\n")
                    .append(requests(ps.perPod().amounts(), "            "));
        }
        return s.toString();
    }

    private static String job(VirtualRun.Job j) {
        PodSet ps = j.workload().podSets().get(0);
        String min = ps.minCount() < ps.count() ? "    kueue.x-k8s.io/job-min-parallelism: \"" + ps.minCount() + "\"\n" : "";
        return "apiVersion: batch/v1\n" + meta("Job", j, min) + "spec:\n  parallelism: " + ps.count() + "\n  completions: "
                + ps.count() + "\n  suspend: true\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
                + "      - name: main\n        image: busybox\n" + requests(ps.perPod().amounts(), "        ");
    }
}
