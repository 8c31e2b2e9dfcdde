package dev.muster.cli.fuzz;

import dev.muster.cli.fuzz.MutantRunner.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run of many mutants: mutant {@code i} mutates source {@code i mod sources}, so that every
 * scenario and example gets its share. Runs from {@link InputFuzzTest} or, for a long run outside
 * Maven, from {@link #main} (arguments: mutants, seed).
 */
final class FuzzCampaign {

    static final Duration LIMIT = Duration.ofSeconds(20);

    /** What a campaign found, in mutant order. */
    record Outcomes(List<Result> results, Duration took) {

        List<Result> defects() {
            return results.stream().filter(r -> r.outcome() instanceof Outcome.Defect).toList();
        }

        String summary() {
            Map<String, Integer> byOutcome = new TreeMap<>();
            Map<String, Integer> byOperator = new TreeMap<>();
            for (Result r : results) {
                byOutcome.merge(r.outcome().getClass().getSimpleName(), 1, Integer::sum);
                r.mutant().mutations().forEach(m -> byOperator.merge(m.substring(0, m.indexOf(':')), 1, Integer::sum));
            }
            List<String> slowest = results.stream().sorted(Comparator.comparing(Result::took).reversed()).limit(3)
                    .map(r -> r.mutant().id() + " " + r.took().toMillis() + " ms").toList();
            return "fuzz: " + results.size() + " mutants in " + took.toSeconds() + " s: " + byOutcome
                    + "; operators " + byOperator + "; slowest " + slowest;
        }

        String defectReport() {
            List<Result> defects = defects();
            StringBuilder s = new StringBuilder(defects.size() + " defects:");
            for (Result r : defects) {
                Outcome.Defect d = (Outcome.Defect) r.outcome();
                s.append("\n- ").append(r.mutant().id()).append(": ").append(d.what())
                        .append("\n    mutations: ").append(r.mutant().mutations())
                        .append("\n    output:");
                d.output().lines().limit(8).forEach(line -> s.append("\n      ").append(line));
                s.append("\n    again: ").append(r.mutant().id().reproduce());
            }
            return s.toString();
        }

        /** Writes each defect's mutant under {@code dir}, to be run again with {@code ./muster simulate}. */
        void keepDefects(Path dir) throws IOException {
            for (Result r : defects()) {
                MutantId id = r.mutant().id();
                Path mutantDir = Files.createDirectories(dir.resolve(id.source().replace('/', '-') + "-" + id.seed() + "-" + id.index()));
                r.mutant().manifests().writeTo(mutantDir);
                Files.writeString(mutantDir.resolve("MUTATIONS.txt"), String.join("\n", r.mutant().mutations()) + "\n");
            }
        }
    }

    private FuzzCampaign() {
    }

    static Outcomes run(List<FuzzSource> sources, long seed, int count, Path work, boolean verbose) {
        List<Result> results = new ArrayList<>();
        long start = System.nanoTime();
        try (MutantRunner runner = new MutantRunner(work, LIMIT)) {
            for (int i = 0; i < count; i++) {
                FuzzSource source = sources.get(i % sources.size());
                Result r = runner.run(Mutator.mutate(source, seed, i), source);
                results.add(r);
                if (verbose || r.outcome() instanceof Outcome.Defect) {
                    System.out.println(r.mutant().id() + " " + r.took().toMillis() + " ms " + r.outcome()
                            + " <- " + r.mutant().mutations());
                }
            }
        }
        return new Outcomes(results, Duration.ofNanos(System.nanoTime() - start));
    }

    /** One mutant alone, as {@link MutantId#reproduce()} asks, printed in full. */
    static Outcomes runOne(FuzzSource source, long seed, int index, Path work) {
        long start = System.nanoTime();
        Mutator.Mutant mutant = Mutator.mutate(source, seed, index);
        System.out.println(mutant.id() + " " + mutant.mutations());
        Result r;
        try (MutantRunner runner = new MutantRunner(work, LIMIT)) {
            r = runner.run(mutant, source);
        }
        System.out.println(r.outcome());
        return new Outcomes(List.of(r), Duration.ofNanos(System.nanoTime() - start));
    }

    /** A long run outside Maven: {@code FuzzCampaign MUTANTS SEED} from muster-cli's directory. */
    public static void main(String[] args) throws IOException {
        int count = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        Outcomes outcomes = run(FuzzSource.all(), seed, count, Files.createTempDirectory("muster-fuzz"), false);
        System.out.println(outcomes.summary());
        System.out.println(outcomes.defectReport());
        outcomes.keepDefects(Path.of("target", "fuzz-defects"));
        System.exit(outcomes.defects().isEmpty() ? 0 : 1);
    }
}
