package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Spelling;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the {@code sim.muster.dev/*} annotations that steer the simulation. */
public final class SimAnnotations {

    static final String PREFIX = "sim.muster.dev/";
    static final String ARRIVAL = PREFIX + "arrival";
    static final String DURATION = PREFIX + "duration";
    static final String PODS_READY_AFTER = PREFIX + "pods-ready-after";
    static final String POD_FAILURES = PREFIX + "pod-failures";
    /** On an AdmissionCheck of the simulator's scripted controller: what the check answers, attempt by attempt. */
    public static final String CHECK_SCRIPT = PREFIX + "check-script";
    private static final List<String> WORKLOAD_KEYS = List.of(ARRIVAL, DURATION, PODS_READY_AFTER, POD_FAILURES);
    private static final List<String> KNOWN = List.of(ARRIVAL, DURATION, PODS_READY_AFTER, POD_FAILURES, CHECK_SCRIPT);

    private SimAnnotations() {
    }

    static SimulatedRun read(ManifestObject object, boolean workload) {
        Field annotations = object.root().get("metadata").get("annotations");
        long arrival = 0;
        long podsReadyAfter = 0;
        List<PodFailure> failures = List.of();
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
            if (key.equals(CHECK_SCRIPT)) {
                if (!object.kind().equals("AdmissionCheck")) {
                    f.error("only an AdmissionCheck may set " + key);
                } else {
                    try {
                        CheckScript.parse(f.requiredString());
                    } catch (IllegalArgumentException bad) {
                        f.error(bad.getMessage());
                    }
                }
                continue;
            }
            if (!workload && WORKLOAD_KEYS.contains(key)) {
                f.error("only workload objects (RayJob, RayCluster, Job, Pod, Workload) may set " + key
                        + " in this version");
                continue;
            }
            if (key.equals(POD_FAILURES)) {
                try {
                    failures = PodFailure.parse(f.requiredString());
                } catch (IllegalArgumentException bad) {
                    f.error(bad.getMessage());
                }
                continue;
            }
            Optional<Duration> d = f.nonNegativeDuration();
            if (d.isEmpty()) {
                continue;
            }
            if (key.equals(ARRIVAL)) {
                arrival = d.get().toMillis();
            } else if (key.equals(PODS_READY_AFTER)) {
                podsReadyAfter = d.get().toMillis();
            } else {
                duration = Optional.of(d.get().toMillis());
            }
        }
        return new SimulatedRun(arrival, duration, podsReadyAfter, failures);
    }
}
