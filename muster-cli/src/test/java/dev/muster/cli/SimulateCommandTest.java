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
 * The command as a new user meets it: the mistakes they make get one clear error naming file,
 * document, object and field, exit code 2, and no stack trace; expectations decide the exit code.
 */
class SimulateCommandTest {

    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private Path write(String name, String yaml) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, yaml);
        return p;
    }

    private static final String FLAVOR = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata:
              name: default-flavor
            ---
            """;

    private static final String QUEUE = """
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
              namespace: default
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
              annotations:
                sim.muster.dev/duration: 5m
            spec:
              parallelism: 2
              template:
                spec:
                  restartPolicy: Never
                  containers:
                  - name: c
                    image: busybox
                    resources:
                      requests: {cpu: "1"}
            """;

    private static void assertCleanInputError(Run r, String... fragments) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains(fragments).contains("nothing was run");
        assertThat(r.err() + r.out()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void runsAScenarioAndPrintsTheTextReport() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB);
        Run r = run("simulate", p.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Timeline").contains("Job/default/work").contains("Finished").contains("300s");
    }

    @Test
    void theReportSaysWhatHappenedOverTheRunNotOnlyAtItsEnd() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB.replace("name: work", "name: first")
                + JOB.replace("name: work", "name: second").replace("annotations:", "annotations:\n    sim.muster.dev/arrival: 2m"));
        Run text = run("simulate", p.toString());
        // both finished: the queue is empty now, but it admitted two, both finished, and ran them side by
        // side from 120s to 300s: 2 pods x 1 cpu each, 4 cpu at its peak
        assertThat(text.out()).containsPattern("team +ClusterQueue +0 +0 +- +2 +2 +default-flavor: cpu=4");

        Run json = run("simulate", "-o", "json", p.toString());
        assertThat(json.out()).contains("\"createdAtSeconds\": 120.0").containsPattern("\"admissionsAtSeconds\": \\[\\s*120.0\\s*\\]")
                .as("no event repeated: none has a count or a last time").doesNotContain("\"lastSeconds\"");
    }

    @Test
    void misspelledKind() throws IOException {
        Path p = write("bad.yaml", FLAVOR.replace("kind: ResourceFlavor", "kind: ResourceFlavr") + QUEUE.formatted("4"));
        assertCleanInputError(run("simulate", p.toString()), "bad.yaml", "document 1", "ResourceFlavr", "ResourceFlavor");
    }

    @Test
    void quantityThatIsNotANumber() throws IOException {
        Path p = write("bad.yaml", FLAVOR + QUEUE.formatted("\"two\""));
        assertCleanInputError(run("simulate", p.toString()), "bad.yaml", "document 2", "ClusterQueue \"team\"",
                "spec.resourceGroups[0].flavors[0].resources[0].nominalQuota", "\"two\" is not a Kubernetes quantity");
    }

    @Test
    void clusterQueueNamingAMissingFlavor() throws IOException {
        Path p = write("bad.yaml", QUEUE.formatted("4"));
        assertCleanInputError(run("simulate", p.toString()), "bad.yaml", "document 1", "ClusterQueue \"team\"",
                "spec.resourceGroups[0].flavors[0].name", "default-flavor");
    }

    @Test
    void localQueueNamingAMissingClusterQueue() throws IOException {
        Path p = write("bad.yaml", FLAVOR + QUEUE.formatted("4").replace("clusterQueue: team", "clusterQueue: teem"));
        assertCleanInputError(run("simulate", p.toString()), "bad.yaml", "document 3", "LocalQueue \"default/main\"",
                "spec.clusterQueue", "teem");
    }

    @Test
    void cohortCycle() throws IOException {
        Path p = write("bad.yaml", """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Cohort
                metadata:
                  name: a
                spec:
                  parentName: b
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Cohort
                metadata:
                  name: b
                spec:
                  parentName: a
                """);
        assertCleanInputError(run("simulate", p.toString()), "bad.yaml", "Cohort", "spec.parentName", "cycle");
    }

    @Test
    void missingPath() {
        assertCleanInputError(run("simulate", dir.resolve("nope.yaml").toString()), "nope.yaml");
    }

    @Test
    void expectationsDecideTheExitCode() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB);
        Path good = write("good.expect.yaml", "workloads:\n- name: default/work\n  state: Finished\n  finishedAtSeconds: 300\n");
        Path bad = write("bad.expect.yaml", "workloads:\n- name: default/work\n  state: Admitted\n");
        assertThat(run("simulate", "--expect", good.toString(), p.toString()).exitCode()).isZero();
        Run r = run("simulate", "--expect", bad.toString(), p.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCode.EXPECTATION_FAILED);
        assertThat(r.err()).contains("MISMATCH").contains("default/work").contains("expected Admitted, got Finished");
    }

    @Test
    void untilStopsTheRun() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB);
        Run r = run("simulate", "-o", "json", "--until", "1m", p.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("\"endSeconds\": 60.0").contains("\"state\": \"Admitted\"");
    }

    @Test
    void badOptionsAreInputErrors() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB);
        assertCleanInputError(run("simulate", "-o", "xml", p.toString()), "unknown output format");
        assertCleanInputError(run("simulate", "--until", "soon", p.toString()), "--until", "soon");
        assertCleanInputError(run("simulate", "--until=-5m", p.toString()), "--until", "-5m", "before the start");
    }

    @Test
    void helpNamesEveryCommandInAWholeSentenceAndTheExitCodes() {
        String help = run("--help").out();
        assertThat(help).contains("simulate  Run manifests in the embedded virtual cluster and print what")
                .contains("run       Run Muster as the cluster's controller, against a Kubernetes API")
                .contains("Exit codes").contains("0   done").contains("1   an expectation was not met")
                .contains("2   invalid input").contains("3   internal error or out of memory").contains("--debug");
        assertThat(run("simulate", "--help").out()).contains("Exit codes:").contains("3   internal error");
        assertThat(run("run", "--help").out()).contains("Exit codes:").contains("2   invalid input");
    }

    @Test
    void anInternalErrorIsOneLineWithAHintAndTheTraceOnlyWithDebug() {
        StringWriter quiet = new StringWriter();
        int code = UnexpectedErrorHandler.report(new IllegalStateException("boom"), new PrintWriter(quiet, true), false);
        assertThat(code).isEqualTo(ExitCode.INTERNAL_ERROR);
        assertThat(quiet.toString()).contains("internal error: java.lang.IllegalStateException: boom")
                .contains("--debug").doesNotContain("\tat ");
        StringWriter debug = new StringWriter();
        UnexpectedErrorHandler.report(new IllegalStateException("boom"), new PrintWriter(debug, true), true);
        assertThat(debug.toString()).contains("\tat ");
    }

    @Test
    void runningOutOfMemoryExitsWithTheInternalErrorCodeAndSaysHowToGiveMore() throws Exception {
        // a real JVM with a small heap and a scenario too big for it: not exit 1 (which reads as a failed
        // expectation) and no stack trace
        StringBuilder jobs = new StringBuilder(FLAVOR + QUEUE.formatted("4"));
        for (int i = 0; i < 3_000; i++) {
            jobs.append(JOB.replace("name: work", "name: work-" + i));
        }
        Path p = write("big.yaml", jobs.toString());
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        Process proc = new ProcessBuilder(javaCommand, "-Xmx12m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "simulate", p.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(proc.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(proc.waitFor()).as(err).isEqualTo(ExitCode.INTERNAL_ERROR);
        assertThat(err).contains("muster: out of memory").contains("MUSTER_JAVA_OPTS=-Xmx").doesNotContain("\tat ");
    }

    @Test
    void versionAndHelp() {
        assertThat(run("--version").out()).startsWith("muster ");
        Run help = run("--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("simulate");
    }

    @Test
    void configFilesOfBothKindsAreApplied() throws IOException {
        Path p = write("ok.yaml", FLAVOR + QUEUE.formatted("4") + JOB);
        Path kueue = write("kueue.yaml", "apiVersion: config.kueue.x-k8s.io/v1beta1\nkind: Configuration\nfairSharing:\n  enable: true\n");
        Path muster = write("muster.yaml", "apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nkai:\n  staleGangGracePeriod: 2m\n");
        assertThat(run("simulate", "--config", kueue.toString(), "--config", muster.toString(), p.toString()).exitCode()).isZero();
        Path bad = write("bad-muster.yaml", "apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nkai:\n  staleGang: 2m\n");
        assertCleanInputError(run("simulate", "--config", bad.toString(), p.toString()), "bad-muster.yaml", "kai.staleGang");
    }
}
