package dev.muster.bench.backfill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs a {@link StudyPlan}: for each workload and estimate mode, every policy on the same jobs with
 * the same expected run times, one {@link ScenarioRun} each.
 */
public final class BackfillStudy {

    private BackfillStudy() {
    }

    /** {@code progress} hears one line per run with its wall time (kept apart from the results, which are deterministic). */
    public static List<Comparison> run(StudyPlan plan, Consumer<String> progress) {
        Path root;
        boolean temporary = plan.out().isEmpty();
        try {
            root = temporary ? Files.createTempDirectory("backfill-study") : plan.out().get();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary directory", e);
        }
        try {
            List<Comparison> comparisons = new ArrayList<>();
            for (Demand demand : plan.demands()) {
                for (RuntimeEstimates estimates : plan.estimates()) {
                    long[] expected = estimates.expectedSeconds(demand.jobs(), plan.seed());
                    List<PolicyResult> results = new ArrayList<>();
                    for (QueuePolicy policy : plan.policies()) {
                        long started = System.nanoTime();
                        Path dir = StudyPlan.directory(root, demand, estimates, policy);
                        results.add(ScenarioRun.run(demand, expected, estimates, policy, plan.reservationDepth(), dir));
                        progress.accept(String.format(Locale.ROOT, "%s %s %s: %.1f s", demand.name(), estimates.label(),
                                policy.label(), (System.nanoTime() - started) / 1e9));
                        if (temporary) {
                            delete(dir);
                        }
                    }
                    comparisons.add(new Comparison(demand, estimates, results));
                }
            }
            return comparisons;
        } finally {
            if (temporary) {
                delete(root);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is no reason to fail a study
        }
    }
}
