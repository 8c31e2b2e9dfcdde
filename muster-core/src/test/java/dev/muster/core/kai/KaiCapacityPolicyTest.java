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
 * The per-resource cases of KAI's capacity policy (NVIDIA/KAI-Scheduler 72de64fc,
 * pkg/scheduler/plugins/proportion/capacity_policy): quota_check_test.go "isAllocatedNonPreemptibleOverQuota
 * tests" and max_allowed_check_test.go "IsOverMaxAllowed tests". KAI's tests check a computed value, whether
 * the queue is over and which resource (the first of cpu, memory, gpu that is over); here the same queue
 * figures are reached by admitting workloads, and the check is whether the job under test waits and which
 * resources the wait names. The whole-queue cases of the same files are scenarios under
 * muster-sim's conformance/kai/capacity.
 */
class KaiCapacityPolicyTest {

    private static final String CPU = "cpu";
    private static final String MEMORY = "memory";
    private static final String GPU = "nvidia.com/gpu";
    private static final int TRAIN = 50;
    private static final int BUILD = 100;
    private long seq;

    /** A queue with the same quota and limit (null: unlimited) for cpu, memory and GPUs, in milli-units. */
    private static KaiQueueSpec queue(long quotaMilli, Long limitMilli) {
        List<Share> shares = List.of(CPU, MEMORY, GPU).stream()
                .map(r -> new Share(r, Optional.of(Quantity.ofMilli(quotaMilli)),
                        Optional.ofNullable(limitMilli).map(Quantity::ofMilli), 1000))
                .toList();
        return new KaiQueueSpec("q", Optional.empty(), 100, shares);
    }

    /** One queue alone on a cluster far larger than any request: only the capacity policy can refuse. */
    private static Engine engine(KaiQueueSpec q) {
        long big = 1_000_000L;
        return new Engine(EngineSetup.kai(List.of(q), Map.of(CPU, big, MEMORY, big, GPU, big), AdmissionSettings.DEFAULTS));
    }

    /** A one-pod workload asking for the given milli-amounts of cpu, memory and GPUs (0 = not asked for). */
    private void submit(Engine e, String name, int priority, long cpu, long memory, long gpu) {
        java.util.Map<String, Quantity> req = new java.util.LinkedHashMap<>();
        if (cpu > 0) req.put(CPU, Quantity.ofMilli(cpu));
        if (memory > 0) req.put(MEMORY, Quantity.ofMilli(memory));
        if (gpu > 0) req.put(GPU, Quantity.ofMilli(gpu));
        long s = seq++;
        e.submit(new Workload(new ObjectKey("default", name), "q", priority, s, s,
                List.of(PodSet.of("main", 1, new ResourceList(req)))), QueueRef.kaiQueue("q"));
    }

    private static boolean admitted(List<Decision> decisions, String name) {
        return decisions.stream().anyMatch(d -> d instanceof Decision.Admit a && a.workload().name().equals(name));
    }

    private static Pending waitOf(List<Decision> decisions, String name) {
        return decisions.stream().filter(d -> d instanceof Decision.Wait w && w.workload().name().equals(name))
                .map(d -> ((Decision.Wait) d).pending()).reduce((a, b) -> b).orElseThrow();
    }

    // quota_check_test.go: deserved 5 of each resource, non-preemptible 1 of each allocated.

    private Engine nonPreemptibleOneOfEachWithin(long quotaMilli) {
        Engine e = engine(queue(quotaMilli, null));
        submit(e, "allocated", BUILD, 1000, 1000, 1000);
        assertThat(admitted(e.schedule(0), "allocated")).as("the state the case starts from").isTrue();
        return e;
    }

    @Test
    void nonPreemptibleLowerThanDeservedInAllResourcesIsAdmitted() {
        // "lower than deserved quota in all resources": 1 + 3 <= 5 for each -> not over.
        Engine e = nonPreemptibleOneOfEachWithin(5000);
        submit(e, "job", BUILD, 3000, 3000, 3000);
        assertThat(admitted(e.schedule(1), "job")).isTrue();
    }

    @Test
    void nonPreemptibleOverDeservedInCpuOnlyWaitsNamingCpu() {
        // "lower than deserved in some resources": cpu 1 + 10 > 5, memory and gpu 1 + 3 <= 5 -> over, cpu.
        Engine e = nonPreemptibleOneOfEachWithin(5000);
        submit(e, "job", BUILD, 10_000, 3000, 3000);
        Pending why = waitOf(e.schedule(1), "job");
        assertThat(why.why()).isEqualTo(Pending.Why.NON_PREEMPTIBLE_OVER_QUOTA);
        assertThat(why.message()).contains("cpu: quota 5").doesNotContain("memory: quota").doesNotContain("nvidia.com/gpu: quota");
    }

    @Test
    void nonPreemptibleOverDeservedInAllResourcesWaitsNamingCpu() {
        // "higher than deserved in all resources": KAI names cpu, the first of cpu, memory, gpu over quota.
        // Muster names every resource over quota; cpu is among them.
        Engine e = nonPreemptibleOneOfEachWithin(5000);
        submit(e, "job", BUILD, 10_000, 10_000, 10_000);
        Pending why = waitOf(e.schedule(1), "job");
        assertThat(why.why()).isEqualTo(Pending.Why.NON_PREEMPTIBLE_OVER_QUOTA);
        assertThat(why.message()).contains("cpu: quota 5");
    }

    // max_allowed_check_test.go: max allowed cpu 1000m, memory 1, gpu 1 (here all three in milli-units: 1000).

    private Engine preemptibleAllocated(Long limitMilli, long cpu, long memory, long gpu) {
        Engine e = engine(queue(0, limitMilli));
        if (cpu + memory + gpu > 0) {
            submit(e, "allocated", TRAIN, cpu, memory, gpu);
            assertThat(admitted(e.schedule(0), "allocated")).as("the state the case starts from").isTrue();
        }
        return e;
    }

    @Test
    void noMaxAllowedIsNeverOver() {
        // "no maxAllowed": allocated cpu 500, memory 1, gpu 1, asking 1000, 1, 1 of unlimited queues.
        Engine e = preemptibleAllocated(null, 500, 1000, 1000);
        submit(e, "job", TRAIN, 1000, 1000, 1000);
        assertThat(admitted(e.schedule(1), "job")).isTrue();
    }

    @Test
    void nothingAllocatedAndAskingExactlyTheLimitIsNotOver() {
        // "no allocated equal to max allowed": 0 + 1000 <= 1000 (reaching the limit is allowed).
        Engine e = preemptibleAllocated(1000L, 0, 0, 0);
        submit(e, "job", TRAIN, 1000, 1000, 1000);
        assertThat(admitted(e.schedule(1), "job")).isTrue();
    }

    @Test
    void nothingAllocatedAndAskingHalfTheLimitIsNotOver() {
        // "no allocated under max allowed": 500 of cpu, 0.5 of memory and of gpu.
        Engine e = preemptibleAllocated(1000L, 0, 0, 0);
        submit(e, "job", TRAIN, 500, 500, 500);
        assertThat(admitted(e.schedule(1), "job")).isTrue();
    }

    /** The job waits OverLimit and the limit shortages it reports include the given resources. */
    private void assertOverLimitIn(Long limit, long[] allocated, long[] asked, String... resources) {
        Engine e = preemptibleAllocated(limit, allocated[0], allocated[1], allocated[2]);
        submit(e, "job", TRAIN, asked[0], asked[1], asked[2]);
        Pending why = waitOf(e.schedule(1), "job");
        assertThat(why.why()).isEqualTo(Pending.Why.OVER_LIMIT);
        assertThat(why.shortages()).filteredOn(Shortage::overLimit).extracting(Shortage::resource)
                .contains(resources);
    }

    @Test
    void overMaxAllowedInAllResources() {
        // "over max allowed in all recources": cpu 500 + 1000, memory 1 + 1, gpu 1 + 1 against 1000, 1, 1.
        // KAI names cpu, the first of cpu, memory, gpu over its limit.
        assertOverLimitIn(1000L, new long[] {500, 1000, 1000}, new long[] {1000, 1000, 1000}, CPU);
    }

    @Test
    void overMaxAllowedOnlyInCpu() {
        // "over max allowed only cpu": memory and gpu are at their limit but not asked for.
        assertOverLimitIn(1000L, new long[] {500, 1000, 1000}, new long[] {1000, 0, 0}, CPU);
    }

    @Test
    void overMaxAllowedOnlyInMemory() {
        // "over max allowed only Memory".
        assertOverLimitIn(1000L, new long[] {500, 1000, 1000}, new long[] {0, 1000, 0}, MEMORY);
    }

    @Test
    void overMaxAllowedOnlyInGpu() {
        // "over max allowed only gpu".
        assertOverLimitIn(1000L, new long[] {500, 1000, 1000}, new long[] {0, 0, 1000}, GPU);
    }
}
