package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.GeneratorConfig.CohortSet;
import dev.muster.bench.kueue.GeneratorConfig.QueuesSet;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadsSet;
import dev.muster.bench.kueue.GeneratorConfigException;
import dev.muster.bench.kueue.PerfShape;
import dev.muster.bench.kueue.RangeSpec;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Kueue's scheduler performance-test shapes driven through an API server in real time, with
 * Muster's controller deciding: see {@link OperatorPerfRun} for what runs and docs/performance.md
 * for the figures.
 *
 * <pre>
 * java -XX:+UseParallelGC -cp muster-bench/target/muster-bench.jar dev.muster.bench.operator.OperatorPerfReplay \
 *     [baseline|large-scale|PATH] [--workloads N] [--time-scale F] [--timeout SECONDS] [--stock-mock] [--quiet]
 * java -XX:+UseParallelGC -cp muster-bench/target/muster-bench.jar dev.muster.bench.operator.OperatorPerfReplay \
 *     --burst N [--gpu-nodes M] [--creators N] [--timeout SECONDS] [--quiet]      (see {@link BurstRun})
 * java -XX:+UseParallelGC -jar muster-bench/target/muster-bench.jar operator [...]     (the same)
 * </pre>
 *
 * {@code -XX:+UseParallelGC}: the collector {@code ./muster run} and {@code deploy/} run the operator
 * with; the report names the collector it ran under ({@link JvmCollector}).
 *
 * Exit status 0 when every workload was admitted and finished and no ClusterQueue or cohort ever
 * held more than it may (the timing targets are reported, not enforced), 1 when not (timeout,
 * overflow), 2 on bad arguments or a config that cannot be read.
 */
public final class OperatorPerfReplay {

    /** Kueue's measured end-to-end wall time for baseline (rangespec.yaml) and the goal of 10 x its rate. */
    static final double TARGET_RATE_FACTOR = 10;

    private OperatorPerfReplay() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        String shapeArg = "baseline";
        boolean shapeGiven = false;
        Integer workloads = null;
        Integer burst = null;
        Integer gpuNodes = null;
        OperatorPerfRun.Settings settings = OperatorPerfRun.Settings.defaults().withProgress(out);
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.println(usage());
                        return 0;
                    }
                    case "--workloads" -> workloads = (int) number(args, ++i, "--workloads", 1);
                    case "--time-scale" -> {
                        double f = decimal(args, ++i, "--time-scale");
                        settings = settings.withTimeScale(f);
                    }
                    case "--timeout" -> settings = settings.withTimeout(Duration.ofSeconds(number(args, ++i, "--timeout", 1)));
                    case "--creators" -> settings = settings.withThreads((int) number(args, ++i, "--creators", 1),
                            settings.runnerThreads());
                    case "--runners" -> settings = settings.withThreads(settings.creatorThreads(),
                            (int) number(args, ++i, "--runners", 1));
                    case "--stock-mock" -> settings = settings.withIndexedStore(false);
                    case "--burst" -> burst = (int) number(args, ++i, "--burst", 1);
                    case "--gpu-nodes" -> gpuNodes = (int) number(args, ++i, "--gpu-nodes", 1);
                    case "--quiet" -> settings = settings.withProgress(null);
                    case "--forecast-interval" -> settings = settings.withForecastInterval(
                            Duration.ofMillis(number(args, ++i, "--forecast-interval", 0)));
                    default -> {
                        if (args[i].startsWith("-") || shapeGiven) {
                            throw new IllegalArgumentException("unexpected argument " + args[i]);
                        }
                        shapeArg = args[i];
                        shapeGiven = true;
                    }
                }
            }
            if (burst == null && gpuNodes != null) {
                throw new IllegalArgumentException("--gpu-nodes goes with --burst");
            }
            if (burst != null && (shapeGiven || workloads != null || settings.timeScale() != 1 || !settings.indexedStore())) {
                throw new IllegalArgumentException("--burst takes no SHAPE, --workloads, --time-scale or --stock-mock");
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        if (burst != null) {
            return burst(BurstLayout.of(burst, gpuNodes == null ? 0 : gpuNodes), settings, out);
        }
        PerfShape shape;
        try {
            shape = PerfShape.load(shapeArg);
        } catch (GeneratorConfigException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        GeneratorConfig config = workloads == null ? shape.generator() : scaledTo(shape.generator(), workloads);
        boolean full = config.workloadCount() == shape.generator().workloadCount();

        out.printf(Locale.ROOT, "Kueue performance shape \"%s\" through the API server, with Muster's controller%n", shape.name());
        out.printf(Locale.ROOT, "  config      %s%s%n", shape.source(), full ? "" : String.format(Locale.ROOT,
                " scaled to %,d workloads (--workloads; every workload set's count x %.3f)", config.workloadCount(),
                config.workloadCount() / (double) shape.generator().workloadCount()));
        out.printf(Locale.ROOT, "  cluster     %,d cohorts, %,d ClusterQueues, %,d workloads as batch/v1 Jobs%n",
                config.cohortCount(), config.clusterQueueCount(), config.workloadCount());
        out.printf(Locale.ROOT, "  method      fabric8 mock API server (CRUD mode, %s store) + MusterOperator + Job creator"
                + " and runner, real time%s%n", settings.indexedStore() ? "indexed" : "fabric8's own", settings.timeScale() == 1 ? "" : String.format(Locale.ROOT,
                ", every creation time and runtime x %s (--time-scale)", trim(settings.timeScale())));
        out.printf(Locale.ROOT, "  jvm         %s%n", JvmCollector.current().describe());
        out.println();

        OperatorPerfResult r = OperatorPerfRun.run(shape.name(), config, settings);
        out.println();
        print(out, r, full ? shape.rangeSpec() : Optional.empty());
        return r.allAdmittedAndFinished() && r.audit().violationCount() == 0 ? 0 : 1;
    }

    /** A burst ({@code --burst}): see {@link BurstRun}. Exit status 0 when every Job that fits was admitted and the audit is clean. */
    private static int burst(BurstLayout layout, OperatorPerfRun.Settings settings, PrintStream out) throws InterruptedException {
        BurstReport.header(out, layout, settings);
        BurstResult r = BurstRun.run(layout, settings);
        out.println();
        BurstReport.print(out, r);
        return r.passed() ? 0 : 1;
    }

    /**
     * The shape with every workload set's count scaled so that the total is about {@code target}
     * (each set keeps at least one round); cohorts, ClusterQueues, intervals and runtimes stay.
     */
    static GeneratorConfig scaledTo(GeneratorConfig g, int target) {
        double f = target / (double) g.workloadCount();
        List<CohortSet> cohorts = new ArrayList<>();
        for (CohortSet c : g.cohorts()) {
            List<QueuesSet> queues = new ArrayList<>();
            for (QueuesSet q : c.queuesSets()) {
                List<WorkloadsSet> sets = q.workloadsSets().stream()
                        .map(s -> new WorkloadsSet((int) Math.max(1, Math.round(s.count() * f)), s.creationIntervalMs(),
                                s.workloads()))
                        .toList();
                queues.add(new QueuesSet(q.className(), q.count(), q.nominalQuota(), q.borrowingLimit(),
                        q.reclaimWithinCohort(), q.withinClusterQueue(), sets));
            }
            cohorts.add(new CohortSet(c.className(), c.count(), queues));
        }
        return new GeneratorConfig(cohorts);
    }

    static void print(PrintStream out, OperatorPerfResult r, Optional<RangeSpec> spec) {
        out.println("Outcome");
        out.printf(Locale.ROOT, "  workloads         %,d created; %,d admitted at least once, %,d Finished (Workload objects),"
                        + " %,d Jobs completed by the runner%s%n", r.workloads(), r.audit().everAdmitted().size(),
                r.finalFinished(), r.jobsCompleted(), r.finishedInTime() ? "" : "  -- TIMED OUT");
        out.printf(Locale.ROOT, "  admissions        %,d (%,d evictions by preemption, each followed by a re-admission)%n",
                r.admissions(), r.evictions());
        out.printf(Locale.ROOT, "  quota             %s%n", r.audit().violationCount() == 0
                ? "no ClusterQueue above nominal + borrowingLimit, no cohort above its nominal sum, at any Workload version"
                + " (" + String.format(Locale.ROOT, "%,d", r.audit().workloadVersions()) + " Workload and "
                + String.format(Locale.ROOT, "%,d", r.audit().jobVersions()) + " Job versions replayed)"
                : r.audit().violationCount() + " OVERFLOWS: " + String.join("; ", r.audit().violations()));
        long peakQueue = r.audit().peakByQueue().values().stream().mapToLong(Long::longValue).max().orElse(0);
        long peakCohort = r.audit().peakByCohort().values().stream().mapToLong(Long::longValue).max().orElse(0);
        out.printf(Locale.ROOT, "  peaks             a ClusterQueue held at most %s cpu, a cohort %s cpu%n",
                PerfManifests.quantity(peakQueue), PerfManifests.quantity(peakCohort));
        if (r.finalWithoutJob() > 0 || r.finalWorkloads() != r.workloads()) {
            out.printf(Locale.ROOT, "  WARNING           %,d Workload objects at the end for %,d Jobs; %,d Jobs without one%n",
                    r.finalWorkloads(), r.workloads(), r.finalWithoutJob());
        }
        out.println();

        out.println("Wall time (from the first creation due)");
        out.printf(Locale.ROOT, "  all Finished      %s%s%n", ms(r.wallNanos()), r.finishedInTime() ? "" : " (timeout)");
        out.printf(Locale.ROOT, "  all admitted      %s (every workload admitted at least once)%n",
                r.allAdmittedNanos() < 0 ? "not reached" : ms(r.allAdmittedNanos()));
        out.printf(Locale.ROOT, "  last admission    %s%n", ms(r.lastAdmissionNanos()));
        out.printf(Locale.ROOT, "  last creation     %s (creates ran at most %s behind the schedule)%n", ms(r.lastCreateNanos()),
                ms(r.maxCreationLagNanos()));
        out.printf(Locale.ROOT, "  runs' overrun     %s at the median, %s at p95: how much longer than its runtime a Job ran before"
                + " the runner's write completed it (%d runner threads)%n", ms(r.runOverrunP50Nanos()),
                ms(r.runOverrunP95Nanos()), r.runnerThreads());
        out.printf(Locale.ROOT, "  lower bound       %s: no scheduler can finish sooner (cohort work / cohort quota, or last"
                + " creation + its runtime)%n", ms(r.lowerBoundNanos()));
        out.println();

        out.println("Rates");
        out.printf(Locale.ROOT, "  admissions/s      %,.1f (%,d admissions until the last one)%n", r.admissionsPerSecond(),
                r.admissions());
        out.printf(Locale.ROOT, "  workloads/s       %s admitted (until all admitted); %s end to end (until all"
                        + " Finished), as Kueue's 15,000 / 351 s is computed%n",
                r.allAdmittedNanos() < 0 ? "n/a: not all" : String.format(Locale.ROOT, "%,.1f", r.admittedWorkloadsPerSecond()),
                r.finishedInTime() ? String.format(Locale.ROOT, "%,.1f", r.workloadsPerSecondOfWall()) : "n/a: timed out");
        out.printf(Locale.ROOT, "  peak              %,d admissions within one second%n", r.peakAdmissionsPerSecond());
        out.printf(Locale.ROOT, "  ceiling           %,.1f workloads/s: what the lower bound allows on this shape%n",
                r.workloads() * 1e9 / r.lowerBoundNanos());
        out.println();

        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"WORKLOAD CLASS", "COUNT", "ADMITTED", "AVG TO ADMISSION", "P50", "P95", "MAX", "AVG TO FIRST",
                "EVICTIONS", "KUEUE AVG (MEASURED)", "KUEUE GATE"});
        for (OperatorPerfResult.WorkloadClass w : r.workloadClasses()) {
            RangeSpec.Figure f = spec.map(s -> s.maxAvgTimeToAdmissionMs().get(w.name())).orElse(null);
            rows.add(new String[] {w.name(), fmt(w.count()), fmt(w.admitted()), fmt(Math.round(w.avgToAdmissionMs())) + " ms",
                    fmt(w.p50Ms()) + " ms", fmt(w.p95Ms()) + " ms", fmt(w.maxMs()) + " ms",
                    fmt(Math.round(w.avgToFirstAdmissionMs())) + " ms", fmt(w.evictions()),
                    f == null ? "-" : measured(f.kueueMeasured(), " ms"), f == null ? "-" : fmt(Math.round(f.limit())) + " ms"});
        }
        table(out, rows);
        out.println("  time to admission: from the Job's create request to the runner seeing it unsuspended, the last"
                + " time (Kueue's recorder also takes the last admission); over the admitted ones only");
        out.println();

        rows = new ArrayList<>();
        rows.add(new String[] {"CQ CLASS", "CQS", "USAGE", "WINDOW", "KUEUE USAGE (MEASURED)", "KUEUE GATE (MIN)"});
        for (OperatorPerfResult.QueueClass q : r.queueClasses()) {
            RangeSpec.Figure f = spec.map(s -> s.clusterQueueMinUsage().get(q.name())).orElse(null);
            rows.add(new String[] {q.name(), fmt(q.queues()), String.format(Locale.ROOT, "%.1f %%", q.usagePercent()),
                    fmt(q.windowMs()) + " ms", f == null ? "-" : measured(f.kueueMeasured(), " %"),
                    f == null ? "-" : trim(f.limit()) + " %"});
        }
        table(out, rows);
        out.println();

        r.decider().print(out, r.deciderCycles());

        out.println("Cost on this machine (" + Runtime.getRuntime().availableProcessors() + " cpus, Java "
                + Runtime.version() + "; everything in one JVM)");
        out.printf(Locale.ROOT, "  process CPU       %s over %s of wall (%.2f cpus busy on average)%n", ms(r.processCpuNanos()),
                ms(r.wallNanos()), r.processCpuNanos() / (double) r.wallNanos());
        out.printf(Locale.ROOT, "  decider           %,d scheduling cycles; GC %,d runs, %,d ms; %,d completion writes retried%n",
                r.deciderCycles(), r.gcCount(), r.gcMillis(), r.completionWriteRetries());
        rows = new ArrayList<>();
        rows.add(new String[] {"THREADS (BY NAME)", "N", "CPU", "SHARE"});
        for (OperatorPerfResult.ThreadCpu t : r.threadCpu().subList(0, Math.min(12, r.threadCpu().size()))) {
            rows.add(new String[] {t.group(), fmt(t.threads()), ms(t.cpuNanos()),
                    String.format(Locale.ROOT, "%.1f %%", r.processCpuNanos() <= 0 ? 0 : t.cpuNanos() * 100.0 / r.processCpuNanos())});
        }
        table(out, rows);
        out.println("  muster-decider: the operator's one deciding thread (engine; its API writes go to muster-writer-N, its events to muster-events);"
                + " vert.x/mock: the mock API server and the clients' HTTP; perf-*: this benchmark's creator, runner");
        out.println();

        rows = new ArrayList<>();
        rows.add(new String[] {"API REQUESTS", "COUNT", "PER WORKLOAD", "SERVER TIME", "AVG"});
        long total = 0;
        long totalNanos = 0;
        for (CountingDispatcher.Count c : r.requests()) {
            total += c.count();
            totalNanos += c.nanos();
        }
        for (CountingDispatcher.Count c : r.requests().subList(0, Math.min(14, r.requests().size()))) {
            rows.add(new String[] {c.request(), fmt(c.count()), String.format(Locale.ROOT, "%.2f", c.count() / (double) r.workloads()),
                    ms(c.nanos()), String.format(Locale.ROOT, "%.2f ms", c.nanos() / 1e6 / Math.max(1, c.count()))});
        }
        rows.add(new String[] {"all", fmt(total), String.format(Locale.ROOT, "%.2f", total / (double) r.workloads()),
                ms(totalNanos), String.format(Locale.ROOT, "%.2f ms", totalNanos / 1e6 / Math.max(1, total))});
        table(out, rows);
        out.println("  server time: the mock API server's dispatcher on the request (it writes one at a time; how it finds"
                + " objects depends on its store, see the method line)");
        out.println();

        out.println("Beside Kueue");
        Optional<RangeSpec.Figure> kueueWall = spec.flatMap(RangeSpec::maxWallMs);
        if (kueueWall.isPresent() && kueueWall.get().kueueMeasured().isPresent()) {
            double kueueMs = kueueWall.get().kueueMeasured().getAsDouble();
            double kueueRate = r.workloads() * 1000.0 / kueueMs;
            out.printf(Locale.ROOT, "  Kueue   wall %s ms = %.1f workloads/s (minimalkueue on envtest, end to end)%n",
                    trim(kueueMs), kueueRate);
            if (r.finishedInTime()) {
                out.printf(Locale.ROOT, "  Muster  wall %s = %.1f workloads/s end to end; %.1f admissions/s%n", ms(r.wallNanos()),
                        r.workloadsPerSecondOfWall(), r.admissionsPerSecond());
            } else {
                out.printf(Locale.ROOT, "  Muster  timed out after %s with %,d of %,d workloads admitted (%.1f admissions/s)%n",
                        ms(r.wallNanos()), r.audit().everAdmitted().size(), r.workloads(), r.admissionsPerSecond());
            }
            out.printf(Locale.ROOT, "  target  all admitted well under Kueue's %s ms: %s (%s)%n", trim(kueueMs),
                    r.allAdmittedNanos() > 0 && r.allAdmittedNanos() / 1e6 < kueueMs ? "met" : "MISSED",
                    r.allAdmittedNanos() < 0 ? "not all admitted" : ms(r.allAdmittedNanos()));
            double goal = TARGET_RATE_FACTOR * kueueRate;
            out.printf(Locale.ROOT, "  target  >= %.0f admissions/s (10 x Kueue): %s at %.1f/s; on this shape in real time the"
                            + " ceiling is %.1f workloads/s (lower bound above)%n", goal,
                    r.admissionsPerSecond() >= goal ? "met" : "MISSED", r.admissionsPerSecond(),
                    r.workloads() * 1e9 / r.lowerBoundNanos());
        } else {
            out.println("  no Kueue figures for this shape (scaled, or no rangespec.yaml)");
        }
    }

    static String usage() {
        return """
                usage: java -XX:+UseParallelGC -cp muster-bench.jar dev.muster.bench.operator.OperatorPerfReplay [SHAPE] [options]
                       java -XX:+UseParallelGC -jar muster-bench.jar operator [SHAPE] [options]
                  (-XX:+UseParallelGC: the collector ./muster run and deploy/ run the operator with; the
                  report names the collector the run had)
                  SHAPE             baseline (default) | large-scale | a directory with a Kueue generator.yaml
                                    (and rangespec.yaml) | a generator.yaml file
                  --workloads N     scale every workload set's count so that about N workloads are created
                                    (default: all of the shape, 15,000 for baseline)
                  --time-scale F    multiply every creation time and runtime by F (default 1: Kueue's schedule)
                  --timeout S       give up after S seconds (default 900)
                  --creators N      threads creating Jobs (default 4)
                  --runners N       threads of the job runner (default 16)
                  --stock-mock      fabric8's own mock store, which tests every object on each request
                                    (default: the indexed store of dev.muster.bench.apiserver)
                  --burst N         instead of a shape: N single-pod Jobs created at once into 10 ClusterQueues
                                    of one cohort with quota for all (1 cpu each); they never finish; reports
                                    admissions/s from the first create to the last admission
                  --gpu-nodes M     with --burst: M Nodes of 4 GPUs; each pod asks 1 GPU and names Muster's
                                    scheduler, the GPU quota is 4 x M, and a Job is admitted when Muster has
                                    bound its pod (a Job controller stand-in creates the pod)
                  --forecast-interval MS
                                    the operator's --forecast-interval in milliseconds (default 5000, as
                                    muster run; 0 turns the forecast off)
                  --quiet           no progress lines
                exit status: 0 every workload admitted and finished within quota (--burst: every Job that
                fits admitted, the audit clean), 1 not (timeout, overflow), 2 bad arguments or config""";
    }

    private static long number(String[] args, int i, String option, long min) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a number");
        }
        try {
            long v = Long.parseLong(args[i].replace("_", "").replace(",", ""));
            if (v < min) {
                throw new IllegalArgumentException(option + " must be at least " + min);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + args[i] + "\" is not a whole number");
        }
    }

    private static double decimal(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a number");
        }
        try {
            double v = Double.parseDouble(args[i]);
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(option + " must be above 0");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + args[i] + "\" is not a number");
        }
    }

    private static String measured(OptionalDouble v, String unit) {
        return v.isPresent() ? trim(v.getAsDouble()) + unit : "-";
    }

    private static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%,.3f", v).replaceAll("0+$", "");
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String ms(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%,d ms", Math.round(nanos / 1e6));
    }

    static void table(PrintStream out, List<String[]> rows) {
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
                String cell = row[i];
                String pad = " ".repeat(width[i] - cell.length());
                sb.append(i == 0 ? cell + pad : pad + cell);
                if (i < cols - 1) {
                    sb.append("   ");
                }
            }
            out.println(sb.toString().stripTrailing());
        }
    }
}
