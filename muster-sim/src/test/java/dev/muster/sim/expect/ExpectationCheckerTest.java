package dev.muster.sim.expect;

import static dev.muster.sim.expect.TestReports.fractionalPod;
import static dev.muster.sim.expect.TestReports.node;
import static dev.muster.sim.expect.TestReports.pod;
import static dev.muster.sim.expect.TestReports.queue;
import static dev.muster.sim.expect.TestReports.report;
import static dev.muster.sim.expect.TestReports.request;
import static dev.muster.sim.expect.TestReports.workload;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.sim.report.Report;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ExpectationCheckerTest {

    private static List<Mismatch> check(Report report, String yaml) {
        return ExpectationChecker.check(report, ExpectationFileReader.parse(yaml, "test.expect.yaml"));
    }

    private static List<String> messages(Report report, String yaml) {
        return check(report, yaml).stream().map(Mismatch::message).toList();
    }

    @Nested
    class SelectingWorkloads {

        @Test
        void passesWhenEveryKeyHolds() {
            Report report = report(workload("default/high").state("Admitted").clusterQueue("c1"));

            assertThat(check(report, "workloads:\n- name: default/high\n  state: Admitted\n  clusterQueue: c1\n"))
                    .isEmpty();
        }

        @Test
        void reportsAMissingWorkloadAndWhatTheNamespaceHolds() {
            Report report = report(workload("default/low"), workload("other/high"));

            List<Mismatch> mismatches = check(report, "workloads:\n- name: default/high\n  state: Admitted\n");

            assertThat(mismatches).containsExactly(new Mismatch("workloads[default/high]", "a workload", "none",
                    "workloads default/high: no workload matches; the report has default/low"));
        }

        @Test
        void matchesAGenerateNamePrefixWithATrailingStar() {
            Report report = report(workload("default/pytorch-text-classifier-x7k2q").state("Finished"),
                    workload("default/pytorch").state("Pending"));

            assertThat(check(report, "workloads:\n- name: default/pytorch-text-classifier-*\n  state: Finished\n"))
                    .isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/pytorch-text-classifier\n"))
                    .containsExactly("workloads default/pytorch-text-classifier: no workload matches; "
                            + "the report has default/pytorch-text-classifier-x7k2q, default/pytorch");
        }

        @Test
        void requiresEveryKeyOfEveryWorkloadAPrefixMatches() {
            Report report = report(workload("default/job-aaaaa").state("Admitted"),
                    workload("default/job-bbbbb").state("Pending").message("waiting for quota"));

            assertThat(check(report, "workloads:\n- name: default/job-*\n  state: Admitted\n")).containsExactly(
                    new Mismatch("workloads[default/job-bbbbb].state", "Admitted", "Pending",
                            "workloads default/job-bbbbb: state expected Admitted, got Pending (message: waiting for quota)"));
        }

        @Test
        void filtersByKindAndSaysWhichKindWasFound() {
            Report report = report(workload("default/w").kind("Job").state("Admitted"));

            assertThat(check(report, "workloads:\n- name: default/w\n  kind: Job\n  state: Admitted\n")).isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/w\n  kind: RayJob\n"))
                    .containsExactly("workloads default/w: no workload matches (kind RayJob); found Job default/w");
        }
    }

    @Nested
    class WorkloadKeys {

        @Test
        void stateMismatchCarriesTheWorkloadMessage() {
            Report report = report(workload("default/high").state("Pending")
                    .message("couldn't assign flavors to pod set main: insufficient quota"));

            assertThat(messages(report, "workloads:\n- name: default/high\n  state: Admitted\n  evictions: 1\n"))
                    .containsExactly(
                            "workloads default/high: state expected Admitted, got Pending"
                                    + " (message: couldn't assign flavors to pod set main: insufficient quota)",
                            "workloads default/high: evictions expected 1, got 0");
        }

        @Test
        void clusterQueueMayBeExpectedNull() {
            Report pending = report(workload("default/w"));
            Report admitted = report(workload("default/w").clusterQueue("q"));
            String yaml = "workloads:\n- name: default/w\n  clusterQueue: null\n";

            assertThat(check(pending, yaml)).isEmpty();
            assertThat(messages(admitted, yaml)).containsExactly("workloads default/w: clusterQueue expected null, got q");
        }

        @Test
        void flavorsAreASubset() {
            Report report = report(workload("default/w").flavor("main", "cpu", "spot").flavor("main", "memory", "spot")
                    .flavor("side", "cpu", "on-demand"));

            assertThat(check(report, "workloads:\n- name: default/w\n  flavors: {main: {cpu: spot}}\n")).isEmpty();
            assertThat(check(report, "workloads:\n- name: default/w\n  flavors: {main: {cpu: on-demand}, other: {cpu: spot}}\n"))
                    .extracting(Mismatch::subject, Mismatch::expected, Mismatch::actual)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("workloads[default/w].flavors.main.cpu", "on-demand", "spot"),
                            org.assertj.core.groups.Tuple.tuple("workloads[default/w].flavors.other.cpu", "spot", "none"));
        }

        @Test
        void podSetCountsAreASubset() {
            Report report = report(workload("default/w").podSet("head", 1).podSet("worker", 2));

            assertThat(check(report, "workloads:\n- name: default/w\n  podSetCounts: {worker: 2}\n")).isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/w\n  podSetCounts: {worker: 3, gpu: 1}\n"))
                    .containsExactly("workloads default/w: podSetCounts.worker expected 3, got 2",
                            "workloads default/w: podSetCounts.gpu expected 1, got no such pod set");
        }

        @Test
        void timesAreMatchedWithinOneSecond() {
            String yaml = "workloads:\n- name: default/w\n  admittedAtSeconds: 60\n";

            assertThat(check(report(workload("default/w").admittedAt(60.0)), yaml)).isEmpty();
            assertThat(check(report(workload("default/w").admittedAt(61.0)), yaml)).isEmpty();
            assertThat(check(report(workload("default/w").admittedAt(59.0)), yaml)).isEmpty();
            assertThat(messages(report(workload("default/w").admittedAt(61.5)), yaml))
                    .containsExactly("workloads default/w: admittedAtSeconds expected 60 ±1, got 61.5");
            assertThat(messages(report(workload("default/w")), yaml))
                    .containsExactly("workloads default/w: admittedAtSeconds expected 60 ±1, got null");
        }

        @Test
        void nullFinishedAtMeansNotFinished() {
            String yaml = "workloads:\n- name: default/w\n  finishedAtSeconds: null\n";

            assertThat(check(report(workload("default/w").state("Admitted")), yaml)).isEmpty();
            assertThat(messages(report(workload("default/w").state("Finished").finishedAt(660.0)), yaml))
                    .containsExactly("workloads default/w: finishedAtSeconds expected null, got 660");
            assertThat(check(report(workload("default/w").finishedAt(660.4)),
                    "workloads:\n- name: default/w\n  finishedAtSeconds: 660\n")).isEmpty();
        }

        @Test
        void evictionsAsACount() {
            Report report = report(workload("default/w").eviction(30, "Preempted", "InClusterQueue"));

            assertThat(check(report, "workloads:\n- name: default/w\n  evictions: 1\n")).isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/w\n  evictions: 0\n")).containsExactly(
                    "workloads default/w: evictions expected 0, got 1 [Preempted/InClusterQueue at 30s]");
        }

        @Test
        void evictionsAsAListAreComparedInOrderOnTheKeysGiven() {
            Report report = report(workload("default/w").eviction(30, "Preempted", "InClusterQueue")
                    .eviction(90, "Preempted", "InCohortReclamation"));

            assertThat(check(report, """
                    workloads:
                    - name: default/w
                      evictions:
                      - {reason: Preempted, detail: InClusterQueue}
                      - {detail: InCohortReclamation, atSeconds: 91}
                    """)).isEmpty();
            assertThat(messages(report, """
                    workloads:
                    - name: default/w
                      evictions:
                      - {reason: Preempted, detail: InCohortReclamation}
                      - {reason: Preempted, detail: InClusterQueue}
                    """)).containsExactly(
                    "workloads default/w: evictions[0].detail expected InCohortReclamation, got InClusterQueue",
                    "workloads default/w: evictions[1].detail expected InClusterQueue, got InCohortReclamation");
            assertThat(messages(report, "workloads:\n- name: default/w\n  evictions: [{reason: Preempted}]\n"))
                    .containsExactly("workloads default/w: evictions expected 1 [{reason: Preempted}], got 2"
                            + " [Preempted/InClusterQueue at 30s, Preempted/InCohortReclamation at 90s]");
        }

        @Test
        void nodesSame() {
            String yaml = "workloads:\n- name: default/w\n  nodes: same\n";

            assertThat(check(report(workload("default/w").pods(pod("a", "n1"), pod("b", "n1"))), yaml)).isEmpty();
            assertThat(messages(report(workload("default/w").pods(pod("a", "n1"), pod("b", "n2"))), yaml))
                    .containsExactly("workloads default/w: nodes expected all pods on one node, got pods on n1 (1), n2 (1)");
            assertThat(messages(report(workload("default/w").pods(pod("a", "n1"), pod("b", null))), yaml))
                    .containsExactly("workloads default/w: nodes expected all pods on one node, got pods on n1 (1), unplaced (1)");
        }

        @Test
        void nodesDistinct() {
            String yaml = "workloads:\n- name: default/w\n  nodes: distinct\n";

            assertThat(check(report(workload("default/w").pods(pod("a", "n1"), pod("b", "n2"))), yaml)).isEmpty();
            assertThat(messages(report(workload("default/w").pods(pod("a", "n1"), pod("b", "n1"), pod("c", "n2"))), yaml))
                    .containsExactly("workloads default/w: nodes expected each pod on its own node, got pods on n1 (2), n2 (1)");
        }

        @Test
        void nodesNamed() {
            String yaml = "workloads:\n- name: default/w\n  nodes: worker-node-1\n";

            assertThat(check(report(workload("default/w").pods(pod("a", "worker-node-1"), pod("b", "worker-node-1"))), yaml))
                    .isEmpty();
            assertThat(messages(report(workload("default/w").pods(pod("a", "worker-node-1"), pod("b", "worker-node-2"))), yaml))
                    .containsExactly("workloads default/w: nodes expected all pods on worker-node-1,"
                            + " got pods on worker-node-1 (1), worker-node-2 (1)");
        }

        @Test
        void nodesFailWhenThereAreNoPods() {
            for (String nodes : List.of("same", "distinct", "n1")) {
                assertThat(messages(report(workload("default/w")), "workloads:\n- name: default/w\n  nodes: " + nodes + "\n"))
                        .singleElement().asString().endsWith("got no pods");
            }
        }

        @Test
        void podCountCountsPlacedPods() {
            Report report = report(workload("default/w").pods(pod("a", "n1"), pod("b", "n2"), pod("c", null)));

            assertThat(check(report, "workloads:\n- name: default/w\n  podCount: 2\n")).isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/w\n  podCount: 3\n"))
                    .containsExactly("workloads default/w: podCount expected 3, got 2");
        }

        @Test
        void gpuGroupShared() {
            String yaml = "workloads:\n- name: default/w\n  gpuGroup: shared\n";

            assertThat(check(report(workload("default/w").pods(pod("head", "n1"), fractionalPod("w1", "n1", "g1"),
                    fractionalPod("w2", "n1", "g1"))), yaml)).isEmpty();
            assertThat(messages(report(workload("default/w").pods(fractionalPod("w1", "n1", "g1"),
                    fractionalPod("w2", "n1", "g2"))), yaml)).containsExactly("workloads default/w: gpuGroup expected"
                    + " one GPU group shared by the fractional-GPU pods, got GPU groups g1 (1), g2 (1)");
            assertThat(messages(report(workload("default/w").pods(fractionalPod("w1", "n1", null),
                    fractionalPod("w2", "n1", null))), yaml)).singleElement().asString().endsWith("got GPU groups none (2)");
            assertThat(messages(report(workload("default/w").pods(pod("head", "n1"))), yaml))
                    .singleElement().asString().endsWith("got no pod with a GPU fraction");
        }

        @Test
        void gpuGroupDistinct() {
            String yaml = "workloads:\n- name: default/w\n  gpuGroup: distinct\n";

            assertThat(check(report(workload("default/w").pods(fractionalPod("w1", "n1", "g1"),
                    fractionalPod("w2", "n1", "g2"))), yaml)).isEmpty();
            assertThat(check(report(workload("default/w").pods(fractionalPod("w1", "n1", "g1"),
                    fractionalPod("w2", "n1", "g1"))), yaml)).hasSize(1);
        }

        @Test
        void messageContainsIgnoresCase() {
            Report report = report(workload("default/w").message("Workload exceeds the Queue's quota"));

            assertThat(check(report, "workloads:\n- name: default/w\n  messageContains: queue's QUOTA\n")).isEmpty();
            assertThat(messages(report, "workloads:\n- name: default/w\n  messageContains: cohort\n"))
                    .containsExactly("workloads default/w: messageContains expected a message containing \"cohort\","
                            + " got \"Workload exceeds the Queue's quota\"");
            assertThat(messages(report(workload("default/w")), "workloads:\n- name: default/w\n  messageContains: x\n"))
                    .containsExactly("workloads default/w: messageContains expected a message containing \"x\", got no message");
        }
    }

    @Nested
    class Queues {

        @Test
        void usageIsComparedByQuantityValue() {
            Report report = report(queue("q", Map.of("default-flavor",
                    Map.of("cpu", "1000m", "memory", "4294967296", "nvidia.com/gpu", "2")), 1, 0));

            assertThat(check(report, "queues:\n- name: q\n  usage: {default-flavor: {cpu: \"1\", memory: 4Gi}}\n"))
                    .isEmpty();
            assertThat(check(report, "queues:\n- name: q\n  usage: {default-flavor: {cpu: 1, nvidia.com/gpu: 2000m}}\n"))
                    .isEmpty();
            assertThat(check(report, "queues:\n- name: q\n  usage: {default-flavor: {cpu: 1500m}}\n"))
                    .containsExactly(new Mismatch("queues[q].usage.default-flavor.cpu", "1500m", "1000m",
                            "queues q: usage.default-flavor.cpu expected 1500m, got 1000m"));
        }

        @Test
        void aFlavorOrResourceMissingFromTheReportCountsAsZero() {
            Report report = report(queue("q", Map.of("on-demand", Map.of("cpu", "10")), 1, 0));

            assertThat(check(report, "queues:\n- name: q\n  usage: {spot: {cpu: \"0\"}, on-demand: {memory: 0}}\n"))
                    .isEmpty();
            assertThat(messages(report, "queues:\n- name: q\n  usage: {spot: {cpu: \"6\"}}\n"))
                    .containsExactly("queues q: usage.spot.cpu expected 6, got 0 (not in the report)");
        }

        @Test
        void workloadCounts() {
            Report report = report(queue("q", Map.of(), 2, 1));

            assertThat(check(report, "queues:\n- name: q\n  admittedWorkloads: 2\n  pendingWorkloads: 1\n")).isEmpty();
            assertThat(messages(report, "queues:\n- name: q\n  admittedWorkloads: 3\n  pendingWorkloads: 0\n"))
                    .containsExactly("queues q: admittedWorkloads expected 3, got 2",
                            "queues q: pendingWorkloads expected 0, got 1");
        }

        @Test
        void aMissingQueueIsAMismatch() {
            Report report = report(queue("team-a", Map.of(), 0, 0), queue("team-b", Map.of(), 0, 0));

            assertThat(messages(report, "queues:\n- name: team-c\n  admittedWorkloads: 0\n"))
                    .containsExactly("queues team-c: no queue with this name; the report has team-a, team-b");
        }
    }

    @Nested
    class Nodes {

        @Test
        void selectsByPoolAndCountsThem() {
            Report report = report(node("pool-0", "pool", 60.0, null), node("pool-1", "pool", 120.0, 720.0),
                    node("cpu-node", null, 0.0, null));

            assertThat(check(report, "nodes:\n- pool: pool\n  count: 2\n")).isEmpty();
            assertThat(check(report, "nodes:\n- pool: pool\n  count: 1\n")).containsExactly(new Mismatch(
                    "nodes[pool=pool].count", "1", "2 (pool-0, pool-1)", "nodes pool=pool: count expected 1, got 2 (pool-0, pool-1)"));
            assertThat(check(report, "nodes:\n- pool: other\n  count: 0\n")).isEmpty();
        }

        @Test
        void everyOtherKeyHoldsForEachSelectedNode() {
            Report report = report(node("pool-0", "pool", 60.0, null), node("pool-1", "pool", 120.0, 720.0));

            assertThat(messages(report, "nodes:\n- pool: pool\n  addedAtSeconds: 60.5\n  removedAtSeconds: null\n"))
                    .containsExactly("nodes pool-1: addedAtSeconds expected 60.5 ±1, got 120",
                            "nodes pool-1: removedAtSeconds expected null, got 720");
            assertThat(messages(report, "nodes:\n- pool: pool\n  name: pool-0\n"))
                    .containsExactly("nodes pool-1: name expected pool-0, got pool-1");
        }

        @Test
        void anEmptySelectionWithoutCountIsAMismatch() {
            assertThat(messages(report(), "nodes:\n- pool: gpu\n  addedAtSeconds: 60\n"))
                    .containsExactly("nodes pool=gpu: none in the report");
            assertThat(messages(report(), "nodes:\n- pool: gpu\n  count: 1\n  addedAtSeconds: 60\n"))
                    .containsExactly("nodes pool=gpu: count expected 1, got 0");
        }
    }

    @Nested
    class ProvisioningRequests {

        @Test
        void selectsByWorkloadPatternAndChecksEachRequest() {
            Report report = report(request("r1", "default/pytorch-x7k2q", true, true, false),
                    request("r2", "default/other", false, false, true));

            assertThat(check(report, """
                    provisioningRequests:
                    - workload: default/pytorch-*
                      count: 1
                      accepted: true
                      provisioned: true
                      failed: false
                    """)).isEmpty();
            assertThat(messages(report, "provisioningRequests:\n- workload: default/*\n  count: 1\n  failed: false\n"))
                    .containsExactly("provisioningRequests workload=default/*: count expected 1, got 2 (r1, r2)",
                            "provisioningRequests r2: failed expected false, got true");
            assertThat(messages(report, "provisioningRequests:\n- workload: default/missing\n  accepted: true\n"))
                    .containsExactly("provisioningRequests workload=default/missing: none in the report");
        }
    }

    @Test
    void passesTheSeedGkeExpectationsOnAReportThatMeetsThem() {
        String seedExpectations = """
                workloads:
                - name: default/pytorch-text-classifier-*
                  kind: RayJob
                  state: Finished
                  clusterQueue: cluster-queue
                  admittedAtSeconds: 60
                  evictions: 0
                nodes:
                - pool: gpu-node-pool
                  count: 1
                  addedAtSeconds: 60
                provisioningRequests:
                - workload: default/pytorch-text-classifier-*
                  count: 1
                  accepted: true
                  provisioned: true
                  failed: false
                """;
        Report report = report(
                workload("default/pytorch-text-classifier-x7k2q").kind("RayJob").state("Finished")
                        .clusterQueue("cluster-queue").admittedAt(60.0).finishedAt(660.0)
                        .pods(pod("head", "gpu-node-pool-0")),
                node("cpu-node", null, 0.0, null),
                node("gpu-node-pool-0", "gpu-node-pool", 60.0, null),
                request("pytorch-text-classifier-x7k2q-head-1", "default/pytorch-text-classifier-x7k2q", true, true, false));

        assertThat(check(report, seedExpectations)).isEmpty();
    }

    @Test
    void checksNothingForEmptyExpectations() {
        assertThat(ExpectationChecker.check(report(workload("default/w")), Expectations.none())).isEmpty();
    }
}
