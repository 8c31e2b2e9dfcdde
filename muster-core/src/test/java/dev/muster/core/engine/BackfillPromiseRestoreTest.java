package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.admission.BackfillPromise;
import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.runtime.RuntimeHints;
import dev.muster.core.status.BackfillPromiseCondition;
import dev.muster.core.status.Condition;
import dev.muster.core.status.WorkloadStatus;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A backfill promise outlives the engine that took it: an engine built anew (a new leader) that is
 * told the promise holds the overstaying job to it, as the first engine would have.
 *
 * <p>The world: 8 cpu; "running" (4 cpu, expected 100 s) holds half; "big" (8 cpu) waits, reserved
 * from t=100s; "short" (4 cpu, expected 50 s) is backfilled on the promise to end by t=50s, and runs on.
 */
class BackfillPromiseRestoreTest {

    private static final BackfillPolicy PREEMPT_OVERSTAYING = new BackfillPolicy(true, 1, true);

    private final EngineFixtures f = new EngineFixtures().queue("q", null, 8);
    private final Workload running = f.workload("q", "running", 0, 1, 4);
    private final Workload big = f.workload("q", "big", 0, 1, 8);
    private final Workload shortJob = f.workload("q", "short", 0, 1, 4);

    private Engine engine() {
        return f.engine(new AdmissionSettings(false).withBackfill(PREEMPT_OVERSTAYING));
    }

    private static void expect(Engine engine, Workload wl, long seconds) {
        engine.expectRuntime(wl.key(), new RuntimeHints(OptionalLong.of(seconds * 1000), OptionalLong.empty()));
    }

    @Test
    void theEngineTellsThePromiseABackfilledWorkloadWasAdmittedOn() {
        Engine first = firstLeader();

        assertThat(first.backfillPromise(shortJob.key()))
                .contains(new BackfillPromise(shortJob.key(), big.key(), 50_000));
        assertThat(first.backfillPromise(running.key())).isEmpty();
    }

    @Test
    void theAdmissionMadeOnAPromiseCarriesItAndItsStatusRecordsIt() {
        Engine first = engine();
        first.submit(running);
        expect(first, running, 100);
        Decision.Admit plain = (Decision.Admit) first.schedule(0).get(0);
        assertThat(plain.promise()).as("admitted with no reservation to delay").isEmpty();
        first.submit(big);
        first.submit(shortJob);
        expect(first, shortJob, 50);
        Decision.Admit backfilled = first.schedule(0).stream().filter(Decision.Admit.class::isInstance)
                .map(Decision.Admit.class::cast).filter(a -> a.workload().equals(shortJob.key())).findFirst().orElseThrow();
        BackfillPromise promise = new BackfillPromise(shortJob.key(), big.key(), 50_000);
        assertThat(backfilled.promise()).contains(promise);

        WorkloadStatus status = new WorkloadStatus(false);
        status.apply(backfilled, 0);
        assertThat(status.condition(BackfillPromiseCondition.TYPE)).hasValueSatisfying(c -> {
            assertThat(c.status()).isTrue();
            assertThat(c.reason()).isEqualTo("Backfilled");
            assertThat(c.message()).isEqualTo("it promised to end by 1970-01-01T00:00:50Z, before the reservation of q/big");
        });
        // what a new leader reads back from the Workload it finds
        WorkloadStatus read = new WorkloadStatus(false);
        read.recorded(status.conditions());
        assertThat(read.backfillPromise(shortJob.key())).contains(promise);

        status.apply(new Decision.Evict(shortJob.key(), dev.muster.core.admission.EvictionReason.PREEMPTED,
                PreemptionTarget.BACKFILL_OVERSTAYED, "ran past its promise"), 60_000);
        assertThat(status.condition(BackfillPromiseCondition.TYPE)).as("a promise holds for one admission").isEmpty();
        assertThat(status.backfillPromise(shortJob.key())).isEmpty();
    }

    @Test
    void aPromiseConditionMusterDidNotWriteIsRefusedNamingIt() {
        WorkloadStatus status = new WorkloadStatus(false);
        status.recorded(List.of(new Condition(BackfillPromiseCondition.TYPE, true, "Backfilled",
                "it promised to end by tomorrow, before the reservation of q/big", 0)));
        assertThatThrownBy(() -> status.backfillPromise(shortJob.key())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("condition muster.dev/BackfillPromise: \"tomorrow\" is not an RFC 3339 instant");

        status.recorded(List.of(new Condition(BackfillPromiseCondition.TYPE, true, "Backfilled",
                "it promised to end by 1970-01-01T00:00:50Z, before the reservation of big", 0)));
        assertThatThrownBy(() -> status.backfillPromise(shortJob.key())).hasMessageContaining("\"big\" is not <namespace>/<name>");

        status.recorded(List.of(new Condition(BackfillPromiseCondition.TYPE, true, "Backfilled", "ends soon", 0)));
        assertThatThrownBy(() -> status.backfillPromise(shortJob.key())).hasMessageContaining("message \"ends soon\" is not");
    }

    @Test
    void aNewEngineToldThePromisePreemptsTheOverstayingJobAsTheFirstWould() {
        BackfillPromise promise = firstLeader().backfillPromise(shortJob.key()).orElseThrow();

        Engine second = takeOver();
        second.restoreBackfillPromise(promise);
        second.remove(running.key()); // "running" ended at t=100s; "short" runs on past its promise

        assertThat(second.schedule(110_000)).anySatisfy(d -> assertThat(d).isInstanceOfSatisfying(Decision.Evict.class,
                e -> {
                    assertThat(e.workload()).isEqualTo(shortJob.key());
                    assertThat(e.detail()).isEqualTo(PreemptionTarget.BACKFILL_OVERSTAYED);
                }));
    }

    @Test
    void aNewEngineNotToldThePromiseLetsTheJobRunOn() {
        Engine second = takeOver();
        second.remove(running.key());

        assertThat(second.schedule(110_000)).noneMatch(Decision.Evict.class::isInstance);
    }

    @Test
    void aPromiseOfAWorkloadThatHoldsNoQuotaIsRefused() {
        Engine second = engine();
        assertThatThrownBy(() -> second.restoreBackfillPromise(new BackfillPromise(shortJob.key(), big.key(), 50_000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("q/short holds no quota");
    }

    /** The first leader admits "running", reserves for "big" and backfills "short". */
    private Engine firstLeader() {
        Engine first = engine();
        first.submit(running);
        expect(first, running, 100);
        assertThat(first.schedule(0)).singleElement().isInstanceOf(Decision.Admit.class);
        first.submit(big);
        first.submit(shortJob);
        expect(first, shortJob, 50);
        assertThat(first.schedule(0)).anySatisfy(d -> assertThat(d).isInstanceOfSatisfying(Decision.Admit.class,
                a -> assertThat(a.workload()).isEqualTo(shortJob.key())));
        return first;
    }

    /** A second leader takes over both admissions at t=0 and queues "big" again. */
    private Engine takeOver() {
        Engine second = engine();
        for (Workload w : List.of(running, shortJob)) {
            second.restore(w, "q", List.of(new PodSetAssignment("main", 1, Map.of("cpu", "default"))), true, 0);
        }
        expect(second, running, 100);
        expect(second, shortJob, 50);
        second.submit(big);
        assertThat(second.schedule(0)).noneMatch(Decision.Admit.class::isInstance);
        return second;
    }
}
