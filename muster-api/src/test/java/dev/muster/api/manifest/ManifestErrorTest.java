package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestErrorTest {

    @Test
    void formatNamesFileDocumentObjectAndField() {
        assertThat(new ManifestError("bad.yaml", 3, "ClusterQueue", "team-a", "spec.cohort", "is wrong"))
                .hasToString("bad.yaml: document 3 (ClusterQueue \"team-a\"): spec.cohort: is wrong");
        assertThat(new ManifestError("bad.yaml", 3, "Pod", null, "", "is wrong"))
                .hasToString("bad.yaml: document 3 (Pod): is wrong");
        assertThat(new ManifestError("bad.yaml", 2, null, null, "kind", "required"))
                .hasToString("bad.yaml: document 2: kind: required");
        assertThat(ManifestError.ofFile("gone.yaml", "no such file or directory"))
                .hasToString("gone.yaml: no such file or directory");
    }

    @Test
    void exceptionHoldsAllErrors() {
        ManifestError a = ManifestError.ofFile("a.yaml", "x");
        ManifestError b = ManifestError.ofFile("b.yaml", "y");
        ManifestException one = new ManifestException(List.of(a));
        assertThat(one).hasMessage("a.yaml: x");
        ManifestException two = new ManifestException(List.of(a, b));
        assertThat(two.errors()).containsExactly(a, b);
        assertThat(two.getMessage()).startsWith("2 problems in the manifests:").contains("  a.yaml: x").contains("  b.yaml: y");
        assertThatThrownBy(() -> new ManifestException(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
