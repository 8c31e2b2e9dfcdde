package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.KueueSettings.PreemptionStrategy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kueue's manager Configuration, in a scenario or through --config. */
class ConfigurationTest {

    static final String FULL = """
            apiVersion: config.kueue.x-k8s.io/v1beta1
            kind: Configuration
            namespace: kueue-system
            health:
              healthProbeBindAddress: :8081
            metrics:
              bindAddress: :8080
            webhook:
              port: 9443
            manageJobsWithoutQueueName: true
            waitForPodsReady:
              enable: true
              timeout: 10m
              requeuingStrategy:
                timestamp: Creation
                backoffLimitCount: 5
                backoffBaseSeconds: 30
            integrations:
              frameworks: [batch/job, ray.io/rayjob]
            fairSharing:
              enable: true
              preemptionStrategies: [LessThanInitialShare]
            """;

    @TempDir
    Path dir;

    @Test
    void readsWhatMusterUsesAndToleratesTheRest() throws Exception {
        KueueSettings s = load(FULL).settings();
        assertThat(s.fairSharing()).isTrue();
        assertThat(s.manageJobsWithoutQueueName()).isTrue();
        assertThat(s.fairSharingPreemptionStrategies()).containsExactly(PreemptionStrategy.LESS_THAN_INITIAL_SHARE);
        WaitForPodsReady w = s.waitForPodsReady();
        assertThat(w.enable()).isTrue();
        assertThat(w.timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(w.blockAdmission()).as("Kueue's default when enabled").isTrue();
        assertThat(w.requeuingStrategy()).isEqualTo(new WaitForPodsReady.RequeuingStrategy(
                WaitForPodsReady.Timestamp.CREATION, Optional.of(5), 30, 3600));
    }

    @Test
    void defaultsWithoutConfiguration() throws Exception {
        assertThat(load(PriorityTest.WPC).settings()).isEqualTo(KueueSettings.DEFAULTS);
        assertThat(KueueSettings.DEFAULTS.waitForPodsReady().enable()).isFalse();
    }

    @Test
    void sectionsMusterReadsAreChecked() {
        String bad = """
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                fairSharing:
                  enabled: true
                waitForPodsReady:
                  timeout: 10
                """;
        assertThat(errors(bad)).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("fairSharing.enabled", "unknown field \"enabled\"; did you mean enable?"),
                tuple("waitForPodsReady.timeout", "must be a string, not the number 10 (quote it: \"10\")"));
    }

    @Test
    void featureGatesThatDecideAdmissionAreReadAndOthersTolerated() throws Exception {
        String gates = """
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                featureGates:
                  PartialAdmission: false
                  TopologyAwareScheduling: true
                """;
        assertThat(load(gates).settings().featureGates()).isEqualTo(new KueueSettings.FeatureGates(false, true));
        assertThat(KueueSettings.DEFAULTS.featureGates()).isEqualTo(new KueueSettings.FeatureGates(true, true));
        String notABoolean = """
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                featureGates:
                  PrioritySortingWithinCohort: "no"
                """;
        assertThat(errors(notABoolean)).extracting(ManifestError::fieldPath)
                .containsExactly("featureGates.PrioritySortingWithinCohort");
    }

    @Test
    void atMostOneConfiguration() {
        assertThat(errors(docs(FULL, FULL))).extracting(ManifestError::toString).containsExactly(
                "bad.yaml: document 2 (Configuration): a scenario holds at most one Kueue Configuration;"
                        + " another is in bad.yaml, document 1");
    }

    @Test
    void kueueManagerConfigMapIsReadLikeAConfiguration() throws Exception {
        String configMap = """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: kueue-manager-config
                  namespace: kueue-system
                data:
                  controller_manager_config.yaml: |
                %s""".formatted(FULL.indent(4));
        assertThat(load(configMap).settings().fairSharing()).isTrue();
        Path f = dir.resolve("kueue-manager-config.yaml");
        Files.writeString(f, configMap);
        assertThat(ScenarioLoader.loadConfiguration(f).manageJobsWithoutQueueName()).isTrue();

        String broken = configMap.replace("timeout: 10m", "timeout: ten");
        assertThat(errors(broken)).extracting(ManifestError::fieldPath)
                .containsExactly("data[controller_manager_config.yaml].waitForPodsReady.timeout");
    }

    @Test
    void loadConfigurationFromAFile() throws Exception {
        Path f = dir.resolve("config.yaml");
        Files.writeString(f, FULL);
        assertThat(ScenarioLoader.loadConfiguration(f).fairSharing()).isTrue();
        Files.writeString(f, PriorityTest.WPC);
        assertThatThrownBy(() -> ScenarioLoader.loadConfiguration(f)).isInstanceOf(ManifestException.class)
                .hasMessageContaining("expected Kueue's Configuration");
        assertThatThrownBy(() -> ScenarioLoader.loadConfiguration(dir.resolve("none.yaml")))
                .hasMessage(dir.resolve("none.yaml") + ": no such file");
    }

    @Test
    void scenarioSettingsCanBeReplaced() throws Exception {
        Scenario s = load(PriorityTest.WPC).withSettings(load(FULL).settings());
        assertThat(s.settings().fairSharing()).isTrue();
    }
}
