package dev.muster.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A queue's workloads in chunked sorted arrays: the same order, tickets and answers as a sorted map. */
class QueuedWorkloadsTest {

    private record Stub(int id) implements ClusterQueueState.Ticket {
    }

    private static Workload workload(int n, int priority) {
        return new Workload(new ObjectKey("ns", "w-" + n), "lq", priority, n % 97, n,
                List.of(PodSet.of("main", 1, ResourceList.of("cpu", Quantity.ofUnits(1)))));
    }

    @Test
    void keepsQueueOrderAndTicketsThroughManyAddsAndRemovesAcrossChunks() {
        QueuedWorkloads queued = new QueuedWorkloads(Workload.QUEUE_ORDER);
        TreeMap<Workload, ClusterQueueState.Ticket> expected = new TreeMap<>(Workload.QUEUE_ORDER);
        List<Workload> known = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        // Enough workloads that chunks split and empty many times over.
        for (int step = 0; step < 20_000; step++) {
            if (known.isEmpty() || random.nextInt(3) > 0) {
                Workload w = workload(known.size(), random.nextInt(4) * 100);
                known.add(w);
                Stub ticket = new Stub(step);
                assertThat(queued.add(w, ticket)).isEqualTo(expected.putIfAbsent(w, ticket) == null);
            } else {
                Workload w = known.get(random.nextInt(known.size()));
                assertThat(queued.remove(w)).isEqualTo(expected.remove(w) != null);
            }
            if (step % 997 == 0) {
                assertSame(queued, expected);
            }
        }
        assertSame(queued, expected);
        assertThat(expected.size()).isGreaterThan(2 * QueuedWorkloads.CHUNK);
    }

    @Test
    void aWorkloadQueuedTwiceStaysOnceAndGetsATicketIfItHadNone() {
        QueuedWorkloads queued = new QueuedWorkloads(Workload.QUEUE_ORDER);
        Workload w = workload(1, 0);
        Stub ticket = new Stub(1);

        assertThat(queued.add(w, null)).isTrue();
        assertThat(queued.add(w, ticket)).isFalse();
        assertThat(queued.add(w, new Stub(2))).isFalse();

        assertThat(queued.size()).isEqualTo(1);
        assertThat(queued.snapshot().tickets()).containsExactly(ticket);
    }

    @Test
    void holdsTellsTheQueuedInstanceFromAnEqualOne() {
        QueuedWorkloads queued = new QueuedWorkloads(Workload.QUEUE_ORDER);
        Workload w = workload(1, 0);
        queued.add(w, null);

        assertThat(queued.holds(w)).isTrue();
        assertThat(queued.holds(workload(1, 0))).as("equal in queue order, another instance").isFalse();
        assertThat(queued.holds(workload(2, 0))).isFalse();
    }

    @Test
    void afterListsWhatFollowsAWorkloadQueuedOrNot() {
        QueuedWorkloads queued = new QueuedWorkloads(Workload.QUEUE_ORDER);
        List<Workload> all = new ArrayList<>();
        for (int n = 0; n < 3 * QueuedWorkloads.CHUNK; n++) {
            Workload w = workload(n, 0);
            all.add(w);
            queued.add(w, null);
        }
        all.sort(Workload.QUEUE_ORDER);
        Workload gone = all.get(QueuedWorkloads.CHUNK + 5);
        queued.remove(gone);

        assertThat(queued.after(gone)).containsExactlyElementsOf(all.subList(QueuedWorkloads.CHUNK + 6, all.size()));
        assertThat(queued.after(all.get(0))).containsExactlyElementsOf(
                all.subList(1, all.size()).stream().filter(w -> w != gone).toList());
        assertThat(queued.after(all.get(all.size() - 1))).isEmpty();
    }

    private static void assertSame(QueuedWorkloads queued, TreeMap<Workload, ClusterQueueState.Ticket> expected) {
        assertThat(queued.size()).isEqualTo(expected.size());
        assertThat(queued.view()).containsExactlyElementsOf(expected.keySet());
        ClusterQueueState.PendingSnapshot snapshot = queued.snapshot();
        assertThat(snapshot.workloads()).containsExactlyElementsOf(expected.keySet());
        assertThat(snapshot.tickets()).containsExactlyElementsOf(expected.values());
        for (Map.Entry<Workload, ClusterQueueState.Ticket> e : expected.entrySet()) {
            assertThat(queued.holds(e.getKey())).isTrue();
        }
    }
}
