package dev.muster.operator.placement;

import static dev.muster.operator.placement.Pods.labelled;
import static dev.muster.operator.placement.Pods.object;
import static dev.muster.operator.placement.Pods.ownedBy;
import static dev.muster.operator.placement.Pods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import org.junit.jupiter.api.Test;

class PodOwnersTest {

    private final PodOwners owners = new PodOwners();

    private static LivePod rayPod(String cluster, String type, String group) {
        var p = ownedBy(pod(cluster + "-" + type, "muster", null, "1"), "RayCluster", cluster);
        labelled(p, "ray.io/node-type", type);
        labelled(p, "ray.io/group", group);
        return LivePod.of(p);
    }

    @Test
    void aRayClustersPodsAreItsHeadAndItsWorkerGroupsLowerCased() {
        assertThat(owners.slotOf(rayPod("rc", "head", "headgroup")))
                .contains(new PodOwners.Slot("RayCluster", new ObjectKey("default", "rc"), "head"));
        assertThat(owners.slotOf(rayPod("rc", "worker", "Shared-GPU")))
                .contains(new PodOwners.Slot("RayCluster", new ObjectKey("default", "rc"), "shared-gpu"));
    }

    @Test
    void theClusterAndSubmitterOfARayJobArePartsOfTheRayJob() {
        assertThat(owners.seen("RayCluster", ownedBy(object("RayCluster", "train-raycluster-x"), "RayJob", "train"))).isTrue();
        assertThat(owners.seen("Job", ownedBy(object("Job", "train"), "RayJob", "train"))).isTrue();
        assertThat(owners.seen("Job", ownedBy(object("Job", "train"), "RayJob", "train"))).isFalse();

        assertThat(owners.slotOf(rayPod("train-raycluster-x", "worker", "gpu")))
                .contains(new PodOwners.Slot("RayJob", new ObjectKey("default", "train"), "gpu"));
        assertThat(owners.slotOf(LivePod.of(ownedBy(pod("train-abcde", "muster", null, "1"), "Job", "train"))))
                .contains(new PodOwners.Slot("RayJob", new ObjectKey("default", "train"), "submitter"));
    }

    @Test
    void aPlainJobsPodsAreItsMainPodSetAndAPodOfNoKnownKindIsNobodys() {
        assertThat(owners.slotOf(LivePod.of(ownedBy(pod("batch-1", "muster", null, "1"), "Job", "batch"))))
                .contains(new PodOwners.Slot("Job", new ObjectKey("default", "batch"), "main"));
        assertThat(owners.slotOf(LivePod.of(ownedBy(pod("rs-1", "muster", null, "1"), "ReplicaSet", "web")))).isEmpty();
        assertThat(owners.slotOf(LivePod.of(pod("bare", "muster", null, "1")))).isEmpty();
    }
}
