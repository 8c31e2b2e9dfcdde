package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.load;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.checks.RetryStrategy;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** AdmissionChecks, ProvisioningRequestConfigs and NodePools are read once into typed records. */
class TypedCheckConfigurationTest {

    private static final String PROVISIONING = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: AdmissionCheck
            metadata:
              name: prov
            spec:
              controllerName: kueue.x-k8s.io/provisioning-request
              parameters: {apiGroup: kueue.x-k8s.io, kind: ProvisioningRequestConfig, name: gpu-config}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ProvisioningRequestConfig
            metadata:
              name: gpu-config
            spec:
              provisioningClassName: queued-provisioning.gke.io
              managedResources: [nvidia.com/gpu]
              parameters: {maxRunDurationSeconds: "600"}
              retryStrategy: {backoffLimitCount: 1}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: AdmissionCheck
            metadata:
              name: inactive
            spec:
              controllerName: kueue.x-k8s.io/provisioning-request
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: AdmissionCheck
            metadata:
              name: scripted
              annotations: {sim.muster.dev/check-script: "Retry@30s, Ready"}
            spec:
              controllerName: sim.muster.dev/scripted-check
              retryDelayMinutes: 2
            """;

    @Test
    void aProvisioningConfigKeepsKueuesDefaultsForWhatItLeavesOut() throws Exception {
        Scenario s = load(PROVISIONING);

        assertThat(s.provisioningConfigs()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("gpu-config");
            assertThat(c.parameters()).containsEntry("maxRunDurationSeconds", "600");
            assertThat(c.retry()).isEqualTo(new RetryStrategy(1, RetryStrategy.KUEUE_DEFAULT.backoffBaseMillis(),
                    RetryStrategy.KUEUE_DEFAULT.backoffMaxMillis()));
        });
    }

    @Test
    void provisioningChecksMapEachToItsConfigAndACheckWithoutParametersToNone() throws Exception {
        Scenario s = load(PROVISIONING);

        assertThat(s.provisioningChecks()).containsOnlyKeys("prov", "inactive");
        assertThat(s.provisioningChecks().get("prov")).map(c -> c.name()).contains("gpu-config");
        assertThat(s.provisioningChecks().get("inactive")).isEqualTo(Optional.empty());
    }

    @Test
    void aScriptedCheckCarriesItsScriptAndRetryDelay() throws Exception {
        Scenario s = load(PROVISIONING);

        assertThat(s.admissionChecks()).filteredOn(c -> c.name().equals("scripted")).singleElement().satisfies(c -> {
            assertThat(c.provisioning()).isFalse();
            assertThat(c.retryDelayMillis()).isEqualTo(120_000);
            assertThat(c.script()).hasValueSatisfying(script -> assertThat(script.steps()).extracting(CheckScript.Step::state)
                    .containsExactly("Retry", "Ready"));
        });
        assertThat(s.otherObjects()).as("no longer carried as untyped objects").isEmpty();
    }

    @Test
    void aNodePoolIsReadWithItsDefaults() throws Exception {
        Scenario s = load("""
                apiVersion: sim.muster.dev/v1alpha1
                kind: NodePool
                metadata:
                  name: pool
                spec:
                  maxNodes: 4
                  template:
                    metadata: {labels: {pool: gpu}}
                    status:
                      allocatable: {cpu: "8", nvidia.com/gpu: "1"}
                """);

        assertThat(s.nodePools()).singleElement().satisfies(p -> {
            assertThat(p.minNodes()).isZero();
            assertThat(p.maxNodes()).isEqualTo(4);
            assertThat(p.queued()).isFalse();
            assertThat(p.scaleDownAfterMillis()).isEqualTo(dev.muster.api.cluster.NodePoolSpec.DEFAULT_SCALE_DOWN_AFTER_MILLIS);
            assertThat(p.template().labels()).containsEntry("pool", "gpu");
        });
    }
}
