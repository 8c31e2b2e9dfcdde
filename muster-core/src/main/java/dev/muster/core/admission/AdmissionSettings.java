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
 */
public record AdmissionSettings(boolean fairSharing, List<FairSharingPreemption.Strategy> preemptionStrategies) {

    public static final AdmissionSettings DEFAULTS = new AdmissionSettings(false, List.of());

    public AdmissionSettings {
        preemptionStrategies = List.copyOf(preemptionStrategies);
    }

    public AdmissionSettings(boolean fairSharing) {
        this(fairSharing, List.of());
    }
}
