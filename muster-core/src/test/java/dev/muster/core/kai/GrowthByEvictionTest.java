package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.FlavorResourceIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Gangs running below their full size take replicas of others for their next tasks, as KAI's
 * reclaim and preempt actions do for any job with pending tasks ({@link GrowthByEviction}), one
 * replica per step, and {@link NextTask}'s choice of that replica.
 */
class GrowthByEvictionTest {

    private static final String GPU = "nvidia.com/gpu";
    private long seq;

    private static KaiQueueSpec queue(String name, long quotaGpus) {
        return new KaiQueueSpec(name, Optional.empty(), 100,
                List.of(new Share(GPU, Optional.of(Quantity.ofUnits(quotaGpus)), Optional.empty(), 1000)));
    }

    private Workload elastic(String queue, String name, int priority, int workers, int min) {
        long s = seq++;
        return new Workload(new ObjectKey("default", name), queue, priority, s, s,
                List.of(new PodSet("workers", workers, min, new ResourceList(Map.of(GPU, Quantity.ofUnits(1))))));
    }

    /** Schedules at {@code from} and at each time the engine asks to be woken, up to {@code until}. */
    private static List<Decision> run(Engine e, long from, long until) {
        List<Decision> all = new ArrayList<>(e.schedule(from));
        while (e.nextWakeupMillis().isPresent() && e.nextWakeupMillis().getAsLong() <= until) {
            all.addAll(e.schedule(e.nextWakeupMillis().getAsLong()));
        }
        return all;
    }

    private static int workers(Engine e, String name) {
        return e.admittedWorkloads().stream().filter(a -> a.workload().key().name().equals(name)).findFirst()
                .orElseThrow().assignment().podSets().get(0).count();
    }

    private static List<String> resized(List<Decision> d) {
        return d.stream().filter(x -> x instanceof Decision.Resize).map(x -> x.workload().name()).toList();
    }

    /**
     * Two queues of equal weight share 8 GPUs; queue a's elastic gang (8 workers, minimum 1) holds
     * them all when queue b's (the same) arrives. Both ask for 8, so each queue's fair share is 4.
     * b's minimum takes one of a's extra workers (a: 8 > 4); then b's next worker, one per step:
     * 1 + 1, 2 + 1, 3 + 1 are within b's share 4 while a, at 7, 6, 5, is above its own. At 4 + 4
     * b's next would put its queue above its share (5 > 4), and a's next would too: nothing moves
     * back, and the engine stops asking to be woken.
     */
    @Test
    void aPartlyRunningGangReclaimsOneReplicaAtATimeUpToItsFairShareAndNoFurther() {
        Engine e = new Engine(EngineSetup.kai(List.of(queue("a", 0), queue("b", 0)), Map.of(GPU, 8000L),
                AdmissionSettings.DEFAULTS));
        Workload a = elastic("a", "wide-a", 50, 8, 1);
        Workload b = elastic("b", "wide-b", 50, 8, 1);
        e.submit(a, QueueRef.kaiQueue("a"));
        run(e, 0, 0);
        assertThat(workers(e, "wide-a")).isEqualTo(8);

        e.submit(b, QueueRef.kaiQueue("b"));
        List<Decision> d = run(e, 1_000, 60_000);
        assertThat(workers(e, "wide-a")).isEqualTo(4);
        assertThat(workers(e, "wide-b")).isEqualTo(4);
        assertThat(d).noneMatch(x -> x instanceof Decision.Evict);
        // a shrank four times (once for b's minimum, three times for b's next workers); b grew three times.
        assertThat(resized(d)).filteredOn("wide-a"::equals).hasSize(4);
        assertThat(resized(d)).filteredOn("wide-b"::equals).hasSize(3);
        assertThat(e.nextWakeupMillis()).isEmpty();
        assertThat(e.schedule(120_000)).noneMatch(x -> x instanceof Decision.Resize);
    }

    /**
     * One queue (quota 4, 4 GPUs): a low-priority elastic gang (4 workers, minimum 1) runs, then a
     * higher-priority one (3 workers, minimum 1) arrives. Preemption takes the low gang's extra
     * workers one at a time for the high gang's minimum and then for each of its next workers,
     * until the high gang runs all 3; the low gang keeps its minimum of 1, and nothing is evicted whole.
     */
    @Test
    void aPartlyRunningGangPreemptsExtraReplicasOfLowerPriorityInItsQueue() {
        Engine e = new Engine(EngineSetup.kai(List.of(queue("q", 4)), Map.of(GPU, 4000L), AdmissionSettings.DEFAULTS));
        e.submit(elastic("q", "low", 40, 4, 1), QueueRef.kaiQueue("q"));
        run(e, 0, 0);
        e.submit(elastic("q", "high", 60, 3, 1), QueueRef.kaiQueue("q"));
        List<Decision> d = run(e, 1_000, 60_000);
        assertThat(workers(e, "high")).isEqualTo(3);
        assertThat(workers(e, "low")).isEqualTo(1);
        assertThat(d).noneMatch(x -> x instanceof Decision.Evict);
    }

    /**
     * A plan that would evict a whole gang is not carried out for a growing gang (Muster holds room
     * only for pending preemptors): queue b's gang runs its minimum and stays there while queue a
     * runs only whole gangs at their minimum.
     */
    @Test
    void aGrowingGangEvictsNoWholeGang() {
        Engine e = new Engine(EngineSetup.kai(List.of(queue("a", 0), queue("b", 0)), Map.of(GPU, 4000L),
                AdmissionSettings.DEFAULTS));
        for (int i = 0; i < 3; i++) {
            e.submit(elastic("a", "single-" + i, 50, 1, 1), QueueRef.kaiQueue("a"));
        }
        run(e, 0, 0);
        e.submit(elastic("b", "grower", 50, 3, 1), QueueRef.kaiQueue("b"));
        List<Decision> d = run(e, 1_000, 60_000);
        // b's minimum takes the free GPU; its next worker would need one of a's gangs whole.
        assertThat(workers(e, "grower")).isEqualTo(1);
        assertThat(d).noneMatch(x -> x instanceof Decision.Evict);
        assertThat(e.nextWakeupMillis()).isEmpty();
    }

    /**
     * KAI's subgroup order (PodSetOrderFn): the next replica comes from the pod set with the
     * lowest share of its minimum running, among those still short of their count: 3 of minimum 2
     * (1.5) against 1 of minimum 1 (1.0) picks the second; a pod set at its full count is passed over.
     */
    @Test
    void theNextTaskComesFromThePodSetWithTheLowestShareOfItsMinimum() {
        KaiQuotaTree.Translation t = KaiQuotaTree.translate(List.of(queue("q", 8)), Map.of(GPU, 8000L));
        FlavorResourceIndex index = dev.muster.core.quota.QuotaTree.build(t.leaves(), t.cohorts()).index();
        int gpu = index.indexOf(KaiQuotaTree.FLAVOR, GPU);
        ResourceList one = new ResourceList(Map.of(GPU, Quantity.ofUnits(1)));
        Workload wl = new Workload(new ObjectKey("default", "two-sets"), "q", 50, 0, 0, List.of(
                new PodSet("first", 4, 2, one), new PodSet("second", 3, 1, one), new PodSet("full", 2, 1, one)));
        Map<String, String> flavors = Map.of(GPU, KaiQuotaTree.FLAVOR);
        long[] usage = new long[index.size()];
        usage[gpu] = 6000;
        AdmittedWorkload g = new AdmittedWorkload(wl, "q", new Assignment(List.of(new PodSetAssignment("first", 3, flavors),
                new PodSetAssignment("second", 1, flavors), new PodSetAssignment("full", 2, flavors)), usage, false), 0);

        NextTask next = NextTask.of(g, index);
        assertThat(next.podSet()).isEqualTo(1);
        assertThat(next.one().podSets()).extracting(PodSetAssignment::count).containsExactly(0, 1, 0);
        assertThat(next.one().usage()[gpu]).isEqualTo(1000);
        assertThat(next.larger().podSets()).extracting(PodSetAssignment::count).containsExactly(3, 2, 2);
        assertThat(next.larger().usage()[gpu]).isEqualTo(7000);
    }
}
