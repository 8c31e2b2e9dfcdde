package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PlacementPolicy.Strategy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads Muster's own Configuration ({@link MusterSettings}); every field is checked, none is ignored. */
final class MusterConfigurationReader {

    /** {@code placement.gpu}'s value for the fragmentation gradient against the workload learnt from recent pods. */
    static final String FRAGMENTATION = "fragmentation";

    /** The largest {@code placement.recentPods}: the window keeps one entry per arrival. */
    static final int MAX_RECENT_PODS = 1_000_000;

    private MusterConfigurationReader() {
    }

    static MusterSettings read(Field root) {
        root.rejectUnknownFields(List.of("apiVersion", "kind", "metadata", "kai", "placement", "forecast", "backfill"));
        Duration grace = MusterSettings.DEFAULTS.staleGangGracePeriod();
        Field kai = root.get("kai");
        if (kai.isPresent() && kai.requireObject()) {
            kai.rejectUnknownFields(List.of("staleGangGracePeriod"));
            Field g = kai.get("staleGangGracePeriod");
            if (g.isPresent()) {
                grace = g.duration().orElse(grace);
            }
        }
        PlacementPolicy placement = PlacementPolicy.DEFAULT;
        Field p = root.get("placement");
        if (p.isPresent() && p.requireObject()) {
            placement = placement(p);
        }
        return new MusterSettings(grace, placement, runtimeQuantile(root.get("forecast")), backfill(root.get("backfill")));
    }

    private static BackfillPolicy backfill(Field backfill) {
        if (!backfill.isPresent() || !backfill.requireObject()) {
            return BackfillPolicy.OFF;
        }
        backfill.rejectUnknownFields(List.of("enable", "reservationDepth", "preemptOverstaying"));
        boolean enable = backfill.get("enable").bool(false);
        boolean preempt = backfill.get("preemptOverstaying").bool(false);
        Field depth = backfill.get("reservationDepth");
        Optional<Integer> n = depth.int32();
        if (n.isPresent() && (n.get() < 1 || n.get() > BackfillPolicy.MAX_DEPTH)) {
            depth.error("must be between 1 and " + BackfillPolicy.MAX_DEPTH + " (each reservation costs a fit test per"
                    + " expected end in every cycle), not " + n.get());
            return new BackfillPolicy(enable, 1, preempt);
        }
        return new BackfillPolicy(enable, n.orElse(1), preempt);
    }

    private static double runtimeQuantile(Field forecast) {
        if (!forecast.isPresent() || !forecast.requireObject()) {
            return MusterSettings.DEFAULT_RUNTIME_QUANTILE;
        }
        forecast.rejectUnknownFields(List.of("runtimeQuantile"));
        Field q = forecast.get("runtimeQuantile");
        Optional<java.math.BigDecimal> value = q.number();
        if (value.isEmpty()) {
            return MusterSettings.DEFAULT_RUNTIME_QUANTILE;
        }
        double d = value.get().doubleValue();
        if (!(d > 0 && d <= 1)) {
            q.error("a quantile between 0 (excluded) and 1, such as 0.5 for the median or 0.9; got " + value.get());
            return MusterSettings.DEFAULT_RUNTIME_QUANTILE;
        }
        return d;
    }

    private static PlacementPolicy placement(Field p) {
        p.rejectUnknownFields(List.of("gpu", "cpu", "fragmentationAware", "recentPods"));
        PlacementPolicy defaults = PlacementPolicy.DEFAULT;
        Optional<String> gpu = p.get("gpu").oneOf("binpack", "spread", FRAGMENTATION);
        Strategy cpu = strategy(p.get("cpu"), defaults.cpu());
        Field aware = p.get("fragmentationAware");
        Field recent = p.get("recentPods");
        if (gpu.isPresent() && gpu.get().equals(FRAGMENTATION)) {
            if (!aware.bool(true)) {
                aware.error("must not be false with gpu: fragmentation, which is fragmentation-aware");
            }
            return PlacementPolicy.fragmentation(cpu, recentPods(recent));
        }
        if (recent.isPresent()) {
            recent.error("applies only to gpu: fragmentation (the workload it learns is what that strategy keeps room for)");
        }
        Strategy gpuStrategy = gpu.map(v -> v.equals("spread") ? Strategy.SPREAD : Strategy.BINPACK).orElse(defaults.gpu());
        return new PlacementPolicy(gpuStrategy, cpu, aware.bool(defaults.fragmentationAware()));
    }

    private static Strategy strategy(Field f, Strategy fallback) {
        return f.oneOf("binpack", "spread").map(v -> v.equals("spread") ? Strategy.SPREAD : Strategy.BINPACK).orElse(fallback);
    }

    private static int recentPods(Field f) {
        Optional<Integer> pods = f.int32();
        if (pods.isPresent() && (pods.get() < 1 || pods.get() > MAX_RECENT_PODS)) {
            f.error("must be between 1 and " + MAX_RECENT_PODS + ", not " + pods.get());
            return PlacementPolicy.DEFAULT_RECENT_PODS;
        }
        return pods.orElse(PlacementPolicy.DEFAULT_RECENT_PODS);
    }
}
