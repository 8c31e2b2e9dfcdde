package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import org.junit.jupiter.api.Test;

/**
 * A start waiting in its lane looks whether its Workload was deleted since its job was tracked:
 * such a start is of a Workload that is gone (the soak saw one land 170 ms after the deletion,
 * before the decider had taken the deletion in); a job tracked afresh after the deletion (its
 * Workload made again under the same name) starts as usual.
 */
class WorkloadDeletionsTest {

    private static final ObjectKey WORKLOAD = new ObjectKey("default", "job-train-1a2b3");

    @Test
    void aDeletionSeenAfterTheJobWasTrackedHoldsItsStartBack() {
        WorkloadDeletions deletions = new WorkloadDeletions();
        long tracked = System.nanoTime();
        assertThat(deletions.deletedSince(WORKLOAD, tracked)).isFalse();

        deletions.seen(WORKLOAD);

        assertThat(deletions.deletedSince(WORKLOAD, tracked)).as("the job tracked before the deletion").isTrue();
        assertThat(deletions.deletedSince(new ObjectKey("default", "job-other-4c5d6"), tracked)).isFalse();
        long trackedAfresh = System.nanoTime();
        assertThat(deletions.deletedSince(WORKLOAD, trackedAfresh)).as("tracked afresh after it: starts as usual").isFalse();
    }
}
