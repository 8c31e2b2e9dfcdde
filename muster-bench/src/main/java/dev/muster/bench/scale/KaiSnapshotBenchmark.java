package dev.muster.bench.scale;

import dev.muster.bench.placement.PlacementBenchmark;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Benchmarks (b) and (c) of the engine at scale: KAI cycles on a large snapshot built through the
 * Engine API ({@link KaiSnapshot}). Per snapshot: the time to build it, one full cycle (every pending
 * gang considered), a cycle after one running pod finishes, and a cycle with nothing changed; the
 * heap in use after building and after the cycles (after a GC).
 *
 * <pre>
 * java -jar muster-bench/target/muster-bench.jar kai-snapshot [--nodes 4000] [--running 140000] [--pending 5000] [--repeat N]
 * java -jar muster-bench/target/muster-bench.jar kai-scaling [--nodes 500,1000,2000,4000,8000] [--pending 1000,5000,10000,50000,100000]
 * </pre>
 */
public final class KaiSnapshotBenchmark {

    static final List<Long> CURVE_NODES = List.of(500L, 1_000L, 2_000L, 4_000L, 8_000L);
    static final List<Long> CURVE_PENDING = List.of(1_000L, 5_000L, 10_000L, 50_000L, 100_000L);

    private KaiSnapshotBenchmark() {
    }

    /** What one snapshot cost. */
    record Measured(KaiSnapshot snapshot, Stopwatch.Lap build, Stopwatch.Lap fullCycle, int admitted,
            Stopwatch.Lap afterFinish, Stopwatch.Lap idleCycle, long heapAfterBuild, long heapAfterCycles,
            Churn.Result steady) {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar kai-snapshot [--nodes N] [--running P] [--pending G] [--repeat R] [--warmup W] [--churn C]
                                                               [--backfill on|off]
                       java -jar muster-bench.jar kai-scaling [--nodes N1,N2,...] [--pending G1,G2,...] [--warmup W] [--churn C]
                  kai-snapshot  one snapshot (default 4,000 nodes x 8 GPUs, 140,000 running pods, 5,000 pending
                                gangs): build, one full cycle, a cycle after one pod finishes, an idle cycle
                  kai-scaling   the same over node counts (35 running pods a node, 5,000 pending gangs) and over
                                pending gangs (4,000 nodes), printed as a table
                  --warmup      untimed snapshots of a tenth of the size first (default 1)
                  --churn       after those cycles, pods finishing one after another: C rounds, the second half
                                measured (default 200 for kai-snapshot, 0 for kai-scaling)
                  --backfill    on: reservations and backfill, every workload with an expected run time, so that
                                pods are placed by their ends (temporal placement); default off
                exit status: 0 ran, 2 bad arguments""";
    }

    public static int snapshot(String[] args, PrintStream out, PrintStream err) {
        try {
            Options o = Options.parse(args, Set.of("--nodes", "--running", "--pending", "--repeat", "--warmup", "--churn",
                    "--backfill"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            KaiSnapshot s = new KaiSnapshot((int) o.number("--nodes", KaiSnapshot.ISSUE_315.nodes(), 1),
                    (int) o.number("--running", KaiSnapshot.ISSUE_315.runningPods(), 0),
                    (int) o.number("--pending", KaiSnapshot.ISSUE_315.pendingGangs(), 0), onOff(o.text("--backfill", "off")));
            int repeat = (int) o.number("--repeat", 1, 1);
            int churn = (int) o.number("--churn", 200, 0);
            warmUp(s, (int) o.number("--warmup", 1, 0));
            header(out);
            if (s.backfill()) {
                out.println("Backfill on: one reservation per leaf queue, every workload with an expected run time (temporal placement)");
            }
            List<String[]> rows = tableHead();
            for (int r = 0; r < repeat; r++) {
                rows.add(row(measure(s, churn)));
            }
            PlacementBenchmark.Table.print(out, rows);
            footer(out);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
    }

    public static int scaling(String[] args, PrintStream out, PrintStream err) {
        try {
            Options o = Options.parse(args, Set.of("--nodes", "--pending", "--warmup", "--churn"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            List<Long> nodes = o.numbers("--nodes", CURVE_NODES);
            List<Long> pending = o.numbers("--pending", CURVE_PENDING);
            int churn = (int) o.number("--churn", 0, 0);
            KaiSnapshot base = KaiSnapshot.ISSUE_315;
            warmUp(base, (int) o.number("--warmup", 1, 0));
            header(out);
            out.printf(Locale.ROOT, "Over nodes (%,d running pods a node, %,d pending gangs)%n",
                    base.runningPods() / base.nodes(), base.pendingGangs());
            List<String[]> rows = tableHead();
            for (long n : nodes) {
                rows.add(row(measure(base.withNodes((int) n), churn)));
            }
            PlacementBenchmark.Table.print(out, rows);
            out.println();
            out.printf(Locale.ROOT, "Over pending gangs (%,d nodes, %,d running pods)%n", base.nodes(), base.runningPods());
            rows = tableHead();
            for (long g : pending) {
                rows.add(row(measure(base.withPendingGangs((int) g), churn)));
            }
            PlacementBenchmark.Table.print(out, rows);
            footer(out);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
    }

    private static boolean onOff(String v) {
        return switch (v) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--backfill: \"" + v + "\" is neither on nor off");
        };
    }

    private static void warmUp(KaiSnapshot s, int times) {
        KaiSnapshot small = new KaiSnapshot(Math.max(1, s.nodes() / 10), s.runningPods() / 10, s.pendingGangs() / 10,
                s.backfill());
        for (int i = 0; i < times; i++) {
            measure(small, 0);
        }
    }

    static Measured measure(KaiSnapshot s, int churn) {
        Stopwatch building = Stopwatch.start();
        Engine engine = s.build();
        Stopwatch.Lap build = building.lap();
        long heapAfterBuild = heapInUse();

        Stopwatch fullCycle = Stopwatch.start();
        List<Decision> full = engine.schedule(1_000);
        Stopwatch.Lap full1 = fullCycle.lap();
        int admitted = (int) full.stream().filter(d -> d instanceof Decision.Admit).count();

        // pod 0 holds a whole GPU on the first node: it finishes, and its room is free again
        Stopwatch afterFinish = Stopwatch.start();
        if (s.runningPods() > 0) {
            engine.remove(KaiSnapshot.runningKey(0));
        }
        engine.schedule(2_000);
        Stopwatch.Lap finished = afterFinish.lap();

        Stopwatch idleCycle = Stopwatch.start();
        engine.schedule(3_000);
        Stopwatch.Lap idle = idleCycle.lap();
        long heapAfterCycles = heapInUse();
        Churn.Result steady = churn > 0 ? Churn.run(s, engine, churn, 4_000) : null;
        return new Measured(s, build, full1, admitted, finished, idle, heapAfterBuild, heapAfterCycles, steady);
    }

    private static long heapInUse() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void header(PrintStream out) {
        out.printf(Locale.ROOT, "KAI cycles on a snapshot built through the Engine API (%d cpus, Java %s, max heap %,d MB)%n",
                Runtime.getRuntime().availableProcessors(), Runtime.version(), Runtime.getRuntime().maxMemory() >> 20);
    }

    private static List<String[]> tableHead() {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"NODES", "RUNNING", "PENDING", "BUILD", "FULL CYCLE", "ADMITTED", "AFTER 1 FINISHES",
            "IDLE CYCLE", "HEAP BUILT", "HEAP AFTER", "STEADY AFTER 1 FINISHES"});
        return rows;
    }

    private static String[] row(Measured m) {
        return new String[] {String.format(Locale.ROOT, "%,d", m.snapshot().nodes()),
            String.format(Locale.ROOT, "%,d", m.snapshot().runningPods()),
            String.format(Locale.ROOT, "%,d", m.snapshot().pendingGangs()), ms(m.build()), ms(m.fullCycle()),
            String.format(Locale.ROOT, "%,d", m.admitted()), ms(m.afterFinish()), ms(m.idleCycle()),
            mb(m.heapAfterBuild()), mb(m.heapAfterCycles()), steady(m.steady())};
    }

    private static void footer(PrintStream out) {
        out.println("  FULL CYCLE: the first schedule() after building (every pending gang considered); ADMITTED: its admissions.");
        out.println("  AFTER 1 FINISHES: remove() of a running 1-GPU pod and the next schedule(); IDLE CYCLE: a schedule() with nothing changed.");
        out.println("  HEAP: in use after a GC, once the snapshot is built and after the three cycles.");
        out.println("  STEADY AFTER 1 FINISHES (--churn C): then pods holding a GPU finish one a node, each followed by a");
        out.println("    cycle (measured) and, once its victims left, another; over the last C/2 rounds: cpu median, p90, and");
        out.println("    the wall median. The single AFTER 1 FINISHES cycle comes right after the build, in a JVM still warming up.");
        out.println("  Times: wall (cpu time of the benchmark's thread); on a shared machine the wall time includes waiting for a cpu.");
    }

    /** Wall time, and in parentheses the thread's cpu time. */
    private static String ms(Stopwatch.Lap lap) {
        return String.format(Locale.ROOT, "%,.1f (%,.1f) ms", lap.wallNanos() / 1e6, lap.cpuNanos() / 1e6);
    }

    private static String steady(Churn.Result r) {
        return r == null ? "-" : String.format(Locale.ROOT, "%,.2f cpu, p90 %,.2f (wall %,.2f) ms, %d rounds", r.cpuMedianMs(),
                r.cpuP90Ms(), r.wallMedianMs(), r.rounds());
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", bytes >> 20);
    }
}
