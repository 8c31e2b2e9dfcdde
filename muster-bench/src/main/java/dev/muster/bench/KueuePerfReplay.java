package dev.muster.bench;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.GeneratorConfigException;
import dev.muster.bench.kueue.PerfShape;
import dev.muster.bench.kueue.RangeSpec;
import dev.muster.bench.kueue.Replay;
import dev.muster.bench.kueue.ReplayResult;
import dev.muster.bench.operator.OperatorPerfReplay;
import dev.muster.bench.placement.PlacementBenchmark;
import dev.muster.bench.scale.ScaleCommands;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Replays one of Kueue's scheduler performance-test shapes against Muster's engine in virtual time
 * and prints Muster's figures beside the ones Kueue published for the same shape.
 *
 * <pre>
 * java -jar muster-bench/target/muster-bench.jar baseline|large-scale|PATH [--repeat N] [--warmup N]
 *     [--preemption as-config|off]
 * java -jar muster-bench/target/muster-bench.jar placement [...]    (see {@link PlacementBenchmark})
 * java -jar muster-bench/target/muster-bench.jar operator [...]     (see {@link OperatorPerfReplay})
 * </pre>
 *
 * The JVM is warmed up with {@code --warmup} untimed replays (default 1) of the same shape before
 * the {@code --repeat} timed ones (default 1). Exit status 0 when the replays ran (targets are
 * reported, not enforced), 1 when evictions never settled at some instant, 2 on bad arguments or a
 * config that cannot be read.
 */
public final class KueuePerfReplay {

    /** Wall-time targets of the issue for the bundled shapes. */
    static final Map<String, Long> WALL_TARGET_MS = Map.of("baseline", 5_000L, "large-scale", 60_000L);

    /** The first argument that runs the other benchmark of this jar, {@link PlacementBenchmark}. */
    static final String PLACEMENT = "placement";

    /** The first argument that runs {@link OperatorPerfReplay}: the shapes through an API server, with the controller. */
    static final String OPERATOR = "operator";

    private KueuePerfReplay() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && args[0].equals(PLACEMENT)) {
            System.exit(PlacementBenchmark.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        if (args.length > 0 && args[0].equals(OPERATOR)) {
            System.exit(OperatorPerfReplay.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        Optional<Integer> scale = ScaleCommands.run(args, System.out, System.err);
        if (scale.isPresent()) {
            System.exit(scale.get());
        }
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String shapeArg = null;
        int repeat = 1;
        int warmup = 1;
        boolean preemption = true;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.println(usage());
                        return 0;
                    }
                    case "--repeat" -> repeat = positive(args, ++i, "--repeat", 1);
                    case "--warmup" -> warmup = positive(args, ++i, "--warmup", 0);
                    case "--preemption" -> {
                        String v = ++i < args.length ? args[i] : "";
                        if (!v.equals("as-config") && !v.equals("off")) {
                            throw new IllegalArgumentException("--preemption takes as-config or off");
                        }
                        preemption = v.equals("as-config");
                    }
                    default -> {
                        if (args[i].startsWith("-") || shapeArg != null) {
                            throw new IllegalArgumentException("unexpected argument " + args[i]);
                        }
                        shapeArg = args[i];
                    }
                }
            }
            if (shapeArg == null) {
                throw new IllegalArgumentException("name a shape");
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        PerfShape shape;
        try {
            shape = PerfShape.load(shapeArg);
        } catch (GeneratorConfigException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }

        printHeader(out, shape, warmup, repeat, preemption);
        List<ReplayResult> runs = new ArrayList<>();
        try {
            for (int i = 0; i < warmup; i++) {
                Replay.run(shape, preemption);
            }
            for (int i = 0; i < repeat; i++) {
                runs.add(Replay.run(shape, preemption));
            }
        } catch (dev.muster.core.engine.Settling.NotSettledException e) {
            err.println("error: the replay stopped: " + e.getMessage());
            return 1;
        }
        printOutcome(out, shape, runs);
        printCost(out, shape, runs);
        return 0;
    }

    private static int positive(String[] args, int i, String option, int min) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a number");
        }
        try {
            int v = Integer.parseInt(args[i]);
            if (v < min) {
                throw new IllegalArgumentException(option + " must be at least " + min);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + args[i] + "\" is not a number");
        }
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar SHAPE [--repeat N] [--warmup N] [--preemption as-config|off]
                       java -jar muster-bench.jar placement --help   (placement on the openb trace)
                       java -jar muster-bench.jar operator --help    (the shapes through an API server, with the controller)
                """ + ScaleCommands.usageLines() + """
                  SHAPE        baseline | large-scale (Kueue's configs, bundled) | a directory with a
                               Kueue generator.yaml (and rangespec.yaml) | a generator.yaml file
                  --repeat N   timed replays (default 1); the outcome must be identical on each
                  --warmup N   untimed replays first, to warm up the JVM (default 1)
                  --preemption as-config (default) uses the config's preemption policies; off
                               gives every ClusterQueue preemption Never
                exit status: 0 replayed (targets are reported, not enforced), 1 the replay could
                not finish (evictions never settled), 2 bad arguments or config""";
    }

    // ------------------------------------------------------------------------------------------

    private static void printHeader(PrintStream out, PerfShape shape, int warmup, int repeat, boolean preemption) {
        GeneratorConfig g = shape.generator();
        GeneratedCluster c = new GeneratedCluster(g);
        out.printf(Locale.ROOT, "Kueue performance shape \"%s\" replayed against Muster's engine%n", shape.name());
        out.printf(Locale.ROOT, "  config      %s%n", shape.source());
        String quotas = g.cohorts().stream().flatMap(cs -> cs.queuesSets().stream())
                .map(q -> q.className() + ": nominal " + q.nominalQuota() + " cpu"
                        + q.borrowingLimit().map(b -> ", borrowingLimit " + b + " cpu").orElse("")
                        + (preemption ? ", reclaimWithinCohort " + q.reclaimWithinCohort() + ", withinClusterQueue "
                        + q.withinClusterQueue() : ", preemption off (--preemption off)"))
                .distinct().collect(Collectors.joining("; "));
        out.printf(Locale.ROOT, "  cluster     %,d cohorts, %,d ClusterQueues (%s), %,d workloads%n", g.cohortCount(),
                g.clusterQueueCount(), quotas, c.workloadCount());
        out.printf(Locale.ROOT, "  method      the engine alone, in virtual time (no API server, no controllers);"
                + " %d untimed warm-up replay%s, then %d timed%n", warmup, warmup == 1 ? "" : "s", repeat);
        out.println();
    }

    private static void printOutcome(PrintStream out, PerfShape shape, List<ReplayResult> runs) {
        ReplayResult r = runs.get(0);
        boolean identical = runs.stream().allMatch(r::sameOutcome);
        Optional<RangeSpec> spec = shape.rangeSpec();
        out.printf(Locale.ROOT, "Outcome in virtual time%s%n", runs.size() > 1
                ? (identical ? " (identical on all " + runs.size() + " runs)" : " (DIFFERS BETWEEN RUNS: not deterministic)")
                : "");
        out.printf(Locale.ROOT, "  admitted          %,d of %,d workloads (%,d admissions, %,d evictions, %,d never admitted)%n",
                r.workloads() - r.neverAdmitted(), r.workloads(), r.admissions(), r.evictions(), r.neverAdmitted());
        out.printf(Locale.ROOT, "  makespan          %,d ms virtual (last workload finished)%n", r.makespanMillis());
        out.printf(Locale.ROOT, "  cycles            %,d schedule() calls (%,d Wait decisions)%n", r.cycles(),
                r.waitDecisions());
        out.printf(Locale.ROOT, "  fingerprint       %016x%n", r.fingerprint());
        out.println();

        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"WORKLOAD CLASS", "COUNT", "AVG TO ADMISSION", "P50", "P95", "MAX", "EVICTIONS",
                "KUEUE AVG (MEASURED)", "KUEUE GATE (MAX AVG)"});
        for (ReplayResult.WorkloadClass w : r.workloadClasses()) {
            RangeSpec.Figure f = spec.map(s -> s.maxAvgTimeToAdmissionMs().get(w.name())).orElse(null);
            rows.add(new String[] {w.name(), fmt(w.count()), fmt(Math.round(w.avgTimeToAdmissionMs())) + " ms",
                    fmt(w.p50TimeToAdmissionMs()) + " ms", fmt(w.p95TimeToAdmissionMs()) + " ms",
                    fmt(w.maxTimeToAdmissionMs()) + " ms", fmt(w.evictions()),
                    f == null ? "-" : measured(f.kueueMeasured(), " ms"), f == null ? "-" : fmt(Math.round(f.limit())) + " ms"});
        }
        table(out, rows);
        out.println();

        rows = new ArrayList<>();
        rows.add(new String[] {"CQ CLASS", "CQS", "USAGE", "WINDOW", "KUEUE USAGE (MEASURED)", "KUEUE GATE (MIN)"});
        for (ReplayResult.QueueClass q : r.queueClasses()) {
            RangeSpec.Figure f = spec.map(s -> s.clusterQueueMinUsage().get(q.name())).orElse(null);
            rows.add(new String[] {q.name(), fmt(q.queues()), String.format(Locale.ROOT, "%.1f %%", q.usagePercent()),
                    fmt(q.windowMs()) + " ms", f == null ? "-" : measured(f.kueueMeasured(), " %"),
                    f == null ? "-" : trim(f.limit()) + " %"});
        }
        table(out, rows);
        out.println("  usage = cpu in use integrated over time / (nominal quota x window), window = 0 .. last event"
                + " of the class (Kueue's checker)");
        out.println();
    }

    private static void printCost(PrintStream out, PerfShape shape, List<ReplayResult> runs) {
        out.println("Cost on this machine (" + Runtime.getRuntime().availableProcessors() + " cpus, Java "
                + Runtime.version() + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"RUN", "WALL", "CPU", "ENGINE", "SCHEDULE", "SUBMIT", "REMOVE", "ADMISSIONS/S",
                "SLOWEST CYCLE", "GC", "SETUP"});
        for (int i = 0; i < runs.size(); i++) {
            ReplayResult.Cost c = runs.get(i).cost();
            rows.add(new String[] {String.valueOf(i + 1), ms(c.wallNanos()), c.cpuNanos() < 0 ? "n/a" : ms(c.cpuNanos()),
                    ms(c.engineNanos()), ms(c.scheduleNanos()), ms(c.submitNanos()), ms(c.removeNanos()),
                    fmt(Math.round(runs.get(i).admissionsPerSecond())),
                    String.format(Locale.ROOT, "%.2f ms @ %,d ms", c.maxCycleNanos() / 1e6, c.maxCycleAtMillis()),
                    c.gcCount() + " (" + c.gcMillis() + " ms)", ms(c.setupNanos())});
        }
        table(out, rows);
        ReplayResult median = runs.stream().sorted(Comparator.comparingLong(x -> x.cost().wallNanos()))
                .toList().get((runs.size() - 1) / 2);
        ReplayResult.Cost c = median.cost();
        out.printf(Locale.ROOT, "  median wall %s, CPU %s; per cycle %.1f us; per pending workload per cycle %.0f ns;"
                        + " at most %,d pending at once%n",
                ms(c.wallNanos()), c.cpuNanos() < 0 ? "n/a" : ms(c.cpuNanos()), c.scheduleNanos() / 1e3 / median.cycles(),
                c.pendingVisits() == 0 ? 0.0 : (double) c.scheduleNanos() / c.pendingVisits(), c.maxPending());
        out.println("  WALL/CPU: the event loop (engine + driver), CPU of the replaying thread; ENGINE: time inside"
                + " engine calls");
        out.println();

        out.println("Beside Kueue");
        Optional<RangeSpec.Figure> kueueWall = shape.rangeSpec().flatMap(RangeSpec::maxWallMs);
        if (kueueWall.isPresent()) {
            RangeSpec.Figure w = kueueWall.get();
            String rate = w.kueueMeasured().isPresent()
                    ? String.format(Locale.ROOT, " = %.1f admissions/s", median.workloads() * 1000.0 / w.kueueMeasured().getAsDouble())
                    : "";
            out.printf(Locale.ROOT, "  Kueue  wall %s (gate %s ms)%s, minimalkueue on envtest, end to end in real time%n",
                    measured(w.kueueMeasured(), " ms"), fmt(Math.round(w.limit())), rate);
        } else {
            out.println("  Kueue  no rangespec.yaml with figures for this shape");
        }
        out.printf(Locale.ROOT, "  Muster wall %s = %,.0f admissions/s, the engine alone in virtual time (%,d ms of virtual time)%n",
                ms(c.wallNanos()), median.admissionsPerSecond(), median.makespanMillis());
        Long target = WALL_TARGET_MS.get(shape.name());
        if (target != null) {
            out.printf(Locale.ROOT, "  target wall < %,d ms: %s%n", target,
                    c.wallNanos() / 1_000_000 < target ? "met" : "MISSED");
        }
    }

    // ------------------------------------------------------------------------------------------

    private static String measured(OptionalDouble v, String unit) {
        return v.isPresent() ? trim(v.getAsDouble()) + unit : "-";
    }

    private static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%,.1f", v);
    }

    private static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%,d ms", Math.round(nanos / 1e6));
    }

    private static void table(PrintStream out, List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int i = 0; i < cols; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder("  ");
            for (int i = 0; i < cols; i++) {
                boolean left = i == 0;
                String cell = row[i];
                String pad = " ".repeat(width[i] - cell.length());
                sb.append(left ? cell + pad : pad + cell);
                if (i < cols - 1) {
                    sb.append("   ");
                }
            }
            out.println(sb.toString().stripTrailing());
        }
    }
}
