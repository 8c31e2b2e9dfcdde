package dev.muster.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScenarioOverlayTest {

    private static final String SCENARIO = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata: {name: team-a}
            spec: {resourceGroups: [{coveredResources: [cpu], flavors: [{name: f, resources: [{name: cpu, nominalQuota: 8}]}]}]}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: LocalQueue
            metadata: {name: ml}
            spec: {clusterQueue: team-a}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata: {name: f}
            """;

    private static List<ManifestDocument> docs(String file, String yaml) throws ManifestException {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put(file, yaml);
        return ScenarioLoader.read(texts);
    }

    @Test
    void replacesTheSameObjectInPlaceAcrossVersionsAndTheDefaultNamespace() throws ManifestException {
        // v1beta2 is the same group as the scenario's v1beta1; the LocalQueue had no namespace (default).
        List<ManifestDocument> overlay = docs("o.yaml", """
                apiVersion: kueue.x-k8s.io/v1beta2
                kind: ClusterQueue
                metadata: {name: team-a}
                spec: {resourceGroups: [{coveredResources: [cpu], flavors: [{name: f, resources: [{name: cpu, nominalQuota: 16}]}]}]}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: ml, namespace: default}
                spec: {clusterQueue: team-a}
                """);
        ScenarioOverlay.Result r = ScenarioOverlay.apply(docs("s.yaml", SCENARIO), overlay);

        assertThat(r.documents()).hasSize(3);
        assertThat(r.documents().get(0).file()).isEqualTo("o.yaml");
        assertThat(r.documents().get(0).root().at("/spec/resourceGroups/0/flavors/0/resources/0/nominalQuota").asInt())
                .isEqualTo(16);
        assertThat(r.documents().get(1).file()).isEqualTo("o.yaml");
        assertThat(r.documents().get(2).file()).isEqualTo("s.yaml"); // the flavor, untouched, in its place
        assertThat(r.replaced()).containsExactly("ClusterQueue team-a", "LocalQueue default/ml");
        assertThat(r.added()).isEmpty();
    }

    @Test
    void addsWhatTheScenarioLacksAtTheEndAndTellsNamespacesApart() throws ManifestException {
        List<ManifestDocument> overlay = docs("o.yaml", """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: ml, namespace: team-b}
                spec: {clusterQueue: team-a}
                ---
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                fairSharing: {enable: true}
                """);
        ScenarioOverlay.Result r = ScenarioOverlay.apply(docs("s.yaml", SCENARIO), overlay);

        assertThat(r.documents()).hasSize(5);
        assertThat(r.documents().subList(0, 3)).allMatch(d -> d.file().equals("s.yaml"));
        assertThat(r.added()).containsExactly("LocalQueue team-b/ml", "Configuration (config.kueue.x-k8s.io)");
        assertThat(r.replaced()).isEmpty();
    }

    @Test
    void aConfigurationReplacesTheScenariosOfTheSameGroupOnly() throws ManifestException {
        String withConfig = SCENARIO + """
                ---
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                fairSharing: {enable: false}
                """;
        List<ManifestDocument> overlay = docs("o.yaml", """
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                fairSharing: {enable: true}
                """);
        ScenarioOverlay.Result r = ScenarioOverlay.apply(docs("s.yaml", withConfig), overlay);

        assertThat(r.documents()).hasSize(4);
        assertThat(r.documents().get(3).root().at("/fairSharing/enable").asBoolean()).isTrue();
        assertThat(r.replaced()).hasSize(1);
    }

    @Test
    void anOverlayObjectWithoutNameOrKindIsRefusedWithItsFileAndField() throws ManifestException {
        List<ManifestDocument> overlay = docs("o.yaml", """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {generateName: team-}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                metadata: {name: x}
                """);
        List<ManifestDocument> scenario = docs("s.yaml", SCENARIO);

        assertThatThrownBy(() -> ScenarioOverlay.apply(scenario, overlay))
                .isInstanceOfSatisfying(ManifestException.class, e -> {
                    assertThat(e.errors()).extracting(ManifestError::file).containsOnly("o.yaml");
                    assertThat(e.errors()).extracting(ManifestError::document).containsExactly(1, 2);
                    assertThat(e.errors()).extracting(ManifestError::fieldPath).containsExactly("metadata.name", "kind");
                    assertThat(e.errors().get(0).message()).contains("needs metadata.name").contains("generateName");
                });
    }

    @Test
    void theSameObjectTwiceInTheOverlayIsRefused() throws ManifestException {
        List<ManifestDocument> overlay = docs("o.yaml", """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: f}
                ---
                apiVersion: kueue.x-k8s.io/v1beta2
                kind: ResourceFlavor
                metadata: {name: f}
                """);
        List<ManifestDocument> scenario = docs("s.yaml", SCENARIO);

        assertThatThrownBy(() -> ScenarioOverlay.apply(scenario, overlay))
                .isInstanceOfSatisfying(ManifestException.class, e -> assertThat(e.errors().get(0).toString())
                        .isEqualTo("o.yaml: document 2 (ResourceFlavor \"f\"): the overlay holds this object twice; "
                                + "the other is o.yaml, document 1"));
    }
}
