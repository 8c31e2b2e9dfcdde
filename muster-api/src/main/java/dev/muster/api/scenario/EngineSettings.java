package dev.muster.api.scenario;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.PodsReadyPolicy;
import dev.muster.core.preemption.FairSharingPreemption;

/** Kueue's manager Configuration and Muster's own, as read from the manifests, in the engine's terms. */
public final class EngineSettings {

    private EngineSettings() {
    }

    public static AdmissionSettings from(Scenario scenario) {
        KueueSettings kueue = scenario.settings();
        WaitForPodsReady w = kueue.waitForPodsReady();
        WaitForPodsReady.RequeuingStrategy r = w.requeuingStrategy();
        PodsReadyPolicy podsReady = new PodsReadyPolicy(w.enable(), w.timeout().toMillis(), w.blockAdmission(),
                r.timestamp() == WaitForPodsReady.Timestamp.EVICTION, r.backoffLimitCount(),
                r.backoffBaseSeconds() * 1000L, r.backoffMaxSeconds() * 1000L);
        return new AdmissionSettings(kueue.fairSharing(),
                kueue.fairSharingPreemptionStrategies().stream()
                        .map(s -> FairSharingPreemption.Strategy.valueOf(s.name())).toList(),
                podsReady, scenario.musterSettings().staleGangGracePeriod().toMillis(),
                scenario.musterSettings().placement())
                .withFeatureGates(kueue.featureGates().partialAdmission(), kueue.featureGates().prioritySortingWithinCohort())
                .withBackfill(scenario.musterSettings().backfill());
    }
}
