package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What issue 18 found accepted although Kubernetes refuses it: each is now refused with exit code 2
 * and a message naming the file, the object and the field (docs/scenario-format.md, "Kubernetes'
 * own rules"). The one deliberate departure, namespaces used by a scenario that declares none, is
 * accepted with a warning.
 */
class KubernetesRulesCommandTest {

    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private Run simulate(String yaml) throws IOException {
        Path p = dir.resolve("input.yaml");
        Files.writeString(p, yaml);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), new String[] {"simulate", p.toString()});
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertRefused(Run r, String object, String field, String why) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("input.yaml: document ").contains(object).contains(field + ": ").contains(why)
                .contains("nothing was run").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    private static final String QUEUES = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata:
              name: default-flavor
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata:
              name: team
            spec:
              namespaceSelector: {}
              resourceGroups:
              - coveredResources: [cpu]
                flavors:
                - name: default-flavor
                  resources:
                  - name: cpu
                    nominalQuota: %s
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: LocalQueue
            metadata:
              name: main
              namespace: %s
            spec:
              clusterQueue: team
            """;

    private static final String JOB = """
            ---
            apiVersion: batch/v1
            kind: Job
            metadata:
              name: work
              labels:
                kueue.x-k8s.io/queue-name: main
                team: %s
            spec:
              parallelism: 2
              %s
              template:
                metadata:
                  annotations: {%s}
                spec:
                  restartPolicy: %s
                  containers:
                  - name: c
                    image: busybox
                    resources:
                      requests: {cpu: "%s"}
            """;

    /** A valid scenario, each argument to be replaced by a mistake. */
    private static String scenario(String quota, String jobSpec, String label, String annotations, String restartPolicy,
            String cpu) {
        return QUEUES.formatted(quota, "default") + JOB.formatted(label, jobSpec, annotations, restartPolicy, cpu);
    }

    private static String valid() {
        return scenario("4", "completions: 2", "a", "", "Never", "1");
    }

    @Test
    void theValidScenarioRuns() throws IOException {
        Run r = simulate(valid());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aLocalQueueInANamespaceThatIsNotDeclaredWhileOthersAreIsRefused() throws IOException {
        String yaml = """
                apiVersion: v1
                kind: Namespace
                metadata:
                  name: team-a
                ---
                """ + QUEUES.formatted("4", "team-b");
        assertRefused(simulate(yaml), "LocalQueue \"team-b/main\"", "metadata.namespace",
                "namespace \"team-b\" is not declared; Kubernetes refuses objects in a namespace that does not exist"
                        + " (this scenario declares team-a); did you mean team-a?");
    }

    @Test
    void aNamespaceUsedInAScenarioThatDeclaresNoneIsCreatedWithAWarning() throws IOException {
        Run r = simulate(QUEUES.formatted("4", "team-b"));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEqualTo("warning: " + dir.resolve("input.yaml") + ": document 3 (LocalQueue \"team-b/main\"):"
                + " metadata.namespace: namespace \"team-b\" is not declared; Muster creates it (a cluster would refuse"
                + " objects in it until a Namespace \"team-b\" exists)" + System.lineSeparator());
    }

    @Test
    void anIndexedJobWithoutCompletionsIsRefused() throws IOException {
        String yaml = scenario("4", "completionMode: Indexed", "a", "", "Never", "1");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.completions", "required when completionMode is Indexed");
    }

    @Test
    void aMisspelledFieldInAJobSpecIsRefused() throws IOException {
        String yaml = scenario("4", "completions: 2", "a", "", "Never", "1").replace("parallelism: 2", "paralellism: 4");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.paralellism",
                "unknown field \"paralellism\"; did you mean parallelism?");
    }

    @Test
    void aMisspelledFieldInAPodSpecIsRefused() throws IOException {
        String yaml = valid().replace("restartPolicy: Never", "restartPolicy: Never\n      nodeSelecter: {pool: a}");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.template.spec.nodeSelecter",
                "unknown field \"nodeSelecter\"; did you mean nodeSelector?");
    }

    @Test
    void aJobTemplateWithRestartPolicyAlwaysIsRefused() throws IOException {
        String yaml = scenario("4", "completions: 2", "a", "", "Always", "1");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.template.spec.restartPolicy",
                "\"Always\" is not allowed in a Job's pod template: use OnFailure or Never");
    }

    @Test
    void aGpuFractionOfOneIsRefused() throws IOException {
        String yaml = scenario("4", "completions: 2", "a", "gpu-fraction: \"1\"", "Never", "1");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.template.metadata.annotations[gpu-fraction]",
                "must be more than 0 and less than 1");
    }

    @Test
    void aDocumentWithAnEmptyKindIsRefusedNotSkipped() throws IOException {
        String yaml = valid().replace("kind: Job", "kind: \"\"");
        assertRefused(simulate(yaml), "document 4", "kind", "required");
    }

    @Test
    void aDocumentWithAnEmptyApiVersionIsRefusedNotSkipped() throws IOException {
        String yaml = valid().replace("apiVersion: batch/v1", "apiVersion: \"\"");
        // without an apiVersion the kind is unknown, and so is whether it lives in a namespace
        assertRefused(simulate(yaml), "Job \"work\"", "apiVersion", "required");
    }

    @Test
    void aQuantityWithALeadingSpaceIsRefused() throws IOException {
        String yaml = scenario("\" 4\"", "completions: 2", "a", "", "Never", " 1");
        Run r = simulate(yaml);
        assertRefused(r, "ClusterQueue \"team\"", "spec.resourceGroups[0].flavors[0].resources[0].nominalQuota",
                "\" 4\" has spaces around the number; write it as \"4\"");
        assertRefused(r, "Job \"default/work\"", "spec.template.spec.containers[0].resources.requests[cpu]",
                "\" 1\" has spaces around the number");
    }

    @Test
    void anInvalidLabelValueIsRefused() throws IOException {
        String yaml = scenario("4", "completions: 2", "team a!", "", "Never", "1");
        assertRefused(simulate(yaml), "Job \"default/work\"", "metadata.labels[team]",
                "\"team a!\" is not a valid label value");
    }

    @Test
    void annotationsOverKubernetesTotalOf256KiBAreRefused() throws IOException {
        String big = "x".repeat(130 * 1024);
        // one annotation a line: a single line of more than 256 KiB is refused before the annotations are read
        String yaml = scenario("4", "completions: 2", "a", "note-a: " + big + ",\n          note-b: " + big, "Never", "1");
        assertRefused(simulate(yaml), "Job \"default/work\"", "spec.template.metadata.annotations",
                "may not be more than 262144 bytes (256 KiB) in all");
    }
}
