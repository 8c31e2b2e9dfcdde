package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The soak's fault schedule is a function of its seed. */
class FaultPlanTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void theSameSeedGivesTheSameScheduleAndAnotherSeedAnother() {
        FaultPlan.Rates rates = FaultPlan.Rates.benchmark();

        assertThat(FaultPlan.draw(17, rates, MINUTE)).isEqualTo(FaultPlan.draw(17, rates, MINUTE))
                .isNotEqualTo(FaultPlan.draw(18, rates, MINUTE));
    }

    @Test
    void theLeaderIsKilledEveryTenToTwentySecondsAndEveryKindOfFaultIsPlanned() {
        List<FaultPlan.Action> plan = FaultPlan.draw(17, FaultPlan.Rates.benchmark(), Duration.ofMinutes(5));

        List<Duration> kills = plan.stream().filter(a -> a instanceof FaultPlan.KillLeader).map(FaultPlan.Action::at).toList();
        assertThat(kills).hasSizeBetween(15, 30);
        for (int i = 1; i < kills.size(); i++) {
            assertThat(kills.get(i).minus(kills.get(i - 1))).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(20));
        }
        assertThat(plan).hasAtLeastOneElementOfType(FaultPlan.DropWatches.class)
                .hasAtLeastOneElementOfType(FaultPlan.DeleteWorkload.class)
                .hasAtLeastOneElementOfType(FaultPlan.WebhookDown.class)
                .hasAtLeastOneElementOfType(FaultPlan.WebhookUp.class);
        assertThat(plan).isSortedAccordingTo(java.util.Comparator.comparing(FaultPlan.Action::at));
    }
}
