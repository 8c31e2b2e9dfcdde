package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import java.time.Duration;
import dev.muster.core.placement.PlacementPolicy;
import java.util.List;

/** Reads Muster's own Configuration ({@link MusterSettings}); every field is checked, none is ignored. */
final class MusterConfigurationReader {

    private static PlacementPolicy.Strategy strategy(Field f, PlacementPolicy.Strategy fallback) {
        return f.oneOf("binpack", "spread")
                .map(v -> v.equals("spread") ? PlacementPolicy.Strategy.SPREAD : PlacementPolicy.Strategy.BINPACK)
                .orElse(fallback);
    }

    private MusterConfigurationReader() {
    }

    static MusterSettings read(Field root) {
        root.rejectUnknownFields(List.of("apiVersion", "kind", "metadata", "kai", "placement"));
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
            p.rejectUnknownFields(List.of("gpu", "cpu", "fragmentationAware"));
            placement = new PlacementPolicy(strategy(p.get("gpu"), placement.gpu()), strategy(p.get("cpu"), placement.cpu()),
                    p.get("fragmentationAware").bool(placement.fragmentationAware()));
        }
        return new MusterSettings(grace, placement);
    }
}
