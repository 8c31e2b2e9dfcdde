package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.Assignment;
import java.util.function.Supplier;

/** The outcome of trying to fit a workload into its ClusterQueue's quota. */
public sealed interface FitResult {

    /** It fits as it is. */
    record Fits(Assignment assignment) implements FitResult {
    }

    /**
     * It fits only if other workloads give up quota: {@code flavorResources} (indexed like the
     * quota tree) are the ones where its need exceeds what is available now.
     */
    record NeedsPreemption(Assignment assignment, boolean[] flavorResources, Supplier<String> shortageWords)
            implements FitResult {

        /** Why it does not fit as it is, worded when asked for (most preemptions never need the sentence). */
        public String shortage() {
            return shortageWords.get();
        }
    }

    /**
     * @param why    WAITING_FOR_QUOTA, or, when even an idle cluster could not hold it, NO_MATCHING_FLAVOR
     *               (no flavor covers or suits a resource) or EXCEEDS_MAX_QUOTA (a request above the maximum quota)
     * @param reason a sentence for the user: which pod set, resource and flavor, and how much is missing
     */
    record NoFit(Pending pending) implements FitResult {

        public NoFit(Pending.Why why, String reason) {
            this(new Pending(why, reason));
        }

        public Pending.Why why() {
            return pending.why();
        }

        public String reason() {
            return pending.message();
        }

        /** True when even an idle cluster could not hold it. */
        public boolean neverFits() {
            return why() != Pending.Why.WAITING_FOR_QUOTA;
        }
    }
}
