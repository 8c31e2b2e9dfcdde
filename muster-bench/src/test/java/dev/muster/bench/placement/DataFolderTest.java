package dev.muster.bench.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFolderTest {

    @TempDir
    Path tmp;

    @Test
    void theDataFolderIsFoundFromAnyDirectoryBelowIt() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("shared/data"));
        Path deep = Files.createDirectories(tmp.resolve("main/muster-bench/target"));
        assertThat(DataFolder.find(deep)).contains(data.toAbsolutePath().normalize());
        assertThat(DataFolder.find(tmp)).contains(data.toAbsolutePath().normalize());
    }

    @Test
    void withoutOneThereIsNothing() throws Exception {
        Path lonely = Files.createDirectories(tmp.resolve("a/b"));
        assertThat(DataFolder.find(lonely).filter(p -> p.startsWith(tmp))).isEmpty();
    }
}
