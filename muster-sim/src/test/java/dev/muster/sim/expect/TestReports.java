package dev.muster.sim.expect;

import dev.muster.sim.report.Report;
import dev.muster.sim.report.Report.Eviction;
import dev.muster.sim.report.Report.NodeReport;
import dev.muster.sim.report.Report.PodReport;
import dev.muster.sim.report.Report.PodSetCount;
import dev.muster.sim.report.Report.ProvisioningRequestReport;
import dev.muster.sim.report.Report.QueueReport;
import dev.muster.sim.report.Report.WorkloadReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds small reports for checker tests: only what a test sets differs from a pending Workload. */
final class TestReports {

    private TestReports() {
    }

    static Report report(Object... items) {
        List<WorkloadReport> workloads = new ArrayList<>();
        List<QueueReport> queues = new ArrayList<>();
        List<NodeReport> nodes = new ArrayList<>();
        List<ProvisioningRequestReport> requests = new ArrayList<>();
        for (Object item : items) {
            switch (item) {
                case WorkloadBuilder w -> workloads.add(w.build());
                case WorkloadReport w -> workloads.add(w);
                case QueueReport q -> queues.add(q);
                case NodeReport n -> nodes.add(n);
                case ProvisioningRequestReport r -> requests.add(r);
                default -> throw new IllegalArgumentException("not a report item: " + item);
            }
        }
        return new Report(Report.SCHEMA, 900.0, workloads, queues, nodes, requests, List.of());
    }

    static WorkloadBuilder workload(String namespacedName) {
        return new WorkloadBuilder(namespacedName);
    }

    static QueueReport queue(String name, Map<String, Map<String, String>> usage, int admitted, int pending) {
        return new QueueReport(name, "ClusterQueue", usage, admitted, pending);
    }

    static NodeReport node(String name, String pool, double added, Double removed) {
        return new NodeReport(name, pool, added, removed);
    }

    static ProvisioningRequestReport request(String name, String workload, boolean accepted, boolean provisioned,
            boolean failed) {
        return new ProvisioningRequestReport(name, workload, accepted, provisioned, failed);
    }

    static PodReport pod(String name, String node) {
        return new PodReport(name, "main", node, List.of(), null, null);
    }

    static PodReport fractionalPod(String name, String node, String gpuGroup) {
        return new PodReport(name, "worker", node, List.of(0), 0.5, gpuGroup);
    }

    static final class WorkloadBuilder {
        private String kind = "Workload";
        private final String namespace;
        private final String name;
        private String clusterQueue;
        private String state = "Pending";
        private Double admittedAt;
        private Double finishedAt;
        private final Map<String, Map<String, String>> flavors = new LinkedHashMap<>();
        private final List<PodSetCount> podSets = new ArrayList<>();
        private final List<Eviction> evictions = new ArrayList<>();
        private final List<PodReport> pods = new ArrayList<>();
        private String message;

        private WorkloadBuilder(String namespacedName) {
            String[] parts = namespacedName.split("/", 2);
            this.namespace = parts[0];
            this.name = parts[1];
        }

        WorkloadBuilder kind(String kind) {
            this.kind = kind;
            return this;
        }

        WorkloadBuilder state(String state) {
            this.state = state;
            return this;
        }

        WorkloadBuilder clusterQueue(String clusterQueue) {
            this.clusterQueue = clusterQueue;
            return this;
        }

        WorkloadBuilder admittedAt(Double seconds) {
            this.admittedAt = seconds;
            return this;
        }

        WorkloadBuilder finishedAt(Double seconds) {
            this.finishedAt = seconds;
            return this;
        }

        WorkloadBuilder flavor(String podSet, String resource, String flavor) {
            flavors.computeIfAbsent(podSet, k -> new LinkedHashMap<>()).put(resource, flavor);
            return this;
        }

        WorkloadBuilder podSet(String podSet, int count) {
            podSets.add(new PodSetCount(podSet, count));
            return this;
        }

        WorkloadBuilder eviction(double at, String reason, String detail) {
            evictions.add(new Eviction(at, reason, detail));
            return this;
        }

        WorkloadBuilder pods(PodReport... more) {
            pods.addAll(List.of(more));
            return this;
        }

        WorkloadBuilder message(String message) {
            this.message = message;
            return this;
        }

        WorkloadReport build() {
            return new WorkloadReport(kind, namespace, name, "lq", clusterQueue, 0, state, admittedAt, finishedAt,
                    flavors, podSets, evictions, pods, message);
        }
    }
}
