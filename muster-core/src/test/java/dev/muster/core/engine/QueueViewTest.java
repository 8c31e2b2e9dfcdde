package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.quantity.Quantity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueViewTest {

    private final EngineFixtures f = new EngineFixtures();

    @Test
    void aViewCountsTheQueuesWorkloadsAndUsageAsTheyWereWhenTaken() {
        Engine engine = f.queue("q", null, 4).engine();
        engine.submit(f.workload("q", "first", 0, 1, 3));
        engine.submit(f.workload("q", "second", 0, 1, 3));
        engine.schedule(0);

        QueueView view = engine.clusterQueue("q").orElseThrow();
        engine.remove(new ObjectKey("q", "first"));
        engine.schedule(1);

        assertThat(view.name()).isEqualTo("q");
        assertThat(view.kai()).isFalse();
        assertThat(view.admittedCount()).isEqualTo(1);
        assertThat(view.pendingCount()).isEqualTo(1);
        assertThat(view.queuedCount()).isEqualTo(1);
        assertThat(view.inadmissibleCount()).isZero();
        assertThat(view.usage().values()).containsExactly(Map.of("cpu", Quantity.ofUnits(3)));
        assertThat(engine.clusterQueues()).singleElement()
                .satisfies(now -> assertThat(now.pendingCount()).isZero())
                .satisfies(now -> assertThat(now.admittedCount()).isEqualTo(1));
    }
}
