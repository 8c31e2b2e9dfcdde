package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Pending;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a waiting KAI workload's memo holds, and what makes it try again. */
class KaiWaitMemoTest {

    private static final Pending NO_ROOM = Pending.nodes("no node can take pod 1 of 1");
    private static final KaiWaitMemo.State STATE = new KaiWaitMemo.State(7, 3, 2, 5);
    private static final KaiWaitMemo.StillOnlyNodes NEVER = (wait, need) -> false;
    private static final KaiWaitMemo.StillOnlyNodes ALWAYS = (wait, need) -> true;

    private static Workload job(String name) {
        return new Workload(new ObjectKey("default", name), "a", 50, 0, 0,
                List.of(PodSet.of("main", 1, new ResourceList(Map.of("nvidia.com/gpu", Quantity.ofUnits(1))))));
    }

    private static KaiWaitMemo.NodesOnly nodesOnly(long gpus) {
        return new KaiWaitMemo.NodesOnly(null, 50, List.of(0L, 0L, gpus * 1000), KaiVictims.NOTHING_TO_RECLAIM);
    }

    @Test
    void aWorkloadThatWaitedIsKnownToWaitInTheSameState() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, null);

        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 3, 2, 5), NEVER)).isTrue();
    }

    @Test
    void anyChangeOfStateMakesAnOrdinaryWaitTryAgain() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, null);

        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(8, 3, 2, 5), ALWAYS)).as("room or quota freed").isFalse();
        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 4, 2, 5), ALWAYS)).as("an admission").isFalse();
        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 3, 3, 5), ALWAYS)).as("new fair shares").isFalse();
        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 3, 2, 6), ALWAYS)).as("a change in the pass").isFalse();
    }

    @Test
    void aWaitForTheNodesAloneHoldsThroughAdmissionsAndNewSharesWhileItsCheckSaysSo() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, nodesOnly(1));

        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 4, 3, 6), ALWAYS)).isTrue();
        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(7, 5, 3, 6), NEVER)).isFalse();
    }

    @Test
    void aWaitForTheNodesAloneEndsWhenRoomAppears() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, nodesOnly(1));

        assertThat(memo.stillWaits(wl, new KaiWaitMemo.State(8, 3, 2, 5), ALWAYS)).isFalse();
    }

    @Test
    void alikeWaitsAreCheckedOncePerState() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload first = job("first");
        Workload second = job("second");
        memo.waits(null, first, STATE, NO_ROOM, nodesOnly(1));
        memo.waits(null, second, STATE, NO_ROOM, nodesOnly(1));
        int[] checks = {0};
        KaiWaitMemo.StillOnlyNodes counting = (wait, need) -> {
            checks[0]++;
            assertThat(need).containsExactly(0L, 0L, 1000L);
            return true;
        };

        KaiWaitMemo.State later = new KaiWaitMemo.State(7, 4, 2, 5);
        assertThat(memo.stillWaits(first, later, counting)).isTrue();
        assertThat(memo.stillWaits(second, later, counting)).isTrue();
        assertThat(checks[0]).isEqualTo(1);
    }

    @Test
    void aRequeuedWorkloadIsANewInstanceAndIsTriedAgain() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, null);

        assertThat(memo.stillWaits(job("w"), STATE, ALWAYS)).isFalse();
    }

    @Test
    void aForgottenWorkloadIsTriedAgain() {
        KaiWaitMemo memo = new KaiWaitMemo();
        Workload wl = job("w");
        memo.waits(null, wl, STATE, NO_ROOM, null);
        memo.forget(null, wl);

        assertThat(memo.stillWaits(wl, STATE, ALWAYS)).isFalse();
    }

    private static dev.muster.core.queue.ClusterQueueState kaiQueue() {
        var spec = new dev.muster.core.model.ClusterQueueSpec("a", java.util.Optional.empty(), List.of(),
                dev.muster.core.model.QueueingStrategy.BEST_EFFORT_FIFO, dev.muster.core.model.LabelSelector.EVERYTHING,
                Quantity.ofUnits(1));
        var tree = dev.muster.core.quota.QuotaTree.build(List.of(spec), List.of());
        var q = new dev.muster.core.queue.ClusterQueueState(spec, tree.clusterQueue("a").orElseThrow());
        q.markKai(KaiCycle.VICTIM_ORDER);
        return q;
    }

    private static Workload job(String name, long sequence) {
        return new Workload(new ObjectKey("default", name), "a", 50, 0, sequence,
                List.of(PodSet.of("main", 1, new ResourceList(Map.of("nvidia.com/gpu", Quantity.ofUnits(1))))));
    }

    @Test
    void aPassVisitsOnlyWhatIsNotParkedAsWaitingForTheNodes() {
        var q = kaiQueue();
        Workload first = job("first", 1);
        Workload second = job("second", 2);
        Workload third = job("third", 3);
        List.of(first, second, third).forEach(q::enqueue);
        KaiWaitMemo memo = new KaiWaitMemo();
        memo.waits(q, first, STATE, NO_ROOM, nodesOnly(1));
        memo.waits(q, third, STATE, NO_ROOM, nodesOnly(1));

        assertThat(memo.toVisit(q, STATE, ALWAYS)).as("second was never tried").containsExactly(second);
        Workload fourth = job("fourth", 4);
        q.enqueue(fourth);
        assertThat(memo.toVisit(q, STATE, ALWAYS)).as("what arrived since").containsExactly(second, fourth);
        q.dequeue(second);
        assertThat(memo.toVisit(q, STATE, ALWAYS)).as("what left the queue is dropped").containsExactly(fourth);
        memo.forget(q, first); // say it preempted: it is tried again
        assertThat(memo.toVisit(q, STATE, ALWAYS)).containsExactly(first, fourth);
    }

    @Test
    void aPassVisitsEverythingWhenAParkedWaitMayNoLongerHold() {
        var q = kaiQueue();
        Workload first = job("first", 1);
        Workload second = job("second", 2);
        List.of(first, second).forEach(q::enqueue);
        KaiWaitMemo memo = new KaiWaitMemo();
        memo.waits(q, first, STATE, NO_ROOM, nodesOnly(1));

        assertThat(memo.toVisit(q, new KaiWaitMemo.State(7, 4, 2, 5), NEVER)).as("an admission took the quota it needed").isNull();
        assertThat(memo.toVisit(q, new KaiWaitMemo.State(8, 3, 2, 5), ALWAYS))
                .as("room appeared: nothing is parked at the new wait version").containsExactly(first, second);
    }
}
