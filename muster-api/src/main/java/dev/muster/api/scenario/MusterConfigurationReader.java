package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import java.time.Duration;
import java.util.List;

/** Reads Muster's own Configuration ({@link MusterSettings}); every field is checked, none is ignored. */
final class MusterConfigurationReader {

    private MusterConfigurationReader() {
    }

    static MusterSettings read(Field root) {
        root.rejectUnknownFields(List.of("apiVersion", "kind", "metadata", "kai"));
        Duration grace = MusterSettings.DEFAULTS.staleGangGracePeriod();
        Field kai = root.get("kai");
        if (kai.isPresent() && kai.requireObject()) {
            kai.rejectUnknownFields(List.of("staleGangGracePeriod"));
            Field g = kai.get("staleGangGracePeriod");
            if (g.isPresent()) {
                grace = g.duration().orElse(grace);
            }
        }
        return new MusterSettings(grace);
    }
}
