package dev.muster.sim.report;

import dev.muster.sim.report.Report.EventReport;
import dev.muster.sim.report.Report.NodeReport;
import dev.muster.sim.cluster.JobStandIn;
import dev.muster.sim.report.Report.ProvisioningRequestReport;
import dev.muster.sim.report.Report.QueueReport;
import dev.muster.sim.report.Report.WorkloadReport;
import dev.muster.sim.report.TextTable.Column;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code -o text}, the default: what a person wants to see first. A one-line summary, the timeline of
 * events, the workloads and what became of them, the queues' usage, then nodes and provisioning
 * requests when the scenario has any. No colours: the output is often piped or pasted into an issue.
 */
public final class TextReportWriter implements ReportWriter {

    private static final String INDENT = "  ";

    /** States whose message says why the workload waits; an admitted workload's message is noise here. */
    private static final Set<String> WAITING_STATES = Set.of("Pending", "QuotaReserved");

    /** The contract's states, in lifecycle order, so the summary line always reads the same way. */
    private static final List<String> STATE_ORDER = List.of("Pending", "QuotaReserved", "Admitted", "Finished");

    @Override
    public void write(Report report, Writer out) throws IOException {
        out.write(summaryLine(report) + "\n");
        section(out, "Timeline", timeline(report.events()), "no events");
        TextTable rayJobs = rayJobStatus(report.events());
        if (!rayJobs.isEmpty()) {
            section(out, "RayJob status over time (status.jobDeploymentStatus)", rayJobs, null);
        }
        provisioningRequestHistory(out, report.events());
        section(out, "Workloads", workloads(report.workloads()), "no workloads");
        if (report.workloads().stream().anyMatch(w -> !w.pods().isEmpty())) {
            section(out, "Pods", pods(report.workloads()), null);
        }
        section(out, "Queues", queues(report.queues()), "no queues");
        if (!report.nodes().isEmpty()) {
            section(out, "Nodes", nodes(report.nodes()), null);
        }
        if (!report.provisioningRequests().isEmpty()) {
            section(out, "Provisioning requests", provisioningRequests(report.provisioningRequests()), null);
        }
        out.flush();
    }

    private static String summaryLine(Report report) {
        String line = "Simulation ended at " + SecondsText.format(report.endSeconds()) + " of virtual time";
        int count = report.workloads().size();
        if (count == 0) {
            return line + "; no workloads.";
        }
        return line + "; " + count + (count == 1 ? " workload" : " workloads") + ": " + stateCounts(report) + ".";
    }

    private static String stateCounts(Report report) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        STATE_ORDER.forEach(state -> counts.put(state, 0));
        report.workloads().forEach(w -> counts.merge(String.valueOf(w.state()), 1, Integer::sum));
        return counts.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
    }

    private static void section(Writer out, String title, TextTable table, String whenEmpty) throws IOException {
        out.write("\n" + title + "\n");
        if (table.isEmpty()) {
            out.write(INDENT + "(" + whenEmpty + ")\n");
            return;
        }
        for (String line : table.lines()) {
            out.write(INDENT + line + "\n");
        }
    }

    private static TextTable timeline(List<EventReport> events) {
        TextTable table = new TextTable(Column.right("TIME"), Column.left("TYPE"), Column.left("OBJECT"),
                Column.left("REASON"), Column.left("MESSAGE"));
        for (EventReport e : events) {
            String repeats = e.count() > 1 ? " (x" + e.count() + ", last at " + SecondsText.format(e.lastSecondsOrFirst()) + ")" : "";
            table.row(SecondsText.format(e.atSeconds()), e.type(), e.object(), e.reason(), e.message() + repeats);
        }
        return table;
    }

    private static TextTable workloads(List<WorkloadReport> workloads) {
        TextTable table = new TextTable(Column.left("NAME"), Column.left("KIND"), Column.left("QUEUE"),
                Column.left("CLUSTERQUEUE"), Column.right("PRIORITY"), Column.left("STATE"),
                Column.right("ADMITTED"), Column.right("FINISHED"), Column.left("PODSETS"),
                Column.right("EVICTIONS"), Column.left("MESSAGE"));
        for (WorkloadReport w : workloads) {
            String message = WAITING_STATES.contains(w.state()) ? emptyIfNull(w.message()) : "";
            table.row(qualifiedName(w.namespace(), w.name()), w.kind(), w.queue(), w.clusterQueue(),
                    Integer.toString(w.priority()), w.state(), SecondsText.format(w.admittedAtSeconds()),
                    SecondsText.format(w.finishedAtSeconds()), podSets(w), Integer.toString(w.evictions().size()),
                    message);
        }
        return table;
    }

    private static String podSets(WorkloadReport w) {
        if (w.podSets().isEmpty()) {
            return "-";
        }
        return w.podSets().stream().map(p -> p.name() + "=" + p.count()).collect(Collectors.joining(","));
    }

    /**
     * Each queue now (admitted, pending, usage) and over the run (admissions, finished, peak usage:
     * a finished run's queues are empty now, which says nothing of how full they got).
     */
    private static TextTable queues(List<QueueReport> queues) {
        boolean fairShares = queues.stream().anyMatch(q -> q.fairShare() != null);
        List<Column> columns = new java.util.ArrayList<>(List.of(Column.left("NAME"), Column.left("KIND"),
                Column.right("ADMITTED"), Column.right("PENDING"), Column.left("USAGE"), Column.right("ADMISSIONS"),
                Column.right("FINISHED"), Column.left("PEAK USAGE")));
        if (fairShares) {
            columns.add(Column.left("FAIR SHARE"));
        }
        TextTable table = new TextTable(columns.toArray(Column[]::new));
        for (QueueReport q : queues) {
            List<String> row = new java.util.ArrayList<>(List.of(q.name(), q.kind(), Integer.toString(q.admittedWorkloads()),
                    Integer.toString(q.pendingWorkloads()), usage(q.usage()), Integer.toString(q.run().admissions()),
                    Integer.toString(q.run().finished()), usage(q.run().peakUsage())));
            if (fairShares) {
                row.add(fairShare(q.fairShare()));
            }
            table.row(row.toArray(String[]::new));
        }
        return table;
    }

    /** {@code cpu=4, nvidia.com/gpu=3}; "-" for a ClusterQueue, which has none. */
    private static String fairShare(Map<String, String> share) {
        if (share == null) {
            return "-";
        }
        return share.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** {@code default-flavor: cpu=16, memory=8Gi; spot: cpu=2}, in the report's order. */
    private static String usage(Map<String, Map<String, String>> usage) {
        if (usage.isEmpty()) {
            return "-";
        }
        return usage.entrySet().stream()
                .map(flavor -> flavor.getKey() + ": " + flavor.getValue().entrySet().stream()
                        .map(resource -> resource.getKey() + "=" + resource.getValue())
                        .collect(Collectors.joining(", ")))
                .collect(Collectors.joining("; "));
    }

    /** Where the pods of running workloads are, like {@code kubectl get pods -o wide} with the GPU columns KAI users check. */
    private static TextTable pods(List<WorkloadReport> workloads) {
        TextTable table = new TextTable(Column.left("POD"), Column.left("NODE"), Column.left("GPU DEVICES"),
                Column.right("GPU FRACTION"), Column.left("GPU GROUP"));
        for (WorkloadReport w : workloads) {
            for (Report.PodReport p : w.pods()) {
                table.row(qualifiedName(w.namespace(), p.name()), emptyIfNull(p.node()),
                        p.gpuDevices() == null ? "-" : p.gpuDevices().toString(),
                        p.gpuFraction() == null ? "-" : p.gpuFraction().toString(),
                        p.gpuGroup() == null ? "-" : p.gpuGroup());
            }
        }
        return table;
    }

    private static TextTable nodes(List<NodeReport> nodes) {
        TextTable table = new TextTable(Column.left("NAME"), Column.left("POOL"), Column.right("ADDED"),
                Column.right("REMOVED"));
        for (NodeReport n : nodes) {
            table.row(n.name(), n.pool(), SecondsText.format(n.addedAtSeconds()),
                    SecondsText.format(n.removedAtSeconds()));
        }
        return table;
    }

    /** Each RayJob's {@code jobDeploymentStatus} as it changed, from the timeline. */
    private static TextTable rayJobStatus(List<EventReport> events) {
        TextTable table = new TextTable(Column.right("TIME"), Column.left("RAYJOB"), Column.left("JOBDEPLOYMENTSTATUS"));
        String prefix = JobStandIn.RayJobStandIn.STATUS;
        for (EventReport e : events) {
            if (e.object().startsWith("RayJob/") && e.message().startsWith(prefix)) {
                table.row(SecondsText.format(e.atSeconds()), e.object().substring("RayJob/".length()), e.reason());
            }
        }
        return table;
    }

    /**
     * The requests as {@code kubectl get provisioningrequest --watch} shows them: a row for each
     * request each time it changed (a request changed twice at one instant once, as it then
     * stands), replayed from their events; nothing when there are none. One row per change, not the
     * whole table after each: thousands of requests would make that quadratic (a table of 8,000
     * requests after each of 16,000 changes made an 830 MB report).
     */
    private static void provisioningRequestHistory(Writer out, List<EventReport> events) throws IOException {
        Map<String, RequestRow> rows = new LinkedHashMap<>();
        Set<String> changedNow = new LinkedHashSet<>();
        double now = Double.NaN;
        TextTable table = new TextTable(Column.right("TIME"), Column.left("NAME"), Column.left("ACCEPTED"),
                Column.left("PROVISIONED"), Column.left("FAILED"), Column.right("AGE"));
        String prefix = ProvisioningRequestEvents.KIND + "/";
        for (EventReport e : events) {
            if (!e.object().startsWith(prefix)) {
                continue;
            }
            if (e.atSeconds() != now) {
                watchRows(table, rows, changedNow, now);
                now = e.atSeconds();
            }
            String name = e.object().substring(e.object().lastIndexOf('/') + 1);
            RequestRow row = rows.computeIfAbsent(name, n -> new RequestRow(e.atSeconds()));
            switch (e.reason()) {
                case ProvisioningRequestEvents.ACCEPTED -> row.accepted = true;
                case ProvisioningRequestEvents.PROVISIONED -> row.provisioned = true;
                case ProvisioningRequestEvents.FAILED -> row.failed = true;
                default -> { }
            }
            changedNow.add(name);
        }
        watchRows(table, rows, changedNow, now);
        if (rows.isEmpty()) {
            return;
        }
        out.write("\nProvisioning requests over time (kubectl get provisioningrequest --watch)\n");
        for (String line : table.lines()) {
            out.write(INDENT + line + "\n");
        }
    }

    /** The rows of the requests that changed at {@code at}, as they stand after it. */
    private static void watchRows(TextTable table, Map<String, RequestRow> rows, Set<String> changed, double at) {
        for (String n : changed) {
            RequestRow r = rows.get(n);
            table.row(SecondsText.format(at), n, title(r.accepted), title(r.provisioned), title(r.failed),
                    SecondsText.format(at - r.createdAtSeconds));
        }
        changed.clear();
    }

    private static TextTable provisioningRequests(List<ProvisioningRequestReport> requests) {
        TextTable table = new TextTable(Column.left("NAME"), Column.left("WORKLOAD"), Column.left("ACCEPTED"),
                Column.left("PROVISIONED"), Column.left("FAILED"));
        for (ProvisioningRequestReport r : requests) {
            table.row(r.name(), r.workload(), Boolean.toString(r.accepted()), Boolean.toString(r.provisioned()),
                    Boolean.toString(r.failed()));
        }
        return table;
    }

    private static final class RequestRow {
        final double createdAtSeconds;
        boolean accepted;
        boolean provisioned;
        boolean failed;

        RequestRow(double createdAtSeconds) {
            this.createdAtSeconds = createdAtSeconds;
        }
    }

    /** kubectl prints conditions as True/False. */
    private static String title(boolean value) {
        return value ? "True" : "False";
    }

    private static String qualifiedName(String namespace, String name) {
        return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
    }

    private static String emptyIfNull(String text) {
        return text == null ? "" : text;
    }
}
