package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import java.util.Objects;

/**
 * A workload admitted on the promise to end before a reservation ({@code backfill} in Muster's
 * Configuration): with {@code preemptOverstaying}, it is preempted once it runs past
 * {@code endsByMillis} while that reservation is due and its workload does not fit otherwise. The
 * operator records it on the Workload, so that a new leader keeps it.
 *
 * @param workload     the backfilled workload
 * @param reservedFor  the workload whose reservation it promised not to delay
 * @param endsByMillis when it promised to end: its admission plus its expected run time
 */
public record BackfillPromise(ObjectKey workload, ObjectKey reservedFor, long endsByMillis) {

    public BackfillPromise {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(reservedFor, "reservedFor");
    }
}
