package dev.muster.core;

import java.util.stream.LongStream;

/**
 * The seeds a seeded invariant test runs: its own in the suite, or 1..N with {@code -Dsoak.seeds=N}
 * for a longer soak (the suite's seeds are chosen to be quick; a soak looks further for the world
 * that breaks a rule).
 */
public final class SoakSeeds {

    private SoakSeeds() {
    }

    /**
     * {@code first..last} and then {@code regressions} (seeds that once found a defect, kept so the
     * suite holds it fixed), or {@code 1..N} when {@code -Dsoak.seeds=N} is given.
     */
    public static LongStream of(long first, long last, long... regressions) {
        Integer n = Integer.getInteger("soak.seeds");
        return n == null ? LongStream.concat(LongStream.rangeClosed(first, last), LongStream.of(regressions))
                : LongStream.rangeClosed(1, n);
    }
}
