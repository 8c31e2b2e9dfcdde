package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The syntaxes of apimachinery's validation.go, case by case. */
class KubernetesNamesTest {

    @Test
    void qualifiedNamesHaveAnOptionalSubdomainPrefix() {
        assertThat(KubernetesNames.qualifiedNameProblem("kueue.x-k8s.io/queue-name")).isEmpty();
        assertThat(KubernetesNames.qualifiedNameProblem("app.kubernetes.io/Name_1.x")).isEmpty();
        assertThat(KubernetesNames.qualifiedNameProblem("Example.com/name")).isPresent();
        assertThat(KubernetesNames.qualifiedNameProblem("a/b/c")).isPresent();
        assertThat(KubernetesNames.qualifiedNameProblem("example.com/")).isPresent();
        assertThat(KubernetesNames.qualifiedNameProblem("a".repeat(254) + "/b")).isPresent();
        assertThat(KubernetesNames.qualifiedNameProblem("a".repeat(64))).isPresent();
        assertThat(KubernetesNames.qualifiedNameProblem("-a")).isPresent();
    }

    @Test
    void labelValuesMayBeEmptyOrUpTo63Characters() {
        assertThat(KubernetesNames.labelValueProblem("")).isEmpty();
        assertThat(KubernetesNames.labelValueProblem("A.b_c-1")).isEmpty();
        assertThat(KubernetesNames.labelValueProblem("a".repeat(63))).isEmpty();
        assertThat(KubernetesNames.labelValueProblem("a".repeat(64))).isPresent();
        assertThat(KubernetesNames.labelValueProblem("a b")).isPresent();
        assertThat(KubernetesNames.labelValueProblem("a.")).isPresent();
    }

    @Test
    void dns1035LabelsStartWithALetter() {
        assertThat(KubernetesNames.dns1035LabelProblem("train-1")).isEmpty();
        assertThat(KubernetesNames.dns1035LabelProblem("1-train")).isPresent();
        assertThat(KubernetesNames.dns1035LabelProblem("train.1")).isPresent();
        assertThat(KubernetesNames.labelProblem("1-train")).as("a DNS-1123 label may start with a digit").isEmpty();
    }
}
