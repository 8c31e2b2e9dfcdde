package dev.muster.sim.compare;

import dev.muster.sim.report.SecondsText;
import dev.muster.sim.report.TextTable;
import dev.muster.sim.report.TextTable.Column;
import dev.muster.sim.report.html.WaitTimes;
import java.io.PrintWriter;
import java.util.function.Function;

/** {@code muster compare A B} as text: one table per figure, A's column beside B's. */
public final class ComparisonText {

    private ComparisonText() {
    }

    public static void write(Comparison c, PrintWriter out) {
        out.println("A: " + c.a());
        out.println("B: " + c.b());
        out.println();
        out.println("Wait until first admission, per queue (nearest-rank p50/p95 of the admitted; never: not admitted)");
        TextTable waits = new TextTable(Column.left("QUEUE"), Column.right("A P50"), Column.right("B P50"),
                Column.right("A P95"), Column.right("B P95"), Column.right("A NEVER"), Column.right("B NEVER"),
                Column.right("A PREEMPTED"), Column.right("B PREEMPTED"));
        for (Comparison.QueueRow q : c.queues()) {
            waits.row(q.queue(), wait(q.aWaits(), WaitTimes::p50Seconds), wait(q.bWaits(), WaitTimes::p50Seconds),
                    wait(q.aWaits(), WaitTimes::p95Seconds), wait(q.bWaits(), WaitTimes::p95Seconds),
                    never(q.aWaits()), never(q.bWaits()), String.valueOf(q.aPreemptions()), String.valueOf(q.bPreemptions()));
        }
        print(waits, out);
        out.println();
        out.println("Utilization per flavor/resource (time-weighted mean usage / sum of the nominal quotas)");
        TextTable use = new TextTable(Column.left("FLAVOR/RESOURCE"), Column.right("A MEAN USE"), Column.right("A QUOTA"),
                Column.right("A UTILIZATION"), Column.right("B MEAN USE"), Column.right("B QUOTA"),
                Column.right("B UTILIZATION"));
        for (Comparison.UseRow u : c.utilization()) {
            use.row(u.flavorResource(), mean(u.a(), u.flavorResource()), quota(u.a(), u.flavorResource()),
                    u.a() == null ? null : Figures.percent(u.a().utilization()), mean(u.b(), u.flavorResource()),
                    quota(u.b(), u.flavorResource()), u.b() == null ? null : Figures.percent(u.b().utilization()));
        }
        print(use, out);
        out.println();
        out.println("Makespan (end of the run): A " + SecondsText.format(c.aEndSeconds()) + ", B "
                + SecondsText.format(c.bEndSeconds()) + " (" + Figures.signedSeconds(c.bEndSeconds() - c.aEndSeconds()) + ")");
        out.println();
        if (c.changedInAll() == 0) {
            out.println("No workload's first admission changed.");
        } else {
            out.println("First admission changed most (" + c.changed().size() + " of " + c.changedInAll() + " changed)");
            TextTable changed = new TextTable(Column.left("WORKLOAD"), Column.right("A"), Column.right("B"),
                    Column.left("CHANGE"));
            for (AdmissionChange a : c.changed()) {
                changed.row(a.workload(), SecondsText.format(a.aSeconds()), SecondsText.format(a.bSeconds()),
                        a.deltaSeconds() != null ? Figures.signedSeconds(a.deltaSeconds())
                                : a.aSeconds() == null ? "admitted in B only" : "admitted in A only");
            }
            print(changed, out);
        }
        out.flush();
    }

    private static String wait(WaitTimes w, Function<WaitTimes, Double> figure) {
        return w == null || w.admitted() == 0 ? "-" : SecondsText.format(figure.apply(w));
    }

    private static String never(WaitTimes w) {
        return w == null ? "-" : String.valueOf(w.stillWaiting());
    }

    private static String mean(FlavorUse u, String key) {
        return u == null ? null : Figures.amount(u.meanUsage(), key);
    }

    private static String quota(FlavorUse u, String key) {
        return u == null ? null : Figures.amount(u.nominal(), key);
    }

    static void print(TextTable table, PrintWriter out) {
        table.lines().forEach(out::println);
    }
}
