package dev.muster.api.kueue;

import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.FlavorFungibility;
import dev.muster.core.model.ClusterQueuePolicies.FungibilityPolicy;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.api.manifest.Field;
import java.util.List;
import java.util.Optional;

/** Reads the policy blocks of a ClusterQueue spec, with Kueue's enumerations and defaults. */
final class ClusterQueuePolicyReader {

    private ClusterQueuePolicyReader() {
    }

    static Preemption preemption(Field f) {
        if (!f.requireObject()) {
            return Preemption.DEFAULT;
        }
        f.rejectUnknownFields(List.of("withinClusterQueue", "reclaimWithinCohort", "borrowWithinCohort"));
        WithinClusterQueue within = f.get("withinClusterQueue").oneOf("Never", "LowerPriority", "LowerOrNewerEqualPriority")
                .map(s -> switch (s) {
                    case "LowerPriority" -> WithinClusterQueue.LOWER_PRIORITY;
                    case "LowerOrNewerEqualPriority" -> WithinClusterQueue.LOWER_OR_NEWER_EQUAL_PRIORITY;
                    default -> WithinClusterQueue.NEVER;
                }).orElse(WithinClusterQueue.NEVER);
        ReclaimWithinCohort reclaim = f.get("reclaimWithinCohort").oneOf("Never", "LowerPriority", "Any")
                .map(s -> switch (s) {
                    case "LowerPriority" -> ReclaimWithinCohort.LOWER_PRIORITY;
                    case "Any" -> ReclaimWithinCohort.ANY;
                    default -> ReclaimWithinCohort.NEVER;
                }).orElse(ReclaimWithinCohort.NEVER);
        BorrowWithinCohort borrow = BorrowWithinCohort.DEFAULT;
        Field b = f.get("borrowWithinCohort");
        if (b.requireObject()) {
            b.rejectUnknownFields(List.of("policy", "maxPriorityThreshold"));
            BorrowPolicy policy = b.get("policy").oneOf("Never", "LowerPriority")
                    .map(s -> s.equals("LowerPriority") ? BorrowPolicy.LOWER_PRIORITY : BorrowPolicy.NEVER)
                    .orElse(BorrowPolicy.NEVER);
            borrow = new BorrowWithinCohort(policy, b.get("maxPriorityThreshold").int32());
            if (policy != BorrowPolicy.NEVER && reclaim == ReclaimWithinCohort.NEVER) {
                b.get("policy").error("must be Never while reclaimWithinCohort is Never (Kueue rejects this combination)");
            }
        }
        return new Preemption(within, reclaim, borrow);
    }

    static FlavorFungibility flavorFungibility(Field f) {
        if (!f.requireObject()) {
            return FlavorFungibility.DEFAULT;
        }
        f.rejectUnknownFields(List.of("whenCanBorrow", "whenCanPreempt", "preference"));
        FungibilityPolicy borrow = f.get("whenCanBorrow").oneOf("MayStopSearch", "TryNextFlavor", "Borrow")
                .map(ClusterQueuePolicyReader::fungibility).orElse(FungibilityPolicy.MAY_STOP_SEARCH);
        FungibilityPolicy preempt = f.get("whenCanPreempt").oneOf("MayStopSearch", "TryNextFlavor", "Preempt")
                .map(ClusterQueuePolicyReader::fungibility).orElse(FungibilityPolicy.TRY_NEXT_FLAVOR);
        Optional<String> preference = f.get("preference").oneOf("BorrowingOverPreemption", "PreemptionOverBorrowing");
        return new FlavorFungibility(borrow, preempt, preference);
    }

    static StopPolicy stopPolicy(Field f) {
        return f.oneOf("None", "Hold", "HoldAndDrain").map(s -> switch (s) {
            case "Hold" -> StopPolicy.HOLD;
            case "HoldAndDrain" -> StopPolicy.HOLD_AND_DRAIN;
            default -> StopPolicy.NONE;
        }).orElse(StopPolicy.NONE);
    }

    private static FungibilityPolicy fungibility(String s) {
        return s.equals("TryNextFlavor") ? FungibilityPolicy.TRY_NEXT_FLAVOR : FungibilityPolicy.MAY_STOP_SEARCH;
    }
}
