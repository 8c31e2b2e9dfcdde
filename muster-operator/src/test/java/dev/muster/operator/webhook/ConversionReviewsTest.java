package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class ConversionReviewsTest {

    private final ConversionReviews webhook = new ConversionReviews();

    private static JsonNode review(String desired, String objects) {
        return json("{'apiVersion': 'apiextensions.k8s.io/v1', 'kind': 'ConversionReview',"
                + " 'request': {'uid': 'u-1', 'desiredAPIVersion': '" + desired + "', 'objects': " + objects + "}}");
    }

    @Test
    void everyObjectIsConvertedAndTheUidEchoed() {
        JsonNode answer = webhook.review(review("kueue.x-k8s.io/v1beta2",
                "[{'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'ClusterQueue', 'metadata': {'name': 'a'}, 'spec': {'cohort': 'c'}},"
                        + " {'apiVersion': 'kueue.x-k8s.io/v1beta1', 'kind': 'LocalQueue', 'metadata': {'name': 'l', 'namespace': 'n'},"
                        + " 'spec': {'clusterQueue': 'a'}}]"));

        assertThat(answer.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
        assertThat(answer.path("kind").asText()).isEqualTo("ConversionReview");
        assertThat(answer.at("/response/uid").asText()).isEqualTo("u-1");
        assertThat(answer.at("/response/result/status").asText()).isEqualTo("Success");
        assertThat(answer.at("/response/convertedObjects/0/spec/cohortName").asText()).isEqualTo("c");
        assertThat(answer.at("/response/convertedObjects/1/apiVersion").asText()).isEqualTo("kueue.x-k8s.io/v1beta2");
    }

    @Test
    void anObjectThatCannotBeConvertedFailsTheReviewWithItsReason() {
        JsonNode answer = webhook.review(review("kueue.x-k8s.io/v1beta1",
                "[{'apiVersion': 'kueue.x-k8s.io/v1beta2', 'kind': 'Workload', 'metadata': {'name': 'w'},"
                        + " 'spec': {'priorityClassRef': {'group': 'example.com', 'kind': 'Other', 'name': 'x'}}}]"));

        assertThat(answer.at("/response/result/status").asText()).isEqualTo("Failure");
        assertThat(answer.at("/response/result/message").asText()).contains("Workload w").contains("example.com/Other");
        assertThat(answer.at("/response/convertedObjects")).isEmpty();
    }

    @Test
    void somethingElseThanAConversionReviewIsRefused() {
        assertThatThrownBy(() -> webhook.review(json("{'apiVersion': 'admission.k8s.io/v1', 'kind': 'AdmissionReview'}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ConversionReview");
    }
}
