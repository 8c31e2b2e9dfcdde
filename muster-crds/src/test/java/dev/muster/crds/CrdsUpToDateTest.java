package dev.muster.crds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CRDs checked in under {@code deploy/crds} and {@code deploy/helm/muster/crds} are exactly
 * those the build generates from the classes in {@code dev.muster.crds} (with the
 * conversion webhook of {@link ConversionWebhook} where versions differ)
 * (crd-generator-maven-plugin, phase process-classes, into
 * {@code target/classes/META-INF/fabric8/<plural>.<group>-v1.yml}), so they never drift.
 *
 * <p>After changing a model class, refresh the copies with
 * {@value #REFRESH}; the test then writes them instead of failing.
 */
class CrdsUpToDateTest {

    static final String UPDATE_PROPERTY = "muster.updateCrds";
    static final String REFRESH = "./mvnw -pl muster-crds test -Dtest=CrdsUpToDateTest -D" + UPDATE_PROPERTY + "=true";
    private static final String GENERATED = "META-INF/fabric8/";
    private static final String GENERATED_SUFFIX = "-v1.yml";
    private static final List<String> COPIES = List.of("deploy/crds", "deploy/helm/muster/crds");

    @Test
    void everyServedKindHasAGeneratedCrd() {
        SortedSet<String> generated = generatedNames();
        assertThat(generated)
                .as("CRDs generated into target/classes/%s (a class in dev.muster.crds that is not listed in "
                        + "MusterCrds.ALL, or a listed one the generator skipped)", GENERATED)
                .isEqualTo(MusterCrds.crdNames());
    }

    @Test
    void checkedInCopiesEqualTheGeneratedCrds() throws IOException {
        boolean update = Boolean.getBoolean(UPDATE_PROPERTY);
        Path root = repositoryRoot();
        List<String> problems = new ArrayList<>();
        List<String> refreshed = new ArrayList<>();
        for (String copyDir : COPIES) {
            Path dir = root.resolve(copyDir);
            SortedSet<String> expectedFiles = new TreeSet<>();
            for (String name : MusterCrds.crdNames()) {
                String file = name + ".yaml";
                expectedFiles.add(file);
                String generated = ConversionWebhook.served(name, generated(name));
                Path copy = dir.resolve(file);
                String problem = compare(copyDir + "/" + file, generated, copy);
                if (problem != null) {
                    if (update) {
                        Files.createDirectories(dir);
                        Files.writeString(copy, generated, StandardCharsets.UTF_8);
                        refreshed.add(copyDir + "/" + file);
                    } else {
                        problems.add(problem);
                    }
                }
            }
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path stale : files.filter(p -> p.getFileName().toString().endsWith(".yaml"))
                            .filter(p -> !expectedFiles.contains(p.getFileName().toString())).sorted().toList()) {
                        String rel = copyDir + "/" + stale.getFileName();
                        if (update) {
                            Files.delete(stale);
                            refreshed.add(rel + " (deleted)");
                        } else {
                            problems.add(rel + " is not generated from any class in dev.muster.crds: delete it");
                        }
                    }
                }
            }
        }
        if (!refreshed.isEmpty()) {
            System.out.println("CrdsUpToDateTest refreshed " + refreshed.size() + " file(s):\n  "
                    + String.join("\n  ", refreshed));
        }
        if (!problems.isEmpty()) {
            fail("The checked-in CRDs differ from the ones generated from dev.muster.crds:\n  - "
                    + String.join("\n  - ", problems)
                    + "\nRefresh them from the repository root with:\n  " + REFRESH
                    + "\n(or copy muster-crds/target/classes/" + GENERATED + "<name>" + GENERATED_SUFFIX
                    + " to each of " + COPIES + " as <name>.yaml after a build), then review and commit the diff.");
        }
    }

    /** Null when the copy equals the generated text, else what is wrong with it. */
    private static String compare(String rel, String generated, Path copy) throws IOException {
        if (!Files.isRegularFile(copy)) {
            return rel + " is missing";
        }
        String actual = Files.readString(copy, StandardCharsets.UTF_8).replace("\r\n", "\n");
        if (actual.equals(generated)) {
            return null;
        }
        String[] a = actual.split("\n", -1);
        String[] g = generated.split("\n", -1);
        int n = Math.min(a.length, g.length);
        for (int i = 0; i < n; i++) {
            if (!a[i].equals(g[i])) {
                return rel + " differs at line " + (i + 1) + ": checked in \"" + a[i].strip() + "\", generated \""
                        + g[i].strip() + "\"";
            }
        }
        return rel + " differs in length: checked in " + a.length + " lines, generated " + g.length;
    }

    private static String generated(String crdName) {
        String resource = GENERATED + crdName + GENERATED_SUFFIX;
        try (InputStream in = CrdsUpToDateTest.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                fail("No generated CRD " + resource + " on the class path. The crd-generator-maven-plugin writes it "
                        + "in phase process-classes: build with Maven (for example ./mvnw -pl muster-crds "
                        + "test-compile), not only with an IDE.");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SortedSet<String> generatedNames() {
        URL dir = CrdsUpToDateTest.class.getClassLoader().getResource(GENERATED);
        if (dir == null || !"file".equals(dir.getProtocol())) {
            fail("No generated CRDs in target/classes/" + GENERATED + ": build with Maven (phase process-classes).");
        }
        try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
            SortedSet<String> names = new TreeSet<>();
            files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(GENERATED_SUFFIX))
                    .forEach(f -> names.add(f.substring(0, f.length() - GENERATED_SUFFIX.length())));
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The reactor root: the parent of this module's directory. */
    private static Path repositoryRoot() {
        Path module = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        Path root = module.getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml"))
                || !Files.isDirectory(root.resolve("muster-crds"))) {
            fail("Cannot find the repository root from " + module + " (run the test from the muster-crds module)");
        }
        return root;
    }
}
