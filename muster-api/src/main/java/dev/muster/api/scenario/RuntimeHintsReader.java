package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.core.runtime.RuntimeHints;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads what a job says about its own run time, for forecasts: the
 * {@code muster.dev/expected-runtime} annotation (a Go duration, not negative) and, on a Job or a
 * RayJob, {@code spec.activeDeadlineSeconds} (Kubernetes' Job validation and KubeRay's both
 * require it above zero when set: batch/validation ValidateJobSpec, and the RayJob's
 * {@code +kubebuilder:validation:Minimum} on the field).
 */
final class RuntimeHintsReader {

    static final String EXPECTED_RUNTIME = "muster.dev/expected-runtime";
    /** Seconds Muster holds a deadline to: more than 100 years is no limit at all. */
    private static final long MAX_SECONDS = 100L * 365 * 24 * 3600;

    private RuntimeHintsReader() {
    }

    static RuntimeHints read(ManifestObject object) {
        return new RuntimeHints(annotated(object), deadline(object));
    }

    private static OptionalLong annotated(ManifestObject object) {
        if (!object.meta().annotations().containsKey(EXPECTED_RUNTIME)) {
            return OptionalLong.empty();
        }
        Field f = object.root().get("metadata").get("annotations").key(EXPECTED_RUNTIME);
        Optional<Duration> d = f.nonNegativeDuration();
        if (d.isEmpty()) {
            return OptionalLong.empty();
        }
        if (d.get().getSeconds() > MAX_SECONDS) {
            f.error("an expected run time of more than 100 years is not a forecast; leave the annotation out instead");
            return OptionalLong.empty();
        }
        return OptionalLong.of(d.get().toMillis());
    }

    private static OptionalLong deadline(ManifestObject object) {
        if (!object.kind().equals("Job") && !object.kind().equals("RayJob")) {
            return OptionalLong.empty();
        }
        Field f = object.spec().get("activeDeadlineSeconds");
        Optional<Long> seconds = f.integer();
        if (seconds.isEmpty()) {
            return OptionalLong.empty();
        }
        if (seconds.get() <= 0) {
            f.error("must be greater than 0, got " + seconds.get());
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.min(seconds.get(), MAX_SECONDS) * 1000);
    }
}
