package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.core.model.ObjectKey;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Names, namespaces, generateName and the simulation annotations. */
class MetadataTest {

    private static String pod(String metadata) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                %sspec:
                  containers: [{name: c}]
                """.formatted(metadata.indent(2));
    }

    @Test
    void generateNameIsDeterministicForASeed() throws Exception {
        String yaml = docs(pod("generateName: job-\n"), pod("generateName: job-\n"), pod("name: fixed\n"),
                pod("generateName: other-\n"));
        List<String> first = names(ScenarioLoader.load("a.yaml", yaml, 42));
        List<String> again = names(ScenarioLoader.load("a.yaml", yaml, 42));
        List<String> otherSeed = names(ScenarioLoader.load("a.yaml", yaml, 43));
        assertThat(first).isEqualTo(again);
        assertThat(first).isNotEqualTo(otherSeed);
        assertThat(first.get(0)).matches("job-[a-z0-9]{5}");
        assertThat(first.get(1)).matches("job-[a-z0-9]{5}").isNotEqualTo(first.get(0));
        assertThat(first.get(2)).isEqualTo("fixed");
        assertThat(first.get(3)).matches("other-[a-z0-9]{5}");
    }

    @Test
    void suffixesAreDrawnInDocumentOrderAcrossFiles() throws Exception {
        var files = new java.util.LinkedHashMap<String, String>();
        files.put("one.yaml", pod("generateName: a-\n"));
        files.put("two.yaml", pod("generateName: b-\n"));
        List<String> split = names(ScenarioLoader.load(files, 5));
        List<String> joined = names(ScenarioLoader.load("all.yaml", docs(pod("generateName: a-\n"), pod("generateName: b-\n")), 5));
        assertThat(split).isEqualTo(joined);
    }

    @Test
    void anObjectNeedsAName() {
        assertThat(messages(pod("labels: {app: x}\n"))).containsExactly(
                "bad.yaml: document 1 (Pod): metadata.name: required (or set metadata.generateName)");
    }

    @Test
    void namesAndNamespacesFollowKubernetesSyntax() {
        assertThat(errors(pod("name: Team_A\nnamespace: My.Space\n")))
                .extracting(ManifestError::fieldPath).containsExactly("metadata.name", "metadata.namespace");
    }

    @Test
    void namespacedKindsDefaultToTheDefaultNamespace() throws Exception {
        Scenario s = load(pod("name: p\n"));
        assertThat(s.workloads().get(0).key().namespace()).isEqualTo("default");
        assertThat(s.workloads().get(0).origin().name()).isEqualTo("default/p");
        assertThat(s.namespaces()).extracting(n -> n.name()).containsExactly("default");
        assertThat(s.namespaces().get(0).labels()).containsEntry("kubernetes.io/metadata.name", "default");
    }

    @Test
    void declaredNamespaceKeepsItsLabelsAndGetsTheNameLabel() throws Exception {
        String ns = """
                apiVersion: v1
                kind: Namespace
                metadata:
                  name: team-a
                  labels: {tier: gold}
                """;
        Scenario s = load(ns);
        assertThat(s.namespaces().get(0).labels())
                .containsEntry("tier", "gold").containsEntry("kubernetes.io/metadata.name", "team-a");
    }

    @Test
    void arrivalAndDurationAreGoDurations() throws Exception {
        Scenario s = load(pod("name: p\nannotations:\n  sim.muster.dev/arrival: 1h30m\n  sim.muster.dev/duration: 500ms\n"));
        SimulatedRun run = s.run(s.workloads().get(0));
        assertThat(run.arrivalMillis()).isEqualTo(5_400_000);
        assertThat(run.durationMillis()).contains(500L);
    }

    @Test
    void workloadsAreInArrivalThenFileOrder() throws Exception {
        String yaml = docs(
                pod("name: late\nannotations: {sim.muster.dev/arrival: 2m}\n"),
                pod("name: first\n"),
                pod("name: second\nannotations: {sim.muster.dev/arrival: 0s}\n"));
        assertThat(names(load(yaml))).containsExactly("first", "second", "late");
    }

    @Test
    void eachWorkloadKeepsItsSimulatedRunThroughCreationOrder() throws Exception {
        String yaml = docs(
                pod("name: late\nannotations:\n  sim.muster.dev/arrival: 2m\n  sim.muster.dev/pods-ready-after: 30s\n"
                        + "  sim.muster.dev/pod-failures: main=1@5m\n"),
                pod("name: first\nannotations: {sim.muster.dev/duration: 1m}\n"));
        Scenario s = load(yaml);
        assertThat(names(s)).containsExactly("first", "late");
        assertThat(s.run(s.workloads().get(0))).isEqualTo(
                new SimulatedRun(0, Optional.of(60_000L), 0, List.of()));
        assertThat(s.run(s.workloads().get(1))).isEqualTo(
                new SimulatedRun(120_000, Optional.empty(), 30_000, List.of(new PodFailure("main", 1, 300_000))));
    }

    @Test
    void aWorkloadTheScenarioDidNotDeclareHasTheDefaultRun() throws Exception {
        Scenario s = load(pod("name: p\nannotations: {sim.muster.dev/arrival: 10s}\n"));
        WorkloadSource declared = s.workloads().get(0);
        WorkloadSource live = declared.renamed(new ObjectKey("default", "q"),
                new SourceLocation("Pod default/q", 1, "Pod", "default/q"));
        assertThat(s.run(declared).arrivalMillis()).isEqualTo(10_000);
        assertThat(s.run(live)).isEqualTo(SimulatedRun.DEFAULT);
    }

    @Test
    void badDurations() {
        String yaml = pod("name: p\nannotations:\n  sim.muster.dev/arrival: \"90\"\n  sim.muster.dev/duration: 1d\n");
        assertThat(errors(yaml)).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("metadata.annotations[sim.muster.dev/arrival]", "\"90\" is not a duration: \"90\" has no unit"
                        + " (expected a number with a unit, such as 500ms, 90s, 5m or 1h30m)"),
                tuple("metadata.annotations[sim.muster.dev/duration]", "\"1d\" is not a duration: unknown unit \"d\""
                        + " (units are ns, us, ms, s, m and h; expected a number with a unit, such as 500ms, 90s, 5m or 1h30m)"));
    }

    @Test
    void arrivalOnANonWorkloadObject() {
        String flavor = FLAVOR + "  annotations: {sim.muster.dev/arrival: 10s}\n";
        assertThat(messages(flavor)).containsExactly("bad.yaml: document 1 (ResourceFlavor \"default-flavor\"):"
                + " metadata.annotations[sim.muster.dev/arrival]: only workload objects (RayJob, RayCluster, Job, Pod,"
                + " Workload) may set sim.muster.dev/arrival in this version");
    }

    @Test
    void misspelledSimulationAnnotation() {
        assertThat(errors(pod("name: p\nannotations: {sim.muster.dev/arival: 10s}\n")))
                .extracting(ManifestError::message).singleElement().asString()
                .endsWith("did you mean sim.muster.dev/arrival?");
    }

    @Test
    void annotationValuesMustBeStrings() {
        assertThat(errors(pod("name: p\nannotations: {gpu-fraction: 0.5}\n")))
                .extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                        tuple("metadata.annotations[gpu-fraction]", "must be a string, not the number 0.5 (quote it: \"0.5\")"));
    }

    private static List<String> names(Scenario s) {
        return s.workloads().stream().map(w -> w.key().name()).toList();
    }
}
