package dev.muster.sim.expect;

import dev.muster.sim.report.Report.Eviction;
import dev.muster.sim.report.Report.PodReport;
import dev.muster.sim.report.Report.PodSetCount;
import dev.muster.sim.report.Report.WorkloadReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** One key of a {@code workloads[]} expectation (contract section 3). */
public sealed interface WorkloadCheck extends Check<WorkloadReport> {

    /** {@code state: Admitted}. */
    record State(String expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "state";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            return Difference.unlessEqual(key(), expected, w.state());
        }
    }

    /** {@code clusterQueue: c1}; {@code null} when the workload must never have held quota. */
    record ClusterQueue(String expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "clusterQueue";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            return Difference.unlessEqual(key(), expected, w.clusterQueue());
        }
    }

    /** {@code flavors: {main: {cpu: on-demand}}}: pod set → resource → flavor, a subset of the report's. */
    record Flavors(Map<String, Map<String, String>> expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "flavors";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            Map<String, Map<String, String>> actual = w.flavors() == null ? Map.of() : w.flavors();
            List<Difference> differences = new ArrayList<>();
            expected.forEach((podSet, resources) -> resources.forEach((resource, flavor) -> {
                String got = actual.getOrDefault(podSet, Map.of()).get(resource);
                differences.addAll(Difference.unlessEqual(
                        key() + "." + podSet + "." + resource, flavor, got == null ? "none" : got));
            }));
            return differences;
        }
    }

    /** {@code podSetCounts: {main: 25}}: admitted counts of the named pod sets. */
    record PodSetCounts(Map<String, Integer> expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "podSetCounts";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            Map<String, Integer> actual = w.podSets().stream()
                    .collect(Collectors.toMap(PodSetCount::name, PodSetCount::count, (a, b) -> a));
            List<Difference> differences = new ArrayList<>();
            expected.forEach((podSet, count) -> {
                Integer got = actual.get(podSet);
                differences.addAll(Difference.unlessEqual(
                        key() + "." + podSet, count, got == null ? "no such pod set" : got));
            });
            return differences;
        }
    }

    /** {@code admittedAtSeconds: 60}, ±1 s; {@code null}: never admitted. */
    record AdmittedAt(ExpectedTime expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "admittedAtSeconds";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            return expected.against(key(), w.admittedAtSeconds());
        }
    }

    /** {@code finishedAtSeconds: 660}, ±1 s; {@code null}: not finished. */
    record FinishedAt(ExpectedTime expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "finishedAtSeconds";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            return expected.against(key(), w.finishedAtSeconds());
        }
    }

    /** {@code evictions: 1}: how many times the workload was evicted. */
    record EvictionCount(int expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "evictions";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            int count = w.evictions().size();
            return count == expected
                    ? List.of()
                    : List.of(new Difference(key(), Integer.toString(expected), count + describe(w.evictions())));
        }
    }

    /**
     * {@code evictions: [{reason: Preempted, detail: InClusterQueue}]}: exactly these evictions, in order.
     * A list states the whole history, so a report with more or fewer evictions does not match; within
     * one eviction only the keys written are compared.
     */
    record EvictionList(List<ExpectedEviction> expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "evictions";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            List<Eviction> actual = w.evictions();
            if (actual.size() != expected.size()) {
                return List.of(new Difference(key(),
                        expected.size() + " " + expected, actual.size() + describe(actual)));
            }
            List<Difference> differences = new ArrayList<>();
            for (int i = 0; i < expected.size(); i++) {
                differences.addAll(expected.get(i).against(key() + "[" + i + "]", actual.get(i)));
            }
            return differences;
        }
    }

    /** {@code nodes: same}: every pod placed, all on one node. */
    record AllOnOneNode() implements WorkloadCheck {
        @Override
        public String key() {
            return "nodes";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            boolean ok = allPlaced(w.pods()) && w.pods().stream().map(PodReport::node).distinct().count() == 1;
            return ok ? List.of() : List.of(new Difference(key(), "all pods on one node", placement(w.pods())));
        }
    }

    /** {@code nodes: distinct}: every pod placed, each on a node of its own. */
    record AllOnDistinctNodes() implements WorkloadCheck {
        @Override
        public String key() {
            return "nodes";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            boolean ok = allPlaced(w.pods())
                    && w.pods().stream().map(PodReport::node).distinct().count() == w.pods().size();
            return ok ? List.of() : List.of(new Difference(key(), "each pod on its own node", placement(w.pods())));
        }
    }

    /** {@code nodes: worker-node-1}: every pod on that node. */
    record AllOnNode(String node) implements WorkloadCheck {
        @Override
        public String key() {
            return "nodes";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            boolean ok = !w.pods().isEmpty() && w.pods().stream().allMatch(p -> node.equals(p.node()));
            return ok ? List.of() : List.of(new Difference(key(), "all pods on " + node, placement(w.pods())));
        }
    }

    /** {@code podCount: 3}: how many pods were placed on a node. */
    record PodCount(int expected) implements WorkloadCheck {
        @Override
        public String key() {
            return "podCount";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            long placed = w.pods().stream().filter(p -> p.node() != null).count();
            return Difference.unlessEqual(key(), (long) expected, placed);
        }
    }

    /**
     * {@code gpuGroup: shared}: the pods with a GPU fraction all carry one and the same GPU group. Pods
     * without a fraction (a CPU-only head) are outside the check; a workload with no fractional pod fails
     * it, since "they share a GPU" cannot be true of nothing.
     */
    record SharedGpuGroup() implements WorkloadCheck {
        @Override
        public String key() {
            return "gpuGroup";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            List<PodReport> fractional = fractional(w.pods());
            boolean ok = allGrouped(fractional) && fractional.stream().map(PodReport::gpuGroup).distinct().count() == 1;
            return ok ? List.of() : List.of(new Difference(key(), "one GPU group shared by the fractional-GPU pods",
                    gpuGroups(fractional)));
        }
    }

    /** {@code gpuGroup: distinct}: the pods with a GPU fraction each carry a GPU group of their own. */
    record DistinctGpuGroups() implements WorkloadCheck {
        @Override
        public String key() {
            return "gpuGroup";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            List<PodReport> fractional = fractional(w.pods());
            boolean ok = allGrouped(fractional)
                    && fractional.stream().map(PodReport::gpuGroup).distinct().count() == fractional.size();
            return ok ? List.of() : List.of(new Difference(key(), "a distinct GPU group per fractional-GPU pod",
                    gpuGroups(fractional)));
        }
    }

    /** {@code messageContains: queue}: a case-insensitive substring of the workload's message. */
    record MessageContains(String text) implements WorkloadCheck {
        @Override
        public String key() {
            return "messageContains";
        }

        @Override
        public List<Difference> against(WorkloadReport w) {
            String message = w.message();
            boolean ok = message != null
                    && message.toLowerCase(Locale.ROOT).contains(text.toLowerCase(Locale.ROOT));
            return ok ? List.of() : List.of(new Difference(key(), "a message containing \"" + text + "\"",
                    message == null ? "no message" : "\"" + message + "\""));
        }
    }

    private static boolean allPlaced(List<PodReport> pods) {
        return !pods.isEmpty() && pods.stream().allMatch(p -> p.node() != null);
    }

    private static List<PodReport> fractional(List<PodReport> pods) {
        return pods.stream().filter(p -> p.gpuFraction() != null).toList();
    }

    private static boolean allGrouped(List<PodReport> pods) {
        return !pods.isEmpty() && pods.stream().allMatch(p -> p.gpuGroup() != null);
    }

    /** {@code pods on worker-node-1 (2), unplaced (1)}. */
    private static String placement(List<PodReport> pods) {
        return pods.isEmpty() ? "no pods" : "pods on " + tally(pods, p -> Objects.requireNonNullElse(p.node(), "unplaced"));
    }

    private static String gpuGroups(List<PodReport> fractional) {
        return fractional.isEmpty()
                ? "no pod with a GPU fraction"
                : "GPU groups " + tally(fractional, p -> Objects.requireNonNullElse(p.gpuGroup(), "none"));
    }

    private static String tally(List<PodReport> pods, Function<PodReport, String> key) {
        Map<String, Long> counts = pods.stream()
                .collect(Collectors.groupingBy(key, LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
    }

    /** {@code  [Preempted/InClusterQueue at 30s]}, or nothing when there were no evictions. */
    private static String describe(List<Eviction> evictions) {
        if (evictions.isEmpty()) {
            return "";
        }
        return evictions.stream()
                .map(e -> e.reason() + "/" + e.detail() + " at " + ExpectedTime.plain(e.atSeconds()) + "s")
                .collect(Collectors.joining(", ", " [", "]"));
    }
}
