package dev.muster.sim.expect;

import dev.muster.sim.report.Report;
import dev.muster.sim.report.Report.NodeReport;
import dev.muster.sim.report.Report.ProvisioningRequestReport;
import dev.muster.sim.report.Report.QueueReport;
import dev.muster.sim.report.Report.WorkloadReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Checks a report against expectations: a scenario passes when the list of mismatches is empty.
 *
 * <p>An entry selects report items (workloads by name pattern and kind, queues by name, nodes by pool,
 * provisioning requests by workload pattern) and every key of the entry must hold for <em>each</em>
 * selected item. For a {@code name: ns/prefix-*} matching several workloads that is the only reading
 * that cannot let a wrong workload pass unnoticed. An entry that selects nothing is a mismatch of its
 * own, unless it says {@code count: 0}.
 */
public final class ExpectationChecker {

    private static final int MAX_NAMES_IN_HINT = 8;

    private ExpectationChecker() {
    }

    public static List<Mismatch> check(Report report, Expectations expectations) {
        List<Mismatch> mismatches = new ArrayList<>();
        expectations.workloads().forEach(e -> checkWorkloads(report, e, mismatches));
        expectations.queues().forEach(e -> checkQueues(report, e, mismatches));
        expectations.nodes().forEach(e -> checkNodes(report, e, mismatches));
        expectations.provisioningRequests().forEach(e -> checkProvisioningRequests(report, e, mismatches));
        return List.copyOf(mismatches);
    }

    private static void checkWorkloads(Report report, WorkloadExpectation expectation, List<Mismatch> mismatches) {
        List<WorkloadReport> selected = report.workloads().stream().filter(expectation::selects).toList();
        if (selected.isEmpty()) {
            mismatches.add(noWorkloadMatches(report, expectation));
            return;
        }
        for (WorkloadReport workload : selected) {
            String id = WorkloadExpectation.qualifiedName(workload);
            String note = messageNote(workload);
            for (Difference difference : differences(expectation.checks(), workload)) {
                // The workload's own message says why it waits or what happened last. It is shown once, with
                // the first mismatch (the state one when the state is wrong: state is checked first), unless
                // that mismatch already quotes it (messageContains).
                boolean quoted = !note.isEmpty() && difference.actual().contains(workload.message());
                mismatches.add(Mismatch.of("workloads", id, difference, quoted ? "" : note));
                note = "";
            }
        }
    }

    private static String messageNote(WorkloadReport workload) {
        String message = workload.message();
        return message == null || message.isBlank() ? "" : " (message: " + message + ")";
    }

    private static Mismatch noWorkloadMatches(Report report, WorkloadExpectation expectation) {
        String pattern = expectation.name().text();
        String wanted = expectation.kind() == null ? "a workload" : "a workload of kind " + expectation.kind();
        List<String> otherKinds = report.workloads().stream()
                .filter(w -> expectation.name().matches(WorkloadExpectation.qualifiedName(w)))
                .map(w -> w.kind() + " " + WorkloadExpectation.qualifiedName(w))
                .toList();
        String hint;
        if (!otherKinds.isEmpty()) {
            hint = "; found " + names(otherKinds);
        } else {
            String namespace = pattern.substring(0, pattern.indexOf('/') + 1);
            List<String> sameNamespace = report.workloads().stream()
                    .map(WorkloadExpectation::qualifiedName)
                    .filter(name -> name.startsWith(namespace))
                    .toList();
            hint = sameNamespace.isEmpty()
                    ? "; the report has no workload in namespace " + namespace.replace("/", "")
                    : "; the report has " + names(sameNamespace);
        }
        return new Mismatch("workloads[" + pattern + "]", wanted, "none",
                "workloads " + pattern + ": no workload matches" + (expectation.kind() == null ? "" : " (kind "
                        + expectation.kind() + ")") + hint);
    }

    private static void checkQueues(Report report, QueueExpectation expectation, List<Mismatch> mismatches) {
        List<QueueReport> selected = report.queues().stream()
                .filter(q -> expectation.name().equals(q.name()))
                .toList();
        if (selected.isEmpty()) {
            String known = report.queues().isEmpty()
                    ? "the report has no queues"
                    : "the report has " + names(report.queues().stream().map(QueueReport::name).toList());
            mismatches.add(new Mismatch("queues[" + expectation.name() + "]", "a queue named " + expectation.name(),
                    "none", "queues " + expectation.name() + ": no queue with this name; " + known));
            return;
        }
        for (QueueReport queue : selected) {
            differences(expectation.checks(), queue)
                    .forEach(d -> mismatches.add(Mismatch.of("queues", queue.name(), d, "")));
        }
    }

    private static void checkNodes(Report report, NodeExpectation expectation, List<Mismatch> mismatches) {
        List<NodeReport> selected = report.nodes().stream()
                .filter(n -> Objects.equals(expectation.pool(), n.pool()))
                .toList();
        String id = "pool=" + expectation.pool();
        List<String> names = selected.stream().map(NodeReport::name).toList();
        if (!countHolds(expectation.count(), names, "nodes", id, mismatches)) {
            return;
        }
        for (NodeReport node : selected) {
            differences(expectation.checks(), node)
                    .forEach(d -> mismatches.add(Mismatch.of("nodes", node.name(), d, "")));
        }
    }

    private static void checkProvisioningRequests(
            Report report, ProvisioningRequestExpectation expectation, List<Mismatch> mismatches) {
        List<ProvisioningRequestReport> selected = report.provisioningRequests().stream()
                .filter(r -> expectation.workload().matches(r.workload()))
                .toList();
        String id = "workload=" + expectation.workload();
        List<String> names = selected.stream().map(ProvisioningRequestReport::name).toList();
        if (!countHolds(expectation.count(), names, "provisioningRequests", id, mismatches)) {
            return;
        }
        for (ProvisioningRequestReport request : selected) {
            differences(expectation.checks(), request)
                    .forEach(d -> mismatches.add(Mismatch.of("provisioningRequests", request.name(), d, "")));
        }
    }

    /**
     * Checks {@code count} when given, and otherwise that something was selected at all: the other
     * keys hold vacuously for no items, which must not pass. False when there is nothing further to check.
     */
    private static boolean countHolds(
            Integer count, List<String> selected, String section, String id, List<Mismatch> mismatches) {
        if (count != null && count != selected.size()) {
            String actual = selected.isEmpty() ? "0" : selected.size() + " (" + names(selected) + ")";
            mismatches.add(Mismatch.of(section, id, new Difference("count", count.toString(), actual), ""));
        } else if (count == null && selected.isEmpty()) {
            mismatches.add(new Mismatch(section + "[" + id + "]", "at least one", "none",
                    section + " " + id + ": none in the report"));
            return false;
        }
        return !selected.isEmpty();
    }

    private static <T> List<Difference> differences(List<? extends Check<T>> checks, T item) {
        return checks.stream().flatMap(check -> check.against(item).stream()).toList();
    }

    private static String names(List<String> names) {
        String shown = names.stream().limit(MAX_NAMES_IN_HINT).collect(Collectors.joining(", "));
        return names.size() > MAX_NAMES_IN_HINT ? shown + ", ... (" + names.size() + " in all)" : shown;
    }
}
