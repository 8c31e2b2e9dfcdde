package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PlacementPolicy.Strategy;
import org.junit.jupiter.api.Test;

/** Muster's own Configuration: placement strategies, and the workload the fragmentation strategy learns. */
class MusterConfigurationTest {

    private static String placement(String body) {
        return "apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nmetadata: {name: muster}\nplacement:\n" + body;
    }

    @Test
    void withoutPlacementTheDefaultIsBinPackWithTheSimpleRules() throws Exception {
        PlacementPolicy p = load(placement("  cpu: binpack\n")).musterSettings().placement();
        assertThat(p).isEqualTo(PlacementPolicy.DEFAULT);
        assertThat(p.learnsWorkload()).as("KAI's gpu: binpack choices stay the default").isFalse();
    }

    @Test
    void fragmentationLearnsTheWorkloadFromTheDefaultWindowOfRecentPods() throws Exception {
        PlacementPolicy p = load(placement("  gpu: fragmentation\n")).musterSettings().placement();
        assertThat(p.learnsWorkload()).isTrue();
        assertThat(p.recentPods()).isEqualTo(PlacementPolicy.DEFAULT_RECENT_PODS);
        assertThat(p.gpu()).as("bin-packing breaks the gradient's ties").isEqualTo(Strategy.BINPACK);
    }

    @Test
    void fragmentationTakesItsWindowAndTheCpuStrategy() throws Exception {
        PlacementPolicy p = load(placement("  gpu: fragmentation\n  cpu: spread\n  recentPods: 500\n"))
                .musterSettings().placement();
        assertThat(p).isEqualTo(PlacementPolicy.fragmentation(Strategy.SPREAD, 500));
    }

    @Test
    void badValuesNameTheFileTheObjectAndTheField() {
        assertThat(errors(placement("  gpu: fragmentation\n  recentPods: 0\n")))
                .extracting(ManifestError::file, ManifestError::kind, ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("bad.yaml", "Configuration", "placement.recentPods",
                        "must be between 1 and 1000000, not 0"));
        assertThat(errors(placement("  gpu: fragmentation\n  recentPods: \"2048\"\n")))
                .extracting(ManifestError::fieldPath).containsExactly("placement.recentPods");
        assertThat(errors(placement("  gpu: fragmentation\n  fragmentationAware: false\n")))
                .extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("placement.fragmentationAware",
                        "must not be false with gpu: fragmentation, which is fragmentation-aware"));
        assertThat(errors(placement("  gpu: binpack\n  recentPods: 100\n")))
                .extracting(ManifestError::fieldPath).containsExactly("placement.recentPods");
        assertThat(errors(placement("  gpu: fragmented\n")))
                .extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("placement.gpu",
                        "\"fragmented\" is not one of binpack, spread, fragmentation"));
    }

    private static String forecast(String body) {
        return "apiVersion: config.muster.dev/v1alpha1\nkind: Configuration\nmetadata: {name: muster}\nforecast:\n" + body;
    }

    @Test
    void forecastsExpectTheMedianRunUnlessAnotherQuantileIsGiven() throws Exception {
        assertThat(load(placement("  cpu: binpack\n")).musterSettings().runtimeQuantile()).isEqualTo(0.5);
        assertThat(load(forecast("  runtimeQuantile: 0.9\n")).musterSettings().runtimeQuantile()).isEqualTo(0.9);
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefusedNamingTheField() {
        assertThat(errors(forecast("  runtimeQuantile: 1.5\n"))).extracting(ManifestError::fieldPath)
                .containsExactly("forecast.runtimeQuantile");
        assertThat(errors(forecast("  runtimeQuantile: 0\n"))).hasSize(1);
        assertThat(errors(forecast("  quantile: 0.5\n"))).extracting(ManifestError::fieldPath)
                .containsExactly("forecast.quantile");
    }
}
