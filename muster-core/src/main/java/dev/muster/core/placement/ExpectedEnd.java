package dev.muster.core.placement;

import dev.muster.core.quantity.Saturating;
import java.util.OptionalLong;

/**
 * When a gang being placed is expected to end, for temporal placement: with it, a pod goes first
 * to a node it does not keep busy for longer (one whose running pods end no earlier than it), the
 * one of those that frees up soonest after it; else to the node whose drain it delays the least.
 * Short runs then share nodes with short runs and long runs gather on few nodes, so that whole
 * nodes drain sooner for the large gangs that reservations wait for (issue 21: a 64-GPU gang
 * waited 51 h for eight nodes to drain while long 1-GPU runs sat on every node).
 *
 * <p>A node drains when the last of its pods is expected to end ({@link NodeState#latestEnd}); a
 * node whose pods are all due, or that has none, drains "now". Nodes are ranked by that drain
 * alone, by comparison, never by a difference of instants (an unknown end is
 * {@link Long#MAX_VALUE}, and differences against it would saturate into ties).
 *
 * @param nowMillis the time of the placement: a node whose pods are all due counts as free from now
 * @param endMillis the gang's expected end; {@link #UNKNOWN} when it declares no run time (it may run
 *                  forever, so it goes where others already do)
 */
public record ExpectedEnd(long nowMillis, long endMillis) {

    /** The end of a run that declares no run time. */
    public static final long UNKNOWN = Long.MAX_VALUE;

    /**
     * A gang placed at {@code nowMillis} whose run counts from {@code startMillis} (its admission,
     * as reservations count it) and lasts {@code runtime}; empty: it declares none, its end is {@link #UNKNOWN}.
     */
    public static ExpectedEnd of(long nowMillis, long startMillis, OptionalLong runtime) {
        return new ExpectedEnd(nowMillis, runtime.isPresent() ? Saturating.add(startMillis, runtime.getAsLong()) : UNKNOWN);
    }

    /** When the node drains as this placement sees it: the last of its pods' expected ends, or now when that has passed. */
    long drain(NodeState node) {
        return Math.max(node.latestEnd(), nowMillis);
    }

    /**
     * Orders two nodes by their drains ({@link #drain}), the better first (negative: {@code a} is
     * better): a node the pod does not delay (it drains no earlier than the pod's end) comes before
     * any it delays; among those not delayed, the one draining soonest (the least slack); among
     * those delayed, the one draining latest (the least delay). Equal drains rank the same.
     */
    int compareDrains(long a, long b) {
        boolean aKept = a >= endMillis;
        boolean bKept = b >= endMillis;
        if (aKept != bKept) {
            return aKept ? -1 : 1;
        }
        return aKept ? Long.compare(a, b) : Long.compare(b, a);
    }
}
