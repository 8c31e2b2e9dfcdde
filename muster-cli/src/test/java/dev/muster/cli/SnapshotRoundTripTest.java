package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code muster snapshot} round-trips: Muster's operator runs fabric8's mock API server with two
 * ClusterQueues in a cohort; {@code a-1} is admitted by borrowing team-b's idle GPUs, so
 * {@code b-1}, arriving next, waits for its own quota, and {@code a-2} goes to team-a's second
 * flavor. The snapshot of that cluster, simulated, admits the same jobs to the same ClusterQueue
 * and flavors and leaves the same one waiting.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class SnapshotRoundTripTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    KubernetesClient client;

    @Test
    void theSimulationOfASnapshotAdmitsWhatTheOperatorAdmitted() throws Exception {
        MockApiObjects.installCrds(client);
        for (String f : List.of("f1", "f2")) {
            create(KubeKind.RESOURCE_FLAVOR, """
                    {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor", "metadata": {"name": "%s"}}""".formatted(f));
        }
        create(KubeKind.CLUSTER_QUEUE, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue", "metadata": {"name": "team-a"},
                 "spec": {"namespaceSelector": {}, "cohort": "all",
                   "resourceGroups": [{"coveredResources": ["nvidia.com/gpu"], "flavors": [
                     {"name": "f1", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": 2}]},
                     {"name": "f2", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": 2}]}]}]}}""");
        create(KubeKind.CLUSTER_QUEUE, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue", "metadata": {"name": "team-b"},
                 "spec": {"namespaceSelector": {}, "cohort": "all",
                   "resourceGroups": [{"coveredResources": ["nvidia.com/gpu"], "flavors": [
                     {"name": "f1", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": 2}]}]}]}}""");
        for (String team : List.of("a", "b")) {
            create(KubeKind.LOCAL_QUEUE, """
                    {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "LocalQueue", "metadata": {"name": "lq-%1$s", "namespace": "default"},
                     "spec": {"clusterQueue": "team-%1$s"}}""".formatted(team));
        }
        client.nodes().resource(Serialization.unmarshal("""
                {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "gpu-1", "labels": {"pool": "gpu"}, "uid": "x",
                  "resourceVersion": "7"},
                 "spec": {"podCIDR": "10.0.0.0/24"},
                 "status": {"allocatable": {"cpu": "64", "memory": "256Gi", "nvidia.com/gpu": "8", "pods": "110"},
                   "capacity": {"cpu": "64"}}}""", io.fabric8.kubernetes.api.model.Node.class)).create();

        Map<String, String> live;
        try (MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults("test")
                .withLeaderElection(false, "default"))) {
            operator.start();
            job("a-1", "lq-a", 3);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(liveState("a-1")).startsWith("Admitted"));
            job("b-1", "lq-b", 2);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(liveState("b-1")).isEqualTo("Pending"));
            job("a-2", "lq-a", 2);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(liveState("a-2")).startsWith("Admitted"));
            live = new TreeMap<>();
            for (String j : List.of("a-1", "a-2", "b-1")) {
                live.put(j, liveState(j));
            }
            // what history made: a-1 borrows in f1, so a-2 is pushed to f2 and b-1 waits for its lent quota
            assertThat(live).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                    "a-1", "Admitted team-a {main={nvidia.com/gpu=f1}}",
                    "a-2", "Admitted team-a {main={nvidia.com/gpu=f2}}",
                    "b-1", "Pending")));

            Path kubeconfig = ApiServerFront.kubeconfig(dir, client.getMasterUrl().toString(), ApiServerFront.TOKEN);
            Run snapshot = run("snapshot", "--kubeconfig", kubeconfig.toString(), "--out", dir.resolve("snap").toString());
            assertThat(snapshot.exitCode()).as(snapshot.err()).isZero();
        }
        String yaml = Files.readString(dir.resolve("snap").resolve(SnapshotCommand.FILE));
        assertThat(yaml).doesNotContain("resourceVersion", "uid:", "managedFields", "podCIDR", "capacity", "ownerReferences",
                "creationTimestamp", "admission:");
        // admitted first in the order of their reservation, then the waiting one
        assertThat(yaml.indexOf("name: a-1")).isLessThan(yaml.indexOf("name: a-2"));
        assertThat(yaml.indexOf("name: a-2")).isLessThan(yaml.indexOf("name: b-1"));

        Run simulated = run("simulate", dir.resolve("snap").toString(), "-o", "json");
        assertThat(simulated.exitCode()).as(simulated.err()).isZero();
        Map<String, String> replayed = new TreeMap<>();
        for (JsonNode w : JSON.readTree(simulated.out()).path("workloads")) {
            String state = w.path("state").asText();
            replayed.put(w.path("name").asText(), state.equals("Pending") ? "Pending"
                    : state + " " + w.path("clusterQueue").asText() + " " + flavors(w.path("flavors")));
        }
        assertThat(replayed).isEqualTo(live);
    }

    /** "Admitted CQ {podSet={resource=flavor}}" or "Pending", from the operator's Workload. */
    private String liveState(String job) {
        GenericKubernetesResource w = client.genericKubernetesResources(KubeKind.WORKLOAD.context()).inNamespace("default")
                .withName(KueueWorkloadNames.of("Job", new ObjectKey("default", job))).get();
        if (w == null) {
            return "none";
        }
        JsonNode admission = JSON.valueToTree(w.getAdditionalProperties()).path("status").path("admission");
        if (admission.isMissingNode()) {
            return "Pending";
        }
        Map<String, Map<String, String>> flavors = new TreeMap<>();
        for (JsonNode a : admission.path("podSetAssignments")) {
            Map<String, String> byResource = new TreeMap<>();
            a.path("flavors").properties().forEach(e -> byResource.put(e.getKey(), e.getValue().asText()));
            flavors.put(a.path("name").asText(), byResource);
        }
        return "Admitted " + admission.path("clusterQueue").asText() + " " + flavors;
    }

    private static String flavors(JsonNode flavors) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        flavors.properties().forEach(ps -> {
            Map<String, String> byResource = new TreeMap<>();
            ps.getValue().properties().forEach(e -> byResource.put(e.getKey(), e.getValue().asText()));
            out.put(ps.getKey(), byResource);
        });
        return out.toString();
    }

    private void job(String name, String queue, int gpus) {
        create(KubeKind.BATCH_JOB, """
                {"apiVersion": "batch/v1", "kind": "Job",
                 "metadata": {"name": "%s", "namespace": "default", "labels": {"kueue.x-k8s.io/queue-name": "%s"}},
                 "spec": {"parallelism": 1, "completions": 1, "suspend": true, "template": {"spec": {"restartPolicy": "Never",
                   "containers": [{"name": "main", "image": "trainer",
                     "resources": {"requests": {"nvidia.com/gpu": "%d"}, "limits": {"nvidia.com/gpu": "%d"}}}]}}}}"""
                .formatted(name, queue, gpus, gpus));
    }

    private void create(KubeKind kind, String json) {
        MockApiObjects.create(client, kind, json);
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }
}
