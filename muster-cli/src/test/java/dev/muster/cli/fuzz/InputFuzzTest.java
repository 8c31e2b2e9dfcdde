package dev.muster.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's contract under seeded structural mutations ({@link MutationOperator}) of every shared
 * scenario and example: each mutant ends with a JSON report (exit 0) or a clean refusal (exit 2),
 * never an internal error, a stack trace, a Java class name or a hang.
 *
 * <p>{@code ./mvnw verify} runs {@value #IN_SUITE} mutants of seed {@value #SEED}. A longer run:
 * {@code -Dtest=InputFuzzTest -Dfuzz.mutants=10000 -Dfuzz.seed=N} (add {@code -Dfuzz.verbose=true}
 * for a line per mutant); one mutant alone: {@code -Dfuzz.source=NAME -Dfuzz.seed=N -Dfuzz.index=I}
 * (each defect prints its command). The mutants of defects are kept under
 * {@code muster-cli/target/fuzz-defects}.
 */
class InputFuzzTest {

    static final int IN_SUITE = 600;
    static final long SEED = 18;

    @TempDir
    Path work;

    @Test
    void everyMutantEndsWithAReportOrACleanRefusal() throws IOException {
        long seed = Long.getLong("fuzz.seed", SEED);
        String only = System.getProperty("fuzz.source");
        FuzzCampaign.Outcomes outcomes = only == null
                ? FuzzCampaign.run(FuzzSource.all(), seed, Integer.getInteger("fuzz.mutants", IN_SUITE), work,
                        Boolean.getBoolean("fuzz.verbose"))
                : FuzzCampaign.runOne(FuzzSource.named(only), seed, Integer.getInteger("fuzz.index", 0), work);
        System.out.println(outcomes.summary());
        outcomes.keepDefects(Path.of("target", "fuzz-defects"));
        assertThat(outcomes.defects()).as(outcomes::defectReport).isEmpty();
    }

    @Test
    void aSourceWrittenBackWithoutMutationStillMeetsItsExpectations() throws IOException {
        List<FuzzSource> sources = FuzzSource.all();
        assertThat(sources).as("shared scenarios and examples").hasSizeGreaterThanOrEqualTo(15);
        for (FuzzSource source : sources) {
            Path dir = Files.createDirectories(work.resolve(source.name().replace('/', '-')));
            source.manifests().copy().writeTo(dir);
            StringWriter err = new StringWriter();
            int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                    "simulate", "--expect", source.expectFile().toString(), dir.toString());
            assertThat(code).as("%s written back by the fuzz test's writer: %s", source.name(), err).isZero();
        }
    }
}
