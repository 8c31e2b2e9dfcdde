package dev.muster.bench.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.kueue.RangeSpec.Figure;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class RangeSpecTest {

    @Test
    void baselineGatesAndKueuesAverages() {
        RangeSpec r = PerfShape.bundled("baseline").rangeSpec().orElseThrow();

        assertThat(r.maxWallMs()).contains(new Figure(425_000, OptionalDouble.of(351_116.4)));
        assertThat(r.clusterQueueMinUsage()).containsEntry("cq", new Figure(50, OptionalDouble.of(55.9)));
        assertThat(r.maxAvgTimeToAdmissionMs())
                .containsEntry("large", new Figure(23_000, OptionalDouble.of(16_501)))
                .containsEntry("medium", new Figure(90_000, OptionalDouble.of(76_768)))
                .containsEntry("small", new Figure(260_000, OptionalDouble.of(215_468)))
                .hasSize(3);
    }

    @Test
    void largeScaleGatesAndKueuesMeans() {
        RangeSpec r = PerfShape.bundled("large-scale").rangeSpec().orElseThrow();

        assertThat(r.maxWallMs()).contains(new Figure(1_416_000, OptionalDouble.of(1_179_411)));
        assertThat(r.clusterQueueMinUsage()).containsEntry("cq", new Figure(31.6, OptionalDouble.of(38.64)));
        assertThat(r.maxAvgTimeToAdmissionMs())
                .containsEntry("large", new Figure(128_000, OptionalDouble.of(105_604)))
                .containsEntry("medium", new Figure(308_000, OptionalDouble.of(256_413)))
                .containsEntry("small", new Figure(841_000, OptionalDouble.of(700_379)));
    }

    @Test
    void inlineCommentWinsAndMissingFiguresStayEmpty() {
        RangeSpec r = RangeSpec.parse("""
                cmd:
                  maxWallMs: 10
                clusterQueueClassesMinUsage:
                  # Average value 1.5
                  a: 1 # mean=2.5%
                  b: 3
                """, "r.yaml");

        assertThat(r.maxWallMs()).contains(new Figure(10, OptionalDouble.empty()));
        assertThat(r.clusterQueueMinUsage())
                .containsEntry("a", new Figure(1, OptionalDouble.of(2.5)))
                .containsEntry("b", new Figure(3, OptionalDouble.empty()));
    }
}
