package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The KAI dialect end to end in the engine: queue order, reclaim, preemptibility, leaf queues. */
class KaiEngineTest {

    private static final String GPU = "nvidia.com/gpu";
    private long seq;

    private static KaiQueueSpec queue(String name, String parent, long quotaGpus, Long limitGpus) {
        return new KaiQueueSpec(name, Optional.ofNullable(parent), 100, List.of(new Share(GPU,
                Optional.of(Quantity.ofUnits(quotaGpus)), Optional.ofNullable(limitGpus).map(Quantity::ofUnits), 1000)));
    }

    private static Engine engine(long clusterGpus, KaiQueueSpec... queues) {
        return new Engine(EngineSetup.kai(List.of(queues), Map.of(GPU, clusterGpus * 1000), AdmissionSettings.DEFAULTS));
    }

    private Workload job(String queue, String name, int priority, int pods) {
        long s = seq++;
        return new Workload(new ObjectKey("default", name), queue, priority, s, s,
                List.of(PodSet.of("main", pods, new ResourceList(Map.of(GPU, Quantity.ofUnits(1))))));
    }

    private static List<Decision> settle(Engine engine, long now) {
        List<Decision> all = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            List<Decision> d = engine.schedule(now);
            all.addAll(d);
            List<Decision.Evict> ev = d.stream().filter(x -> x instanceof Decision.Evict).map(x -> (Decision.Evict) x).toList();
            if (ev.isEmpty()) {
                break;
            }
            ev.forEach(e -> engine.evicted(e.workload(), now));
        }
        return all;
    }

    private static List<String> admitted(List<Decision> d) {
        return d.stream().filter(x -> x instanceof Decision.Admit).map(x -> x.workload().name()).toList();
    }

    private static List<Decision.Evict> evictions(List<Decision> d) {
        return d.stream().filter(x -> x instanceof Decision.Evict).map(x -> (Decision.Evict) x).toList();
    }

    /**
     * A pod asking for 30720 MiB of GPU memory on 40960 MiB devices is charged 0.75 GPU to its
     * queue, when it is submitted and when a restarted controller takes its admission over.
     */
    @Test
    void aGpuMemoryPodIsChargedItsShareOfAGpuAlsoWhenItsAdmissionIsRestored() {
        var node = new dev.muster.core.placement.NodeSpec("gpu-node-1", Map.of(), List.of(), false,
                new ResourceList(Map.of(GPU, Quantity.ofUnits(2), "cpu", Quantity.ofUnits(8))), 40960, "NVIDIA-A100");
        java.util.function.Supplier<Engine> engine = () -> new Engine(
                EngineSetup.kai(List.of(queue("a", null, 2, null)), Map.of(GPU, 2000L), AdmissionSettings.DEFAULTS)
                        .withNodes(List.of(node), List.of()));
        Workload memory = new Workload(new ObjectKey("default", "memory"), "a", 50, 0, 0, List.of(PodSet.of("main", 1,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(1)))).withHints(
                new dev.muster.core.model.PlacementHints(Map.of(), List.of(), List.of(), 0, 30720))));

        Engine submitted = engine.get();
        submitToKai(submitted, memory);
        assertThat(admitted(settle(submitted, 0))).containsExactly("memory");
        assertThat(submitted.usage("a").get("default").get(GPU)).isEqualTo(Quantity.ofMilli(750));

        Engine restarted = engine.get();
        restarted.restore(memory, "a", List.of(new dev.muster.core.queue.PodSetAssignment("main", 1,
                Map.of("cpu", "default", GPU, "default"))), true, 0);
        assertThat(restarted.usage("a").get("default").get(GPU)).isEqualTo(Quantity.ofMilli(750));
    }

    @Test
    void aQueueUsesIdleGpusBeyondItsQuota() {
        Engine e = engine(8, queue("a", null, 2, null), queue("b", null, 2, null));
        submitToKai(e, job("a", "big", 50, 6));
        assertThat(admitted(settle(e, 0))).containsExactly("big");
    }

    @Test
    void aLimitStopsAQueueAlthoughGpusAreFree() {
        Engine e = engine(8, queue("a", null, 2, 3L), queue("b", null, 2, null));
        submitToKai(e, job("a", "four", 50, 4));
        assertThat(admitted(settle(e, 0))).isEmpty();
        assertThat(e.reason(new ObjectKey("default", "four")).orElseThrow()).contains("does not fit queue a");
    }

    @Test
    void aQueueBelowItsFairShareReclaimsFromOneAbove() {
        Engine e = engine(8, queue("a", null, 4, null), queue("b", null, 4, null));
        for (int i = 0; i < 8; i++) {
            submitToKai(e, job("b", "b-" + i, 50, 1));
        }
        settle(e, 0);
        submitToKai(e, job("a", "a-0", 50, 2));
        List<Decision> d = settle(e, 1);
        assertThat(evictions(d)).extracting(x -> x.workload().name()).containsExactly("b-7", "b-6");
        assertThat(evictions(d)).allSatisfy(x -> assertThat(x.detail()).isEqualTo("InCohortFairSharing"));
        assertThat(admitted(d)).containsExactly("a-0");
    }

    @Test
    void reclaimNeverTakesAQueueBelowItsFairShare() {
        Engine e = engine(8, queue("a", null, 4, null), queue("b", null, 4, null));
        for (int i = 0; i < 4; i++) {
            submitToKai(e, job("b", "b-" + i, 50, 1));
        }
        for (int i = 0; i < 4; i++) {
            submitToKai(e, job("a", "a-" + i, 50, 1));
        }
        settle(e, 0);
        // both at their fair share of 4: a's fifth may not take from b
        submitToKai(e, job("a", "a-4", 50, 1));
        assertThat(evictions(settle(e, 1))).isEmpty();
    }

    /**
     * KAI tries a reclaim by allocating the workload and its victims again in its queue order
     * (actions/common/action.go TryToVirtuallyAllocatePreemptorAndGetVictims). a (fair share 2)
     * and c (fair share 1: its weight 0 leaves it none of the GPU beyond quotas) both stand above
     * their quota of 1 with their job, so queue priority decides: of priority 101, c's victim is
     * allocated again first and a-1 gets nothing; of priority 100, a comes first (the smaller
     * share of its allocatable share in use) and takes c-1's GPU.
     */
    @Test
    void aVictimOfAQueueServedBeforeTheReclaimersTakesItsRoomBack() {
        for (int priority : new int[] {100, 101}) {
            Engine e = engine(3, new KaiQueueSpec("a", Optional.empty(), 100, List.of(new Share(GPU,
                            Optional.of(Quantity.ofUnits(1)), Optional.empty(), 1000))),
                    new KaiQueueSpec("c", Optional.empty(), priority, List.of(new Share(GPU,
                            Optional.of(Quantity.ofUnits(1)), Optional.empty(), 0))));
            submitToKai(e, job("c", "c-0", 50, 1));
            submitToKai(e, job("c", "c-1", 50, 1));
            submitToKai(e, job("a", "a-0", 50, 1));
            assertThat(admitted(settle(e, 0))).containsExactlyInAnyOrder("c-0", "c-1", "a-0");
            submitToKai(e, job("a", "a-1", 50, 1));
            List<Decision> d = settle(e, 1);
            if (priority == 100) {
                assertThat(evictions(d)).extracting(x -> x.workload().name()).containsExactly("c-1");
                assertThat(admitted(d)).containsExactly("a-1");
            } else {
                assertThat(evictions(d)).isEmpty();
                assertThat(e.reason(new ObjectKey("default", "a-1")).orElseThrow())
                        .contains("queue c comes before queue a in KAI's allocation order");
            }
        }
    }

    @Test
    void nonPreemptibleWorkloadsStayWithinQuotaAndAreNeverEvicted() {
        Engine e = engine(8, queue("a", null, 2, null), queue("b", null, 6, null));
        submitToKai(e, job("a", "inference", 125, 2));
        submitToKai(e, job("a", "build-over-quota", 100, 1));
        List<Decision> d = settle(e, 0);
        assertThat(admitted(d)).containsExactly("inference");
        assertThat(e.reason(new ObjectKey("default", "build-over-quota")).orElseThrow()).contains("non-preemptible");
        // b reclaims its fair share: a's non-preemptible inference is not a candidate
        for (int i = 0; i < 8; i++) {
            submitToKai(e, job("b", "b-" + i, 50, 1));
        }
        assertThat(evictions(settle(e, 1))).isEmpty();
    }

    @Test
    void higherPriorityPreemptsLowerInTheSameQueue() {
        Engine e = engine(2, queue("a", null, 2, null));
        submitToKai(e, job("a", "train", 50, 2));
        settle(e, 0);
        submitToKai(e, job("a", "build-preemptible", 75, 2));
        List<Decision> d = settle(e, 1);
        assertThat(evictions(d)).singleElement().satisfies(x -> {
            assertThat(x.workload().name()).isEqualTo("train");
            assertThat(x.detail()).isEqualTo("InClusterQueue");
        });
        assertThat(admitted(d)).containsExactly("build-preemptible");
    }

    @Test
    void onlyLeafQueuesTakeWorkloads() {
        Engine e = engine(8, queue("dept", null, 4, null), queue("team", "dept", 4, null));
        submitToKai(e, job("dept", "to-parent", 50, 1));
        submitToKai(e, job("nope", "to-missing", 50, 1));
        settle(e, 0);
        assertThat(e.reason(new ObjectKey("default", "to-parent")).orElseThrow())
                .contains("queue dept is a parent queue; only leaf queues take workloads").contains("team");
        assertThat(e.reason(new ObjectKey("default", "to-missing")).orElseThrow()).contains("queue nope does not exist");
    }

    @Test
    void aGangIsAdmittedAtItsMinimumWhenTheRestDoesNotFit() {
        Engine e = engine(3, queue("a", null, 3, null));
        Workload ray = new Workload(new ObjectKey("default", "ray"), "a", 50, 0, 0, List.of(
                PodSet.of("head", 1, ResourceList.EMPTY),
                new PodSet("worker", 4, 2, new ResourceList(Map.of(GPU, Quantity.ofUnits(1))))));
        submitToKai(e, ray);
        List<Decision> d = settle(e, 0);
        assertThat(d).filteredOn(x -> x instanceof Decision.Admit).singleElement()
                .satisfies(x -> assertThat(((Decision.Admit) x).assignment().podSets().get(1).count()).isEqualTo(3));
    }

    @Test
    void replicasBeyondAGangsMinimumAreTheFirstToGo() {
        Engine e = engine(4, queue("a", null, 2, null), queue("b", null, 2, null));
        Workload elastic = new Workload(new ObjectKey("default", "elastic"), "b", 50, 0, 0, List.of(
                new PodSet("worker", 4, 2, new ResourceList(Map.of(GPU, Quantity.ofUnits(1))))));
        submitToKai(e, elastic);
        assertThat(admitted(settle(e, 0))).containsExactly("elastic");
        submitToKai(e, job("a", "a-job", 50, 2));
        List<Decision> d = settle(e, 1);
        assertThat(evictions(d)).as("no gang is evicted whole").isEmpty();
        assertThat(d).filteredOn(x -> x instanceof Decision.Resize).singleElement().satisfies(x -> {
            assertThat(x.workload().name()).isEqualTo("elastic");
            assertThat(((Decision.Resize) x).to().podSets().get(0).count()).isEqualTo(2);
        });
        assertThat(admitted(d)).containsExactly("a-job");
    }

    @Test
    void aGangGrowsBackToItsReplicasWhenRoomAppears() {
        Engine e = engine(4, queue("a", null, 2, null), queue("b", null, 2, null));
        submitToKai(e, job("a", "a-job", 50, 2));
        settle(e, 0);
        Workload elastic = new Workload(new ObjectKey("default", "elastic"), "b", 50, 1, 100, List.of(
                new PodSet("worker", 4, 2, new ResourceList(Map.of(GPU, Quantity.ofUnits(1))))));
        submitToKai(e, elastic);
        List<Decision> first = settle(e, 1);
        assertThat(first).filteredOn(x -> x instanceof Decision.Admit).singleElement()
                .satisfies(x -> assertThat(((Decision.Admit) x).assignment().podSets().get(0).count()).isEqualTo(2));
        e.remove(new ObjectKey("default", "a-job"));
        List<Decision> later = settle(e, 2);
        assertThat(later).filteredOn(x -> x instanceof Decision.Resize).singleElement()
                .satisfies(x -> assertThat(((Decision.Resize) x).to().podSets().get(0).count()).isEqualTo(4));
    }

    /** Submits to the KAI queue the workload names. */
    private static void submitToKai(Engine engine, Workload wl) {
        engine.submit(wl, QueueRef.kaiQueue(wl.queueName()));
    }
}
