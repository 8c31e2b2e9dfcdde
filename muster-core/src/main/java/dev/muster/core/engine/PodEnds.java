package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.ExpectedEnd;

/**
 * The expected ends placement gives a gang's pods, for temporal placement ({@link ExpectedEnd}):
 * with backfill on, a gang is expected to end its declared run time ({@link ExpectedRuntimes})
 * after its admission, the end reservations count on, so that the nodes they free at an instant
 * are the nodes placement kept apart for it; a gang that declares none never ends. With backfill
 * off there are none: Kueue's and KAI's placements stay exactly as they are.
 */
final class PodEnds {

    private final boolean on;
    private final ExpectedRuntimes runtimes;

    PodEnds(boolean backfill, ExpectedRuntimes runtimes) {
        this.on = backfill;
        this.runtimes = runtimes;
    }

    /** Whether placement is given ends at all. */
    boolean on() {
        return on;
    }

    /** The end of a gang admitted now, placed now; null with backfill off. */
    ExpectedEnd startingNow(ObjectKey workload, long nowMillis) {
        return of(workload, nowMillis, nowMillis);
    }

    /**
     * The end of a gang admitted at {@code admittedAtMillis} whose pods are placed at
     * {@code nowMillis} (after its admission checks, again in a new engine, more of its replicas);
     * null with backfill off.
     */
    ExpectedEnd of(ObjectKey workload, long admittedAtMillis, long nowMillis) {
        return on ? ExpectedEnd.of(nowMillis, admittedAtMillis, runtimes.millis(workload)) : null;
    }
}
