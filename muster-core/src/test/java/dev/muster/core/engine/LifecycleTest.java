package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.engine.PodsReadyPolicy;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.AdmissionCheckRule;
import dev.muster.core.model.ObjectKey;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Admission checks and waitForPodsReady: what happens to a workload between quota and running. */
class LifecycleTest {

    private final EngineFixtures f = new EngineFixtures();
    private final ObjectKey job = new ObjectKey("q", "job");

    private Engine withCheck() {
        ClusterQueuePolicies checks = new ClusterQueuePolicies(ClusterQueuePolicies.Preemption.DEFAULT,
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(new AdmissionCheckRule("gate", List.of())),
                ClusterQueuePolicies.StopPolicy.NONE);
        Engine engine = f.queue("q", null, 4, checks).engine();
        engine.submit(f.workload("q", "job", 0, 1, 2));
        return engine;
    }

    @Test
    void quotaIsReservedFirstAndAdmissionWaitsForEveryCheck() {
        Engine engine = withCheck();
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.ReserveQuota.class);
        assertThat(engine.checks(job)).containsEntry("gate", CheckState.PENDING);
        assertThat(engine.isAdmitted(job)).isFalse();
        engine.updateCheck(job, "gate", CheckState.READY, "", 0);
        assertThat(engine.schedule(10)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.isAdmitted(job)).isTrue();
    }

    @Test
    void retryEvictsAndRequeuesAfterTheDelay() {
        Engine engine = withCheck();
        engine.schedule(0);
        engine.updateCheck(job, "gate", CheckState.RETRY, "no capacity yet", 60_000);
        List<Decision> d = engine.schedule(5_000);
        assertThat(d).singleElement().isInstanceOfSatisfying(Decision.Evict.class, e -> {
            assertThat(e.reason()).isEqualTo(EvictionReason.ADMISSION_CHECK);
            assertThat(e.message()).contains("gate asks to retry: no capacity yet");
        });
        engine.evicted(job, 5_000);
        assertThat(engine.nextWakeupMillis()).hasValue(65_000);
        assertThat(engine.schedule(30_000)).noneMatch(x -> x instanceof Decision.ReserveQuota);
        assertThat(engine.schedule(65_000)).anyMatch(x -> x instanceof Decision.ReserveQuota);
    }

    @Test
    void rejectedDeactivates() {
        Engine engine = withCheck();
        engine.schedule(0);
        engine.updateCheck(job, "gate", CheckState.REJECTED, "never", 0);
        engine.schedule(1);
        engine.evicted(job, 1);
        assertThat(engine.deactivation(job).orElseThrow()).contains("rejected the workload: never");
        assertThat(engine.schedule(100_000)).noneMatch(x -> x instanceof Decision.ReserveQuota);
        assertThat(engine.clusterQueue("q").orElseThrow().pendingCount()).isZero();
    }

    @Test
    void eachBackoffEndsAtItsOwnTime() {
        // Three workloads wait out backoffs that end in an order other than their names' (b, then a,
        // then c): each queues again exactly when its own backoff ends, never with another's.
        ClusterQueuePolicies checks = new ClusterQueuePolicies(ClusterQueuePolicies.Preemption.DEFAULT,
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(new AdmissionCheckRule("gate", List.of())),
                ClusterQueuePolicies.StopPolicy.NONE);
        Engine engine = f.queue("q", null, 12, checks).engine();
        java.util.Map<String, Long> backoffs = java.util.Map.of("a", 20_000L, "b", 10_000L, "c", 30_000L);
        for (String name : List.of("a", "b", "c")) {
            engine.submit(f.workload("q", name, 0, 1, 2));
        }
        engine.schedule(0);
        backoffs.forEach((name, delay) -> engine.updateCheck(new ObjectKey("q", name), "gate", CheckState.RETRY, "", delay));
        engine.schedule(0).forEach(d -> engine.evicted(d.workload(), 0));

        for (long t : List.of(10_000L, 20_000L, 30_000L)) {
            List<String> reserved = engine.schedule(t).stream().filter(d -> d instanceof Decision.ReserveQuota)
                    .map(d -> d.workload().name()).toList();
            String due = backoffs.entrySet().stream().filter(e -> e.getValue() == t).findFirst().orElseThrow().getKey();
            assertThat(reserved).as("reserved at %d ms", t).containsExactly(due);
        }
    }

    private Engine withPodsReady(boolean block, Optional<Integer> limit) {
        PodsReadyPolicy policy = new PodsReadyPolicy(true, 120_000, block, true, limit, 60_000, 3_600_000);
        return f.queue("q", null, 4).engine(new AdmissionSettings(false, List.of(), policy));
    }

    @Test
    void podsNotReadyInTimeAreEvictedWithExponentialBackoffThenDeactivated() {
        Engine engine = withPodsReady(false, Optional.of(1));
        engine.submit(f.workload("q", "job", 0, 1, 2));
        engine.schedule(0);
        assertThat(engine.nextWakeupMillis()).hasValue(120_000);
        assertThat(engine.schedule(120_000)).singleElement().isInstanceOfSatisfying(Decision.Evict.class,
                e -> assertThat(e.reason()).isEqualTo(EvictionReason.PODS_READY_TIMEOUT));
        engine.evicted(job, 120_000);
        assertThat(engine.nextWakeupMillis()).as("first backoff: the base, 60s").hasValue(180_000);
        assertThat(engine.schedule(180_000)).anyMatch(x -> x instanceof Decision.Admit);
        engine.schedule(300_000);
        engine.evicted(job, 300_000);
        assertThat(engine.deactivation(job).orElseThrow()).contains("2 times");
    }

    @Test
    void readyPodsStopTheClock() {
        Engine engine = withPodsReady(false, Optional.empty());
        engine.submit(f.workload("q", "job", 0, 1, 2));
        engine.schedule(0);
        engine.podsReady(job);
        assertThat(engine.nextWakeupMillis()).isEmpty();
        assertThat(engine.schedule(500_000)).isEmpty();
    }

    @Test
    void blockAdmissionAdmitsOneWorkloadAtATimeUntilItsPodsRun() {
        Engine engine = withPodsReady(true, Optional.empty());
        engine.submit(f.workload("q", "job", 0, 1, 1));
        engine.submit(f.workload("q", "next", 0, 1, 1));
        assertThat(engine.schedule(0)).filteredOn(x -> x instanceof Decision.Admit).hasSize(1);
        assertThat(engine.schedule(1)).filteredOn(x -> x instanceof Decision.Admit).isEmpty();
        assertThat(engine.reason(new ObjectKey("q", "next")).orElseThrow()).contains("blockAdmission");
        engine.podsReady(job);
        assertThat(engine.schedule(2)).filteredOn(x -> x instanceof Decision.Admit).hasSize(1);
    }
}
