package dev.muster.api.scenario;

import java.util.List;

/**
 * The global settings read from Kueue's manager {@code Configuration}
 * ({@code config.kueue.x-k8s.io/v1beta1}); defaults are Kueue's where no Configuration is given.
 *
 * @param fairSharingPreemptionStrategies {@code fairSharing.preemptionStrategies}, in order
 * @param featureGates                    the {@code featureGates} Muster honours
 */
public record KueueSettings(
        boolean fairSharing,
        boolean manageJobsWithoutQueueName,
        WaitForPodsReady waitForPodsReady,
        List<PreemptionStrategy> fairSharingPreemptionStrategies,
        FeatureGates featureGates) {

    /**
     * Kueue's feature gates that change admission decisions, with Kueue's defaults (both on). Other
     * gates in a Configuration are Kueue's process matters and are accepted without a look.
     */
    public record FeatureGates(boolean partialAdmission, boolean prioritySortingWithinCohort) {
        public static final FeatureGates DEFAULTS = new FeatureGates(true, true);
    }

    public KueueSettings(boolean fairSharing, boolean manageJobsWithoutQueueName, WaitForPodsReady waitForPodsReady,
            List<PreemptionStrategy> fairSharingPreemptionStrategies) {
        this(fairSharing, manageJobsWithoutQueueName, waitForPodsReady, fairSharingPreemptionStrategies, FeatureGates.DEFAULTS);
    }

    /** Kueue's default strategies when fair sharing is on and none are given. */
    public static final List<PreemptionStrategy> DEFAULT_PREEMPTION_STRATEGIES =
            List.of(PreemptionStrategy.LESS_THAN_OR_EQUAL_TO_FINAL_SHARE, PreemptionStrategy.LESS_THAN_INITIAL_SHARE);

    public static final KueueSettings DEFAULTS = new KueueSettings(false, false);

    public KueueSettings {
        fairSharingPreemptionStrategies = List.copyOf(fairSharingPreemptionStrategies);
    }

    public KueueSettings(boolean fairSharing, boolean manageJobsWithoutQueueName) {
        this(fairSharing, manageJobsWithoutQueueName, WaitForPodsReady.DISABLED, DEFAULT_PREEMPTION_STRATEGIES);
    }

    /** The rules by which fair sharing lets one ClusterQueue preempt another's workloads. */
    public enum PreemptionStrategy {
        /** The preemptor's share after admission is at most the target's share after the preemption. */
        LESS_THAN_OR_EQUAL_TO_FINAL_SHARE,
        /** The preemptor's share after admission is below the target's share before it. */
        LESS_THAN_INITIAL_SHARE
    }
}
