package dev.muster.bench.forecast;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.model.ObjectKey;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * How good a forecast is: a scenario is run to its end once, then stopped at regular instants
 * ({@code --until}) and forecast there; each waiting workload's forecast admission is compared
 * with its first admission from that instant on in the full run. The forecast knows what the
 * scheduler would know — here only the history of finished runs, as the trace's jobs say nothing of
 * their run times — and assumes nothing else arrives, while in the full run others do: both count
 * in the error.
 */
public final class ForecastAccuracy {

    /** Per queue, what the forecasts at all the instants came to. */
    public static final class Tally {
        int waiting;
        int forecast;
        int forecastNeverAdmitted;
        int admittedNotForecast;
        final List<Long> absoluteErrorsMillis = new ArrayList<>();
        final List<Long> signedErrorsMillis = new ArrayList<>();
        /** For the compared ones: how long they still waited from the instant (the error of forecasting "now"). */
        final List<Long> waitsLeftMillis = new ArrayList<>();

        void add(Tally other) {
            waiting += other.waiting;
            forecast += other.forecast;
            forecastNeverAdmitted += other.forecastNeverAdmitted;
            admittedNotForecast += other.admittedNotForecast;
            absoluteErrorsMillis.addAll(other.absoluteErrorsMillis);
            signedErrorsMillis.addAll(other.signedErrorsMillis);
            waitsLeftMillis.addAll(other.waitsLeftMillis);
        }

        /** The median time the compared workloads still waited: what a forecast of "now" would be off by. */
        public long medianWaitLeft() {
            return quantile(waitsLeftMillis, 0.5);
        }

        public int waiting() {
            return waiting;
        }

        public int compared() {
            return absoluteErrorsMillis.size();
        }

        public int forecastNeverAdmitted() {
            return forecastNeverAdmitted;
        }

        public int admittedNotForecast() {
            return admittedNotForecast;
        }

        /** The {@code q} quantile (nearest rank) of the absolute errors, in milliseconds; -1 when none. */
        public long absoluteErrorQuantile(double q) {
            return quantile(absoluteErrorsMillis, q);
        }

        /** The median signed error (forecast minus actual): below 0, forecasts are early. */
        public long medianSignedError() {
            return quantile(signedErrorsMillis, 0.5);
        }

        private static long quantile(List<Long> values, double q) {
            if (values.isEmpty()) {
                return -1;
            }
            List<Long> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return sorted.get(Math.max(1, (int) Math.ceil(q * sorted.size())) - 1);
        }
    }

    /** The tallies by queue (the workload's namespace stands for it) and in all ({@code ""}). */
    public record Result(List<Long> instantsMillis, Map<String, Tally> byQueue, Tally all) {
    }

    private ForecastAccuracy() {
    }

    /** Runs {@code scenarioDir} to its end, and stopped and forecast at {@code instants} evenly spread over its arrivals. */
    public static Result measure(Path scenarioDir, int instants) throws ManifestException {
        Scenario scenario = ScenarioLoader.load(List.of(scenarioDir), 1);
        Report full = Simulation.run(scenario, SimulationOptions.DEFAULTS);
        Map<ObjectKey, Report.WorkloadReport> byKey = new HashMap<>();
        long firstArrival = Long.MAX_VALUE;
        long lastArrival = 0;
        for (Report.WorkloadReport w : full.workloads()) {
            byKey.put(new ObjectKey(w.namespace(), w.name()), w);
            long created = Math.round(w.createdAtSeconds() * 1000);
            firstArrival = Math.min(firstArrival, created);
            lastArrival = Math.max(lastArrival, created);
        }
        List<Long> at = new ArrayList<>();
        Map<String, Tally> byQueue = new TreeMap<>();
        for (int i = 1; i <= instants; i++) {
            long t = firstArrival + (lastArrival - firstArrival) * i / (instants + 1);
            at.add(t);
            Simulation stopped = new Simulation(ScenarioLoader.load(List.of(scenarioDir), 1),
                    new SimulationOptions(OptionalLong.of(t)));
            stopped.run();
            stopped.forecast().ifPresent(f -> tally(f, t, byKey, byQueue));
        }
        Tally all = new Tally();
        byQueue.values().forEach(all::add);
        return new Result(at, byQueue, all);
    }

    private static void tally(Forecast f, long t, Map<ObjectKey, Report.WorkloadReport> byKey, Map<String, Tally> byQueue) {
        f.expectations().forEach((key, e) -> {
            Tally tally = byQueue.computeIfAbsent(key.namespace(), q -> new Tally());
            tally.waiting++;
            OptionalLong actual = byKey.get(key).admissionsAtSeconds().stream().mapToLong(s -> Math.round(s * 1000))
                    .filter(a -> a >= t).findFirst();
            if (e.admitAtMillis().isPresent()) {
                tally.forecast++;
            }
            if (e.admitAtMillis().isPresent() && actual.isPresent()) {
                long signed = e.admitAtMillis().getAsLong() - actual.getAsLong();
                tally.signedErrorsMillis.add(signed);
                tally.absoluteErrorsMillis.add(Math.abs(signed));
                tally.waitsLeftMillis.add(actual.getAsLong() - t);
            } else if (e.admitAtMillis().isPresent()) {
                tally.forecastNeverAdmitted++;
            } else if (actual.isPresent()) {
                tally.admittedNotForecast++;
            }
        });
    }
}
