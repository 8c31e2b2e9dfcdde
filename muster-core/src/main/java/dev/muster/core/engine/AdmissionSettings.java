package dev.muster.core.engine;

import dev.muster.core.preemption.FairSharingPreemption;
import java.util.List;

/**
 * Global admission settings.
 *
 * @param fairSharing           order admissions within a cohort by dominant resource share and
 *                              preempt by it (Kueue's {@code fairSharing.enable})
 * @param preemptionStrategies  Kueue's {@code fairSharing.preemptionStrategies}; empty means Kueue's
 *                              default, LessThanOrEqualToFinalShare then LessThanInitialShare
 * @param podsReady             Kueue's {@code waitForPodsReady}
 * @param staleGangGraceMillis  KAI: how long a gang may run below its minimum before it is evicted
 *                              whole; negative = never (Muster's Configuration, {@code kai.staleGangGracePeriod})
 * @param placement             how pods are placed on nodes, when nodes are known (Muster's Configuration)
 * @param partialAdmission      Kueue's feature gate PartialAdmission (on by default): pod sets' minCount is
 *                              honoured; off, Kueue workloads are admitted at their full counts only
 * @param prioritySortingWithinCohort Kueue's feature gate PrioritySortingWithinCohort (on by default): a
 *                              cycle orders the heads of a cohort's ClusterQueues by priority before
 *                              creation time; off, by creation time only
 * @param backfill              Muster's reservations and backfill (its Configuration's {@code backfill}); off by default
 */
public record AdmissionSettings(
        boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies, PodsReadyPolicy podsReady,
        long staleGangGraceMillis, dev.muster.core.placement.PlacementPolicy placement, boolean partialAdmission,
        boolean prioritySortingWithinCohort, dev.muster.core.admission.BackfillPolicy backfill) {

    public static final long DEFAULT_STALE_GANG_GRACE_MILLIS = 60_000;
    public static final AdmissionSettings DEFAULTS = new AdmissionSettings(false);

    public AdmissionSettings {
        preemptionStrategies = List.copyOf(preemptionStrategies);
        java.util.Objects.requireNonNull(backfill, "backfill");
    }

    public AdmissionSettings(boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies,
            PodsReadyPolicy podsReady, long staleGangGraceMillis, dev.muster.core.placement.PlacementPolicy placement,
            boolean partialAdmission, boolean prioritySortingWithinCohort) {
        this(fairSharing, preemptionStrategies, podsReady, staleGangGraceMillis, placement, partialAdmission,
                prioritySortingWithinCohort, dev.muster.core.admission.BackfillPolicy.OFF);
    }

    /** These settings with Muster's backfill as given. */
    public AdmissionSettings withBackfill(dev.muster.core.admission.BackfillPolicy policy) {
        return new AdmissionSettings(fairSharing, preemptionStrategies, podsReady, staleGangGraceMillis, placement,
                partialAdmission, prioritySortingWithinCohort, policy);
    }

    public AdmissionSettings(boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies,
            PodsReadyPolicy podsReady) {
        this(fairSharing, preemptionStrategies, podsReady, DEFAULT_STALE_GANG_GRACE_MILLIS);
    }

    public AdmissionSettings(boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies,
            PodsReadyPolicy podsReady, long staleGangGraceMillis) {
        this(fairSharing, preemptionStrategies, podsReady, staleGangGraceMillis,
                dev.muster.core.placement.PlacementPolicy.DEFAULT);
    }

    public AdmissionSettings(boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies,
            PodsReadyPolicy podsReady, long staleGangGraceMillis, dev.muster.core.placement.PlacementPolicy placement) {
        this(fairSharing, preemptionStrategies, podsReady, staleGangGraceMillis, placement, true, true);
    }

    /** These settings with Kueue's feature gates PartialAdmission and PrioritySortingWithinCohort as given. */
    public AdmissionSettings withFeatureGates(boolean partial, boolean prioritySorting) {
        return new AdmissionSettings(fairSharing, preemptionStrategies, podsReady, staleGangGraceMillis, placement,
                partial, prioritySorting, backfill);
    }

    public AdmissionSettings(boolean fairSharing) {
        this(fairSharing, List.of(), PodsReadyPolicy.DISABLED);
    }
}
