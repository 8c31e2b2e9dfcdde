package dev.muster.core.model;

import java.util.List;
import java.util.Optional;

/**
 * How a ClusterQueue behaves beyond its quota: preemption, flavor fungibility, admission checks and
 * the stop policy. Values are Kueue's, with Kueue's defaults where a field is absent.
 */
public record ClusterQueuePolicies(
        Preemption preemption,
        FlavorFungibility flavorFungibility,
        List<AdmissionCheckRule> admissionChecks,
        StopPolicy stopPolicy) {

    public ClusterQueuePolicies {
        admissionChecks = List.copyOf(admissionChecks);
    }

    public static final ClusterQueuePolicies DEFAULTS =
            new ClusterQueuePolicies(Preemption.DEFAULT, FlavorFungibility.DEFAULT, List.of(), StopPolicy.NONE);

    /** {@code spec.preemption}; every policy defaults to Never. */
    public record Preemption(
            WithinClusterQueue withinClusterQueue,
            ReclaimWithinCohort reclaimWithinCohort,
            BorrowWithinCohort borrowWithinCohort) {

        public static final Preemption DEFAULT =
                new Preemption(WithinClusterQueue.NEVER, ReclaimWithinCohort.NEVER, BorrowWithinCohort.DEFAULT);
    }

    public enum WithinClusterQueue { NEVER, LOWER_PRIORITY, LOWER_OR_NEWER_EQUAL_PRIORITY }

    public enum ReclaimWithinCohort { NEVER, LOWER_PRIORITY, ANY }

    /**
     * {@code spec.preemption.borrowWithinCohort}: whether a workload that must borrow may preempt in
     * other ClusterQueues of the cohort, limited to victims at or below {@code maxPriorityThreshold}.
     */
    public record BorrowWithinCohort(BorrowPolicy policy, Optional<Integer> maxPriorityThreshold) {
        public static final BorrowWithinCohort DEFAULT = new BorrowWithinCohort(BorrowPolicy.NEVER, Optional.empty());
    }

    public enum BorrowPolicy { NEVER, LOWER_PRIORITY }

    /**
     * {@code spec.flavorFungibility}; Kueue's defaults: stop at a flavor where the workload fits by
     * borrowing, but try the next flavor before preempting. v1beta1's {@code Borrow} and
     * {@code Preempt} are read as {@code MayStopSearch}, as Kueue does.
     */
    public record FlavorFungibility(FungibilityPolicy whenCanBorrow, FungibilityPolicy whenCanPreempt, Optional<String> preference) {
        public static final FlavorFungibility DEFAULT =
                new FlavorFungibility(FungibilityPolicy.MAY_STOP_SEARCH, FungibilityPolicy.TRY_NEXT_FLAVOR, Optional.empty());
    }

    public enum FungibilityPolicy { MAY_STOP_SEARCH, TRY_NEXT_FLAVOR }

    /**
     * An admission check the ClusterQueue requires ({@code admissionChecks} or
     * {@code admissionChecksStrategy.admissionChecks}).
     *
     * @param onFlavors the flavors it applies to; empty means every workload of the queue
     */
    public record AdmissionCheckRule(String name, List<String> onFlavors) {
        public AdmissionCheckRule {
            onFlavors = List.copyOf(onFlavors);
        }
    }

    /** {@code spec.stopPolicy}: anything but NONE stops new admissions; HOLD_AND_DRAIN also evicts. */
    public enum StopPolicy { NONE, HOLD, HOLD_AND_DRAIN }
}
