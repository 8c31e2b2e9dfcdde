package dev.muster.sim.report.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.TextReportWriter;
import dev.muster.sim.series.RunSeries;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code muster simulate --html FILE}: one self-contained page that opens from disk without a
 * server or the network. Apache ECharts (the WebJar {@code org.webjars.npm:echarts}, its
 * {@code dist/echarts.min.js}) is inlined, with the run's data as JSON and the page's own script
 * ({@code report.js}) that draws from it:
 * <ul>
 *   <li>per queue (ClusterQueue, cohort, KAI queue): usage against nominal quota, or KAI's fair
 *       share, over time, per flavor and resource;</li>
 *   <li>pending workloads over time, per queue;</li>
 *   <li>a timeline of the workloads: waiting, running, admissions, evictions (preemptions
 *       included), with the reasons on hover;</li>
 *   <li>wait time per queue (median, p95; {@link WaitTimes});</li>
 *   <li>GPUs held over time, and each node's devices when the most were held (shared ones marked);</li>
 *   <li>the tables of the text report: workloads and queues as tables, the whole text report too.</li>
 * </ul>
 * Every chart's instance is kept in {@code window.musterCharts} by its element id, and the body
 * gets {@code data-ready="true"} once all are drawn, for the browser tests.
 */
public final class HtmlReport {

    /** The timeline draws at most this many workloads (the first created): a browser slows beyond. */
    public static final int TIMELINE_ROWS = 1_000;
    /** The workloads table lists at most this many (in the report's order). */
    public static final int TABLE_ROWS = 2_000;
    /** A queue's line keeps at most this many points: a longer run shows the state at the end of as many equal spans. */
    public static final int SAMPLES_PER_QUEUE = 2_000;
    /** The text report is included up to this size; openb's is 10 MB, which a page should not carry. */
    public static final int TEXT_REPORT_CHARS = 1_000_000;

    private static final ObjectMapper JSON = SelfContainedPage.JSON;

    private HtmlReport() {
    }

    /** Writes the page; the writer is left open. */
    public static void write(Report report, RunSeries series, String title, Writer out) throws IOException {
        Map<String, String> html = new LinkedHashMap<>();
        html.put("title", SelfContainedPage.escape(title));
        html.put("summary", SelfContainedPage.escape(summary(report)));
        html.put("workloadTable", workloadTable(report));
        html.put("queueTable", queueTable(report));
        html.put("textReport", SelfContainedPage.escape(text(report)));
        SelfContainedPage.write("report.html", html, data(report, series, title), "report.js", out);
    }

    /** The data the page's script draws from. */
    static ObjectNode data(Report report, RunSeries series, String title) {
        ObjectNode d = JSON.createObjectNode();
        d.put("title", title);
        d.put("endSeconds", report.endSeconds());
        d.set("queues", JSON.valueToTree(series.queues().stream().map(q -> new RunSeries.QueueSeries(q.name(), q.kind(),
                q.parent(), q.leaf(), q.nominal(), thin(q.samples(), report.endSeconds()))).toList()));
        ObjectNode gpus = d.putObject("gpus");
        gpus.set("held", JSON.valueToTree(series.gpusHeld()));
        gpus.put("capacity", series.gpuCapacity());
        gpus.set("peak", JSON.valueToTree(series.peakGpus()));
        d.set("waits", JSON.valueToTree(WaitTimes.of(report.workloads())));
        ArrayNode workloads = d.putArray("workloads");
        List<Report.WorkloadReport> shown = report.workloads().stream()
                .filter(w -> w.createdAtSeconds() != null)
                .sorted(java.util.Comparator.comparingDouble(Report.WorkloadReport::createdAtSeconds))
                .limit(TIMELINE_ROWS).toList();
        for (Report.WorkloadReport w : shown) {
            ObjectNode o = workloads.addObject();
            o.put("name", w.namespace() + "/" + w.name());
            o.put("kind", w.kind());
            o.put("queue", w.clusterQueue() != null ? w.clusterQueue() : w.queue());
            o.put("state", w.state());
            o.put("created", w.createdAtSeconds());
            o.set("admissions", JSON.valueToTree(w.admissionsAtSeconds()));
            if (w.finishedAtSeconds() != null) {
                o.put("finished", w.finishedAtSeconds());
            }
            o.set("evictions", JSON.valueToTree(w.evictions()));
            o.put("message", w.message() == null ? "" : w.message());
        }
        d.put("workloadsInAll", report.workloads().size());
        return d;
    }

    /**
     * At most {@value #SAMPLES_PER_QUEUE} samples after the first: the run is cut into as many equal
     * spans and each span keeps its last sample (the state it ended in), so the line still starts
     * and ends where the run did; a change undone within one span is not drawn. Fewer samples are
     * kept as they are.
     */
    static List<RunSeries.Sample> thin(List<RunSeries.Sample> samples, double endSeconds) {
        if (samples.size() <= SAMPLES_PER_QUEUE) {
            return samples;
        }
        double span = Math.max(endSeconds, samples.get(samples.size() - 1).atSeconds()) / SAMPLES_PER_QUEUE;
        java.util.List<RunSeries.Sample> out = new java.util.ArrayList<>(List.of(samples.get(0)));
        long bucket = -1;
        for (RunSeries.Sample s : samples.subList(1, samples.size())) {
            long b = span <= 0 ? 0 : Math.min(SAMPLES_PER_QUEUE - 1, (long) (s.atSeconds() / span));
            if (b == bucket) {
                out.set(out.size() - 1, s);
            } else {
                out.add(s);
                bucket = b;
            }
        }
        return out;
    }

    private static String summary(Report report) {
        long finished = report.workloads().stream().filter(w -> "Finished".equals(w.state())).count();
        return String.format(Locale.ROOT, "%d workloads, %d finished; the run ended at %s", report.workloads().size(),
                finished, seconds(report.endSeconds()));
    }

    private static String workloadTable(Report report) {
        StringBuilder b = new StringBuilder("<table class=\"data\" id=\"workloads-table\"><thead><tr>");
        for (String h : List.of("workload", "kind", "queue", "ClusterQueue", "priority", "state", "created", "admitted",
                "finished", "evictions", "message")) {
            b.append("<th>").append(h).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Report.WorkloadReport w : report.workloads().subList(0, Math.min(TABLE_ROWS, report.workloads().size()))) {
            b.append("<tr>");
            cell(b, w.namespace() + "/" + w.name());
            cell(b, w.kind());
            cell(b, w.queue());
            cell(b, w.clusterQueue());
            cell(b, String.valueOf(w.priority()));
            cell(b, w.state());
            cell(b, seconds(w.createdAtSeconds()));
            cell(b, seconds(w.admittedAtSeconds()));
            cell(b, seconds(w.finishedAtSeconds()));
            cell(b, String.valueOf(w.evictions().size()));
            cell(b, w.message());
            b.append("</tr>");
        }
        b.append("</tbody></table>");
        if (report.workloads().size() > TABLE_ROWS) {
            b.append("<p class=\"note\">The first ").append(TABLE_ROWS).append(" of ").append(report.workloads().size())
                    .append(" workloads; <code>muster simulate -o json</code> has them all.</p>");
        }
        return b.toString();
    }

    private static String queueTable(Report report) {
        StringBuilder b = new StringBuilder("<table class=\"data\" id=\"queues-table\"><thead><tr>");
        for (String h : List.of("queue", "kind", "admitted", "pending", "usage at the end", "admissions", "finished", "peak usage")) {
            b.append("<th>").append(h).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Report.QueueReport q : report.queues()) {
            b.append("<tr>");
            cell(b, q.name());
            cell(b, q.kind());
            cell(b, String.valueOf(q.admittedWorkloads()));
            cell(b, String.valueOf(q.pendingWorkloads()));
            cell(b, usage(q.usage()));
            cell(b, q.run() == null ? "" : String.valueOf(q.run().admissions()));
            cell(b, q.run() == null ? "" : String.valueOf(q.run().finished()));
            cell(b, q.run() == null ? "" : usage(q.run().peakUsage()));
            b.append("</tr>");
        }
        return b.append("</tbody></table>").toString();
    }

    private static String usage(java.util.Map<String, java.util.Map<String, String>> usage) {
        StringBuilder b = new StringBuilder();
        usage.forEach((flavor, resources) -> resources.forEach((r, q) ->
                b.append(b.isEmpty() ? "" : ", ").append(flavor).append('/').append(r).append('=').append(q)));
        return b.toString();
    }

    private static void cell(StringBuilder b, String text) {
        b.append("<td>").append(SelfContainedPage.escape(text == null ? "" : text)).append("</td>");
    }

    private static String seconds(Double s) {
        return s == null ? "" : String.format(Locale.ROOT, "%.0fs", s);
    }

    private static String text(Report report) {
        StringWriter w = new StringWriter();
        try {
            new TextReportWriter().write(report, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (w.getBuffer().length() > TEXT_REPORT_CHARS) {
            return String.format(Locale.ROOT, "The text report is %.1f MB, too long for this page: muster simulate prints it.",
                    w.getBuffer().length() / 1e6);
        }
        return w.toString();
    }
}
