package dev.muster.core.checks;

/**
 * A ProvisioningRequestConfig's {@code retryStrategy}: how often a failed request is tried again,
 * and after how long. Kueue's defaults are 3 retries, 60 s doubling up to 1800 s.
 */
public record RetryStrategy(int backoffLimitCount, long backoffBaseMillis, long backoffMaxMillis) {

    public static final RetryStrategy KUEUE_DEFAULT = new RetryStrategy(3, 60_000, 1_800_000);

    /** The wait before the attempt that follows the {@code failures}-th failure: base·2^(failures−1), capped. */
    public long backoffMillis(int failures) {
        long wait = backoffBaseMillis;
        for (int i = 1; i < failures && wait < backoffMaxMillis; i++) {
            wait *= 2;
        }
        return Math.min(wait, backoffMaxMillis);
    }

    /** Whether the workload may try again after its {@code failures}-th failed request. */
    public boolean retries(int failures) {
        return failures <= backoffLimitCount;
    }
}
