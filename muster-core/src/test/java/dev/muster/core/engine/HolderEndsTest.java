package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.admission.HeldEnd;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.runtime.RuntimeHints;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The expected ends the engine keeps in order ({@link HolderEnds}) are, after every cycle, exactly
 * what listing the workloads holding quota in a queue and sorting their ends gives, on random
 * mixed worlds with backfill on: admissions, gangs shrunk for preemptors and grown again,
 * evictions, finished workloads, run times declared anew while workloads run, and queues first
 * asked about at any moment.
 */
class HolderEndsTest {

    private static final int WORKLOADS = 120;

    @ParameterizedTest(name = "Kueue, seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void kueueQueuesKeepWhatSortingGives(long seed) {
        play(MixedWorld.kueue(seed, WORKLOADS), seed);
    }

    @ParameterizedTest(name = "KAI, seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void kaiQueuesKeepWhatSortingGives(long seed) {
        play(MixedWorld.kai(seed, WORKLOADS), seed);
    }

    private static void play(MixedWorld world, long seed) {
        Random r = new Random(seed);
        Engine engine = new Engine(EngineSetup.kueue(world.queues(), world.cohorts(), world.localQueues(), List.of(),
                new AdmissionSettings(world.fairSharing()).withBackfill(new BackfillPolicy(true, 1 + r.nextInt(2))))
                .withKai(world.kaiQueues(), world.capacity()));
        Map<ObjectKey, OptionalLong> runtimes = new HashMap<>();
        for (VirtualRun.Job j : world.jobs()) {
            ObjectKey key = j.workload().key();
            runtimes.put(key, runtime(r));
            engine.expectRuntime(key, hints(runtimes.get(key)));
        }
        Set<String> asked = new HashSet<>();
        int[] checks = {0};
        VirtualRun.Result result = VirtualRun.run(engine, world.jobs(), 50 * WORKLOADS, e -> {
            checks[0]++;
            List<AdmittedWorkload> running = e.admittedWorkloads();
            if (!running.isEmpty() && r.nextInt(4) == 0) { // a running workload declares another run time
                ObjectKey key = running.get(r.nextInt(running.size())).workload().key();
                runtimes.put(key, runtime(r));
                e.expectRuntime(key, hints(runtimes.get(key)));
            }
            for (QueueView q : e.clusterQueues()) {
                if (asked.contains(q.name()) || r.nextInt(20) == 0) { // kept from the first time it is asked
                    asked.add(q.name());
                    assertThat(e.heldEnds(q.name())).as("seed %d, check %d, queue %s", seed, checks[0], q.name())
                            .isEqualTo(sorted(e, q.name(), runtimes));
                }
            }
        }, false);
        assertThat(result.admissions()).as("the world runs").isPositive();
        assertThat(asked).isNotEmpty();
    }

    /** The queue's ends as listing and sorting its holders gives them. */
    private static List<HeldEnd> sorted(Engine engine, String queue, Map<ObjectKey, OptionalLong> runtimes) {
        List<HeldEnd> out = new ArrayList<>();
        for (AdmittedWorkload a : engine.admittedWorkloads()) {
            if (a.clusterQueue().equals(queue)) {
                out.add(HeldEnd.of(a, runtimes.get(a.workload().key())));
            }
        }
        out.sort(HeldEnd.ORDER);
        return out;
    }

    /** None, a short one (often over by the next cycle), one shared by many, or any. */
    private static OptionalLong runtime(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> OptionalLong.empty();
            case 1 -> OptionalLong.of(r.nextInt(20));
            case 2 -> OptionalLong.of(500);
            default -> OptionalLong.of(r.nextInt(5_000));
        };
    }

    private static RuntimeHints hints(OptionalLong millis) {
        return new RuntimeHints(millis, OptionalLong.empty());
    }
}
