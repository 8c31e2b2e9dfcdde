package dev.muster.core.runtime;

import java.util.OptionalLong;

/**
 * What a job itself says about how long it runs: the {@code muster.dev/expected-runtime}
 * annotation (a Go duration, the user's estimate) and the job's own limit
 * ({@code activeDeadlineSeconds}, after which Kubernetes or KubeRay stops it).
 *
 * @param annotatedMillis the annotation, in milliseconds; empty when absent
 * @param deadlineMillis  the job's limit, in milliseconds; empty when it has none
 */
public record RuntimeHints(OptionalLong annotatedMillis, OptionalLong deadlineMillis) {

    /** A job that says nothing about its run time. */
    public static final RuntimeHints NONE = new RuntimeHints(OptionalLong.empty(), OptionalLong.empty());

    public RuntimeHints {
        java.util.Objects.requireNonNull(annotatedMillis, "annotatedMillis");
        java.util.Objects.requireNonNull(deadlineMillis, "deadlineMillis");
    }
}
