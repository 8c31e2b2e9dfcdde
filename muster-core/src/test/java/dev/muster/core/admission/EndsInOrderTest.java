package dev.muster.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link EndsInOrder} reads the queues' ends, kept in order, only as far as asked, yet gives exactly
 * the list a pass used to make of every run of the tree and sort: each run's end its admission
 * plus its run time, now if that has passed, never without one; soonest first, ties by key.
 */
class EndsInOrderTest {

    private static final long M = 60_000;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void readsWhatSortingEveryRunGives(long seed) {
        Random r = new Random(seed);
        for (int round = 0; round < 200; round++) {
            List<ClusterQueueState> queues = queues(1 + r.nextInt(4));
            Map<ObjectKey, OptionalLong> runtimes = new HashMap<>();
            long now = r.nextInt(100) * M;
            int runs = r.nextInt(40);
            for (int i = 0; i < runs; i++) {
                ClusterQueueState q = queues.get(r.nextInt(queues.size()));
                AdmittedWorkload a = admitted(q, "w" + r.nextInt(1_000_000) + "-" + i, r.nextInt(100) * M);
                q.admitted(a);
                runtimes.put(a.workload().key(), runtime(r));
            }
            List<RunEnd> expected = sortedAsBefore(queues, runtimes, now);

            EndsInOrder ends = new EndsInOrder(queues, now, filed(queues, runtimes));
            // asked out of order first, as a pass never does, then all of it
            int probe = r.nextInt(runs + 2);
            assertThat(same(ends.get(probe), probe < expected.size() ? expected.get(probe) : null))
                    .as("round %d, end %d", round, probe).isTrue();
            List<RunEnd> read = new ArrayList<>();
            ends.forEach(read::add);
            assertThat(read).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                assertThat(same(read.get(i), expected.get(i))).as("round %d, end %d: %s against %s", round, i,
                        read.get(i), expected.get(i)).isTrue();
            }
            assertThat(ends.get(expected.size())).isNull();
        }
    }

    @Test
    void anAdmissionOrAReleaseInTheQueuesCallsForANewReading() {
        List<ClusterQueueState> queues = queues(2);
        AdmittedWorkload a = admitted(queues.get(0), "a", 0);
        queues.get(0).admitted(a);
        Map<ObjectKey, OptionalLong> runtimes = new HashMap<>(Map.of(a.workload().key(), OptionalLong.of(M)));
        EndsInOrder ends = new EndsInOrder(queues, 0, filed(queues, runtimes));
        assertThat(ends.current()).isTrue();

        queues.get(1).admitted(admitted(queues.get(1), "b", 0));
        assertThat(ends.current()).as("b admitted").isFalse();

        ends = new EndsInOrder(queues, 0, filed(queues, runtimes));
        queues.get(0).released(a.workload().key());
        assertThat(ends.current()).as("a released").isFalse();
    }

    /** The list as a pass made it before: every run of the tree, sorted. */
    private static List<RunEnd> sortedAsBefore(List<ClusterQueueState> queues, Map<ObjectKey, OptionalLong> runtimes,
            long now) {
        List<RunEnd> out = new ArrayList<>();
        for (ClusterQueueState q : queues) {
            for (AdmittedWorkload a : q.admittedWorkloads()) {
                OptionalLong runtime = runtimes.get(a.workload().key());
                long end = runtime.isEmpty() ? Long.MAX_VALUE
                        : Math.max(now, Saturating.add(a.admittedAtMillis(), runtime.getAsLong()));
                out.add(new RunEnd(a, q, end, end));
            }
        }
        out.sort(Comparator.comparingLong(RunEnd::endMillis).thenComparing(RunEnd::workload));
        return out;
    }

    /** Each queue's ends in order, as the engine keeps them. */
    private static java.util.function.Function<ClusterQueueState, Iterable<HeldEnd>> filed(List<ClusterQueueState> queues,
            Map<ObjectKey, OptionalLong> runtimes) {
        Map<ClusterQueueState, TreeSet<HeldEnd>> byQueue = new IdentityHashMap<>();
        for (ClusterQueueState q : queues) {
            TreeSet<HeldEnd> ends = new TreeSet<>(HeldEnd.ORDER);
            q.admittedWorkloads().forEach(a -> ends.add(HeldEnd.of(a, runtimes.getOrDefault(a.workload().key(), OptionalLong.empty()))));
            byQueue.put(q, ends);
        }
        return byQueue::get;
    }

    private static boolean same(RunEnd a, RunEnd b) {
        return a == null ? b == null
                : b != null && a.admitted() == b.admitted() && a.queue() == b.queue() && a.endMillis() == b.endMillis();
    }

    /** A run time: none, one that has passed by now, one shared with others, any, or one that saturates. */
    private static OptionalLong runtime(Random r) {
        return switch (r.nextInt(7)) {
            case 0 -> OptionalLong.empty();
            case 1 -> OptionalLong.of(0);
            case 2 -> OptionalLong.of(60 * M);
            case 3 -> OptionalLong.of(Long.MAX_VALUE - r.nextInt(3));
            default -> OptionalLong.of(r.nextInt(200) * M);
        };
    }

    private static List<ClusterQueueState> queues(int n) {
        List<ClusterQueueSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(new ClusterQueueSpec("q" + i, Optional.of("co"), List.of(new ResourceGroup(List.of("cpu"),
                    List.of(new FlavorQuotas("default", List.of(new ResourceQuota("cpu", Quantity.ofUnits(100),
                            Optional.empty(), Optional.empty())))))), QueueingStrategy.BEST_EFFORT_FIFO,
                    LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT));
        }
        QuotaTree tree = QuotaTree.build(specs, List.of(new CohortSpec("co", Optional.empty(), List.of(),
                ClusterQueueSpec.DEFAULT_WEIGHT)));
        return specs.stream().map(s -> new ClusterQueueState(s, tree.clusterQueue(s.name()).orElseThrow())).toList();
    }

    private static AdmittedWorkload admitted(ClusterQueueState q, String name, long atMillis) {
        Workload wl = new Workload(new ObjectKey("ns", name), q.name(), 0, 0, 0,
                List.of(PodSet.of("main", 1, new ResourceList(Map.of("cpu", Quantity.ofUnits(1))))));
        return new AdmittedWorkload(wl, q.name(), new Assignment(List.of(), new long[] {1_000}, 0), atMillis);
    }
}
