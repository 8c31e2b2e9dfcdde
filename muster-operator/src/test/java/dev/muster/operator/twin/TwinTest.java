package dev.muster.operator.twin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The simulator is the operator's twin (ARCHITECTURE.md, principle 8): each scenario, run through
 * {@code muster simulate} and through {@code muster run} (the real operator on the mock API server,
 * in virtual time: {@link OperatorRun}), gives every workload the same history: admitted (with
 * each pod set's count and flavors, and the nodes its pods got where pods are placed), preempted
 * or evicted (with the engine's message), finished, at the same virtual times.
 *
 * <p>Scenarios the stand-ins cannot drive are skipped with the reason ({@link TwinScenarios});
 * {@code -Dtwin.only=<regex>} runs the scenarios whose names match, {@code -Dtwin.corpus=all} the
 * whole conformance corpus.
 */
class TwinTest {

    /** Seeds whose worlds preempt (Kueue 4, KAI 1 and 6), and worlds that only queue. */
    private static final long[] SEEDS = {1, 4, 6};

    @TestFactory
    Stream<DynamicTest> scenarios() throws IOException {
        String only = System.getProperty("twin.only", "");
        List<DynamicTest> tests = new ArrayList<>();
        for (TwinScenarios.Entry e : TwinScenarios.all()) {
            if (!only.isEmpty() && !Pattern.compile(only).matcher(e.name()).find()) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(e.name(), () -> {
                Assumptions.assumeTrue(e.skipReason().isEmpty(), e.skipReason());
                assertTwins(TwinWorld.of(e.name(), e.files()));
            }));
        }
        assertThat(tests).as("scenarios").isNotEmpty();
        return tests.stream();
    }

    /** Seeded random worlds of each dialect: the same seed gives the same world. */
    @TestFactory
    Stream<DynamicTest> randomWorlds() {
        List<DynamicTest> tests = new ArrayList<>();
        for (long seed : seeds()) {
            tests.add(DynamicTest.dynamicTest("kueue world, seed " + seed,
                    () -> assertTwins(world("kueue-world-" + seed, RandomWorlds.kueue(seed)))));
            tests.add(DynamicTest.dynamicTest("kai world, seed " + seed,
                    () -> assertTwins(world("kai-world-" + seed, RandomWorlds.kai(seed)))));
            tests.add(DynamicTest.dynamicTest("kueue world with backfill, seed " + seed,
                    () -> assertTwins(world("kueue-backfill-world-" + seed, RandomWorlds.kueueWithBackfill(seed)))));
            tests.add(DynamicTest.dynamicTest("kai world with backfill, seed " + seed,
                    () -> assertTwins(world("kai-backfill-world-" + seed, RandomWorlds.kaiWithBackfill(seed)))));
        }
        return tests.stream();
    }

    /** {@link #SEEDS}, or 1..N with {@code -Dtwin.seeds=N} for a longer soak. */
    private static long[] seeds() {
        Integer n = Integer.getInteger("twin.seeds");
        return n == null ? SEEDS : java.util.stream.LongStream.rangeClosed(1, n).toArray();
    }

    private static TwinWorld world(String name, String yaml) throws Exception {
        return TwinWorld.of(name, Map.of(name + ".yaml", yaml));
    }

    private static void assertTwins(TwinWorld world) throws Exception {
        Histories simulator = SimulatorRun.of(world);
        Histories operator = OperatorRun.of(world);
        assertThat(Histories.differences(simulator, operator)).as("workloads whose histories differ in %s", world.name())
                .isEmpty();
    }
}
