package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.muster.api.workload.ForecastAnnotations;
import dev.muster.core.explain.PendingPosition;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.visibility.PendingWorkloadsSource;
import dev.muster.operator.visibility.QueueLookup;
import dev.muster.operator.visibility.VisibilityApi;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code muster explain --kubeconfig K} against an API server: fabric8's CRUD mock holds the
 * Kueue objects, and a small front before it stands in for the kube-apiserver's aggregation,
 * answering {@code /apis/visibility.kueue.x-k8s.io/...} with Muster's {@link VisibilityApi} (over
 * positions set here) and forwarding everything else to the mock. The Workloads carry what Muster's
 * operator writes: QuotaReserved=False with Kueue's reason code, and the forecast annotations.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class LiveExplainCommandTest {

    @TempDir
    Path dir;

    KubernetesClient client;

    private ApiServerFront front;
    private Path kubeconfig;
    private Instant expected;

    /**
     * ClusterQueue gpus holds team-a/pretrain; team-a/big (a RayJob, 0 ahead of it) and team-b/sweep
     * (a Job, 1 ahead in the ClusterQueue, 0 in its LocalQueue) wait; team-a/done has finished.
     */
    @BeforeEach
    void cluster() throws Exception {
        for (KubeKind k : List.of(KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE, KubeKind.WORKLOAD)) {
            // no status subresource: the mock then keeps the status these tests create the objects with
            client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName(k.plural() + "." + k.group()).endMetadata()
                    .withNewSpec().withGroup(k.group()).withScope(k.namespaced() ? "Namespaced" : "Cluster")
                    .withNewNames().withKind(k.kind()).withPlural(k.plural()).endNames()
                    .addNewVersion().withName(k.version()).withServed(true).withStorage(true).endVersion()
                    .endSpec().build()).create();
        }
        create(KubeKind.CLUSTER_QUEUE, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue", "metadata": {"name": "gpus"},
                 "spec": {"namespaceSelector": {}, "resourceGroups": []}}""");
        for (String ns : List.of("team-a", "team-b")) {
            create(KubeKind.LOCAL_QUEUE, """
                    {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "LocalQueue", "metadata": {"name": "ml", "namespace": "%s"},
                     "spec": {"clusterQueue": "gpus"}}""".formatted(ns));
        }
        expected = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));
        create(KubeKind.WORKLOAD, workload("team-a", "job-pretrain-1a2b3", "Job", "pretrain", "{}", """
                {"conditions": [
                   {"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "message": "Quota reserved in ClusterQueue gpus",
                    "lastTransitionTime": "2026-11-26T15:00:00Z"},
                   {"type": "Admitted", "status": "True", "reason": "Admitted", "message": "The workload is admitted",
                    "lastTransitionTime": "2026-11-26T15:00:00Z"}],
                 "admission": {"clusterQueue": "gpus", "podSetAssignments": []}}"""));
        create(KubeKind.WORKLOAD, workload("team-b", "job-sweep-4c5d6", "Job", "sweep", """
                {"%s": "%s", "%s": "when team-a/pretrain finishes (expected to run 30m, its muster.dev/expected-runtime annotation)"}"""
                .formatted(ForecastAnnotations.EXPECTED_ADMISSION, ForecastAnnotations.format(expected),
                        ForecastAnnotations.EXPECTED_ADMISSION_BASIS), """
                {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "WaitingForQuota",
                   "message": "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100, 4 more needed",
                   "lastTransitionTime": "2026-11-26T15:01:00Z"}]}"""));
        create(KubeKind.WORKLOAD, workload("team-a", "rayjob-big-7e8f9", "RayJob", "big", "{}", """
                {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "NoMatchingFlavor",
                   "message": "couldn't assign flavors to pod set workers: no flavor of gpus fits 16 nvidia.com/gpu",
                   "lastTransitionTime": "2026-11-26T15:02:00Z"}]}"""));
        create(KubeKind.WORKLOAD, workload("team-a", "job-done-0a0b0", "Job", "done", "{}", """
                {"conditions": [{"type": "Finished", "status": "True", "reason": "Succeeded", "message": "Job finished successfully",
                   "lastTransitionTime": "2026-11-26T14:00:00Z"}]}"""));

        // The operator's engine would number them so: big first (0 ahead), then sweep (1 ahead; first of team-b/ml).
        QueuePositions positions = new QueuePositions("gpus", List.of(
                new PendingPosition(new ObjectKey("team-a", "rayjob-big-7e8f9"), "ml", "gpus", 100, 0, 0, 0),
                new PendingPosition(new ObjectKey("team-b", "job-sweep-4c5d6"), "ml", "gpus", 0, 0, 1, 0)));
        VisibilityApi visibility = new VisibilityApi(new PendingWorkloadsSource() {
            @Override
            public QueueLookup clusterQueue(String name) {
                return name.equals("gpus") ? new QueueLookup.Found(positions) : new QueueLookup.NotFound();
            }

            @Override
            public QueueLookup localQueue(String namespace, String name) {
                return name.equals("ml") ? new QueueLookup.Found(positions) : new QueueLookup.NotFound();
            }
        });
        front = new ApiServerFront(client.getMasterUrl().toString(), visibility);
        kubeconfig = ApiServerFront.kubeconfig(dir, front.url(), ApiServerFront.TOKEN);
    }

    @AfterEach
    void stop() {
        front.close();
    }

    @Test
    void everyWaitingWorkloadWithItsReasonPositionsAndForecast() {
        Run r = run("explain", "--kubeconfig", kubeconfig.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).matches("(?s)2 workloads waiting at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\.\n.*")
                .contains("team-a/big (RayJob), queue gpus, Workload rayjob-big-7e8f9\n"
                        + "  why:   NoMatchingFlavor: couldn't assign flavors to pod set workers: no flavor of gpus fits 16 nvidia.com/gpu\n"
                        + "  where: 0 ahead of it in its ClusterQueue, 0 in its LocalQueue\n"
                        + "  when:  " + LiveForecast.NONE + "\n")
                .contains("team-b/sweep (Job), queue gpus, Workload job-sweep-4c5d6\n"
                        + "  why:   WaitingForQuota: couldn't assign flavors to pod set main: insufficient unused quota for"
                        + " nvidia.com/gpu in flavor a100, 4 more needed\n"
                        + "  where: 1 ahead of it in its ClusterQueue, 0 in its LocalQueue\n")
                .contains("The forecast assumes: no new workloads arrive", "the operator forecasts from the admissions and the queue order it holds")
                .doesNotContain("pretrain (Job)", "done (Job)", "positions unknown");
        // the annotation is an hour after the test's "now"; the command reads its own clock a moment later
        assertThat(r.out()).containsPattern("  when:  at " + ForecastAnnotations.format(expected)
                + " \\(\\+(1h|59m5\\ds) from now\\), when team-a/pretrain finishes \\(expected to run 30m");
        // by ClusterQueue, then position: big (0 ahead) before sweep (1 ahead)
        assertThat(r.out().indexOf("team-a/big")).isLessThan(r.out().indexOf("team-b/sweep"));
    }

    @Test
    void oneWorkloadByItsJobsNameAsJson() throws Exception {
        long before = Instant.now().getEpochSecond();
        Run r = run("explain", "--kubeconfig", kubeconfig.toString(), "team-b/sweep", "-o", "json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode tree = JsonMapper.builder().build().readTree(r.out());
        // epoch seconds in full, not 1.79...E9
        assertThat(r.out()).containsPattern("\"atSeconds\" : \\d{10},").containsPattern("\"forecastAdmitAtSeconds\" : \\d{10},");
        assertThat(tree.get("source").asText()).isEqualTo("cluster");
        assertThat(tree.get("atSeconds").asLong()).isBetween(before, Instant.now().getEpochSecond());
        assertThat(Instant.parse(tree.get("at").asText()).getEpochSecond()).isEqualTo(tree.get("atSeconds").asLong());
        assertThat(tree.get("forecast").asBoolean()).isTrue();
        assertThat(tree.get("notes")).isEmpty();
        assertThat(tree.get("waiting")).hasSize(1);
        JsonNode sweep = tree.get("waiting").get(0);
        assertThat(sweep.get("kind").asText()).isEqualTo("Job");
        assertThat(sweep.get("namespace").asText()).isEqualTo("team-b");
        assertThat(sweep.get("name").asText()).isEqualTo("sweep");
        assertThat(sweep.get("workload").asText()).isEqualTo("job-sweep-4c5d6");
        assertThat(sweep.get("queue").asText()).isEqualTo("gpus");
        assertThat(sweep.get("reason").asText()).isEqualTo("WaitingForQuota");
        assertThat(sweep.get("message").asText()).startsWith("couldn't assign flavors to pod set main");
        assertThat(sweep.get("positionInClusterQueue").asInt()).isEqualTo(1);
        assertThat(sweep.get("positionInLocalQueue").asInt()).isZero();
        assertThat(sweep.get("forecastAdmitAtSeconds").asLong()).isEqualTo(expected.getEpochSecond());
        assertThat(sweep.get("forecastAdmitAt").asText()).isEqualTo(ForecastAnnotations.format(expected));
        assertThat(sweep.get("forecastBasis").asText())
                .isEqualTo("when team-a/pretrain finishes (expected to run 30m, its muster.dev/expected-runtime annotation)");
        assertThat(sweep.get("blocking")).isEmpty();
    }

    @Test
    void oneNamespaceOnly() {
        Run r = run("explain", "--kubeconfig", kubeconfig.toString(), "-n", "team-b");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("1 workload waiting at").contains("team-b/sweep (Job)").doesNotContain("team-a/big");
    }

    @Test
    void withoutTheVisibilityApiThePositionsAreSaidUnknownAndTheRestStands() {
        front.visibilityServed = false;

        Run r = run("explain", "--kubeconfig", kubeconfig.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("positions unknown: the visibility API answered 404 (the server could not find the"
                        + " requested resource) to GET /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/gpus/pendingworkloads")
                .contains("2 workloads waiting at", "  why:   WaitingForQuota: couldn't assign flavors", "from now), when team-a/pretrain")
                .doesNotContain("where:");
        assertThat(r.out().lines().filter(l -> l.startsWith("positions unknown"))).hasSize(1);
    }

    @Test
    void aNamedWorkloadThatDoesNotWaitIsAnInputError() {
        Run admitted = run("explain", "--kubeconfig", kubeconfig.toString(), "team-a/pretrain");
        Run missing = run("explain", "--kubeconfig", kubeconfig.toString(), "team-a/nope");

        assertThat(admitted.exitCode()).isEqualTo(2);
        assertThat(admitted.err()).startsWith("error: team-a/pretrain (Workload job-pretrain-1a2b3) does not wait: it holds quota");
        assertThat(missing.exitCode()).isEqualTo(2);
        // a namespace/name reads that namespace only
        assertThat(missing.err()).startsWith("error: no workload team-a/nope in namespace team-a (waiting now: team-a/big)\n");
        assertThat(admitted.out()).isEmpty();
    }

    @Test
    void forbiddenUnauthorizedAndUnreachableServersAreOneLineInputErrors() throws Exception {
        front.workloadsForbidden = true;
        Run forbidden = run("explain", "--kubeconfig", kubeconfig.toString());
        front.workloadsForbidden = false;
        Run unauthorized = run("explain", "--kubeconfig", ApiServerFront.kubeconfig(dir, front.url(), "wrong").toString());
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Run unreachable = run("explain", "--kubeconfig",
                ApiServerFront.kubeconfig(dir, "http://127.0.0.1:" + closed, ApiServerFront.TOKEN).toString());

        assertThat(forbidden.exitCode()).isEqualTo(2);
        assertThat(forbidden.err()).isEqualTo("error: forbidden to list workloads.kueue.x-k8s.io in all namespaces (403, RBAC):"
                + " workloads.kueue.x-k8s.io is forbidden: User \"dev\" cannot list resource \"workloads\" in API group"
                + " \"kueue.x-k8s.io\" at the cluster scope\nmuster: nothing was explained\n");
        assertThat(unauthorized.exitCode()).isEqualTo(2);
        assertThat(unauthorized.err()).contains("answered 401").doesNotContain("\tat ");
        assertThat(unreachable.exitCode()).isEqualTo(2);
        assertThat(unreachable.err()).startsWith("error: cannot reach the API server at http://127.0.0.1:" + closed + ":")
                .doesNotContain("\tat ");
    }

    @Test
    void aBadKubeconfigOrContextIsNamed() throws Exception {
        Path notYaml = Files.writeString(dir.resolve("broken"), "clusters: [unclosed\n");

        Run missing = run("explain", "--kubeconfig", dir.resolve("absent").toString());
        Run broken = run("explain", "--kubeconfig", notYaml.toString());
        Run context = run("explain", "--kubeconfig", kubeconfig.toString(), "--context", "prod");

        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).startsWith("error: --kubeconfig " + dir.resolve("absent") + ": no such file\n");
        assertThat(broken.exitCode()).isEqualTo(2);
        assertThat(broken.err()).startsWith("error: --kubeconfig " + notYaml + ": not a kubeconfig that can be used: ");
        assertThat(context.exitCode()).isEqualTo(2);
        assertThat(context.err()).startsWith("error: --context prod: no such context in --kubeconfig " + kubeconfig
                + " (it has: lab)\n");
    }

    @Test
    void simulatorOptionsDoNotApplyToACluster() {
        Run r = run("explain", "--kubeconfig", kubeconfig.toString(), "--at", "10m");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("error: --at applies to scenario files only");
    }

    @Test
    void aMistypedPathIsSaidToBeNoFileEitherAndANameKubernetesCannotHaveIsRefused() {
        // the tests run in muster-cli, where src/ exists: src/quota reads as a mistyped path
        Run r = run("explain", "--kubeconfig", kubeconfig.toString(), "src/quota");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("(and src/quota is no file or directory: it was taken for a workload on a cluster)");

        Run bad = run("explain", "../examples/quota");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).startsWith("error: \"../examples/quota\" is no file or directory, nor a workload (namespace/name or name)");
    }

    // --- the cluster's objects

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private void create(KubeKind kind, String json) {
        MockApiObjects.create(client, kind, json);
    }

    /** A Workload owned by a job, with annotations and status (JSON objects) as the operator writes them. */
    private static String workload(String namespace, String name, String ownerKind, String owner, String annotations,
            String status) {
        return """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
                 "metadata": {"name": "%s", "namespace": "%s", "annotations": %s,
                   "ownerReferences": [{"apiVersion": "%s", "kind": "%s", "name": "%s", "uid": "uid-%s", "controller": true}]},
                 "spec": {"queueName": "ml", "priority": 0, "podSets": []},
                 "status": %s}""".formatted(name, namespace, annotations, ownerKind.equals("Job") ? "batch/v1" : "ray.io/v1",
                ownerKind, owner, owner, status);
    }
}
