package dev.muster.operator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.model.ObjectKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Jobs read against the live configuration; jobs alike but for their names are read once, and stay apart. */
class ClusterConfigurationTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static ClusterConfiguration configuration() throws ManifestException {
        return ClusterConfiguration.of(List.of(
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: ResourceFlavor, metadata: {name: rf}}"),
                yaml("""
                        {apiVersion: kueue.x-k8s.io/v1beta1, kind: ClusterQueue, metadata: {name: cq},
                         spec: {namespaceSelector: {}, resourceGroups: [{coveredResources: [cpu],
                           flavors: [{name: rf, resources: [{name: cpu, nominalQuota: 10}]}]}]}}"""),
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: LocalQueue, metadata: {name: lq, namespace: team}, spec: {clusterQueue: cq}}"),
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: WorkloadPriorityClass, metadata: {name: high}, value: 1000}")));
    }

    private static ObjectNode job(String name, String queue, String cpu) {
        return (ObjectNode) yaml("""
                {apiVersion: batch/v1, kind: Job, metadata: {name: %s, namespace: team, uid: u-%s,
                   labels: {kueue.x-k8s.io/queue-name: %s, kueue.x-k8s.io/priority-class: high}},
                 spec: {parallelism: 2, template: {spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "%s"}}}]}}}}"""
                .formatted(name, name, queue, cpu));
    }

    @Test
    void jobsThatDifferInTheirNamesOnlyAreReadAlikeUnderTheirOwnNames() throws ManifestException {
        ClusterConfiguration c = configuration();
        WorkloadSource a = c.workload(job("a", "lq", "1"));
        WorkloadSource b = c.workload(job("b", "lq", "1"));

        assertThat(a.key()).isEqualTo(new ObjectKey("team", "a"));
        assertThat(b.key()).isEqualTo(new ObjectKey("team", "b"));
        assertThat(b.origin().name()).isEqualTo("b");
        assertThat(b.origin().file()).contains("team/b");
        assertThat(b.podSets()).isEqualTo(a.podSets());
        assertThat(b.priority()).isEqualTo(1000).isEqualTo(a.priority());
        assertThat(b.localQueue()).contains("lq");
    }

    @Test
    void aJobOfAnotherShapeIsReadAgainAndABadOneIsStillRefusedByName() throws ManifestException {
        ClusterConfiguration c = configuration();
        c.workload(job("a", "lq", "1"));
        assertThat(c.workload(job("big", "lq", "3")).podSets().get(0).perPod().get("cpu").milli()).isEqualTo(3000);
        assertThatThrownBy(() -> c.workload(job("lost", "no-such-queue", "1")))
                .isInstanceOf(ManifestException.class).hasMessageContaining("lost");
    }

    /**
     * A live object carries what the API server took: a field Muster's schema does not know is one
     * of a newer Kubernetes or Kueue (a misspelled one never gets past the API server), and is not
     * an error, where the same field in a file is (issue 18: strict checks for files only).
     */
    @Test
    void fieldsOfANewerKubernetesOrKueueInLiveObjectsAreNotErrors() throws ManifestException {
        ClusterConfiguration c = ClusterConfiguration.of(List.of(
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: ResourceFlavor, metadata: {name: rf}, spec: {fieldOfKueue2: x}}"),
                yaml("""
                        {apiVersion: kueue.x-k8s.io/v1beta1, kind: ClusterQueue, metadata: {name: cq},
                         spec: {namespaceSelector: {}, fieldOfKueue2: true, resourceGroups: [{coveredResources: [cpu],
                           flavors: [{name: rf, resources: [{name: cpu, nominalQuota: 10}]}]}]}}"""),
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: LocalQueue, metadata: {name: lq, namespace: team}, spec: {clusterQueue: cq}}")));
        ObjectNode job = job("new", "lq", "1");
        ((ObjectNode) job.get("spec")).put("fieldOfKubernetes2", 1);
        ((ObjectNode) job.at("/spec/template/spec/containers/0")).put("fieldOfKubernetes2", 1);
        job.remove("metadata");
        job.set("metadata", yaml("{name: new, namespace: team, uid: u-new, labels: {kueue.x-k8s.io/queue-name: lq}}"));

        WorkloadSource read = c.workload(job);
        assertThat(read.key()).isEqualTo(new ObjectKey("team", "new"));
        assertThat(read.podSets().get(0).perPod().get("cpu").milli()).isEqualTo(1000);
    }

    @Test
    void aBadLiveObjectIsRefusedNamingTheObjectAndTheField() {
        JsonNode badQueue = yaml("""
                {apiVersion: kueue.x-k8s.io/v1beta1, kind: ClusterQueue, metadata: {name: broken},
                 spec: {namespaceSelector: {}, resourceGroups: [{coveredResources: [cpu],
                   flavors: [{name: rf, resources: [{name: cpu, nominalQuota: "ten"}]}]}]}}""");
        assertThatThrownBy(() -> ClusterConfiguration.of(List.of(
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: ResourceFlavor, metadata: {name: rf}}"), badQueue)))
                .isInstanceOf(ManifestException.class)
                .hasMessageContaining("ClusterQueue broken")
                .hasMessageContaining("nominalQuota");
    }

    @Test
    void liveObjectsAndConfigurationFilesAreReadAsOneConfiguration() throws ManifestException {
        ClusterConfiguration c = ClusterConfiguration.of(List.of(
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: ResourceFlavor, metadata: {name: rf}}"),
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: LocalQueue, metadata: {name: lq, namespace: team}, spec: {clusterQueue: cq}}"),
                yaml("{apiVersion: kueue.x-k8s.io/v1beta1, kind: WorkloadPriorityClass, metadata: {name: high}, value: 1000}")),
                java.util.Map.of("queues.yaml", """
                        apiVersion: kueue.x-k8s.io/v1beta1
                        kind: ClusterQueue
                        metadata: {name: cq}
                        spec:
                          namespaceSelector: {}
                          resourceGroups:
                          - coveredResources: [cpu]
                            flavors: [{name: rf, resources: [{name: cpu, nominalQuota: 10}]}]
                        """));
        assertThat(c.scenario().clusterQueues()).extracting(q -> q.name()).containsExactly("cq");
        assertThat(c.workload(job("a", "lq", "1")).localQueue()).contains("lq");
    }
}
