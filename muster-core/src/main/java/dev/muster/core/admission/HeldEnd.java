package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.AdmittedWorkload;
import java.util.Comparator;
import java.util.OptionalLong;

/**
 * A workload holding quota, and when it is expected to end: its admission plus its declared run
 * time, {@link Long#MAX_VALUE} when it declares none (it never ends, for reservations). The
 * instant may have passed: a reservation takes such a run to end "now" ({@link EndsInOrder}).
 *
 * @param admitted  the workload and what it holds
 * @param endMillis when it is expected to end
 */
public record HeldEnd(AdmittedWorkload admitted, long endMillis) {

    /** Soonest first, then by key: the order a queue's ends are kept in (keys are unique among holders). */
    public static final Comparator<HeldEnd> ORDER =
            Comparator.comparingLong(HeldEnd::endMillis).thenComparing(HeldEnd::workload);

    /** The end of {@code admitted}, which declares {@code runtimeMillis} (empty: none). */
    public static HeldEnd of(AdmittedWorkload admitted, OptionalLong runtimeMillis) {
        return new HeldEnd(admitted, runtimeMillis.isEmpty() ? Long.MAX_VALUE
                : Saturating.add(admitted.admittedAtMillis(), runtimeMillis.getAsLong()));
    }

    public ObjectKey workload() {
        return admitted.workload().key();
    }
}
