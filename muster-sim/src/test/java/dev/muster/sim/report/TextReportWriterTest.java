package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextReportWriterTest {

    @Test
    void showsSummaryTimelineWorkloadsQueuesNodesAndRequests() throws IOException {
        assertThat(text(SampleReports.gkeQueuedProvisioning())).isEqualTo("""
                Simulation ended at 900s of virtual time; 2 workloads: 1 Pending, 1 Admitted.

                Timeline
                   TIME   TYPE      OBJECT                                         REASON      MESSAGE
                     0s   Normal    RayJob/default/pytorch-text-classifier-x7k2q   Suspended   suspended until admitted
                    30s   Warning   RayJob/default/pytorch-text-classifier-x7k2q   Preempted   Preempted to accommodate a workload
                  60.5s   Normal    Node/gpu-node-pool-0                           NodeReady   node is ready

                Workloads
                  NAME                                    KIND     QUEUE        CLUSTERQUEUE    PRIORITY   STATE      ADMITTED   FINISHED   PODSETS   EVICTIONS   MESSAGE
                  default/pytorch-text-classifier-x7k2q   RayJob   user-queue   cluster-queue          0   Admitted        60s          -   head=1            1
                  default/waiting                         Job      user-queue   -                     10   Pending           -          -   -                 0   couldn't assign flavors to pod set main: insufficient quota for cpu

                Pods
                  POD                                          NODE              GPU DEVICES   GPU FRACTION   GPU GROUP
                  default/pytorch-text-classifier-x7k2q-head   gpu-node-pool-0   [0]                      -   -

                Queues
                  NAME            KIND           ADMITTED   PENDING   USAGE                                                ADMISSIONS   FINISHED   PEAK USAGE
                  cluster-queue   ClusterQueue          1         1   default-flavor: cpu=2, memory=8G, nvidia.com/gpu=1            0          0   -

                Nodes
                  NAME              POOL            ADDED   REMOVED
                  gpu-node-pool-0   gpu-node-pool     60s         -

                Provisioning requests
                  NAME                              WORKLOAD                                ACCEPTED   PROVISIONED   FAILED
                  pytorch-text-classifier-x7k2q-1   default/pytorch-text-classifier-x7k2q   true       true          false
                """);
    }

    @Test
    void replaysTheProvisioningRequestTableAtEachChangeAndTheRayJobStatus() throws IOException {
        String pr = "ProvisioningRequest/default/rayjob-train-1a2b3-gpu-1";
        List<Report.EventReport> events = List.of(
                new Report.EventReport(0, "RayJob/default/train", "Normal", "Suspended", "jobDeploymentStatus: Suspended (x)"),
                new Report.EventReport(0, pr, "Normal", "Created", "by admission check gpu"),
                new Report.EventReport(0, pr, "Normal", "Accepted", "pool will add 1 node"),
                new Report.EventReport(60, "Node/pool-0", "Normal", "NodeReady", "joined"),
                new Report.EventReport(60, pr, "Normal", "Provisioned", "1 node Ready"),
                new Report.EventReport(60, "RayJob/default/train", "Normal", "Running", "jobDeploymentStatus: Running (y)"),
                new Report.EventReport(90, "RayJob/default/train", "Normal", "Admitted", "not a status change"));
        Report report = new Report(Report.SCHEMA, 90.0, List.of(), List.of(), List.of(),
                List.of(new Report.ProvisioningRequestReport("rayjob-train-1a2b3-gpu-1", "default/train", true, true, false)),
                events);

        String text = text(report);

        assertThat(text).contains("""
                RayJob status over time (status.jobDeploymentStatus)
                  TIME   RAYJOB          JOBDEPLOYMENTSTATUS
                    0s   default/train   Suspended
                   60s   default/train   Running

                Provisioning requests over time (kubectl get provisioningrequest --watch)
                  TIME   NAME                       ACCEPTED   PROVISIONED   FAILED   AGE
                    0s   rayjob-train-1a2b3-gpu-1   True       False         False     0s
                   60s   rayjob-train-1a2b3-gpu-1   True       True          False    60s
                """);
        assertThat(text).contains("rayjob-train-1a2b3-gpu-1   default/train   true       true          false");
    }

    @Test
    void leavesOutNodesAndProvisioningRequestsWhenThereAreNone() throws IOException {
        assertThat(text(SampleReports.empty())).isEqualTo("""
                Simulation ended at 0s of virtual time; no workloads.

                Timeline
                  (no events)

                Workloads
                  (no workloads)

                Queues
                  (no queues)
                """);
    }

    @Test
    void showsTheMessageOnlyForWorkloadsThatWait() throws IOException {
        Report.WorkloadReport admitted = workload("a", "Admitted", "Admitted by ClusterQueue q");
        Report.WorkloadReport reserved = workload("b", "QuotaReserved", "waiting for the ProvisioningRequest");
        Report report = new Report(Report.SCHEMA, 10.0, List.of(admitted, reserved), List.of(), List.of(), List.of(),
                List.of());

        String text = text(report);

        assertThat(text).doesNotContain("Admitted by ClusterQueue q").contains("waiting for the ProvisioningRequest")
                .contains("2 workloads: 1 QuotaReserved, 1 Admitted.");
    }

    @Test
    void hasNoColoursAndNoTrailingSpaces() throws IOException {
        String text = text(SampleReports.gkeQueuedProvisioning());

        assertThat(text).doesNotContain("\u001b");
        assertThat(text.lines()).allSatisfy(line -> assertThat(line).doesNotEndWith(" "));
    }

    private static Report.WorkloadReport workload(String name, String state, String message) {
        return new Report.WorkloadReport("Workload", "default", name, "lq", "q", 0, state, null, null,
                java.util.Map.of(), List.of(), List.of(), List.of(), message);
    }

    private static String text(Report report) throws IOException {
        StringWriter out = new StringWriter();
        new TextReportWriter().write(report, out);
        return out.toString();
    }
}
