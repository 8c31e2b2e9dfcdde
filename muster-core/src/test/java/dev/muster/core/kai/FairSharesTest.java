package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** KAI's division of the cluster among queues, worked out by hand. */
class FairSharesTest {

    private static final String GPU = "nvidia.com/gpu";

    /** A queue with only a GPU share: quota and limit in devices (null = unlimited), weight as written. */
    private static KaiQueueSpec queue(String name, String parent, int priority, Double quota, Double limit, double weight) {
        Share gpu = new Share(GPU, Optional.ofNullable(quota).map(q -> Quantity.ofMilli((long) (q * 1000))),
                Optional.ofNullable(limit).map(l -> Quantity.ofMilli((long) (l * 1000))), (long) (weight * 1000));
        return new KaiQueueSpec(name, Optional.ofNullable(parent), priority, List.of(gpu));
    }

    private static Map<String, Map<String, Long>> divide(List<KaiQueueSpec> queues, long gpus, Map<String, Long> demandGpus) {
        Map<String, Map<String, Long>> demand = new java.util.HashMap<>();
        demandGpus.forEach((q, d) -> demand.put(q, Map.of(GPU, d * 1000)));
        return new FairShares(queues).compute(Map.of(GPU, gpus * 1000), demand);
    }

    private static long gpus(Map<String, Map<String, Long>> shares, String queue) {
        return shares.get(queue).get(GPU);
    }

    @Test
    void theSameDemandGetsTheLastAnswerAgainAndAChangedOneIsDividedAnew() {
        FairShares fair = new FairShares(List.of(queue("a", null, 100, 1.0, null, 3), queue("b", null, 100, 1.0, null, 1)));
        Map<String, Long> capacity = Map.of(GPU, 8_000L);
        var first = fair.compute(capacity, Map.of("a", Map.of(GPU, 10_000L), "b", Map.of(GPU, 10_000L)));
        var again = fair.compute(Map.of(GPU, 8_000L), Map.of("a", Map.of(GPU, 10_000L), "b", Map.of(GPU, 10_000L)));
        assertThat(again).as("equal inputs, not the same instances: the answer is kept").isSameAs(first);

        var changed = fair.compute(capacity, Map.of("a", Map.of(GPU, 1_000L), "b", Map.of(GPU, 10_000L)));
        assertThat(gpus(changed, "a")).as("a asks for 1 GPU now").isEqualTo(1000);
        assertThat(gpus(changed, "b")).isEqualTo(7000);
        assertThat(gpus(first, "a")).as("an answer handed out is not changed afterwards").isEqualTo(6000);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> first.get("a").put(GPU, 0L))
                .as("answers are read-only, as they are handed out again").isInstanceOf(UnsupportedOperationException.class);
    }

    /** Every queue gets what it asks for: nothing is left to divide in rounds. */
    @Test
    void whenNoQueueWantsMoreTheRestIsNobodys() {
        var shares = divide(List.of(queue("a", null, 100, 2.0, null, 3), queue("b", null, 100, 2.0, null, 1)), 8,
                Map.of("a", 1L, "b", 2L));
        assertThat(gpus(shares, "a")).isEqualTo(1000);
        assertThat(gpus(shares, "b")).isEqualTo(2000);
    }

    @Test
    void aSurplusIsSharedByOverQuotaWeight() {
        // 8 GPUs; a and b each guaranteed 1; the 6 left are offered 3:1, 4.5 and 1.5 GPUs, which KAI
        // rounds down to whole GPUs (4 and 1); the GPU left over goes to the larger part cut off, a
        // tie (0.5 each) to the queue declared first: a 1 + 4 + 1, b 1 + 1.
        var shares = divide(List.of(queue("a", null, 100, 1.0, null, 3), queue("b", null, 100, 1.0, null, 1)), 8,
                Map.of("a", 10L, "b", 10L));
        assertThat(gpus(shares, "a")).isEqualTo(6000);
        assertThat(gpus(shares, "b")).isEqualTo(2000);
    }

    @Test
    void noQueueGetsMoreThanItAsksForAndTheRestGoesToOthers() {
        // a wants only 2 of the surplus: b takes what a leaves.
        var shares = divide(List.of(queue("a", null, 100, 0.0, null, 3), queue("b", null, 100, 0.0, null, 1)), 8,
                Map.of("a", 2L, "b", 10L));
        assertThat(gpus(shares, "a")).isEqualTo(2000);
        assertThat(gpus(shares, "b")).isEqualTo(6000);
    }

    @Test
    void aLimitCapsTheShare() {
        var shares = divide(List.of(queue("a", null, 100, 0.0, 1.0, 1), queue("b", null, 100, 0.0, null, 1)), 8,
                Map.of("a", 10L, "b", 10L));
        assertThat(gpus(shares, "a")).isEqualTo(1000);
        assertThat(gpus(shares, "b")).isEqualTo(7000);
    }

    @Test
    void higherPriorityQueuesTakeTheSurplusFirst() {
        var shares = divide(List.of(queue("high", null, 200, 1.0, null, 1), queue("low", null, 100, 1.0, null, 10)), 8,
                Map.of("high", 5L, "low", 10L));
        assertThat(gpus(shares, "high")).as("its demand, before low gets any surplus").isEqualTo(5000);
        assertThat(gpus(shares, "low")).isEqualTo(3000);
    }

    @Test
    void anUnlimitedQuotaCountsAsAllItsParentHas() {
        var shares = divide(List.of(queue("all", null, 100, null, null, 1), queue("other", null, 100, 0.0, null, 1)), 4,
                Map.of("all", 3L, "other", 3L));
        assertThat(gpus(shares, "all")).isEqualTo(3000);
        assertThat(gpus(shares, "other")).isEqualTo(1000);
    }

    @Test
    void parentsDivideWhatTheyGetAmongTheirChildren() {
        List<KaiQueueSpec> queues = List.of(
                queue("dept", null, 100, 4.0, null, 1), queue("other-dept", null, 100, 4.0, null, 1),
                queue("team-a", "dept", 100, 1.0, null, 1), queue("team-b", "dept", 100, 1.0, null, 1),
                queue("team-c", "other-dept", 100, 0.0, null, 1));
        var shares = divide(queues, 8, Map.of("team-a", 6L, "team-b", 1L, "team-c", 1L));
        // dept asks 7, other-dept 1: quotas give 4 and 1; the 3 left all go to dept (other-dept wants no more).
        assertThat(gpus(shares, "dept")).isEqualTo(7000);
        assertThat(gpus(shares, "other-dept")).isEqualTo(1000);
        assertThat(gpus(shares, "team-a")).isEqualTo(6000);
        assertThat(gpus(shares, "team-b")).isEqualTo(1000);
    }

    @Test
    void sharesNeverExceedWhatIsThere() {
        var shares = divide(List.of(queue("a", null, 100, 0.0, null, 1), queue("b", null, 100, 0.0, null, 1),
                queue("c", null, 100, 0.0, null, 1)), 1, Map.of("a", 5L, "b", 5L, "c", 5L));
        long sum = gpus(shares, "a") + gpus(shares, "b") + gpus(shares, "c");
        assertThat(sum).isEqualTo(1000);
        // Each is offered a third of a GPU, rounded down to none; the whole GPU left over goes to the
        // first declared of the three equal parts cut off (KAI's divideRemainingResource).
        assertThat(gpus(shares, "a")).isEqualTo(1000);
    }
}
