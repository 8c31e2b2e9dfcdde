package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl muster ...} is the launcher {@code ./muster} installed on PATH as
 * {@code kubectl-muster} (kubectl runs a plugin named so with the arguments after "muster"). The
 * launcher must find its checkout through that symlink: here a copy of the real launcher in a
 * checkout whose jar is {@link LauncherProbe}, reached through a relative symlink in another
 * directory and run from a third, passes the arguments through untouched.
 */
class KubectlPluginLauncherTest {

    @TempDir
    Path dir;

    @Test
    void theLauncherRunsItsOwnCheckoutsJarThroughASymlinkNamedKubectlMuster() throws Exception {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.createDirectories(checkout.resolve("bin"));
        Path launcher = Files.copy(Path.of("..", "muster"), checkout.resolve("muster"));
        launcher.toFile().setExecutable(true);
        Files.copy(Path.of("..", "bin", "find-jdk.sh"), checkout.resolve("bin/find-jdk.sh"));
        Path jar = probeJar(Files.createDirectories(checkout.resolve("muster-cli/target")).resolve("muster-cli-0.1.0.jar"));
        // newer than anything in the checkout: the launcher must not try to build
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        Path onPath = Files.createDirectories(dir.resolve("home/.local/bin"));
        Path plugin = Files.createSymbolicLink(onPath.resolve("kubectl-muster"), Path.of("..", "..", "..", "checkout", "muster"));
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));

        ProcessBuilder pb = new ProcessBuilder(plugin.toString(), "explain", "team-b/sweep", "-o", "json")
                .directory(elsewhere.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("MUSTER_JAVA_OPTS");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output.lines().toList()).containsSubsequence(
                "dir=" + elsewhere.toRealPath(), "arg=explain", "arg=team-b/sweep", "arg=-o", "arg=json");
        assertThat(output).doesNotContain("building");
    }

    /** A runnable jar holding only {@link LauncherProbe}. */
    private static Path probeJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
                InputStream in = LauncherProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

}
