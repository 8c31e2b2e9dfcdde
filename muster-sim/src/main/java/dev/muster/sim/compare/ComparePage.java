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
 * {@code muster compare --html FILE}: the comparison as one self-contained page ({@link SelfContainedPage}):
 * waits per queue A against B (p50 and p95 as grouped bars), utilization per flavor/resource A
 * against B, and the workloads whose first admission changed most; the tables of the text output too.
 */
public final class ComparePage {

    private ComparePage() {
    }

    public static void write(Comparison c, Writer out) throws IOException {
        Map<String, String> html = new LinkedHashMap<>();
        html.put("title", "muster compare");
        html.put("a", SelfContainedPage.escape(c.a()));
        html.put("b", SelfContainedPage.escape(c.b()));
        html.put("summary", SelfContainedPage.escape("Makespan: A " + SecondsText.format(c.aEndSeconds()) + ", B "
                + SecondsText.format(c.bEndSeconds()) + "; first admission changed for " + c.changedInAll()
                + (c.changedInAll() == 1 ? " workload" : " workloads")));
        html.put("queueTable", queueTable(c));
        html.put("useTable", useTable(c));
        html.put("changedNote", SelfContainedPage.escape(c.changedInAll() == 0 ? "No workload's first admission changed."
                : "The " + c.changed().size() + " of " + c.changedInAll()
                + " changed: those admitted in one run only first, then by the size of the change."));
        html.put("changedTable", changedTable(c));
        SelfContainedPage.write("compare.html", html, c, "compare.js", out);
    }

    private static String queueTable(Comparison c) {
        HtmlTable t = new HtmlTable("queues-table", List.of("queue", "A p50", "B p50", "A p95", "B p95", "A never admitted",
                "B never admitted", "A preempted", "B preempted"));
        for (Comparison.QueueRow q : c.queues()) {
            t.row(q.queue(), wait(q.aWaits(), true), wait(q.bWaits(), true), wait(q.aWaits(), false),
                    wait(q.bWaits(), false), q.aWaits() == null ? null : String.valueOf(q.aWaits().stillWaiting()),
                    q.bWaits() == null ? null : String.valueOf(q.bWaits().stillWaiting()), String.valueOf(q.aPreemptions()),
                    String.valueOf(q.bPreemptions()));
        }
        return t.html();
    }

    private static String useTable(Comparison c) {
        HtmlTable t = new HtmlTable("utilization-table", List.of("flavor/resource", "A mean use", "A quota", "A utilization",
                "B mean use", "B quota", "B utilization"));
        for (Comparison.UseRow u : c.utilization()) {
            String k = u.flavorResource();
            t.row(k, u.a() == null ? null : Figures.amount(u.a().meanUsage(), k), u.a() == null ? null : Figures.amount(u.a().nominal(), k),
                    u.a() == null ? null : Figures.percent(u.a().utilization()),
                    u.b() == null ? null : Figures.amount(u.b().meanUsage(), k), u.b() == null ? null : Figures.amount(u.b().nominal(), k),
                    u.b() == null ? null : Figures.percent(u.b().utilization()));
        }
        return t.html();
    }

    private static String changedTable(Comparison c) {
        HtmlTable t = new HtmlTable("changed-table", List.of("workload", "A first admitted", "B first admitted", "change"));
        for (AdmissionChange a : c.changed()) {
            t.row(a.workload(), SecondsText.format(a.aSeconds()), SecondsText.format(a.bSeconds()),
                    a.deltaSeconds() != null ? Figures.signedSeconds(a.deltaSeconds())
                            : a.aSeconds() == null ? "admitted in B only" : "admitted in A only");
        }
        return t.html();
    }

    private static String wait(WaitTimes w, boolean median) {
        return w == null || w.admitted() == 0 ? null : SecondsText.format(median ? w.p50Seconds() : w.p95Seconds());
    }
}
