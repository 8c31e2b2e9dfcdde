package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.crds.MusterCrds;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

/**
 * What the conversion webhook writes is what the generated CRDs describe: a v1beta1 object converted
 * to v1beta2 is read by the v1beta2 model class (muster-crds, from which the served schema is
 * generated) with no field dropped or changed. Quantities are written as strings, the spelling the
 * model writes back, so the comparison is about field names and structure only (muster-crds'
 * ModelRoundTripTest covers numbers written either way).
 */
class ConvertedObjectsFitTheCrdModelTest {

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    @Test
    void aClusterQueueConvertedToV1beta2LosesNothingInTheV1beta2Model() {
        JsonNode v2 = KueueVersions.convert(json("""
                {'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'ClusterQueue', 'metadata': {'name': 'cq'},
                 'spec': {'cohort': 'team', 'admissionChecks': ['capacity'], 'namespaceSelector': {},
                          'resourceGroups': [{'coveredResources': ['cpu'], 'flavors': [{'name': 'rf',
                              'resources': [{'name': 'cpu', 'nominalQuota': '10', 'borrowingLimit': '2'}]}]}]}}"""),
                KueueVersions.V1BETA2);

        assertThat(specReadBackThroughTheModel(v2)).isEqualTo(v2.path("spec"));
    }

    @Test
    void aWorkloadConvertedToV1beta2LosesNothingInTheV1beta2Model() {
        JsonNode v2 = KueueVersions.convert(json("""
                {'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'Workload', 'metadata': {'name': 'w', 'namespace': 'ns'},
                 'spec': {'queueName': 'lq', 'priority': 1000, 'priorityClassName': 'prod',
                          'priorityClassSource': 'kueue.x-k8s.io/workloadpriorityclass',
                          'podSets': [{'name': 'main', 'count': 2,
                                       'template': {'spec': {'containers': [{'name': 'c', 'image': 'x'}]}}}]}}"""),
                KueueVersions.V1BETA2);

        assertThat(specReadBackThroughTheModel(v2)).isEqualTo(v2.path("spec"));
    }

    private static JsonNode specReadBackThroughTheModel(JsonNode object) {
        String apiVersion = object.path("apiVersion").asText();
        String kind = object.path("kind").asText();
        Class<? extends CustomResource<?, ?>> type = MusterCrds.typeOf(apiVersion, kind)
                .orElseThrow(() -> new AssertionError("no model class for " + apiVersion + " " + kind));
        return SERIALIZATION.convertValue(SERIALIZATION.convertValue(object, type), JsonNode.class).path("spec");
    }
}
