package dev.muster.operator.decide;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The writes on jobs that failed and are tried again each cycle, by job and kind of write. Only
 * these are looked at: a cycle does not go through every job to find the few writes it owes.
 */
final class FailedWrites {

    /** The kinds of write on a job that are owed until they succeed. */
    enum Write {
        /** Suspend a job that runs and should not yet (no webhook suspended it at creation). */
        SUSPEND,
        /** Create the job's Workload object. */
        WORKLOAD,
        /** Start an admitted job with its flavors and the checks' annotations. */
        START,
        /** Stop an evicted job. */
        STOP
    }

    /** Sends a write again; if it fails again, whoever learns of it records it owed again. */
    @FunctionalInterface
    interface Attempt {
        void tryAgain(TrackedJob job, Write write);
    }

    private final Map<TrackedJob, Set<Write>> owed = new TreeMap<>(TrackedJob.FIRST_SEEN);

    /** The outcome of a write: owed again if it failed, settled if it succeeded. */
    void record(TrackedJob job, Write write, boolean written) {
        if (written) {
            settle(job, write);
        } else {
            owed.computeIfAbsent(job, j -> EnumSet.noneOf(Write.class)).add(write);
        }
    }

    /** A write no longer owed (a start for a job since evicted). */
    void settle(TrackedJob job, Write write) {
        Set<Write> writes = owed.get(job);
        if (writes != null && writes.remove(write) && writes.isEmpty()) {
            owed.remove(job);
        }
    }

    /** The job is gone: nothing is owed for it any more. */
    void forget(TrackedJob job) {
        owed.remove(job);
    }

    boolean owes(TrackedJob job, Write write) {
        return owed.getOrDefault(job, Set.of()).contains(write);
    }

    /** The jobs that owe this kind of write. */
    List<TrackedJob> owing(Write write) {
        List<TrackedJob> out = new ArrayList<>();
        owed.forEach((job, writes) -> {
            if (writes.contains(write)) {
                out.add(job);
            }
        });
        return out;
    }

    boolean isEmpty() {
        return owed.isEmpty();
    }

    /**
     * Tries each owed write once, jobs in the order first seen and each job's writes in
     * {@link Write}'s order. A write tried is no longer owed: it is under way, and owed again only
     * if it fails again (which may be known at once, or cycles later).
     */
    void retry(Attempt attempt) {
        for (TrackedJob job : List.copyOf(owed.keySet())) {
            for (Write w : new ArrayList<>(owed.getOrDefault(job, Set.of()))) {
                settle(job, w);
                attempt.tryAgain(job, w);
            }
        }
    }
}
