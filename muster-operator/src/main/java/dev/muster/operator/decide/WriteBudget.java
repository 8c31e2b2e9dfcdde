package dev.muster.operator.decide;

/**
 * A token bucket: {@code perSecond} writes a second on average, at most what a {@code burstMillis}
 * window holds at once. Time is the caller's (the decider's clock), so tests move it.
 */
final class WriteBudget {

    private final double perMilli;
    private final double capacity;
    private double tokens;
    private long lastMillis = Long.MIN_VALUE;

    WriteBudget(int perSecond, long burstMillis) {
        if (perSecond <= 0 || burstMillis <= 0) {
            throw new IllegalArgumentException("a write budget needs a positive rate and window");
        }
        this.perMilli = perSecond / 1000.0;
        this.capacity = perSecond * (burstMillis / 1000.0);
        this.tokens = capacity;
    }

    /** Takes up to {@code wanted} writes at {@code nowMillis}; returns how many may go. */
    int take(long nowMillis, int wanted) {
        if (lastMillis != Long.MIN_VALUE && nowMillis > lastMillis) {
            tokens = Math.min(capacity, tokens + (nowMillis - lastMillis) * perMilli);
        }
        lastMillis = Math.max(lastMillis, nowMillis);
        int allowed = (int) Math.min(wanted, Math.floor(tokens));
        tokens -= allowed;
        return allowed;
    }
}
