package dev.muster.core.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.Pending;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.status.WorkloadStatus.Phase;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One rendering of a workload's status from the engine's decisions, for reports and Workload objects alike. */
class WorkloadStatusTest {

    private static final ObjectKey TRAIN = new ObjectKey("team", "train");
    private static final Assignment ON_A100 =
            new Assignment(List.of(new PodSetAssignment("workers", 2, Map.of("nvidia.com/gpu", "a100"))), new long[1], false);

    @Test
    void anAdmissionReservesQuotaAndAdmitsAtOnce() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Wait(TRAIN, Pending.quota("waiting for quota")), 0);
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::reason)
                .as("Kueue's granular reason").isEqualTo("WaitingForQuota");
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 5_000);

        assertThat(s.phase()).isEqualTo(Phase.ADMITTED);
        assertThat(s.message()).isEqualTo("admitted by ClusterQueue gpu");
        assertThat(s.admittedAtMillis()).contains(5_000L);
        assertThat(s.reservations()).isEqualTo(1);
        assertThat(s.condition("QuotaReserved")).get()
                .extracting(Condition::status, Condition::reason, Condition::lastTransitionMillis)
                .containsExactly(true, "QuotaReserved", 5_000L);
        assertThat(s.condition("Admitted")).get().extracting(Condition::status).isEqualTo(true);
    }

    @Test
    void aKaiQueueIsCalledAQueue() {
        WorkloadStatus s = new WorkloadStatus(true);
        s.apply(new Decision.Admit(TRAIN, "research", ON_A100), 0);
        assertThat(s.message()).isEqualTo("admitted by queue research");
    }

    @Test
    void checksHoldTheWorkloadInQuotaReservedUntilItIsAdmitted() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.ReserveQuota(TRAIN, "gpu", ON_A100, List.of("prov")), 1_000);
        assertThat(s.phase()).isEqualTo(Phase.QUOTA_RESERVED);
        assertThat(s.message()).isEqualTo("quota reserved in ClusterQueue gpu; waiting for admission checks prov");
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::reason)
                .containsExactly(false, "UnsatisfiedChecks");

        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 9_000);
        assertThat(s.phase()).isEqualTo(Phase.ADMITTED);
        assertThat(s.reservations()).as("the admission completes the reservation, it is not a second one").isEqualTo(1);
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::lastTransitionMillis)
                .as("QuotaReserved stayed true since the reservation").isEqualTo(1_000L);
    }

    @Test
    void aPreemptionSaysSoInEvictedAndPreemptedAndDropsPodsReady() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 0);
        s.podsReady(2_000);
        s.apply(new Decision.Evict(TRAIN, EvictionReason.PREEMPTED, "InClusterQueue", "preempted by team/urgent",
                Optional.of(new ObjectKey("team", "urgent"))), 7_000);

        assertThat(s.phase()).isEqualTo(Phase.PENDING);
        assertThat(s.message()).isEqualTo("preempted by team/urgent");
        assertThat(s.evictions()).containsExactly(new WorkloadStatus.Eviction(7_000, "Preempted", "InClusterQueue", "team/urgent"));
        assertThat(s.admissionsAtMillis()).containsExactly(0L);
        assertThat(s.condition("Preempted")).get().extracting(Condition::reason).isEqualTo("InClusterQueue");
        assertThat(s.condition("Evicted")).get().extracting(Condition::reason).isEqualTo("Preempted");
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status).isEqualTo(false);
        assertThat(s.condition("PodsReady")).isEmpty();
        assertThat(s.admittedAtMillis()).isEmpty();

        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 9_000);
        assertThat(s.reservations()).isEqualTo(2);
        assertThat(s.condition("Evicted")).as("a new admission clears the eviction").isEmpty();
        assertThat(s.condition("Preempted")).isEmpty();
        assertThat(s.admissionsAtMillis()).as("every admission, first to last").containsExactly(0L, 9_000L);
    }

    @Test
    void anEvictionOtherThanPreemptionSetsNoPreemptedCondition() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 0);
        s.apply(new Decision.Evict(TRAIN, EvictionReason.PODS_READY_TIMEOUT, "", "its pods were not all ready"), 60_000);
        assertThat(s.condition("Preempted")).isEmpty();
        assertThat(s.condition("Evicted")).get().extracting(Condition::reason).isEqualTo("PodsReadyTimeout");
    }

    @Test
    void aJobWhosePodsStillRunKeepsItsQuotaReservedUntilReleased() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 0);
        s.evicted(new Decision.Evict(TRAIN, EvictionReason.PREEMPTED, "InClusterQueue", "preempted"), 1_000, true);
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status, Condition::lastTransitionMillis)
                .as("still reserved, since the admission").containsExactly(true, 0L);
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::lastTransitionMillis)
                .as("Kueue: Admitted follows QuotaReserved (workload.SyncAdmittedCondition); it goes only with the quota")
                .containsExactly(true, 0L);
        assertThat(s.condition("Evicted")).get().extracting(Condition::status).isEqualTo(true);
        s.released(3_000);
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status, Condition::message)
                .containsExactly(false, "preempted");
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::reason, Condition::lastTransitionMillis)
                .as("Kueue's UnsetQuotaReservationWithCondition: NoReservation").containsExactly(false, "NoReservation", 3_000L);
    }

    @Test
    void anEvictionAfterAdmissionChecksTurnsAdmittedFalseAtOnceThoughThePodsStillRun() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.ReserveQuota(TRAIN, "gpu", ON_A100, List.of("prov")), 0);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 500);
        s.evicted(new Decision.Evict(TRAIN, EvictionReason.PREEMPTED, "InClusterQueue", "preempted"), 1_000, true);
        // Kueue's eviction puts the checks back to Pending (evict.resetChecksOnEviction), so Admitted
        // is false while the quota is still reserved.
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status).isEqualTo(true);
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::reason)
                .containsExactly(false, "UnsatisfiedChecks");
    }

    @Test
    void anEvictionWithNoPodsToWaitForGivesQuotaAndAdmissionBackAtOnce() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 0);
        s.evicted(new Decision.Evict(TRAIN, EvictionReason.PREEMPTED, "InClusterQueue", "preempted"), 1_000, false);
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status).isEqualTo(false);
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::reason)
                .containsExactly(false, "NoReservation");
    }

    @Test
    void aWaitChangesTheMessageAndOnlyAPendingWorkloadsQuotaCondition() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.ReserveQuota(TRAIN, "gpu", ON_A100, List.of("prov")), 0);
        s.apply(new Decision.Wait(TRAIN, Pending.nodes("admission checks passed; waiting for room on the nodes")), 1_000);
        assertThat(s.message()).isEqualTo("admission checks passed; waiting for room on the nodes");
        assertThat(s.condition("QuotaReserved")).get().extracting(Condition::status).isEqualTo(true);
    }

    @Test
    void aFinishedWorkloadHoldsNoQuotaAndKeepsWhatItRanWith() {
        WorkloadStatus s = new WorkloadStatus(false);
        s.apply(new Decision.Admit(TRAIN, "gpu", ON_A100), 0);
        s.finished(60_000, "finished after running 1m");
        assertThat(s.phase()).isEqualTo(Phase.FINISHED);
        assertThat(s.phase().holdsQuota()).isFalse();
        assertThat(s.finishedAtMillis()).contains(60_000L);
        assertThat(s.assignment()).isEqualTo(ON_A100);
        assertThat(s.conditions()).extracting(Condition::type)
                .containsExactly("QuotaReserved", "Admitted", "Finished");
        assertThat(s.condition("Admitted")).get().extracting(Condition::status, Condition::reason)
                .containsExactly(false, "NoReservation");
    }
}
