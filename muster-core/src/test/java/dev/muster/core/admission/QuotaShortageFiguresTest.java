package dev.muster.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Pending;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Shortage;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A Kueue workload waiting for quota carries the figures of what it lacks, beside the sentence. */
class QuotaShortageFiguresTest {

    @Test
    void aWorkloadWaitingForQuotaListsWhatItLacksInEachFlavor() {
        ClusterQueueSpec team = new ClusterQueueSpec("team", Optional.empty(),
                List.of(new ResourceGroup(List.of("cpu"), List.of(new FlavorQuotas("default",
                        List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(4))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
        Engine engine = new Engine(EngineSetup.kueue(List.of(team), List.of(),
                List.of(new LocalQueueSpec(new ObjectKey("team", "main"), "team")), List.of(), AdmissionSettings.DEFAULTS));
        engine.submit(new Workload(new ObjectKey("team", "a"), "main", 0, 0, 0,
                List.of(PodSet.of("main", 3, ResourceList.of("cpu", Quantity.ofUnits(1))))));
        engine.submit(new Workload(new ObjectKey("team", "b"), "main", 0, 1, 1,
                List.of(PodSet.of("main", 2, ResourceList.of("cpu", Quantity.ofUnits(1))))));

        Pending why = engine.schedule(0).stream().filter(d -> d instanceof Decision.Wait)
                .map(d -> ((Decision.Wait) d).pending()).findFirst().orElseThrow();

        assertThat(why.why().code()).isEqualTo("WaitingForQuota");
        assertThat(why.shortages()).containsExactly(new Shortage("default", "cpu", 2000, 1000, 4000, null));
        assertThat(why.shortages().get(0).describe()).isEqualTo("2 cpu in flavor default, 1 available");
        assertThat(new Pending(Pending.Why.MISCONFIGURED, "no such LocalQueue").shortages()).isEmpty();
    }
}
