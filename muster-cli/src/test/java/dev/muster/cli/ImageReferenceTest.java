package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The image the one documented command builds ({@code jib:buildTar} or {@code jib:dockerBuild}:
 * {@code muster:<project version>}) is the image the chart and the plain manifests name by
 * default, so that an install after that command needs no {@code --set image...}. A version bump
 * that forgets one of them fails here.
 */
class ImageReferenceTest {

    private static final Path ROOT = Path.of("..");

    private static String projectVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            p.load(in);
        }
        return p.getProperty("version");
    }

    private static String only(Pattern pattern, String text, String where) {
        Matcher m = pattern.matcher(text);
        assertThat(m.find()).as(pattern + " in " + where).isTrue();
        String found = m.group(1);
        assertThat(m.find()).as("a second " + pattern + " in " + where).isFalse();
        return found;
    }

    @Test
    void jibBuildsTheRepositoryAndTagTheDeploymentsName() throws IOException {
        String version = projectVersion();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");

        String pom = Files.readString(ROOT.resolve("muster-cli/pom.xml"));
        assertThat(only(Pattern.compile("<to>\\s*<image>([^<]+)</image>"), pom, "muster-cli/pom.xml"))
                .isEqualTo("muster:${project.version}");

        String chart = Files.readString(ROOT.resolve("deploy/helm/muster/Chart.yaml"));
        assertThat(only(Pattern.compile("(?m)^appVersion: \"([^\"]+)\""), chart, "Chart.yaml")).isEqualTo(version);
        assertThat(only(Pattern.compile("(?m)^version: (\\S+)"), chart, "Chart.yaml")).isEqualTo(version);

        String values = Files.readString(ROOT.resolve("deploy/helm/muster/values.yaml"));
        assertThat(only(Pattern.compile("(?m)^  repository: (\\S+)"), values, "values.yaml")).isEqualTo("muster");
        assertThat(only(Pattern.compile("(?m)^  tag: (\\S+)"), values, "values.yaml")).isEqualTo("\"\"");
        String helpers = Files.readString(ROOT.resolve("deploy/helm/muster/templates/_helpers.tpl"));
        assertThat(helpers).contains("printf \"%s:%s\" .Values.image.repository (default .Chart.AppVersion .Values.image.tag)");

        String operator = Files.readString(ROOT.resolve("deploy/operator.yaml"));
        assertThat(only(Pattern.compile("(?m)^\\s+image: (\\S+)"), operator, "deploy/operator.yaml"))
                .isEqualTo("muster:" + version);
    }
}
