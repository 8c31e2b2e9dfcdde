package dev.muster.sim.provisioning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import org.junit.jupiter.api.Test;

class RequestNamesTest {

    @Test
    void requestsAreNamedAfterKueuesWorkloadOfTheJob() {
        String name = ProvisioningCheckController.kueueWorkloadName("RayJob", new ObjectKey("default", "train"));
        assertThat(name).matches("rayjob-train-[0-9a-f]{5}");
        assertThat(ProvisioningCheckController.kueueWorkloadName("RayJob", new ObjectKey("default", "train"))).isEqualTo(name);
        assertThat(ProvisioningCheckController.kueueWorkloadName("Workload", new ObjectKey("default", "wl"))).isEqualTo("wl");
    }
}
