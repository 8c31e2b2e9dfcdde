package dev.muster.operator.twin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The simulator is the operator's twin (ARCHITECTURE.md, principle 8): each scenario, run through
 * {@code muster simulate} and through {@code muster run} (the real operator on the mock API server,
 * in virtual time), gives every workload the same history: admitted (with its flavors and the
 * nodes of its pods), preempted or evicted (with the engine's message), finished, at the same times.
 */
class TwinTest {

    private static final long[] SEEDS = {1, 2, 3, 4};

    @TestFactory
    Stream<DynamicTest> scenarios() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        // -Dtwin.only=<regex> runs the scenarios whose names match it (to look at one while fixing it).
        String only = System.getProperty("twin.only", "");
        for (TwinScenarios.Entry e : TwinScenarios.all()) {
            if (!only.isEmpty() && !java.util.regex.Pattern.compile(only).matcher(e.name()).find()) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(e.name(), () -> {
                org.junit.jupiter.api.Assumptions.assumeTrue(e.skipReason().isEmpty(), e.skipReason());
                assertTwins(TwinWorld.of(e.name(), e.files()));
            }));
        }
        return tests.stream();
    }

    /** Seeded random worlds, a few of each dialect: the same seed gives the same world. */
    @TestFactory
    Stream<DynamicTest> randomWorlds() {
        List<DynamicTest> tests = new ArrayList<>();
        for (long seed : SEEDS) {
            tests.add(DynamicTest.dynamicTest("kueue world, seed " + seed, () -> assertTwins(TwinWorld.of("kueue-world-" + seed,
                    Map.of("kueue-world-" + seed + ".yaml", RandomWorlds.kueue(seed))))));
            tests.add(DynamicTest.dynamicTest("kai world, seed " + seed, () -> assertTwins(TwinWorld.of("kai-world-" + seed,
                    Map.of("kai-world-" + seed + ".yaml", RandomWorlds.kai(seed))))));
        }
        return tests.stream();
    }

    static void assertTwins(TwinWorld world) throws Exception {
        Histories simulator = SimulatorRun.of(world);
        Histories operator = OperatorRun.of(world);
        assertThat(Histories.differences(simulator, operator)).as("workloads whose histories differ in %s", world.name())
                .isEmpty();
        assertThat(simulator.asMap()).as("%s decides something", world.name()).isNotEmpty();
    }
}
