package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.queuedRayJob;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class RayJobValidationTest {

    private final RayJobValidation validation = new RayJobValidation();

    private static ObjectNode spec(ObjectNode rayJob) {
        return (ObjectNode) rayJob.get("spec");
    }

    @Test
    void aRayJobWithItsOwnClusterDeletedWhenTheJobEndsIsValid() {
        assertThat(validation.validate(queuedRayJob())).isEmpty();
    }

    @Test
    void aRayJobMustDeleteItsClusterWhenTheJobFinishes() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).put("shutdownAfterJobFinishes", false);

        assertThat(validation.validate(rayJob)).extracting(FieldError::toString)
                .containsExactly("spec.shutdownAfterJobFinishes: must be true for a RayJob managed by a queue");
    }

    @Test
    void aMissingShutdownAfterJobFinishesCountsAsFalse() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).remove("shutdownAfterJobFinishes");

        assertThat(validation.validate(rayJob)).extracting(FieldError::field)
                .containsExactly("spec.shutdownAfterJobFinishes");
    }

    @Test
    void aRayJobMayNotRunOnAnExistingClusterChosenByClusterSelector() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).putObject("clusterSelector").put("ray.io/cluster", "shared-cluster");

        assertThat(validation.validate(rayJob)).singleElement().satisfies(error -> {
            assertThat(error.field()).isEqualTo("spec.clusterSelector");
            assertThat(error.detail()).startsWith("must be empty for a RayJob managed by a queue");
        });
    }

    @Test
    void anEmptyClusterSelectorSelectsNothingAndIsAccepted() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).putObject("clusterSelector");

        assertThat(validation.validate(rayJob)).isEmpty();
    }

    @Test
    void aRayJobWithoutAClusterSpecHasNothingForTheQueueToAdmit() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).remove("rayClusterSpec");

        assertThat(validation.validate(rayJob)).extracting(FieldError::toString)
                .containsExactly("spec.rayClusterSpec: is required for a RayJob managed by a queue");
    }

    @Test
    void everyErrorIsReportedInFieldOrder() {
        ObjectNode rayJob = queuedRayJob();
        spec(rayJob).remove("shutdownAfterJobFinishes");
        spec(rayJob).putObject("clusterSelector").put("ray.io/cluster", "shared-cluster");

        assertThat(validation.validate(rayJob)).extracting(FieldError::field)
                .containsExactly("spec.clusterSelector", "spec.shutdownAfterJobFinishes");
    }

    @Test
    void aRayJobWithoutSpecIsReportedAsSuch() {
        ObjectNode rayJob = queuedRayJob();
        rayJob.remove("spec");

        assertThat(validation.validate(rayJob)).extracting(FieldError::field).containsExactly("spec");
    }
}
