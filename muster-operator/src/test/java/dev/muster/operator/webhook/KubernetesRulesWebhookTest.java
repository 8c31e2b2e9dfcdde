package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.create;
import static dev.muster.operator.webhook.Reviews.createRayJob;
import static dev.muster.operator.webhook.Reviews.json;
import static dev.muster.operator.webhook.Reviews.queuedJob;
import static dev.muster.operator.webhook.Reviews.queuedRayJob;
import static dev.muster.operator.webhook.Reviews.response;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * The webhook refuses a queued object that breaks the rules the simulator applies to the same kind
 * in a scenario file (dev.muster.api.validation), with the same field and words.
 */
class KubernetesRulesWebhookTest {

    private final SuspendOnCreate webhook = new SuspendOnCreate();

    private static ObjectNode queuedJobWith(String podSpec) {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("spec")).set("template", json("{'spec': " + podSpec + "}"));
        return job;
    }

    private static String denial(JsonNode answer) {
        JsonNode response = response(answer);
        assertThat(response.get("allowed").asBoolean()).as(response.toString()).isFalse();
        assertThat(response.at("/status/code").asInt()).isEqualTo(422);
        return response.at("/status/message").asText();
    }

    @Test
    void aValidQueuedJobIsStillSuspendedNotDenied() {
        JsonNode answer = webhook.review(create("batch", "v1", "Job", queuedJobWith(
                "{'restartPolicy': 'Never', 'containers': [{'name': 'main', 'image': 'busybox'}]}")));
        assertThat(response(answer).get("allowed").asBoolean()).isTrue();
        assertThat(response(answer).get("patchType").asText()).isEqualTo("JSONPatch");
    }

    @Test
    void aQueuedJobWhosePodsRestartForEverIsDenied() {
        JsonNode answer = webhook.review(create("batch", "v1", "Job", queuedJobWith(
                "{'restartPolicy': 'Always', 'containers': [{'name': 'main', 'image': 'busybox'}]}")));
        assertThat(denial(answer)).isEqualTo("Job team-a/sample-job (queue user-queue) is invalid:"
                + " spec.template.spec.restartPolicy: \"Always\" is not allowed in a Job's pod template: use OnFailure or Never");
    }

    /**
     * A field Muster does not know reaches the webhook only if the API server knows it (it drops
     * misspelled ones first): it is a field of a newer Kubernetes, and the Job is let in.
     */
    @Test
    void aQueuedJobWithAFieldOfANewerKubernetesIsLetIn() {
        ObjectNode job = queuedJobWith("{'restartPolicy': 'Never', 'containers': [{'name': 'main', 'image': 'busybox'}]}");
        ((ObjectNode) job.get("spec")).put("fieldOfKubernetes2", 4);
        JsonNode answer = webhook.review(create("batch", "v1", "Job", job));
        assertThat(response(answer).get("allowed").asBoolean()).isTrue();
        assertThat(response(answer).get("patchType").asText()).as("suspended, as any queued Job").isEqualTo("JSONPatch");
    }

    @Test
    void aQueuedPodAskingForAWholeGpuAsAFractionIsDenied() {
        JsonNode pod = json("""
                {'apiVersion': 'v1', 'kind': 'Pod',
                 'metadata': {'name': 'p', 'namespace': 'team-a', 'labels': {'kueue.x-k8s.io/queue-name': 'user-queue'},
                              'annotations': {'gpu-fraction': '1'}},
                 'spec': {'containers': [{'name': 'main', 'image': 'busybox'}]}}
                """);
        assertThat(denial(webhook.review(create("", "v1", "Pod", pod)))).startsWith("Pod team-a/p is invalid:"
                + " metadata.annotations[gpu-fraction]: must be more than 0 and less than 1");
    }

    @Test
    void aQueuedRayJobWhoseNameKubeRayCannotUseIsDenied() {
        ObjectNode rayJob = queuedRayJob();
        ((ObjectNode) rayJob.get("metadata")).put("name", "1-train");
        assertThat(denial(webhook.review(createRayJob(rayJob)))).contains(
                "metadata.name: \"1-train\" is not a valid DNS-1035 label");
    }

    @Test
    void anInvalidLabelValueIsDenied() {
        ObjectNode job = queuedJobWith("{'restartPolicy': 'Never', 'containers': [{'name': 'main', 'image': 'busybox'}]}");
        ((ObjectNode) job.at("/metadata/labels")).put("team", "a b");
        assertThat(denial(webhook.review(create("batch", "v1", "Job", job))))
                .contains("metadata.labels[team]: \"a b\" is not a valid label value");
    }
}
