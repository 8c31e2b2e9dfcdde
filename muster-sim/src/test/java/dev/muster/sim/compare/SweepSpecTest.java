package dev.muster.sim.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.quantity.Quantity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SweepSpecTest {

    @Test
    void aResourceWithASlashAndARange() {
        SweepSpec s = SweepSpec.parse("clusterqueue/team-a:nvidia.com/gpu=8..32/8");
        assertThat(s.clusterQueue()).isEqualTo("team-a");
        assertThat(s.target()).isEqualTo("nvidia.com/gpu");
        assertThat(s.values()).containsExactly(Quantity.ofUnits(8), Quantity.ofUnits(16), Quantity.ofUnits(24),
                Quantity.ofUnits(32));
    }

    @Test
    void aFlavorBeforeTheResourceAndQuantitiesWithSuffixes() {
        SweepSpec s = SweepSpec.parse("ClusterQueue/team-a:a100/memory=256Gi..1Ti/256Gi");
        assertThat(s.target()).isEqualTo("a100/memory");
        // 256Gi, 512Gi, 768Gi, 1Ti (= 1024Gi): four runs
        assertThat(s.values()).hasSize(4).last().isEqualTo(Quantity.parse("1Ti"));
    }

    @Test
    void aStepThatDoesNotLandOnToStopsBeforeIt() {
        // 500m, 1500m, 2500m; 3500m would pass 3
        assertThat(SweepSpec.parse("clusterqueue/q:cpu=500m..3/1").values())
                .containsExactly(Quantity.ofMilli(500), Quantity.ofMilli(1500), Quantity.ofMilli(2500));
    }

    @Test
    void oneValueWhenFromIsTo() {
        assertThat(SweepSpec.parse("clusterqueue/q:cpu=4..4/1").values()).containsExactly(Quantity.ofUnits(4));
    }

    @Test
    void aHundredRunsAtMostAndTheBoundDoesNotOverflow() {
        assertThat(SweepSpec.parse("clusterqueue/q:cpu=1..100/1").values()).hasSize(100);
        assertThatThrownBy(() -> SweepSpec.parse("clusterqueue/q:cpu=0..100/1"))
                .hasMessageContaining("101 runs; at most 100");
        // the whole range of a quantity in one step: two values, no wrap-around past the bound
        assertThat(SweepSpec.parse("clusterqueue/q:cpu=0..9223372036854775807m/9223372036854775807m").values())
                .containsExactly(Quantity.ZERO, Quantity.MAX);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "team-a:nvidia.com/gpu=8..32/8 | expected clusterqueue/NAME",
        "localqueue/ml:cpu=1..2/1 | only a ClusterQueue's nominal quota is swept",
        "clusterqueue/:cpu=1..2/1 | no ClusterQueue name",
        "clusterqueue/q:=1..2/1 | no resource",
        "clusterqueue/q:cpu=1-2/1 | is not FROM..TO/STEP",
        "clusterqueue/q:cpu=1..2 | is not FROM..TO/STEP",
        "clusterqueue/q:cpu=8..4/1 | FROM (8) is more than TO (4)",
        "clusterqueue/q:cpu=1..4/0 | STEP must be more than 0",
        "clusterqueue/q:cpu=x..4/1 | FROM \"x\"",
        "clusterqueue/q:cpu=-2..4/1 | negative",
    })
    void badSpecsSayWhatIsWrong(String spec, String message) {
        assertThatThrownBy(() -> SweepSpec.parse(spec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--sweep \"" + spec + "\": ")
                .hasMessageContaining(message);
    }
}
