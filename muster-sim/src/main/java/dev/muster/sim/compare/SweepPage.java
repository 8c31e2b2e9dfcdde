package dev.muster.sim.compare;

import dev.muster.sim.report.SecondsText;
import dev.muster.sim.report.html.HtmlTable;
import dev.muster.sim.report.html.SelfContainedPage;
import dev.muster.sim.report.html.WaitTimes;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code muster compare --sweep SPEC --html FILE}: each queue's p50 and p95 wait as lines against the
 * swept quota, the swept flavor/resource's utilization likewise, and the table of every run.
 */
public final class SweepPage {

    private SweepPage() {
    }

    public static void write(SweepResult s, Writer out) throws IOException {
        Map<String, String> html = new LinkedHashMap<>();
        html.put("title", SelfContainedPage.escape("muster compare --sweep " + s.spec()));
        html.put("summary", SelfContainedPage.escape(s.scenario() + ": ClusterQueue " + s.clusterQueue() + "'s nominal quota of "
                + s.flavorResource() + " at " + String.join(", ", s.points().stream().map(SweepResult.Point::value).toList())
                + " (" + s.points().size() + " runs)"));
        HtmlTable t = new HtmlTable("sweep-table", List.of("value", "queue", "p50", "p95", "admitted", "never admitted",
                "makespan", "preempted (all queues)"));
        for (SweepResult.Point p : s.points()) {
            for (WaitTimes w : p.figures().waits()) {
                t.row(p.value(), w.queue(), w.admitted() == 0 ? null : SecondsText.format(w.p50Seconds()),
                        w.admitted() == 0 ? null : SecondsText.format(w.p95Seconds()), String.valueOf(w.admitted()),
                        String.valueOf(w.stillWaiting()), SecondsText.format(p.figures().endSeconds()),
                        String.valueOf(p.figures().preemptionsInAll()));
            }
        }
        html.put("table", t.html());
        SelfContainedPage.write("sweep.html", html, s, "sweep.js", out);
    }
}
