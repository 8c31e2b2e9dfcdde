package dev.muster.api.kueue;

import dev.muster.api.scenario.CheckScript;
import java.util.Optional;

/**
 * A Kueue AdmissionCheck as the check controllers use it (read and validated with the scenario).
 *
 * @param provisioningRequestConfig the ProvisioningRequestConfig its parameters name, if any
 * @param retryDelayMillis          {@code retryDelayMinutes}: how long a workload waits after a Retry
 * @param script                    the simulator's scripted answers ({@code sim.muster.dev/check-script}), if any
 */
public record AdmissionCheck(String name, String controllerName, Optional<String> provisioningRequestConfig,
        long retryDelayMillis, Optional<CheckScript> script) {

    /** The controller of Kueue's built-in ProvisioningRequest admission check. */
    public static final String PROVISIONING_CONTROLLER = "kueue.x-k8s.io/provisioning-request";

    /** Whether Kueue's ProvisioningRequest controller runs the check. */
    public boolean provisioning() {
        return controllerName.equals(PROVISIONING_CONTROLLER);
    }
}
