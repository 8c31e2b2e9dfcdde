package dev.muster.bench.backfill;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What each job tells the scheduler of its run time ({@code muster.dev/expected-runtime}): the
 * true run time, or the true one times a factor drawn log-uniformly from [{@link #LOW}, {@link #HIGH}]
 * (as likely to halve as to double it), seeded, one draw per job in arrival order.
 */
public enum RuntimeEstimates {
    EXACT("exact"),
    NOISY("noisy");

    static final double LOW = 0.5;
    static final double HIGH = 2.0;

    private final String label;

    RuntimeEstimates(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** In words, for the report. */
    public String description() {
        return this == EXACT ? "expected run time = the true one"
                : String.format(Locale.ROOT, "expected run time = true x a factor drawn log-uniformly from [%s, %s]",
                        LOW, HIGH);
    }

    /** Seconds each job is expected to run, in the order of {@code jobs}; at least 1. */
    public long[] expectedSeconds(List<StudyJob> jobs, long seed) {
        long[] expected = new long[jobs.size()];
        // Its own stream, apart from the workload's: the same jobs get the same errors whatever drew them.
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int i = 0; i < expected.length; i++) {
            long truth = jobs.get(i).durationSeconds();
            expected[i] = this == EXACT ? truth : Math.max(1, Math.round(truth * factor(random.nextDouble())));
        }
        return expected;
    }

    /** The factor at {@code u} in [0, 1): log-uniform between LOW and HIGH. */
    static double factor(double u) {
        return Math.exp(Math.log(LOW) + u * (Math.log(HIGH) - Math.log(LOW)));
    }

    public static RuntimeEstimates of(String label) {
        for (RuntimeEstimates e : values()) {
            if (e.label.equals(label)) {
                return e;
            }
        }
        throw new IllegalArgumentException("estimates are exact or noisy, not " + label);
    }
}
