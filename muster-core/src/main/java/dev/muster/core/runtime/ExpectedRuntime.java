package dev.muster.core.runtime;

import dev.muster.core.quantity.Durations;
import java.util.OptionalLong;

/**
 * How long a workload is expected to run, and where the figure came from, so that a forecast can
 * say what it rests on.
 *
 * @param millis the expected run time from start to finish; empty when unknown
 */
public record ExpectedRuntime(OptionalLong millis, Source source) {

    /** Nothing says how long it runs: a forecast treats it as running until further notice. */
    public static final ExpectedRuntime UNKNOWN = new ExpectedRuntime(OptionalLong.empty(), Source.UNKNOWN);

    /** Where an expected run time comes from, in the order they are asked. */
    public enum Source {
        /** The job's {@code muster.dev/expected-runtime} annotation. */
        ANNOTATION,
        /** The job's own limit ({@code activeDeadlineSeconds}): it runs at most that long. */
        DEADLINE,
        /** Finished workloads of the same queue and shape (a quantile of their run times). */
        HISTORY,
        /** None of the above. */
        UNKNOWN
    }

    public ExpectedRuntime {
        java.util.Objects.requireNonNull(millis, "millis");
        java.util.Objects.requireNonNull(source, "source");
        if (millis.isPresent() != (source != Source.UNKNOWN)) {
            throw new IllegalArgumentException("a known run time needs a source, an unknown one has none");
        }
    }

    /**
     * The first of: the annotation, the job's limit, the history of its queue and shape; else
     * unknown.
     */
    public static ExpectedRuntime of(RuntimeHints hints, OptionalLong fromHistory) {
        if (hints.annotatedMillis().isPresent()) {
            return new ExpectedRuntime(hints.annotatedMillis(), Source.ANNOTATION);
        }
        if (hints.deadlineMillis().isPresent()) {
            return new ExpectedRuntime(hints.deadlineMillis(), Source.DEADLINE);
        }
        if (fromHistory.isPresent()) {
            return new ExpectedRuntime(fromHistory, Source.HISTORY);
        }
        return UNKNOWN;
    }

    public boolean isKnown() {
        return millis.isPresent();
    }

    /** In words, for a forecast's basis: "2h from its muster.dev/expected-runtime annotation". */
    public String describe() {
        return switch (source) {
            case ANNOTATION -> Durations.text(millis.getAsLong()) + " from its muster.dev/expected-runtime annotation";
            case DEADLINE -> "at most " + Durations.text(millis.getAsLong()) + " (its activeDeadlineSeconds)";
            case HISTORY -> Durations.text(millis.getAsLong()) + " from finished workloads of its queue and shape";
            case UNKNOWN -> "an unknown run time";
        };
    }
}
