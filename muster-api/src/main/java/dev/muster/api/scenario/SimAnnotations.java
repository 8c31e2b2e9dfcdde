package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Spelling;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the {@code sim.muster.dev/*} annotations that steer the simulation. */
final class SimAnnotations {

    static final String PREFIX = "sim.muster.dev/";
    static final String ARRIVAL = PREFIX + "arrival";
    static final String DURATION = PREFIX + "duration";
    private static final List<String> KNOWN = List.of(ARRIVAL, DURATION);

    private SimAnnotations() {
    }

    static SimTiming read(ManifestObject object, boolean workload) {
        Field annotations = object.root().get("metadata").get("annotations");
        long arrival = 0;
        Optional<Long> duration = Optional.empty();
        for (var e : object.meta().annotations().entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            Field f = annotations.key(key);
            if (!KNOWN.contains(key)) {
                f.error("unknown simulation annotation; Muster reads " + String.join(" and ", KNOWN)
                        + Spelling.suggestion(key, KNOWN));
                continue;
            }
            if (!workload) {
                f.error("only workload objects (RayJob, RayCluster, Job, Pod, Workload) may set " + key
                        + " in this version");
                continue;
            }
            Optional<Duration> d = f.nonNegativeDuration();
            if (d.isEmpty()) {
                continue;
            }
            if (key.equals(ARRIVAL)) {
                arrival = d.get().toMillis();
            } else {
                duration = Optional.of(d.get().toMillis());
            }
        }
        return new SimTiming(arrival, duration);
    }
}
