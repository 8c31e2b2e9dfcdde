package dev.muster.sim.expect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every expectation file of the shared scenarios must be readable, and non-trivial. */
class SharedScenarioExpectationsTest {

    /**
     * Tests run from muster-sim/: the module's copy of the scenarios, and the contract's own folder
     * beside the repository when it is there (it is not part of the repository, so it may be absent).
     */
    private static final List<Path> FOLDERS = List.of(
            Path.of("src", "test", "resources", "scenarios"),
            Path.of("..", "..", "shared", "scenarios"));

    @Test
    void readsEverySharedExpectationFile() throws IOException {
        List<Path> files = FOLDERS.stream().filter(Files::isDirectory).flatMap(SharedScenarioExpectationsTest::expectFiles)
                .toList();
        assumeTrue(!files.isEmpty(), "no scenario folder found among " + FOLDERS);

        for (Path file : files) {
            Expectations expectations = ExpectationFileReader.read(file);
            // A fair-share case may check only its queues; a file that checks nothing is a mistake.
            assertThat(expectations.workloads().size() + expectations.queues().size()).as("%s checks something", file)
                    .isPositive();
        }
    }

    private static Stream<Path> expectFiles(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".expect.yaml")).sorted().toList().stream();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
