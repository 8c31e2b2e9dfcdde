package dev.muster.cli.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Makes mutant {@code index} of a run with {@code seed}: one to three operators, each chosen and
 * applied with a generator seeded by the seed and the index only, so that a mutant is made again,
 * alone, from its {@link MutantId}.
 */
final class Mutator {

    private static final RandomGeneratorFactory<RandomGenerator> GENERATORS = RandomGeneratorFactory.of("L64X128MixRandom");
    private static final MutationOperator[] OPERATORS = MutationOperator.values();

    /** A mutated copy of a source and what was done to it, in order. */
    record Mutant(MutantId id, ManifestSet manifests, List<String> mutations) {
    }

    private Mutator() {
    }

    static Mutant mutate(FuzzSource source, long seed, int index) {
        RandomGenerator random = GENERATORS.create(seed * 0x9E3779B97F4A7C15L + index);
        ManifestSet manifests = source.manifests().copy();
        int count = random.nextInt(10) < 6 ? 1 : random.nextInt(10) < 7 ? 2 : 3;
        List<String> mutations = new ArrayList<>();
        // an operator with no place to act on (no list left, every document cut) gives way to another
        for (int attempt = 0; mutations.size() < count && attempt < 10 * count; attempt++) {
            MutationOperator op = OPERATORS[random.nextInt(OPERATORS.length)];
            Optional<String> done = op.apply(manifests, random);
            done.ifPresent(what -> mutations.add(op + ": " + what));
        }
        return new Mutant(new MutantId(source.name(), seed, index), manifests, mutations);
    }
}
