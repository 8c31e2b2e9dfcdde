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
    /** Moves when the expected run time of a workload the engine holds changes (see {@link #expect}). */
    private long version;

    /**
     * Records what the workload declares; {@code known} says whether the engine holds it now
     * (queued or holding quota), when a change moves {@link #version()}: reservations rest on the
     * expected ends of the workloads holding quota, and on the run times of the workloads they are
     * for, whose pods their trials place with an expected end. A workload not yet submitted is
     * in no reservation.
     */
    void expect(ObjectKey key, RuntimeHints h, boolean known) {
        OptionalLong before = millis(key);
        if (h.annotatedMillis().isEmpty() && h.deadlineMillis().isEmpty()) {
            hints.remove(key);
        } else {
            hints.put(key, h);
        }
        if (known && !before.equals(millis(key))) {
            version++;
        }
    }

    /** Moves whenever the expected run time of a workload the engine holds changes: the expected ends are the same while it holds. */
    long version() {
        return version;
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
