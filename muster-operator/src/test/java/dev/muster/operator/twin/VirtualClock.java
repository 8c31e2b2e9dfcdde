package dev.muster.operator.twin;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The operator's clock in the twin test: it stands still until the test moves it, so that the
 * operator sees the virtual time the simulator runs in. Virtual time 0 is {@link #EPOCH}.
 */
final class VirtualClock extends Clock {

    /** What virtual time 0 is on the operator's clock (a round instant, readable in conditions). */
    static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private volatile long virtualMillis;

    void set(long millis) {
        virtualMillis = millis;
    }

    long virtualMillis() {
        return virtualMillis;
    }

    /** A virtual time as an instant on this clock. */
    static Instant at(long virtualMillis) {
        return EPOCH.plusMillis(virtualMillis);
    }

    @Override
    public Instant instant() {
        return at(virtualMillis);
    }

    @Override
    public long millis() {
        return EPOCH.toEpochMilli() + virtualMillis;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        VirtualClock time = this;
        return new Clock() {
            @Override
            public Instant instant() {
                return time.instant();
            }

            @Override
            public ZoneId getZone() {
                return zone;
            }

            @Override
            public Clock withZone(ZoneId other) {
                return time.withZone(other);
            }
        };
    }
}
