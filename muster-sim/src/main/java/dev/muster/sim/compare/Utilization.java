package dev.muster.sim.compare;

import dev.muster.sim.series.RunSeries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Utilization per flavor and resource, from a run's series: for each "flavor/resource",
 * <pre>
 *   utilization = Σ_q ∫₀ᴱ usage_q(t) dt  /  (E × Σ_q nominal_q)
 * </pre>
 * over the queues q that hold quota (every ClusterQueue; KAI leaf queues), E the end of the run.
 * Cohorts and KAI parent queues are left out: their usage is their members' again. A sample holds
 * from its instant to the next one (the series keeps a sample only where something changed), and
 * the last one to the end. A run that ends at 0s has no time to average over: its usage at the end
 * is taken as the mean.
 */
final class Utilization {

    private Utilization() {
    }

    static List<FlavorUse> of(RunSeries series, double endSeconds) {
        Map<String, Double> integral = new TreeMap<>();
        Map<String, Double> nominal = new TreeMap<>();
        for (RunSeries.QueueSeries q : series.queues()) {
            if (!q.leaf()) {
                continue;
            }
            q.nominal().forEach((k, v) -> nominal.merge(k, v, Double::sum));
            List<RunSeries.Sample> samples = q.samples();
            for (int i = 0; i < samples.size(); i++) {
                RunSeries.Sample s = samples.get(i);
                double from = Math.min(Math.max(0, s.atSeconds()), endSeconds);
                double to = i + 1 < samples.size() ? Math.min(samples.get(i + 1).atSeconds(), endSeconds) : endSeconds;
                double span = endSeconds > 0 ? Math.max(0, to - from) : (i + 1 == samples.size() ? 1 : 0);
                s.usage().forEach((k, v) -> integral.merge(k, v * span, Double::sum));
                s.usage().keySet().forEach(k -> nominal.putIfAbsent(k, 0.0));
            }
        }
        double length = endSeconds > 0 ? endSeconds : 1;
        List<FlavorUse> out = new ArrayList<>();
        nominal.forEach((k, quota) -> {
            double mean = integral.getOrDefault(k, 0.0) / length;
            out.add(new FlavorUse(k, mean, quota, quota > 0 ? mean / quota : null));
        });
        return out;
    }
}
