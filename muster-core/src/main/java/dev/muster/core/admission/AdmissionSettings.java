package dev.muster.core.admission;

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
 */
public record AdmissionSettings(
        boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies, PodsReadyPolicy podsReady) {

    public static final AdmissionSettings DEFAULTS = new AdmissionSettings(false, List.of(), PodsReadyPolicy.DISABLED);

    public AdmissionSettings {
        preemptionStrategies = List.copyOf(preemptionStrategies);
    }

    public AdmissionSettings(boolean fairSharing) {
        this(fairSharing, List.of(), PodsReadyPolicy.DISABLED);
    }
}
