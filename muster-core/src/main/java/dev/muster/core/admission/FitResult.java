package dev.muster.core.admission;

/** The outcome of trying to fit a workload into its ClusterQueue's quota. */
public sealed interface FitResult {

    record Fits(Assignment assignment) implements FitResult {
    }

    /**
     * @param reason     a sentence for the user: which pod set, resource and flavor, and how much is missing
     * @param neverFits  true when even an idle cluster could not hold it (request above the maximum quota)
     */
    record NoFit(String reason, boolean neverFits) implements FitResult {
    }
}
