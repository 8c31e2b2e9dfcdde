package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** Kueue's renames between v1beta1 and v1beta2, both ways. */
class KueueVersionsTest {

    private static final JsonNode CLUSTER_QUEUE_V1BETA1 = json("""
            {'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'ClusterQueue', 'metadata': {'name': 'cq'},
             'spec': {'cohort': 'team', 'admissionChecks': ['capacity'], 'namespaceSelector': {},
                      'resourceGroups': [{'coveredResources': ['cpu'], 'flavors': [{'name': 'rf', 'resources': [{'name': 'cpu', 'nominalQuota': 10}]}]}]},
             'status': {'pendingWorkloads': 2}}""");

    private static final JsonNode WORKLOAD_V1BETA1 = json("""
            {'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'Workload', 'metadata': {'name': 'w', 'namespace': 'ns'},
             'spec': {'queueName': 'lq', 'priority': 1000, 'priorityClassName': 'prod',
                      'priorityClassSource': 'kueue.x-k8s.io/workloadpriorityclass', 'podSets': [{'name': 'main', 'count': 1}]}}""");

    @Test
    void aClusterQueueNamesItsCohortCohortNameAndListsItsChecksAsStrategyRules() {
        JsonNode v2 = KueueVersions.convert(CLUSTER_QUEUE_V1BETA1, KueueVersions.V1BETA2);

        assertThat(v2.path("apiVersion").asText()).isEqualTo("kueue.x-k8s.io/v1beta2");
        assertThat(v2.at("/spec/cohortName").asText()).isEqualTo("team");
        assertThat(v2.at("/spec").has("cohort")).isFalse();
        assertThat(v2.at("/spec").has("admissionChecks")).isFalse();
        assertThat(v2.at("/spec/admissionChecksStrategy/admissionChecks")).isEqualTo(json("[{'name': 'capacity'}]"));
        assertThat(v2.at("/spec/resourceGroups")).isEqualTo(CLUSTER_QUEUE_V1BETA1.at("/spec/resourceGroups"));
        assertThat(v2.path("status")).isEqualTo(CLUSTER_QUEUE_V1BETA1.path("status"));

        JsonNode back = KueueVersions.convert(v2, KueueVersions.V1BETA1);
        assertThat(back.at("/spec/cohort").asText()).isEqualTo("team");
        assertThat(back.at("/spec").has("cohortName")).isFalse();
        // v1beta1 has admissionChecksStrategy too: the check stays there, which Kueue reads the same.
        assertThat(back.at("/spec/admissionChecksStrategy/admissionChecks/0/name").asText()).isEqualTo("capacity");
    }

    @Test
    void aWorkloadsPriorityClassBecomesAReferenceWithItsGroupAndKindAndBack() {
        JsonNode v2 = KueueVersions.convert(WORKLOAD_V1BETA1, KueueVersions.V1BETA2);
        assertThat(v2.at("/spec/priorityClassRef"))
                .isEqualTo(json("{'group': 'kueue.x-k8s.io', 'kind': 'WorkloadPriorityClass', 'name': 'prod'}"));
        assertThat(v2.at("/spec").has("priorityClassName")).isFalse();
        assertThat(v2.at("/spec").has("priorityClassSource")).isFalse();

        assertThat(KueueVersions.convert(v2, KueueVersions.V1BETA1)).isEqualTo(WORKLOAD_V1BETA1);

        JsonNode podPriority = WORKLOAD_V1BETA1.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) podPriority.get("spec")).remove("priorityClassSource");
        assertThat(KueueVersions.convert(podPriority, KueueVersions.V1BETA2).at("/spec/priorityClassRef/kind").asText())
                .isEqualTo("PriorityClass");
    }

    @Test
    void otherKindsOnlyChangeTheirApiVersionAndAnUnknownVersionIsRefused() {
        JsonNode flavor = json("{'apiVersion': 'kueue.x-k8s.io/v1beta2', 'kind': 'ResourceFlavor', 'metadata': {'name': 'rf'},"
                + " 'spec': {'nodeLabels': {'pool': 'gpu'}}}");
        JsonNode v1 = KueueVersions.convert(flavor, KueueVersions.V1BETA1);
        assertThat(v1.path("apiVersion").asText()).isEqualTo("kueue.x-k8s.io/v1beta1");
        assertThat(v1.path("spec")).isEqualTo(flavor.path("spec"));

        assertThatThrownBy(() -> KueueVersions.convert(flavor, "kueue.x-k8s.io/v1"))
                .hasMessageContaining("ResourceFlavor rf").hasMessageContaining("cannot convert to kueue.x-k8s.io/v1");
    }
}
