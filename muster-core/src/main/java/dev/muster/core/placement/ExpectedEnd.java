package dev.muster.core.placement;

/**
 * When a gang being placed is expected to end, for temporal placement: with it, a pod goes first
 * to a node it does not keep busy for longer (one whose running pods end no earlier than it), the
 * one of those that frees up soonest after it; else to the node it delays the least. Short runs
 * then share nodes with short runs and long runs gather on few nodes, so that whole nodes drain
 * sooner for the large gangs that reservations wait for (issue 21: a 64-GPU gang waited 51 h for
 * eight nodes to drain while long 1-GPU runs sat on every node).
 *
 * @param nowMillis the time of the placement: a node whose pods are all due counts as free from now
 * @param endMillis the gang's expected end; {@link #UNKNOWN} when it declares no run time (it may run
 *                  forever, so it goes where others already do)
 */
public record ExpectedEnd(long nowMillis, long endMillis) {

    /** The end of a run that declares no run time. */
    public static final long UNKNOWN = Long.MAX_VALUE;

    /** A gang ending {@code runtimeMillis} after {@code nowMillis}. */
    public static ExpectedEnd after(long nowMillis, long runtimeMillis) {
        return new ExpectedEnd(nowMillis, runtimeMillis >= UNKNOWN - nowMillis ? UNKNOWN : nowMillis + runtimeMillis);
    }

    /**
     * How much a pod with this end delays the node's drain (when the last of its pods ends), or
     * else how long the node stays busy after the pod: nodes with the lower rank come first.
     * A delay always ranks after any slack, as a node not delayed keeps its drain time.
     */
    Rank rank(NodeState node) {
        long drain = Math.max(node.latestEnd(), nowMillis);
        return drain >= endMillis ? new Rank(0, drain - endMillis) : new Rank(endMillis - drain, 0);
    }

    /** See {@link #rank}: by delay, then by slack. */
    record Rank(long delay, long slack) implements Comparable<Rank> {
        @Override
        public int compareTo(Rank o) {
            return delay != o.delay ? Long.compare(delay, o.delay) : Long.compare(slack, o.slack);
        }
    }
}
