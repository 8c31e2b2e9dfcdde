package dev.muster.sim.report;

import dev.muster.sim.report.Report.EventReport;
import dev.muster.sim.report.Report.Eviction;
import dev.muster.sim.report.Report.NodeReport;
import dev.muster.sim.report.Report.PodReport;
import dev.muster.sim.report.Report.PodSetCount;
import dev.muster.sim.report.Report.ProvisioningRequestReport;
import dev.muster.sim.report.Report.QueueReport;
import dev.muster.sim.report.Report.WorkloadReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small hand-built reports shaped like the contract's section 2 example. */
final class SampleReports {

    private SampleReports() {
    }

    static Report gkeQueuedProvisioning() {
        Map<String, Map<String, String>> flavors = new LinkedHashMap<>();
        flavors.put("head", ordered("cpu", "default-flavor", "nvidia.com/gpu", "default-flavor"));
        WorkloadReport rayJob = new WorkloadReport("RayJob", "default", "pytorch-text-classifier-x7k2q",
                "user-queue", "cluster-queue", 0, "Admitted", 60.0, null, flavors,
                List.of(new PodSetCount("head", 1)),
                List.of(new Eviction(30.0, "Preempted", "InClusterQueue")),
                List.of(new PodReport("pytorch-text-classifier-x7k2q-head", "head", "gpu-node-pool-0", List.of(0),
                        null, null)),
                "Admitted by ClusterQueue cluster-queue");
        WorkloadReport waiting = new WorkloadReport("Job", "default", "waiting", "user-queue", null, 10, "Pending",
                null, null, Map.of(), List.of(), List.of(), List.of(),
                "couldn't assign flavors to pod set main:\ninsufficient quota for cpu", null, List.of(),
                new Report.PendingReport(3, 1));
        Map<String, Map<String, String>> usage = new LinkedHashMap<>();
        usage.put("default-flavor", ordered("cpu", "2", "memory", "8G", "nvidia.com/gpu", "1"));
        return new Report(Report.SCHEMA, 900.0, List.of(rayJob, waiting),
                List.of(new QueueReport("cluster-queue", "ClusterQueue", usage, 1, 1)),
                List.of(new NodeReport("gpu-node-pool-0", "gpu-node-pool", 60.0, null)),
                List.of(new ProvisioningRequestReport("pytorch-text-classifier-x7k2q-1", "default/pytorch-text-classifier-x7k2q",
                        true, true, false)),
                List.of(new EventReport(0.0, "RayJob/default/pytorch-text-classifier-x7k2q", "Normal", "Suspended",
                                "suspended until admitted"),
                        new EventReport(30.0, "RayJob/default/pytorch-text-classifier-x7k2q", "Warning", "Preempted",
                                "Preempted to accommodate a workload"),
                        new EventReport(60.5, "Node/gpu-node-pool-0", "Normal", "NodeReady", "node is ready")));
    }

    static Report empty() {
        return new Report(Report.SCHEMA, 0.0, List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
