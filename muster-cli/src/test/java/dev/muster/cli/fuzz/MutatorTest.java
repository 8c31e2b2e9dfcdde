package dev.muster.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mutant is made again, alone, from its source, seed and index. */
class MutatorTest {

    @TempDir
    Path dir;

    @Test
    void theSameSourceSeedAndIndexMakeTheSameMutant() throws IOException {
        FuzzSource source = FuzzSource.named("examples/quota-and-borrowing");
        for (int index = 0; index < 20; index++) {
            Mutator.Mutant first = Mutator.mutate(source, 42, index);
            Mutator.Mutant again = Mutator.mutate(source, 42, index);
            assertThat(again.mutations()).isEqualTo(first.mutations()).isNotEmpty();
            assertThat(written(again, "again-" + index)).isEqualTo(written(first, "first-" + index));
        }
    }

    @Test
    void mutatingLeavesTheSourceAsItWas() throws IOException {
        FuzzSource source = FuzzSource.named("shared/kueue-cohort-borrowing");
        String before = written(source.manifests(), "before");
        for (int index = 0; index < 50; index++) {
            Mutator.mutate(source, 7, index);
        }
        assertThat(written(source.manifests(), "after")).isEqualTo(before);
    }

    private String written(Mutator.Mutant mutant, String name) throws IOException {
        return written(mutant.manifests(), name);
    }

    private String written(ManifestSet manifests, String name) throws IOException {
        Path out = Files.createDirectories(dir.resolve(name));
        manifests.writeTo(out);
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.sorted().toList()) {
                all.append(f.getFileName()).append('\n').append(Files.readString(f));
            }
        }
        return all.toString();
    }
}
