package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.apply;
import static dev.muster.operator.webhook.Reviews.create;
import static dev.muster.operator.webhook.Reviews.createRayJob;
import static dev.muster.operator.webhook.Reviews.json;
import static dev.muster.operator.webhook.Reviews.patch;
import static dev.muster.operator.webhook.Reviews.queuedJob;
import static dev.muster.operator.webhook.Reviews.queuedRayCluster;
import static dev.muster.operator.webhook.Reviews.queuedRayJob;
import static dev.muster.operator.webhook.Reviews.response;
import static dev.muster.operator.webhook.Reviews.review;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SuspendOnCreateTest {

    private final SuspendOnCreate webhook = new SuspendOnCreate();

    private static void assertAllowedWithoutPatch(JsonNode answer) {
        assertThat(response(answer).get("allowed").asBoolean()).isTrue();
        assertThat(response(answer).has("patch")).isFalse();
        assertThat(response(answer).has("patchType")).isFalse();
    }

    // --- A queued RayJob, RayCluster or Job is created suspended. ----------------------------------

    @Test
    void aRayJobGetsAJsonPatchThatAddsSpecSuspend() {
        JsonNode answer = webhook.review(createRayJob(queuedRayJob()));

        JsonNode response = response(answer);
        assertThat(response.get("allowed").asBoolean()).isTrue();
        assertThat(response.get("patchType").asText()).isEqualTo("JSONPatch");
        assertThat(patch(answer)).isEqualTo(json("[{'op': 'add', 'path': '/spec/suspend', 'value': true}]"));
    }

    @Test
    void theAnswerIsAnAdmissionReviewV1EchoingTheRequestUid() {
        JsonNode answer = webhook.review(createRayJob(queuedRayJob()));

        assertThat(answer.get("apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
        assertThat(answer.get("kind").asText()).isEqualTo("AdmissionReview");
        assertThat(response(answer).get("uid").asText()).isEqualTo("705ab4f5-6393-11e8-b7cc-42010a800002");
    }

    @Test
    void theRayJobWithThePatchAppliedIsSuspendedAndOtherwiseUnchanged() {
        ObjectNode rayJob = queuedRayJob();

        JsonNode patched = apply(patch(webhook.review(createRayJob(rayJob))), rayJob);

        ObjectNode expected = rayJob.deepCopy();
        ((ObjectNode) expected.get("spec")).put("suspend", true);
        assertThat(patched).isEqualTo(expected);
    }

    @Test
    void aRayClusterIsSuspended() {
        ObjectNode cluster = queuedRayCluster();

        JsonNode answer = webhook.review(create("ray.io", "v1", "RayCluster", cluster));

        assertThat(apply(patch(answer), cluster).at("/spec/suspend").asBoolean()).isTrue();
    }

    @Test
    void aBatchJobIsSuspended() {
        ObjectNode job = queuedJob();

        JsonNode answer = webhook.review(create("batch", "v1", "Job", job));

        assertThat(apply(patch(answer), job).at("/spec/suspend").asBoolean()).isTrue();
    }

    @Test
    void suspendFalseIsReplacedByTrue() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("spec")).put("suspend", false);

        JsonNode answer = webhook.review(create("batch", "v1", "Job", job));

        assertThat(patch(answer)).isEqualTo(json("[{'op': 'replace', 'path': '/spec/suspend', 'value': true}]"));
    }

    @Test
    void anObjectWithoutSpecGetsASpecThatSuspendsIt() {
        ObjectNode job = queuedJob();
        job.remove("spec");

        JsonNode answer = webhook.review(create("batch", "v1", "Job", job));

        assertThat(patch(answer)).isEqualTo(json("[{'op': 'add', 'path': '/spec', 'value': {'suspend': true}}]"));
    }

    @Test
    void aJobCreatedByACronJobIsSuspendedBecauseACronJobIsNoGang() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("metadata")).set("ownerReferences", json("""
                [{'apiVersion': 'batch/v1', 'kind': 'CronJob', 'name': 'nightly', 'uid': 'u1', 'controller': true}]
                """));

        assertThat(response(webhook.review(create("batch", "v1", "Job", job))).has("patch")).isTrue();
    }

    // --- Everything else is allowed unchanged. -----------------------------------------------------

    @Test
    void anObjectAlreadySuspendedIsAllowedWithoutPatch() {
        ObjectNode rayJob = queuedRayJob();
        ((ObjectNode) rayJob.get("spec")).put("suspend", true);

        assertAllowedWithoutPatch(webhook.review(createRayJob(rayJob)));
    }

    @Test
    void anObjectWithoutTheQueueLabelIsLeftAlone() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("metadata")).remove("labels");

        assertAllowedWithoutPatch(webhook.review(create("batch", "v1", "Job", job)));
    }

    @Test
    void anEmptyQueueLabelCountsAsNoQueue() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.at("/metadata/labels")).put("kueue.x-k8s.io/queue-name", "");

        assertAllowedWithoutPatch(webhook.review(create("batch", "v1", "Job", job)));
    }

    @Test
    void aQueueNamedInAnAnnotationInsteadOfALabelIsIgnored() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("metadata")).remove("labels");
        ((ObjectNode) job.get("metadata")).putObject("annotations").put("kueue.x-k8s.io/queue-name", "user-queue");

        assertAllowedWithoutPatch(webhook.review(create("batch", "v1", "Job", job)));
    }

    @Test
    void anotherKindIsLeftAlone() {
        ObjectNode deployment = (ObjectNode) json("""
                {'apiVersion': 'apps/v1', 'kind': 'Deployment',
                 'metadata': {'name': 'web', 'labels': {'kueue.x-k8s.io/queue-name': 'user-queue'}},
                 'spec': {'replicas': 1}}
                """);

        assertAllowedWithoutPatch(webhook.review(create("apps", "v1", "Deployment", deployment)));
    }

    @Test
    void anotherApiVersionOfAManagedKindIsLeftAlone() {
        assertAllowedWithoutPatch(webhook.review(create("ray.io", "v1alpha1", "RayJob", queuedRayJob())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"UPDATE", "DELETE", "CONNECT"})
    void anOperationOtherThanCreateIsLeftAlone(String operation) {
        ObjectNode invalid = queuedRayJob();
        ((ObjectNode) invalid.get("spec")).put("shutdownAfterJobFinishes", false);

        assertAllowedWithoutPatch(webhook.review(review(operation, "ray.io", "v1", "RayJob", invalid)));
    }

    @Test
    void aRayClusterCreatedByARayJobRunsBecauseTheRayJobIsTheGang() {
        ObjectNode cluster = queuedRayCluster();
        ((ObjectNode) cluster.get("metadata")).set("ownerReferences", json("""
                [{'apiVersion': 'ray.io/v1', 'kind': 'RayJob', 'name': 'pytorch-text-classifier',
                  'uid': 'u1', 'controller': true, 'blockOwnerDeletion': true}]
                """));

        assertAllowedWithoutPatch(webhook.review(create("ray.io", "v1", "RayCluster", cluster)));
    }

    @Test
    void theSubmitterJobOfARayJobRuns() {
        ObjectNode job = queuedJob();
        ((ObjectNode) job.get("metadata")).set("ownerReferences", json("""
                [{'apiVersion': 'ray.io/v1', 'kind': 'RayJob', 'name': 'pytorch-text-classifier',
                  'uid': 'u1', 'controller': true}]
                """));

        assertAllowedWithoutPatch(webhook.review(create("batch", "v1", "Job", job)));
    }

    // --- An invalid queued RayJob is denied. -------------------------------------------------------

    private JsonNode deniedRayJob() {
        ObjectNode rayJob = queuedRayJob();
        ((ObjectNode) rayJob.get("spec")).put("shutdownAfterJobFinishes", false);
        ((ObjectNode) rayJob.get("spec")).putObject("clusterSelector").put("ray.io/cluster", "shared");
        return webhook.review(createRayJob(rayJob));
    }

    @Test
    void anInvalidRayJobIsDeniedWithAllowedFalseAndCode422() {
        JsonNode response = response(deniedRayJob());

        assertThat(response.get("uid").asText()).isEqualTo("705ab4f5-6393-11e8-b7cc-42010a800002");
        assertThat(response.get("allowed").asBoolean()).isFalse();
        assertThat(response.at("/status/code").asInt()).isEqualTo(422);
        assertThat(response.at("/status/reason").asText()).isEqualTo("Invalid");
        assertThat(response.has("patch")).isFalse();
    }

    @Test
    void theDenialListsEveryFieldError() {
        String message = response(deniedRayJob()).at("/status/message").asText();

        assertThat(message)
                .startsWith("RayJob team-a/pytorch-text-classifier (queue user-queue) is invalid: ")
                .contains("spec.clusterSelector: must be empty for a RayJob managed by a queue")
                .contains("spec.shutdownAfterJobFinishes: must be true for a RayJob managed by a queue");
    }

    @Test
    void anInvalidRayJobIsDeniedEvenWhenAlreadySuspended() {
        ObjectNode rayJob = queuedRayJob();
        ((ObjectNode) rayJob.get("spec")).put("suspend", true).put("shutdownAfterJobFinishes", false);

        assertThat(response(webhook.review(createRayJob(rayJob))).get("allowed").asBoolean()).isFalse();
    }

    @Test
    void aRayJobWithoutQueueIsNotValidated() {
        ObjectNode rayJob = queuedRayJob();
        ((ObjectNode) rayJob.get("metadata")).remove("labels");
        ((ObjectNode) rayJob.get("spec")).put("shutdownAfterJobFinishes", false);

        assertAllowedWithoutPatch(webhook.review(createRayJob(rayJob)));
    }

    @Test
    void rayClustersAndJobsAreNotHeldToTheRayJobRules() {
        // A Job has neither shutdownAfterJobFinishes nor rayClusterSpec, which a queued RayJob must have.
        // (Setting the field here would be an unknown field of a Job: the API server drops or refuses
        // it before any webhook sees the object.)
        ObjectNode job = queuedJob();

        assertThat(response(webhook.review(create("batch", "v1", "Job", job))).get("allowed").asBoolean())
                .isTrue();
    }

    // --- A body that is no AdmissionReview v1 is refused. ------------------------------------------

    @Test
    void aBodyThatIsAnotherKindOfObjectIsRefused() {
        assertThatThrownBy(() -> webhook.review(queuedJob()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected apiVersion admission.k8s.io/v1 kind AdmissionReview");
    }

    @Test
    void anAdmissionReviewV1beta1IsRefused() {
        ObjectNode review = createRayJob(queuedRayJob());
        review.put("apiVersion", "admission.k8s.io/v1beta1");

        assertThatThrownBy(() -> webhook.review(review))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("admissionReviewVersions: [v1]");
    }

    @Test
    void aReviewWithoutRequestIsRefused() {
        ObjectNode review = createRayJob(queuedRayJob());
        review.remove("request");

        assertThatThrownBy(() -> webhook.review(review)).hasMessageContaining("has no request");
    }

    @Test
    void aRequestWithoutUidIsRefused() {
        ObjectNode review = createRayJob(queuedRayJob());
        ((ObjectNode) review.get("request")).remove("uid");

        assertThatThrownBy(() -> webhook.review(review)).hasMessageContaining("no uid");
    }
}
