package dev.muster.core.forecast;

import dev.muster.core.runtime.RuntimeHints;
import dev.muster.core.runtime.RuntimeHistory;
import dev.muster.core.runtime.ExpectedRuntime;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ForecasterTest {

    private static final long MINUTE = 60_000;
    private long sequence;

    /** One ClusterQueue "team" with 4 cpu, its LocalQueue team/main. */
    private static Engine engine() {
        ClusterQueueSpec team = new ClusterQueueSpec("team", Optional.empty(),
                List.of(new ResourceGroup(List.of("cpu"), List.of(new FlavorQuotas("default",
                        List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(4))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
        return new Engine(EngineSetup.kueue(List.of(team), List.of(),
                List.of(new LocalQueueSpec(new ObjectKey("team", "main"), "team")), List.of(), AdmissionSettings.DEFAULTS));
    }

    private Workload job(String name, int cpu) {
        long seq = sequence++;
        return new Workload(new ObjectKey("team", name), "main", 0, seq, seq,
                List.of(PodSet.of("main", 1, ResourceList.of("cpu", Quantity.ofUnits(cpu)))));
    }

    private static ObjectKey key(String name) {
        return new ObjectKey("team", name);
    }

    private static ExpectedRuntime annotated(long millis) {
        return ExpectedRuntime.of(new RuntimeHints(OptionalLong.of(millis), OptionalLong.empty()), OptionalLong.empty());
    }

    @Test
    void eachWaitingWorkloadIsAdmittedWhenWhatHoldsItsQuotaIsExpectedToFinish() {
        Engine engine = engine();
        for (Workload w : List.of(job("a", 4), job("b", 4), job("c", 2), job("d", 2))) {
            engine.submit(w);
        }
        List<Decision> first = engine.schedule(0);
        assertThat(first).filteredOn(d -> d instanceof Decision.Admit).extracting(Decision::workload)
                .containsExactly(key("a"));
        Map<ObjectKey, ExpectedRuntime> runtimes = Map.of(key("a"), annotated(10 * MINUTE),
                key("b"), annotated(5 * MINUTE), key("c"), annotated(MINUTE), key("d"), ExpectedRuntime.UNKNOWN);

        Forecast f = Forecaster.run(engine, 0, List.of(key("b"), key("c"), key("d")),
                List.of(new Forecaster.Running(key("a"), OptionalLong.of(10 * MINUTE), runtimes.get(key("a")))),
                runtimes::get);

        // a ends at 10m and b (first in line) takes all 4 cpu; b ends 5m later and c and d both fit.
        assertThat(f.expectations().get(key("b")).admitAtMillis()).hasValue(10 * MINUTE);
        assertThat(f.expectations().get(key("b")).basis())
                .isEqualTo("when team/a finishes (expected to run 10m from its muster.dev/expected-runtime annotation)");
        assertThat(f.expectations().get(key("c")).admitAtMillis()).hasValue(15 * MINUTE);
        assertThat(f.expectations().get(key("d")).admitAtMillis()).hasValue(15 * MINUTE);
        assertThat(f.expectations().get(key("d")).basis()).startsWith("when team/b finishes");
        assertThat(f.assumptions()).contains("no new workloads arrive");
    }

    @Test
    void whatHoldsQuotaForAnUnknownTimeKeepsTheOthersOutOfTheForecast() {
        Engine engine = engine();
        engine.submit(job("a", 4));
        engine.submit(job("b", 1));
        engine.schedule(0);

        Forecast f = Forecaster.run(engine, 0, List.of(key("b")),
                List.of(new Forecaster.Running(key("a"), OptionalLong.empty(), ExpectedRuntime.UNKNOWN)),
                k -> ExpectedRuntime.UNKNOWN);

        Forecast.Expectation b = f.expectations().get(key("b"));
        assertThat(b.admitAtMillis()).isEmpty();
        assertThat(b.basis()).startsWith("not within the forecast: 1 workload holds quota for an unknown time (team/a;");
    }

    @Test
    void aRunningWorkloadPastItsExpectedEndFinishesAtTheStartOfTheForecast() {
        Engine engine = engine();
        engine.submit(job("a", 4));
        engine.submit(job("b", 4));
        engine.schedule(0);

        Forecast f = Forecaster.run(engine, 30 * MINUTE, List.of(key("b")),
                List.of(new Forecaster.Running(key("a"), OptionalLong.of(20 * MINUTE), annotated(20 * MINUTE))),
                k -> ExpectedRuntime.UNKNOWN);

        assertThat(f.expectations().get(key("b")).admitAtMillis()).hasValue(30 * MINUTE);
    }

    @Test
    void theFirstKnownSourceGivesTheExpectedRunTime() {
        OptionalLong history = OptionalLong.of(7 * MINUTE);
        assertThat(ExpectedRuntime.of(new RuntimeHints(OptionalLong.of(MINUTE), OptionalLong.of(2 * MINUTE)), history).source())
                .isEqualTo(ExpectedRuntime.Source.ANNOTATION);
        assertThat(ExpectedRuntime.of(new RuntimeHints(OptionalLong.empty(), OptionalLong.of(2 * MINUTE)), history))
                .isEqualTo(new ExpectedRuntime(OptionalLong.of(2 * MINUTE), ExpectedRuntime.Source.DEADLINE));
        assertThat(ExpectedRuntime.of(RuntimeHints.NONE, history).source()).isEqualTo(ExpectedRuntime.Source.HISTORY);
        assertThat(ExpectedRuntime.of(RuntimeHints.NONE, OptionalLong.empty())).isEqualTo(ExpectedRuntime.UNKNOWN);
    }

    @Test
    void historyExpectsTheConfiguredQuantileOfItsKindsRecentRuns() {
        List<PodSet> shape = List.of(PodSet.of("main", 1, ResourceList.of("cpu", Quantity.ofUnits(1))));
        RuntimeHistory median = new RuntimeHistory(0.5);
        RuntimeHistory p90 = new RuntimeHistory(0.9);
        for (long m : new long[] {5, 1, 4, 2, 3, 10, 6, 9, 7, 8}) {
            median.finished("team", shape, m * MINUTE);
            p90.finished("team", shape, m * MINUTE);
        }
        assertThat(median.expected("team", shape)).hasValue(5 * MINUTE); // nearest rank 5 of 10
        assertThat(p90.expected("team", shape)).hasValue(9 * MINUTE);
        assertThat(median.expected("other", shape)).isEmpty();
        for (int i = 0; i < RuntimeHistory.KEPT; i++) {
            median.finished("team", shape, 100 * MINUTE); // older runs fall out
        }
        assertThat(median.expected("team", shape)).hasValue(100 * MINUTE);
    }
}
