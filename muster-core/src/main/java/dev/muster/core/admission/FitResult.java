package dev.muster.core.admission;

import dev.muster.core.queue.Assignment;

/** The outcome of trying to fit a workload into its ClusterQueue's quota. */
public sealed interface FitResult {

    /** It fits as it is. */
    record Fits(Assignment assignment) implements FitResult {
    }

    /**
     * It fits only if other workloads give up quota: {@code flavorResources} (indexed like the
     * quota tree) are the ones where its need exceeds what is available now.
     */
    record NeedsPreemption(Assignment assignment, boolean[] flavorResources, String shortage) implements FitResult {
    }

    /**
     * @param reason    a sentence for the user: which pod set, resource and flavor, and how much is missing
     * @param neverFits true when even an idle cluster could not hold it (request above the maximum quota)
     */
    record NoFit(String reason, boolean neverFits) implements FitResult {
    }
}
