package dev.muster.sim.expect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.quantity.Quantity;
import dev.muster.sim.expect.WorkloadCheck.AdmittedAt;
import dev.muster.sim.expect.WorkloadCheck.ClusterQueue;
import dev.muster.sim.expect.WorkloadCheck.EvictionCount;
import dev.muster.sim.expect.WorkloadCheck.EvictionList;
import dev.muster.sim.expect.WorkloadCheck.FinishedAt;
import dev.muster.sim.expect.WorkloadCheck.Flavors;
import dev.muster.sim.expect.WorkloadCheck.PodSetCounts;
import dev.muster.sim.expect.WorkloadCheck.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectationFileReaderTest {

    /** The example of contract section 3, verbatim. */
    private static final String CONTRACT_EXAMPLE = """
            until: 1h            # optional: the --until for this scenario
            workloads:
            - name: default/high          # namespace/name; a trailing * matches a generateName prefix
              kind: Workload              # optional
              state: Admitted             # optional, each key below is checked only when present
              clusterQueue: c1
              flavors: {main: {cpu: on-demand}}
              podSetCounts: {main: 25}
              admittedAtSeconds: 60       # ±1 s
              finishedAtSeconds: 660      # ±1 s; null means not finished
              evictions: 1                # a count, or a list of {reason, detail}
              nodes: same                 # all pods on one node; or a node name; or "distinct"
              podCount: 3                 # number of pods placed
              gpuGroup: shared            # all fractional-GPU pods share one GPU group (or "distinct")
              messageContains: "queue"    # case-insensitive substring of message
            queues:
            - name: cluster-queue
              usage: {default-flavor: {cpu: "6"}}
              admittedWorkloads: 2
              pendingWorkloads: 1
            nodes:                        # selects report nodes[] by pool; count = how many were ever added
            - pool: gpu-node-pool
              count: 1
              addedAtSeconds: 60          # every other key must hold for each selected node
            provisioningRequests:         # selects report provisioningRequests[] by workload (trailing * ok)
            - workload: default/pytorch-text-classifier-*
              count: 1
              accepted: true
              provisioned: true
              failed: false
            """;

    @Test
    void readsTheContractExample() {
        Expectations e = ExpectationFileReader.parse(CONTRACT_EXAMPLE, "example.expect.yaml");

        assertThat(e.until()).isEqualTo(java.time.Duration.ofHours(1));
        WorkloadExpectation high = e.workloads().get(0);
        assertThat(high.name()).isEqualTo(new NamePattern("default/high"));
        assertThat(high.kind()).isEqualTo("Workload");
        assertThat(high.checks()).containsExactly(
                new State("Admitted"),
                new ClusterQueue("c1"),
                new Flavors(Map.of("main", Map.of("cpu", "on-demand"))),
                new PodSetCounts(Map.of("main", 25)),
                new AdmittedAt(new ExpectedTime(60.0)),
                new FinishedAt(new ExpectedTime(660.0)),
                new EvictionCount(1),
                new WorkloadCheck.AllOnOneNode(),
                new WorkloadCheck.PodCount(3),
                new WorkloadCheck.SharedGpuGroup(),
                new WorkloadCheck.MessageContains("queue"));
        assertThat(e.queues()).containsExactly(new QueueExpectation("cluster-queue", List.of(
                new QueueCheck.Usage(Map.of("default-flavor", Map.of("cpu", new ExpectedQuantity("6", Quantity.ofUnits(6))))),
                new QueueCheck.AdmittedWorkloads(2),
                new QueueCheck.PendingWorkloads(1))));
        assertThat(e.nodes()).containsExactly(
                new NodeExpectation("gpu-node-pool", 1, List.of(new NodeCheck.AddedAt(new ExpectedTime(60.0)))));
        assertThat(e.provisioningRequests()).containsExactly(new ProvisioningRequestExpectation(
                new NamePattern("default/pytorch-text-classifier-*"), 1, List.of(
                        new ProvisioningRequestCheck.Accepted(true),
                        new ProvisioningRequestCheck.Provisioned(true),
                        new ProvisioningRequestCheck.Failed(false))));
    }

    @Test
    void keepsChecksInTheContractOrderWhateverTheFileOrder() {
        Expectations e = parse("""
                workloads:
                - evictions: 0
                  clusterQueue: q
                  name: default/w
                  state: Pending
                """);

        assertThat(e.workloads().get(0).checks())
                .containsExactly(new State("Pending"), new ClusterQueue("q"), new EvictionCount(0));
    }

    @Test
    void readsNullAsAnExpectationThatTheValueIsNull() {
        Expectations e = parse("""
                workloads:
                - name: default/w
                  clusterQueue: null
                  admittedAtSeconds: null
                  finishedAtSeconds: null
                nodes:
                - pool: p
                  removedAtSeconds: null
                """);

        assertThat(e.workloads().get(0).checks()).containsExactly(
                new ClusterQueue(null), new AdmittedAt(new ExpectedTime(null)), new FinishedAt(new ExpectedTime(null)));
        assertThat(e.nodes().get(0).checks()).containsExactly(new NodeCheck.RemovedAt(new ExpectedTime(null)));
        assertThat(e.nodes().get(0).count()).isNull();
    }

    @Test
    void readsEvictionListsNodeNamesAndDistinctChoices() {
        Expectations e = parse("""
                workloads:
                - name: default/w
                  evictions:
                  - {reason: Preempted, detail: InClusterQueue}
                  - {reason: Preempted, atSeconds: 30.5}
                  nodes: worker-node-1
                  gpuGroup: distinct
                - name: default/v
                  nodes: distinct
                """);

        assertThat(e.workloads().get(0).checks()).containsExactly(
                new EvictionList(List.of(new ExpectedEviction("Preempted", "InClusterQueue", null),
                        new ExpectedEviction("Preempted", null, new ExpectedTime(30.5)))),
                new WorkloadCheck.AllOnNode("worker-node-1"),
                new WorkloadCheck.DistinctGpuGroups());
        assertThat(e.workloads().get(1).checks()).containsExactly(new WorkloadCheck.AllOnDistinctNodes());
    }

    @Test
    void acceptsQuantitiesWrittenAsNumbers() {
        Expectations e = parse("""
                queues:
                - name: q
                  usage: {default: {cpu: 6, nvidia.com/gpu: 0.5, memory: 4Gi}}
                """);

        QueueCheck.Usage usage = (QueueCheck.Usage) e.queues().get(0).checks().get(0);
        assertThat(usage.expected().get("default"))
                .containsEntry("cpu", new ExpectedQuantity("6", Quantity.ofUnits(6)))
                .containsEntry("nvidia.com/gpu", new ExpectedQuantity("0.5", Quantity.ofMilli(500)))
                .containsEntry("memory", new ExpectedQuantity("4Gi", Quantity.ofUnits(4L << 30)));
    }

    @Test
    void readsAnEmptyFileAsNoExpectations() {
        assertThat(parse("")).isEqualTo(Expectations.none());
        assertThat(parse("# nothing to check yet\n")).isEqualTo(Expectations.none());
        assertThat(parse("workloads:\n")).isEqualTo(Expectations.none());
    }

    @Test
    void rejectsAnUnknownWorkloadKeyNamingFileEntryAndKey() {
        assertThatThrownBy(() -> parse("""
                workloads:
                - name: default/a
                - name: default/high
                  stat: Admitted
                """))
                .isInstanceOfSatisfying(ExpectationFileException.class, e -> {
                    assertThat(e.file()).isEqualTo("test.expect.yaml");
                    assertThat(e.entry()).isEqualTo("workloads #2 (default/high)");
                    assertThat(e.key()).isEqualTo("stat");
                })
                .hasMessageStartingWith("test.expect.yaml: workloads #2 (default/high): stat: unknown key "
                        + "(did you mean \"state\"?); known keys here: name, kind, state,");
    }

    @Test
    void rejectsUnknownKeysAtEveryLevel() {
        assertThatThrownBy(() -> parse("workload:\n- name: default/a\n"))
                .hasMessageStartingWith("test.expect.yaml: workload: unknown key (did you mean \"workloads\"?)");
        assertThatThrownBy(() -> parse("queues:\n- name: q\n  admitted: 1\n"))
                .hasMessageStartingWith("test.expect.yaml: queues #1 (q): admitted: unknown key");
        assertThatThrownBy(() -> parse("nodes:\n- pool: p\n  cnt: 1\n"))
                .hasMessageStartingWith("test.expect.yaml: nodes #1 (p): cnt: unknown key (did you mean \"count\"?)");
        assertThatThrownBy(() -> parse("provisioningRequests:\n- workload: d/w\n  provisoned: true\n"))
                .hasMessageStartingWith(
                        "test.expect.yaml: provisioningRequests #1 (d/w): provisoned: unknown key (did you mean \"provisioned\"?)");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  evictions: [{reason: Preempted, detial: X}]\n"))
                .hasMessageStartingWith("test.expect.yaml: workloads #1 (d/w): evictions[0].detial: unknown key "
                        + "(did you mean \"detail\"?)");
    }

    @Test
    void rejectsMalformedValues() {
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  state: Admited\n")).hasMessage(
                "test.expect.yaml: workloads #1 (d/w): state: must be one of Pending, QuotaReserved, Admitted, Finished,"
                        + " found \"Admited\"");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  admittedAtSeconds: 60s\n"))
                .hasMessage("test.expect.yaml: workloads #1 (d/w): admittedAtSeconds: must be a number of seconds,"
                        + " found \"60s\"");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  podCount: -1\n"))
                .hasMessage("test.expect.yaml: workloads #1 (d/w): podCount: must be a whole number, 0 or more, found -1");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  podSetCounts: {main: many}\n"))
                .hasMessageContaining("podSetCounts.main: must be a whole number");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  evictions: some\n"))
                .hasMessageContaining("evictions: must be a count or a list of {reason, detail}");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  gpuGroup: together\n"))
                .hasMessageContaining("gpuGroup: must be one of shared, distinct");
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  flavors: {main: on-demand}\n"))
                .hasMessageContaining("flavors.main: must be a mapping of keys to values, found \"on-demand\"");
        assertThatThrownBy(() -> parse("queues:\n- name: q\n  usage: {f: {cpu: lots}}\n"))
                .hasMessageStartingWith("test.expect.yaml: queues #1 (q): usage.f.cpu: ");
        assertThatThrownBy(() -> parse("provisioningRequests:\n- workload: d/w\n  accepted: \"yes\"\n"))
                .hasMessageContaining("accepted: must be true or false");
        assertThatThrownBy(() -> parse("until: soon\n")).hasMessageStartingWith("test.expect.yaml: until: \"soon\" is not a duration");
        assertThatThrownBy(() -> parse("workloads: {name: d/w}\n"))
                .hasMessage("test.expect.yaml: workloads: must be a list, found a mapping");
    }

    @Test
    void rejectsNamesThatAreNotNamespaced() {
        assertThatThrownBy(() -> parse("workloads:\n- name: high\n")).hasMessage("test.expect.yaml: workloads #1 (high):"
                + " name: must be namespace/name (a trailing * matches a generateName prefix), found \"high\"");
        assertThatThrownBy(() -> parse("workloads:\n- name: default/*-suffix\n"))
                .hasMessageContaining("\"*\" is only allowed at the end of a name");
        assertThatThrownBy(() -> parse("workloads:\n- kind: RayJob\n"))
                .hasMessage("test.expect.yaml: workloads #1: missing required key \"name\"");
    }

    @Test
    void rejectsDuplicateKeysSecondDocumentsAndBrokenYaml() {
        assertThatThrownBy(() -> parse("workloads:\n- name: d/w\n  state: Admitted\n  state: Pending\n"))
                .isInstanceOf(ExpectationFileException.class).hasMessageContaining("Duplicate field 'state'");
        assertThatThrownBy(() -> parse("workloads: []\n---\nqueues: []\n"))
                .hasMessage("test.expect.yaml: holds 2 YAML documents; an expectation file holds one");
        assertThatThrownBy(() -> parse("workloads:\n- name: [unclosed\n"))
                .isInstanceOf(ExpectationFileException.class).hasMessageStartingWith("test.expect.yaml: not valid YAML: ")
                .hasMessageContaining("line ");
        assertThatThrownBy(() -> parse("- just a list\n"))
                .hasMessage("test.expect.yaml: must be a mapping of keys to values, found a list");
        assertThatThrownBy(() -> parse("- one\n- two\n"))
                .hasMessage("test.expect.yaml: must be a mapping of keys to values, found a list");
    }

    @Test
    void readsFilesAndNamesAMissingOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.expect.yaml");
        Files.writeString(file, "until: 90s\n");

        assertThat(ExpectationFileReader.read(file).until()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThatThrownBy(() -> ExpectationFileReader.read(dir.resolve("missing.expect.yaml")))
                .isInstanceOf(ExpectationFileException.class).hasMessageEndingWith("missing.expect.yaml: no such file");
    }

    private static Expectations parse(String yaml) {
        return ExpectationFileReader.parse(yaml, "test.expect.yaml");
    }
}
