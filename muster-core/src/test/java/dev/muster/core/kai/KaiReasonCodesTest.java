package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Pending;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Shortage;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Why a KAI workload waits, in KAI's vocabulary (pkg/apis/scheduling/v2alpha2/podgroup_types.go:
 * NonPreemptibleOverQuota, OverLimit) and Muster's own where KAI only says Unschedulable (over fair
 * share), with the figures of what it lacks.
 */
class KaiReasonCodesTest {

    private static final String GPU = "nvidia.com/gpu";
    private long seq;

    private static KaiQueueSpec queue(String name, long quotaGpus, Long limitGpus) {
        return new KaiQueueSpec(name, Optional.empty(), 100, List.of(new Share(GPU,
                Optional.of(Quantity.ofUnits(quotaGpus)), Optional.ofNullable(limitGpus).map(Quantity::ofUnits), 1000)));
    }

    private static Engine engine(long clusterGpus, KaiQueueSpec... queues) {
        return new Engine(EngineSetup.kai(List.of(queues), Map.of(GPU, clusterGpus * 1000), AdmissionSettings.DEFAULTS));
    }

    private void submit(Engine e, String queue, String name, int priority, int gpus) {
        long s = seq++;
        e.submit(new Workload(new ObjectKey("default", name), queue, priority, s, s,
                List.of(PodSet.of("main", gpus, new ResourceList(Map.of(GPU, Quantity.ofUnits(1)))))), QueueRef.kaiQueue(queue));
    }

    private static Pending waitOf(List<Decision> decisions, String name) {
        return decisions.stream().filter(d -> d instanceof Decision.Wait w && w.workload().name().equals(name))
                .map(d -> ((Decision.Wait) d).pending()).reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void aQueueItsLimitStopsWaitsOverLimitWithTheFiguresOfWhatItLacks() {
        Engine e = engine(8, queue("a", 2, 3L), queue("b", 2, null));
        submit(e, "a", "two", 50, 2);
        submit(e, "a", "two-more", 50, 2);

        Pending why = waitOf(e.schedule(0), "two-more");

        assertThat(why.why()).isEqualTo(Pending.Why.OVER_LIMIT);
        assertThat(why.shortages()).singleElement().satisfies(s -> {
            assertThat(s).extracting(Shortage::neededMilli, Shortage::availableMilli, Shortage::overLimit)
                    .containsExactly(2000L, 1000L, true);
            assertThat(s.describe()).isEqualTo("2 nvidia.com/gpu in flavor default, 1 available (the limit of queue a)");
        });
    }

    @Test
    void aRequestBeyondTheLimitItselfIsOverLimitTooAndSaysItNeverFits() {
        Engine e = engine(8, queue("a", 2, 3L), queue("b", 2, null));
        submit(e, "a", "four", 50, 4);

        Pending why = waitOf(e.schedule(0), "four");

        assertThat(why.why()).isEqualTo(Pending.Why.OVER_LIMIT);
        assertThat(why.why().kaiReason()).isEqualTo("OverLimit");
        assertThat(why.why().kueueReason()).as("the Workload condition keeps Kueue's reason").isEqualTo("WaitingForQuota");
        assertThat(why.shortages()).singleElement().satisfies(s -> {
            assertThat(s).extracting(Shortage::resource, Shortage::neededMilli, Shortage::overLimit)
                    .containsExactly(GPU, 4000L, true);
            assertThat(s.describe()).isEqualTo("4 nvidia.com/gpu in flavor default, at most 3 ever (the limit of queue a)");
        });
    }

    @Test
    void aQueueAtItsFairShareWithNothingFreeWaitsOverFairShare() {
        Engine e = engine(8, queue("a", 4, null), queue("b", 4, null));
        for (int i = 0; i < 4; i++) {
            submit(e, "b", "b-" + i, 50, 1);
            submit(e, "a", "a-" + i, 50, 1);
        }
        e.schedule(0);
        submit(e, "a", "a-4", 50, 1);

        Pending why = waitOf(e.schedule(1), "a-4");

        assertThat(why.why()).isEqualTo(Pending.Why.OVER_FAIR_SHARE);
        assertThat(why.why().code()).isEqualTo("OverFairShare");
        assertThat(why.message()).contains("would be above its fair share");
        assertThat(why.shortages()).extracting(Shortage::availableMilli).containsExactly(0L);
    }

    @Test
    void aNonPreemptibleWorkloadBeyondItsQueuesQuotaWaitsNonPreemptibleOverQuota() {
        Engine e = engine(8, queue("a", 2, null), queue("b", 6, null));
        submit(e, "a", "inference", 125, 2);
        submit(e, "a", "build-over-quota", 100, 1);

        Pending why = waitOf(e.schedule(0), "build-over-quota");

        assertThat(why.why()).isEqualTo(Pending.Why.NON_PREEMPTIBLE_OVER_QUOTA);
        assertThat(why.why().kaiReason()).isEqualTo("NonPreemptibleOverQuota");
        assertThat(why.message()).contains("non-preemptible");
    }

    @Test
    void everyKindHasACodeInKueuesSpellingAndAKaiReason() {
        assertThat(Pending.Why.WAITING_FOR_QUOTA.code()).isEqualTo("WaitingForQuota");
        assertThat(Pending.Why.WAITING_FOR_PREEMPTED_WORKLOADS.code()).isEqualTo(Pending.Why.WAITING_FOR_PREEMPTED_WORKLOADS.kueueReason());
        assertThat(Pending.Why.MISCONFIGURED.kaiReason()).isEqualTo("QueueDoesNotExist");
        assertThat(Pending.Why.WAITING_FOR_QUOTA.kaiReason()).isEqualTo("Unschedulable");
    }
}
