package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.Decision;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Admissions taken over from the cluster (a restarted controller, changed queues) hold their quota and are not made again. */
class RestoreTest {

    private final EngineFixtures f = new EngineFixtures();

    @Test
    void aRestoredAdmissionHoldsItsQuotaAndIsNotAdmittedAgain() {
        Engine engine = f.queue("q", null, 8).engine();
        var running = f.workload("q", "running", 0, 3, 2);
        engine.restore(running, "q", List.of(new PodSetAssignment("main", 3, Map.of("cpu", "default"))), true, 5_000);

        assertThat(engine.isAdmitted(running.key())).isTrue();
        assertThat(engine.usage("q").get("default").get("cpu")).isEqualTo(Quantity.ofUnits(6));

        engine.submit(f.workload("q", "next", 0, 2, 2));
        List<Decision> decisions = engine.schedule(10_000);
        // 6 of 8 cpu are held by the restored workload: the 4-cpu newcomer waits, nothing is admitted twice.
        assertThat(decisions).singleElement().isInstanceOf(Decision.Wait.class);

        engine.remove(running.key());
        assertThat(engine.schedule(20_000)).singleElement().isInstanceOfSatisfying(Decision.Admit.class,
                a -> assertThat(a.workload()).isEqualTo(new ObjectKey("q", "next")));
    }

    @Test
    void aFlavorWithoutQuotaForTheResourceIsRefused() {
        Engine engine = f.queue("q", null, 8).engine();
        var w = f.workload("q", "w", 0, 1, 1);
        assertThatThrownBy(() -> engine.restore(w, "q", List.of(new PodSetAssignment("main", 1, Map.of("cpu", "other"))),
                true, 0)).hasMessageContaining("flavor other has no quota for cpu");
        assertThatThrownBy(() -> engine.restore(w, "nope", List.of(), true, 0)).hasMessageContaining("no ClusterQueue nope");
    }
}
