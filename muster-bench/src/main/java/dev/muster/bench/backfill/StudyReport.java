package dev.muster.bench.backfill;

import dev.muster.sim.report.TextTable;
import dev.muster.sim.report.TextTable.Column;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The study as plain text: per workload and estimate mode, the waits by size class with the
 * policies side by side, then utilization and makespan per policy, then how much shorter the
 * largest gangs' p95 wait is than under BestEffortFIFO. Nothing here depends on wall time, so the
 * same plan prints the same text.
 */
public final class StudyReport {

    private StudyReport() {
    }

    public static void print(PrintStream out, List<Comparison> comparisons) {
        for (Comparison c : comparisons) {
            print(out, c);
            out.println();
        }
    }

    static void print(PrintStream out, Comparison c) {
        Demand d = c.demand();
        out.printf(Locale.ROOT, "%s: %,d jobs on %,d GPUs (%d nodes of %d), offered load %.2f over %.1f h of arrivals%n",
                d.name(), d.jobs().size(), d.clusterGpus(), d.nodes(), Demand.GPUS_PER_NODE, d.offeredLoad(),
                d.arrivalSpanSeconds() / 3600.0);
        out.println("  " + d.description());
        out.println("  " + c.estimates().description());
        out.println();
        waits(out, c);
        out.println();
        floors(out, c);
        out.println();
        totals(out, c);
        ratios(out, c);
        for (PolicyResult r : c.results()) {
            if (r instanceof PolicyResult.NotAvailable n) {
                out.println("  " + n.policy().label() + ": not available: " + n.reason());
            }
        }
    }

    /** Wait from creation to admission, hours: count, then p50 / p95 / max per policy. */
    private static void waits(PrintStream out, Comparison c) {
        List<Column> columns = new ArrayList<>(List.of(Column.left("GPUS"), Column.right("JOBS")));
        for (PolicyResult r : c.results()) {
            String p = r.policy().label();
            columns.addAll(List.of(Column.right(p + " P50"), Column.right("P95"), Column.right("MAX")));
        }
        TextTable table = new TextTable(columns.toArray(Column[]::new));
        for (SizeClass s : SizeClass.presentIn(c.demand().jobs())) {
            List<String> row = new ArrayList<>(List.of(s.label(), count(c.demand(), s)));
            for (PolicyResult r : c.results()) {
                if (r instanceof PolicyResult.Measured m && m.waits().containsKey(s)) {
                    WaitSummary w = m.waitsOf(s);
                    row.addAll(List.of(hours(w.p50Seconds()), hours(w.p95Seconds()), hours(w.maxSeconds())));
                } else {
                    row.addAll(List.of("-", "-", "-"));
                }
            }
            table.row(row.toArray(String[]::new));
        }
        out.println("  wait from creation to first admission, hours (nearest-rank percentiles)");
        table.lines().forEach(line -> out.println("  " + line));
    }

    /** The largest gangs' floors per policy, beside their waits: how much of a wait the state it arrived to forced. */
    private static void floors(PrintStream out, Comparison c) {
        SizeClass largest = SizeClass.largestOf(c.demand().jobs());
        TextTable table = new TextTable(Column.left("POLICY"), Column.right("FLOOR P50"), Column.right("P95"),
                Column.right("MAX"), Column.right("WAIT P95"));
        for (PolicyResult r : c.results()) {
            if (r instanceof PolicyResult.Measured m) {
                WaitSummary f = m.largestFloors();
                table.row(m.policy().label(), hours(f.p50Seconds()), hours(f.p95Seconds()), hours(f.maxSeconds()),
                        hours(m.waitsOf(largest).p95Seconds()));
            } else {
                table.row(r.policy().label(), "not available", "-", "-", "-");
            }
        }
        out.println("  largest gangs (" + largest.label() + " GPUs): the soonest each could have started from what ran at its"
                + " creation in that run, hours");
        out.println("  (running jobs end when they did, nothing else starts: no scheduler that ends no running work waits less)");
        table.lines().forEach(line -> out.println("  " + line));
    }

    private static void totals(PrintStream out, Comparison c) {
        TextTable table = new TextTable(Column.left("POLICY"), Column.right("GPU UTILIZATION"), Column.right("WHILE ARRIVING"),
                Column.right("MAKESPAN"), Column.right("ADMITTED"), Column.right("FINISHED"), Column.right("EVICTIONS"));
        for (PolicyResult r : c.results()) {
            if (r instanceof PolicyResult.Measured m) {
                table.row(m.policy().label(), String.format(Locale.ROOT, "%.1f %%", 100 * m.utilization()),
                        String.format(Locale.ROOT, "%.1f %%", 100 * m.use().utilizationWhileArriving()),
                        String.format(Locale.ROOT, "%.1f h", m.makespanSeconds() / 3600),
                        String.format(Locale.ROOT, "%,d / %,d", m.admitted(), m.jobs()),
                        String.format(Locale.ROOT, "%,d", m.finished()), String.format(Locale.ROOT, "%,d", m.evictions()));
            } else {
                table.row(r.policy().label(), "not available", "-", "-", "-", "-", "-");
            }
        }
        table.lines().forEach(line -> out.println("  " + line));
        out.println("  GPU utilization = GPU-seconds held by admitted jobs / (cluster GPUs x makespan);"
                + " makespan = first arrival to last finish");
        out.println("  while arriving = the same from the first arrival to the last (the drain after it left out)");
    }

    private static void ratios(PrintStream out, Comparison c) {
        SizeClass largest = SizeClass.largestOf(c.demand().jobs());
        List<String> parts = new ArrayList<>();
        List<String> bounds = new ArrayList<>();
        for (QueuePolicy other : List.of(QueuePolicy.STRICT_FIFO, QueuePolicy.BACKFILL, QueuePolicy.BACKFILL_PREEMPTING)) {
            if (c.results().stream().noneMatch(r -> r.policy() == other)) {
                continue;
            }
            parts.add(QueuePolicy.BEST_EFFORT_FIFO.label() + " / " + other.label() + " = "
                    + ratioText(c, other, c.largestClassP95Ratio(QueuePolicy.BEST_EFFORT_FIFO, other)));
            bounds.add(other.label() + " " + ratioText(c, other, c.largestClassP95Bound(QueuePolicy.BEST_EFFORT_FIFO, other)));
        }
        if (!parts.isEmpty() && c.measured(QueuePolicy.BEST_EFFORT_FIFO).isPresent()) {
            out.println("  largest gangs (" + largest.label() + " GPUs), p95 wait: " + String.join("; ", parts));
            out.println("  the most that ratio could be from each run's own states (BestEffortFIFO's p95 wait / that run's p95 floor): "
                    + String.join("; ", bounds));
        }
    }

    private static String ratioText(Comparison c, QueuePolicy other, Optional<Double> ratio) {
        if (ratio.isPresent()) {
            return String.format(Locale.ROOT, "%.2fx", ratio.get());
        }
        return c.measured(other).isEmpty() ? "not available" : "no ratio (a p95 of 0)";
    }

    private static String count(Demand d, SizeClass s) {
        return String.format(Locale.ROOT, "%,d", d.jobs().stream().filter(j -> SizeClass.of(j.gpus()) == s).count());
    }

    static String hours(double seconds) {
        return String.format(Locale.ROOT, "%.2f", seconds / 3600);
    }
}
