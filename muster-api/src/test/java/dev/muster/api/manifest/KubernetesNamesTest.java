package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
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

    /**
     * The checks are written character by character; validation.go states them as these regular
     * expressions. Random strings over the characters that matter (and a few that do not) must get
     * the same answer from both, as must the corner cases listed first.
     */
    @Test
    void theCharacterChecksAcceptWhatKubernetesRegularExpressionsAccept() {
        Pattern label = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
        Pattern dns1035 = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
        Pattern subdomain = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
        Pattern qualifiedPart = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
        String alphabet = "az09AZ-._/ ";
        Random r = new Random(7);
        java.util.List<String> samples = new java.util.ArrayList<>(java.util.List.of("", "a", "-", ".", "a.", ".a",
                "a..b", "a.b", "a-b", "a-", "-a", "A", "a_b", "0", "a.-b", "a-.b"));
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int n = r.nextInt(7); n > 0; n--) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            samples.add(b.toString());
        }
        int accepted = 0;
        for (String s : samples) {
            assertThat(KubernetesNames.isLabel(s, 0, s.length())).as("label %s", s).isEqualTo(label.matcher(s).matches());
            assertThat(KubernetesNames.isDns1035Label(s)).as("DNS-1035 label %s", s).isEqualTo(dns1035.matcher(s).matches());
            assertThat(KubernetesNames.isSubdomain(s)).as("subdomain %s", s).isEqualTo(subdomain.matcher(s).matches());
            assertThat(KubernetesNames.isQualifiedPart(s)).as("qualified part %s", s).isEqualTo(qualifiedPart.matcher(s).matches());
            accepted += subdomain.matcher(s).matches() ? 1 : 0;
        }
        assertThat(accepted).as("the samples include valid names, not only invalid ones").isGreaterThan(1_000);
    }
}
