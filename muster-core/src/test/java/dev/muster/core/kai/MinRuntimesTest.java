package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.KaiQueueSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * KAI's minruntime resolution, on the tree of KAI's docs/plugins/minruntime.md (reclaimMinRuntime
 * values): A, its child B (600s), B's children C and D (60s), C's leaves leaf1 (0s) and leaf2
 * (180s), D's leaf leaf3. The expected values are the ones that page lists for each pair.
 */
class MinRuntimesTest {

    private static KaiQueueSpec queue(String name, String parent, Long reclaimSeconds, Long preemptSeconds) {
        return new KaiQueueSpec(name, Optional.ofNullable(parent), 100, List.of(),
                Optional.ofNullable(preemptSeconds).map(s -> s * 1000), Optional.ofNullable(reclaimSeconds).map(s -> s * 1000));
    }

    private final MinRuntimes tree = new MinRuntimes(List.of(
            queue("A", null, null, null),
            queue("B", "A", 600L, 300L),
            queue("C", "B", null, null),
            queue("D", "B", 60L, null),
            queue("leaf1", "C", 0L, 20L),
            queue("leaf2", "C", 180L, null),
            queue("leaf3", "D", null, null)));

    @Test
    void reclaimTakesTheValueOneStepBelowTheCommonAncestorOnTheVictimsSide() {
        assertThat(tree.reclaimMillis("leaf1", "leaf2")).isEqualTo(180_000);
        assertThat(tree.reclaimMillis("leaf2", "leaf1")).isZero();
        // leaf3 and leaf1 part below B: the victim's side starts at C, which sets nothing; B says 600s.
        assertThat(tree.reclaimMillis("leaf3", "leaf1")).isEqualTo(600_000);
        assertThat(tree.reclaimMillis("leaf3", "leaf2")).isEqualTo(600_000);
        // From C's leaves into D's: D's 60s, whatever leaf3 would set.
        assertThat(tree.reclaimMillis("leaf1", "leaf3")).isEqualTo(60_000);
        assertThat(tree.reclaimMillis("leaf2", "leaf3")).isEqualTo(60_000);
    }

    @Test
    void topLevelQueuesUseTheVictimsOwnValue() {
        MinRuntimes flat = new MinRuntimes(List.of(queue("team-a", null, null, null), queue("team-b", null, 60L, null)));
        assertThat(flat.reclaimMillis("team-a", "team-b")).isEqualTo(60_000);
        assertThat(flat.reclaimMillis("team-b", "team-a")).isZero(); // nothing set anywhere: KAI's default, 0s
    }

    @Test
    void preemptionTakesTheVictimQueuesValueOrItsNearestParents() {
        assertThat(tree.preemptMillis("leaf1")).isEqualTo(20_000);
        assertThat(tree.preemptMillis("leaf2")).isEqualTo(300_000); // leaf2 and C set none; B does
        assertThat(tree.preemptMillis("leaf3")).isEqualTo(300_000);
        assertThat(tree.preemptMillis("A")).isZero();
    }
}
