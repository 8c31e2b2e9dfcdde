package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;

/**
 * What a waiting workload lacks of one resource in one flavor, with the figures as they were when
 * the shortage was found: the numbers behind "waiting for quota", for tools and reports that want
 * them apart from the sentence.
 *
 * @param neededMilli    what the pod set asks for in all
 * @param availableMilli what its queue could give it then (never below 0)
 * @param maximumMilli   the most the queue could ever give it (nominal quota plus what it may borrow, or its limit)
 * @param limitedBy      the queue whose limit (a KAI queue's {@code limit}) is what stops it: its own
 *                       queue or one above it, the nearest; null when no limit does
 */
public record Shortage(String flavor, String resource, long neededMilli, long availableMilli, long maximumMilli,
        String limitedBy) {

    /** Whether a limit, of its queue or of one above it, is what stops it. */
    public boolean overLimit() {
        return limitedBy != null;
    }

    /** Whether even an idle cluster could not give it this much. */
    public boolean neverFits() {
        return neededMilli > maximumMilli;
    }

    /** "4 nvidia.com/gpu in flavor default, 1 available". */
    public String describe() {
        return Quantity.ofMilli(neededMilli).format(resource) + " " + resource + " in flavor " + flavor + ", "
                + (neverFits() ? "at most " + Quantity.ofMilli(maximumMilli).format(resource) + " ever"
                        : Quantity.ofMilli(availableMilli).format(resource) + " available")
                + (limitedBy != null ? " (the limit of queue " + limitedBy + ")" : "");
    }
}
