package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files, directories, YAML documents and kinds. */
class DocumentsTest {

    @TempDir
    Path dir;

    @Test
    void emptyAndCommentOnlyDocumentsAreSkippedButCounted() {
        String yaml = "# header\n---\n" + FLAVOR + "---\n# nothing here\n---\n"
                + FLAVOR.replace("kind: ResourceFlavor", "kind: ResourceFlavr");
        assertThat(errors(yaml)).extracting(ManifestError::document).containsExactly(3);
    }

    @Test
    void yamlSyntaxErrorHasALine() {
        String yaml = FLAVOR + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: [\n";
        assertThat(messages(yaml)).singleElement().asString()
                .isEqualTo("bad.yaml: document 2: invalid YAML at line 9, column 1: expected the node content,"
                        + " but found '<stream end>' (while parsing a flow node)");
    }

    @Test
    void duplicateKeysAreAnError() {
        assertThat(messages(FLAVOR + "  name: again\n")).singleElement().asString()
                .contains("invalid YAML at line 5").contains("Duplicate field 'name'");
    }

    @Test
    void aDocumentMustBeAnObjectWithApiVersionAndKind() {
        assertThat(messages("- a\n- b\n")).containsExactly(
                "bad.yaml: document 1: must be a Kubernetes object (a map with apiVersion, kind and metadata), not a list");
        assertThat(errors("metadata: {name: x}\n")).extracting(ManifestError::fieldPath)
                .containsExactly("apiVersion", "kind");
    }

    @Test
    void knownKindInAnotherApiVersion() {
        String yaml = FLAVOR.replace("kueue.x-k8s.io/v1beta1", "kueue.x-k8s.io/v1alpha1");
        assertThat(errors(yaml)).extracting(ManifestError::message).containsExactly(
                "kind ResourceFlavor is not read in apiVersion kueue.x-k8s.io/v1alpha1;"
                        + " use kueue.x-k8s.io/v1beta1 or kueue.x-k8s.io/v1beta2");
    }

    @Test
    void unknownKindListsTheReadableOnes() {
        String yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n";
        assertThat(errors(yaml)).extracting(ManifestError::message).singleElement().asString()
                .startsWith("unknown kind \"Deployment\" (apiVersion apps/v1); a scenario may hold ResourceFlavor, ClusterQueue");
    }

    @Test
    void kubectlListIsReadItemByItem() throws Exception {
        String list = """
                apiVersion: v1
                kind: List
                items:
                - apiVersion: kueue.x-k8s.io/v1beta1
                  kind: ResourceFlavor
                  metadata: {name: a}
                - apiVersion: kueue.x-k8s.io/v1beta1
                  kind: ResourceFlavor
                  metadata: {name: b}
                  spec: {nodeLabels: {x: 1}}
                """;
        assertThat(errors(list)).extracting(ManifestError::name, ManifestError::fieldPath)
                .containsExactly(tuple("b", "items[1].spec.nodeLabels[x]"));
        assertThat(load(list.replace("{x: 1}", "{x: \"1\"}")).flavors()).hasSize(2);
    }

    @Test
    void filesAndDirectories() throws Exception {
        Files.writeString(dir.resolve("b.yaml"), FLAVOR.replace("default-flavor", "b"));
        Files.writeString(dir.resolve("a.yml"), FLAVOR.replace("default-flavor", "a"));
        Files.writeString(dir.resolve("a.expect.yaml"), "workloads: []\n");
        Files.writeString(dir.resolve("notes.txt"), "not yaml: [");
        Files.createDirectory(dir.resolve("nested"));
        Files.writeString(dir.resolve("nested").resolve("c.yaml"), FLAVOR.replace("default-flavor", "c"));
        Scenario s = ScenarioLoader.load(List.of(dir), 1);
        assertThat(s.flavors()).extracting(f -> f.name()).containsExactly("a", "b");
        assertThat(s.flavors()).hasSize(2);
    }

    @Test
    void missingPathsAndExpectationFilesAreErrors() throws Exception {
        Files.writeString(dir.resolve("x.expect.yaml"), "workloads: []\n");
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> ScenarioLoader.load(List.of(missing, dir.resolve("x.expect.yaml")), 1))
                .isInstanceOf(ManifestException.class)
                .satisfies(e -> assertThat(((ManifestException) e).errors()).extracting(ManifestError::toString).containsExactly(
                        missing + ": no such file or directory",
                        dir.resolve("x.expect.yaml") + ": is an expectation file (*.expect.yaml), not a manifest;"
                                + " pass the scenario file or its directory"));
    }

    @Test
    void errorsNameTheFileAsFound() throws Exception {
        Files.writeString(dir.resolve("bad.yaml"), FLAVOR + "---\n" + FLAVOR);
        assertThatThrownBy(() -> ScenarioLoader.load(List.of(dir), 1))
                .hasMessageStartingWith(dir.resolve("bad.yaml") + ": document 2 (ResourceFlavor \"default-flavor\"): metadata.name");
    }

    @Test
    void exceptionMessageListsEveryProblem() {
        String yaml = docs(FLAVOR, FLAVOR, FLAVOR.replace("ResourceFlavor", "Flavor"));
        assertThatThrownBy(() -> load(yaml)).hasMessageStartingWith("2 problems in the manifests:");
    }
}
