package dev.muster.sim.compare;

import dev.muster.sim.report.SecondsText;
import dev.muster.sim.report.TextTable;
import dev.muster.sim.report.TextTable.Column;
import dev.muster.sim.report.html.WaitTimes;
import java.io.PrintWriter;

/** {@code muster compare A --sweep SPEC} as text: the waits per value and queue, then each run's totals. */
public final class SweepText {

    private SweepText() {
    }

    public static void write(SweepResult s, PrintWriter out) {
        out.println("Scenario: " + s.scenario());
        out.println("Swept: ClusterQueue " + s.clusterQueue() + ", nominal quota of " + s.flavorResource()
                + " (" + s.points().size() + " runs)");
        out.println();
        out.println("Wait until first admission, per queue (nearest-rank p50/p95 of the admitted; never: not admitted)");
        TextTable waits = new TextTable(Column.right("VALUE"), Column.left("QUEUE"), Column.right("P50"), Column.right("P95"),
                Column.right("ADMITTED"), Column.right("NEVER"));
        for (SweepResult.Point p : s.points()) {
            for (WaitTimes w : p.figures().waits()) {
                waits.row(p.value(), w.queue(), w.admitted() == 0 ? "-" : SecondsText.format(w.p50Seconds()),
                        w.admitted() == 0 ? "-" : SecondsText.format(w.p95Seconds()), String.valueOf(w.admitted()),
                        String.valueOf(w.stillWaiting()));
            }
        }
        ComparisonText.print(waits, out);
        out.println();
        out.println("Each run");
        TextTable runs = new TextTable(Column.right("VALUE"), Column.right("MAKESPAN"), Column.right("PREEMPTED"),
                Column.right("UTILIZATION OF " + s.flavorResource().toUpperCase(java.util.Locale.ROOT)));
        for (SweepResult.Point p : s.points()) {
            FlavorUse use = p.figures().utilization().stream()
                    .filter(u -> u.flavorResource().equals(s.flavorResource())).findFirst().orElse(null);
            runs.row(p.value(), SecondsText.format(p.figures().endSeconds()), String.valueOf(p.figures().preemptionsInAll()),
                    use == null ? "-" : Figures.percent(use.utilization()));
        }
        ComparisonText.print(runs, out);
        out.flush();
    }
}
