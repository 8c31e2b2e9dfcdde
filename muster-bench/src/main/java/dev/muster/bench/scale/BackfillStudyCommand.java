package dev.muster.bench.scale;

import dev.muster.bench.backfill.BackfillStudy;
import dev.muster.core.admission.BackfillPolicy;
import dev.muster.bench.backfill.Comparison;
import dev.muster.bench.backfill.Demand;
import dev.muster.bench.backfill.PhillyWindow;
import dev.muster.bench.backfill.QueuePolicy;
import dev.muster.bench.backfill.RuntimeEstimates;
import dev.muster.bench.backfill.StudyPlan;
import dev.muster.bench.backfill.StudyPage;
import dev.muster.bench.backfill.StudyReport;
import dev.muster.bench.backfill.SyntheticMix;
import dev.muster.sim.trace.PhillyJob;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code backfill-study}: issue 21's measurement of queueing policies on big gangs, the study of
 * {@link dev.muster.bench.backfill} on the command line. Every policy ({@link QueuePolicy}) runs on the same workloads (a window of the Philly trace, a synthetic mix),
 * with exact and with noisy expected run times, each run a scenario directory through the engine as
 * {@code muster simulate} runs it; the waits by gang size, GPU utilization and makespan are printed
 * side by side. The results go to {@code out}, the wall times to {@code err}, so that the same
 * options print the same results.
 */
final class BackfillStudyCommand {

    static final int DEFAULT_PHILLY_JOBS = 3_000;
    static final int DEFAULT_SYNTHETIC_JOBS = 2_000;
    static final int DEFAULT_GPUS = 128;
    static final double DEFAULT_LOAD = 1.15;

    private BackfillStudyCommand() {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar backfill-study [--workload philly|synthetic|both] [--estimates exact|noisy|both]
                                                       [--seed N] [--jobs N] [--out DIR] [--gpus G] [--load L] [--from N] [--data DIR]
                                                       [--html FILE] [--reservation-depth N]
                  BestEffortFIFO, StrictFIFO and backfill (issue 21: BestEffortFIFO with Muster's reservation and backfill)
                  side by side on the same jobs in one Kueue ClusterQueue, the cluster --gpus GPUs in nodes of 8; each job a
                  batch/v1 gang of its GPUs (pods of up to 8 GPUs, all or nothing) with its true run time for the simulator
                  and its expected run time in muster.dev/expected-runtime: exact, or noisy (x0.5..x2, log-uniform, seeded)
                  philly     Philly jobs --from .. --from + --jobs - 1 (jobs above 64 GPUs left out), arrival times scaled
                             so that the offered load is --load
                  synthetic  --jobs seeded gangs of 1-64 GPUs, log-normal run times, Poisson arrivals at offered load --load
                  defaults: --workload both --estimates both --seed 42 --jobs 3000 (philly) / 2000 (synthetic) --gpus 128
                            --load 1.15 --from 78500; --out DIR keeps each run's scenario (DIR/philly-exact-strictfifo ...)
                            for ./muster simulate DIR; --html FILE also writes the tables as one page with charts
                            (self-contained, opens from disk); --reservation-depth N (1 to Muster's limit, 16; default 1): how many
                            heads of the queue the backfill runs reserve for; wall times go to stderr
                exit status: 0 ran, 1 the page could not be written, 2 bad arguments""";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        StudyPlan plan;
        Optional<Path> html;
        try {
            Options o = Options.parse(args, Set.of("--workload", "--estimates", "--seed", "--jobs", "--out", "--gpus",
                    "--load", "--from", "--data", "--html", "--reservation-depth"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            if (!o.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument " + o.positional().get(0));
            }
            plan = plan(o);
            html = Optional.ofNullable(o.text("--html", null)).map(Path::of);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        long started = System.nanoTime();
        List<Comparison> comparisons = BackfillStudy.run(plan, line -> err.println("backfill-study: " + line));
        StudyReport.print(out, comparisons);
        plan.out().ifPresent(dir -> out.println("scenarios written to " + dir + " (one directory per run)"));
        if (html.isPresent()) {
            try (Writer page = Files.newBufferedWriter(html.get())) {
                StudyPage.write(comparisons, "backfill-study " + String.join(" ", args), page);
            } catch (IOException e) {
                err.println("error: " + html.get() + ": the page could not be written: " + e.getMessage());
                return 1;
            }
            out.println("page written to " + html.get());
        }
        err.printf(Locale.ROOT, "backfill-study: %d runs in %.1f s wall%n",
                comparisons.stream().mapToInt(c -> c.results().size()).sum(), (System.nanoTime() - started) / 1e9);
        return 0;
    }

    static StudyPlan plan(Options o) {
        long seed = o.number("--seed", 42, Long.MIN_VALUE);
        // Checked before any trace is read: a bad number is told as such, whatever the data folder.
        long depth = o.number("--reservation-depth", 1, 1);
        if (depth > BackfillPolicy.MAX_DEPTH) {
            throw new IllegalArgumentException("--reservation-depth must be between 1 and " + BackfillPolicy.MAX_DEPTH
                    + " (Muster's Configuration takes no more), not " + depth);
        }
        String workload = oneOf(o, "--workload", "both", "philly", "synthetic");
        String estimates = oneOf(o, "--estimates", "both", "exact", "noisy");
        int gpus = (int) o.number("--gpus", DEFAULT_GPUS, PhillyWindow.MAX_GPUS);
        if (gpus % Demand.GPUS_PER_NODE != 0) {
            throw new IllegalArgumentException("--gpus must be a multiple of " + Demand.GPUS_PER_NODE + " (whole nodes)");
        }
        double load = load(o);
        List<Demand> demands = new ArrayList<>();
        if (!workload.equals("synthetic")) {
            int from = (int) o.number("--from", PhillyWindow.DEFAULT_FROM, 0);
            int jobs = (int) o.number("--jobs", DEFAULT_PHILLY_JOBS, 2);
            demands.add(PhillyWindow.read(OpenbScenarioCommand.dataFolder(o).resolve(PhillyJob.FILE), from, jobs, gpus, load));
        }
        if (!workload.equals("philly")) {
            demands.add(SyntheticMix.of(seed, (int) o.number("--jobs", DEFAULT_SYNTHETIC_JOBS, 2), gpus, load));
        }
        List<RuntimeEstimates> modes = estimates.equals("both") ? List.of(RuntimeEstimates.values())
                : List.of(RuntimeEstimates.of(estimates));
        Optional<Path> out = Optional.ofNullable(o.text("--out", null)).map(Path::of);
        return new StudyPlan(seed, demands, modes, List.of(QueuePolicy.values()), out, (int) depth);
    }

    private static String oneOf(Options o, String option, String orElse, String... others) {
        String v = o.text(option, orElse);
        if (!v.equals(orElse) && !List.of(others).contains(v)) {
            throw new IllegalArgumentException(option + " takes " + String.join(", ", others) + " or " + orElse + ", not " + v);
        }
        return v;
    }

    private static double load(Options o) {
        String v = o.text("--load", null);
        if (v == null) {
            return DEFAULT_LOAD;
        }
        try {
            double load = Double.parseDouble(v);
            if (!(load > 0 && load <= 10)) {
                throw new IllegalArgumentException("--load must be above 0 and at most 10, got " + v);
            }
            return load;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--load: \"" + v + "\" is not a number");
        }
    }

}
