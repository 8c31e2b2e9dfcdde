package dev.muster.api.scenario;

import static dev.muster.api.scenario.JobAndPodTest.job;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.manifest.ManifestError;
import dev.muster.core.runtime.RuntimeHints;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What a job says about its run time, which forecasts read: an annotation, and a Job's or RayJob's limit. */
class RuntimeHintsTest {

    private static RuntimeHints hintsOf(String yaml) throws Exception {
        return load(yaml).workloads().get(0).runtimeHints();
    }

    @Test
    void theExpectedRuntimeAnnotationIsAGoDuration() throws Exception {
        assertThat(hintsOf(job("annotations: {muster.dev/expected-runtime: 1h30m}\n", "parallelism: 1")))
                .isEqualTo(new RuntimeHints(OptionalLong.of(5_400_000), OptionalLong.empty()));
        assertThat(hintsOf(job("", "parallelism: 1"))).isEqualTo(RuntimeHints.NONE);
    }

    @Test
    void aJobsActiveDeadlineSecondsIsItsLongestRun() throws Exception {
        assertThat(hintsOf(job("", "activeDeadlineSeconds: 600")).deadlineMillis()).hasValue(600_000);
    }

    @Test
    void aMalformedOrNegativeExpectedRuntimeIsRefusedNamingTheAnnotation() {
        assertThat(errors(job("annotations: {muster.dev/expected-runtime: soon}\n", "parallelism: 1")))
                .extracting(ManifestError::fieldPath).containsExactly("metadata.annotations[muster.dev/expected-runtime]");
        assertThat(errors(job("annotations: {muster.dev/expected-runtime: -5m}\n", "parallelism: 1")))
                .extracting(ManifestError::message).singleElement().asString().contains("must not be negative");
    }

    @Test
    void anActiveDeadlineOfZeroOrLessIsRefusedAsKubernetesDoes() {
        assertThat(errors(job("", "activeDeadlineSeconds: 0")))
                .extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(org.assertj.core.api.Assertions.tuple("spec.activeDeadlineSeconds", "must be greater than 0, got 0"));
    }
}
