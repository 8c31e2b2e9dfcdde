package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.GeneratorConfigException;
import dev.muster.bench.kueue.PerfShape;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fault soak (issue 17): Kueue's performance shape through the API server with three replicas
 * of the controller under leader election while faults are injected from a seed; then an audit of
 * every object version the API server stored. See {@link FaultSoakRun}, {@link SoakAudit} and
 * docs/performance.md.
 *
 * <pre>
 * java -cp muster-bench/target/muster-bench.jar dev.muster.bench.operator.FaultSoak \
 *     [baseline|large-scale|PATH] [--workloads N | --all] [--time-scale F] [--seed S] [--timeout SECONDS]
 *     [--without-deletions] [--trace NAMESPACE/JOB,...] [--quiet]
 * </pre>
 *
 * Exit status 0 when every workload finished and the audit found no violation, 1 when not, 2 on bad
 * arguments.
 */
public final class FaultSoak {

    private FaultSoak() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        String shapeArg = "baseline";
        Integer workloads = 3000;
        FaultSoakRun.Settings settings = FaultSoakRun.Settings.defaults().withProgress(out);
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.println(usage());
                        return 0;
                    }
                    case "--workloads" -> workloads = Integer.parseInt(value(args, ++i));
                    case "--all" -> workloads = null;
                    case "--time-scale" -> settings = settings.withTimeScale(Double.parseDouble(value(args, ++i)));
                    case "--seed" -> settings = settings.withSeed(Long.parseLong(value(args, ++i)));
                    case "--timeout" -> settings = settings.withTimeout(Duration.ofSeconds(Long.parseLong(value(args, ++i))));
                    case "--quiet" -> settings = settings.withProgress(null);
                    case "--without-deletions" -> settings = settings.withRates(settings.rates().withoutDeletions());
                    case "--trace" -> settings = settings.withTrace(List.of(value(args, ++i).split(",")));
                    default -> {
                        if (args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unexpected argument " + args[i]);
                        }
                        shapeArg = args[i];
                    }
                }
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
        GeneratorConfig config = workloads == null ? shape.generator() : OperatorPerfReplay.scaledTo(shape.generator(), workloads);
        out.printf(Locale.ROOT, "Fault soak: Kueue shape \"%s\", %,d workloads as Jobs, %d ClusterQueues in %d cohorts,"
                + " time scale %s, seed %d%n", shape.name(), config.workloadCount(), config.clusterQueueCount(),
                config.cohortCount(), settings.timeScale(), settings.seed());
        out.printf(Locale.ROOT, "  %d replicas with leader election (lease %s, renew %s, retry %s); %.0f %% of the"
                + " controllers' API calls faulted%n%n", settings.replicas(), settings.lease(), settings.renew(), settings.retry(),
                settings.apiFaultShare() * 100);
        FaultSoakRun.Result r = FaultSoakRun.run(config, settings);
        print(out, r);
        return r.finished() && r.audit().violationCount() == 0 ? 0 : 1;
    }

    static void print(PrintStream out, FaultSoakRun.Result r) {
        SoakAudit.Result a = r.audit();
        out.println();
        out.printf(Locale.ROOT, "Run         %,d/%,d workloads Finished in %.1f s wall (%s), %.1f s cpu (process);"
                + " load average at the end: %s%n", r.finishedJobs(), r.workloads(), r.wallNanos() / 1e9,
                r.finished() ? "all" : "TIMED OUT", r.cpuNanos() / 1e9, r.loadAverage());
        out.printf(Locale.ROOT, "Faults      %,d injected, the run survived them%s%n", r.faultCount(),
                r.finished() && a.violationCount() == 0 ? "" : " (see below)");
        for (Map.Entry<Fault, Integer> f : r.faults().entrySet()) {
            out.printf(Locale.ROOT, "  %,7d  %s%n", f.getValue(), f.getKey().description());
        }
        out.printf(Locale.ROOT, "Leaders     %d leader changes; %d replicas started in all; holders in order: %s%n",
                a.leaderChanges(), r.replicasStarted(), String.join(" -> ", shortNames(a.leaders())));
        out.printf(Locale.ROOT, "Webhook     %d Jobs created running were suspended by the controller; %d completed before"
                + " any controller saw them (the fault's exposure, not a violation)%n", a.suspendedOnSight(), a.ranBeforeSuspended());
        out.printf(Locale.ROOT, "Deletions   %d Workloads deleted by hand, %d of them created again; %d Jobs running when their"
                + " Workload was deleted completed before a controller could react (the fault's exposure, not a violation)%n",
                a.deleted(), a.recreated(), a.ranOnAfterDeletion());
        out.printf(Locale.ROOT, "            %d starts sent while the Workload showed the admission landed after its deletion%n",
                a.startedThroughDeletion());
        out.printf(Locale.ROOT, "Finished    %d Jobs Complete with no Workload (deleted by hand, or never made: they ran before a"
                + " controller saw them) are left so, as Kueue leaves a finished job%n", a.completeWithoutWorkload());
        out.printf(Locale.ROOT, "Audit       %,d Workload versions, %,d Job versions replayed (%,d stored versions in all):"
                + " %d violations%n", a.workloadVersions(), a.jobVersions(), r.versions(), a.violationCount());
        for (SoakAudit.Check c : SoakAudit.Check.values()) {
            out.printf(Locale.ROOT, "  %,7d  %s%n", a.violations().get(c), c.description);
            for (String e : a.examples().get(c)) {
                out.println("             " + e);
            }
        }
    }

    private static List<String> shortNames(List<String> holders) {
        return holders.stream().map(h -> h.replace(SoakDispatcher.OPERATOR_AGENT + "-", "#")).toList();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static String usage() {
        return "usage: FaultSoak [baseline|large-scale|PATH] [--workloads N (default 3000) | --all] [--time-scale F]"
                + " [--seed S] [--timeout SECONDS] [--without-deletions] [--trace JOB,...] [--quiet]";
    }
}
