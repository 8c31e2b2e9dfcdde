package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.runtime.RuntimeHints;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What each workload's job says of its own run time, as the adapters read it from the job
 * ({@link RuntimeHints}): reservations ask it how long a run holds its room.
 *
 * <p>Only what the job declares counts here (its {@code muster.dev/expected-runtime}, else its
 * {@code activeDeadlineSeconds}), as Slurm's backfill counts a job's time limit and not a guess:
 * a reservation rests on what users promised, and the history of similar runs (which the forecast
 * uses) can be far off for the one run at hand.
 */
final class ExpectedRuntimes {

    private final Map<ObjectKey, RuntimeHints> hints = new HashMap<>();
    /** Moves when the expected run time of a workload holding quota changes (see {@link #expect}). */
    private long holdersVersion;

    /**
     * Records what the workload declares; {@code holdsQuota} says whether it holds quota now, when a
     * change moves {@link #holdersVersion()} (one that does not yet counts from its admission on, which
     * its queue records anyway).
     */
    void expect(ObjectKey key, RuntimeHints h, boolean holdsQuota) {
        OptionalLong before = millis(key);
        if (h.annotatedMillis().isEmpty() && h.deadlineMillis().isEmpty()) {
            hints.remove(key);
        } else {
            hints.put(key, h);
        }
        if (holdsQuota && !before.equals(millis(key))) {
            holdersVersion++;
        }
    }

    /** Moves whenever the expected run time of a workload holding quota changes: the expected ends are the same while it holds. */
    long holdersVersion() {
        return holdersVersion;
    }

    void forget(ObjectKey key) {
        hints.remove(key);
    }

    /** The annotation, else the job's limit; empty when it declares neither. */
    OptionalLong millis(ObjectKey key) {
        RuntimeHints h = hints.get(key);
        if (h == null) {
            return OptionalLong.empty();
        }
        return h.annotatedMillis().isPresent() ? h.annotatedMillis() : h.deadlineMillis();
    }
}
