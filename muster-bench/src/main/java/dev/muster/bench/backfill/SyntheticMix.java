package dev.muster.bench.backfill;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A seeded mix of 1- to 64-GPU gangs: mostly small jobs, some of 8 and 16 GPUs, a few of 32 and 64;
 * log-normal run times (median {@link #MEDIAN_RUNTIME_SECONDS}, sigma {@link #SIGMA}, at most
 * {@link #MAX_RUNTIME_SECONDS}); Poisson arrivals at the rate that makes the offered load the one
 * asked for. Run times do not depend on size, so a big gang is not a long job by construction.
 */
public final class SyntheticMix {

    /** GPUs of a gang, and how often (out of 100) a job asks for that many. */
    static final int[] SIZES = {1, 2, 4, 8, 16, 32, 64};
    static final int[] PERCENT = {44, 16, 16, 12, 7, 3, 2};

    static final long MEDIAN_RUNTIME_SECONDS = 3_600;
    static final double SIGMA = 1.0;
    /** Three days: the log-normal's far tail would otherwise set the makespan alone. */
    static final long MAX_RUNTIME_SECONDS = 72 * 3_600;

    private SyntheticMix() {
    }

    public static Demand of(long seed, int count, int clusterGpus, double load) {
        if (count < 2) {
            throw new IllegalArgumentException("a synthetic mix needs at least two jobs");
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] gpus = new int[count];
        long[] runtimes = new long[count];
        double gpuSeconds = 0;
        for (int i = 0; i < count; i++) {
            gpus[i] = size(random.nextInt(100));
            double runtime = MEDIAN_RUNTIME_SECONDS * Math.exp(SIGMA * gaussian(random));
            runtimes[i] = Math.max(1, Math.min(MAX_RUNTIME_SECONDS, Math.round(runtime)));
            gpuSeconds += (double) gpus[i] * runtimes[i];
        }
        // Mean gap such that (count - 1) gaps make the span at which these jobs offer the load.
        double meanGapSeconds = gpuSeconds / (load * clusterGpus) / (count - 1);
        List<StudyJob> jobs = new ArrayList<>();
        double at = 0;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                at += -meanGapSeconds * Math.log(1 - random.nextDouble());
            }
            jobs.add(new StudyJob(String.format(Locale.ROOT, "job-%05d", i), gpus[i], Math.round(at), runtimes[i]));
        }
        String description = String.format(Locale.ROOT,
                "synthetic mix, seed %d: %,d gangs of 1-64 GPUs, log-normal run times (median %s, sigma %.1f),"
                        + " Poisson arrivals", seed, count, GoDurationText.of(MEDIAN_RUNTIME_SECONDS), SIGMA);
        return new Demand("synthetic", description, clusterGpus, jobs);
    }

    static int size(int percentile) {
        int upTo = 0;
        for (int i = 0; i < SIZES.length; i++) {
            upTo += PERCENT[i];
            if (percentile < upTo) {
                return SIZES[i];
            }
        }
        throw new IllegalArgumentException("a percentile is 0..99, not " + percentile);
    }

    /** A standard normal draw (Box-Muller), so that the mix depends only on the seed and this code. */
    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
