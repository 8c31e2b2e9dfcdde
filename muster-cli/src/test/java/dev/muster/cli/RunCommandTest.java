package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code muster run}: its options, and a clear error before anything starts. */
class RunCommandTest {

    @Test
    void helpListsTheOptionsAPlatformTeamSets() {
        StringWriter out = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "run", "--help");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("--kubeconfig", "--namespace", "--[no-]leader-election", "--lease-namespace",
                "--health-port", "--webhook-port", "--webhook-cert-dir", "--config", "--scheduler-name");
    }

    @Test
    void anApiServerThatDoesNotAnswerIsNamedAndGivenUpOnAfterTheTimeAsked(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        java.nio.file.Path kubeconfig = dir.resolve("kubeconfig");
        java.nio.file.Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - cluster: {server: "https://127.0.0.1:%d"}
                  name: c
                contexts:
                - context: {cluster: c, user: u}
                  name: x
                current-context: x
                users:
                - name: u
                  user: {token: t}
                """.formatted(closedPort));
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "run", "--kubeconfig", kubeconfig.toString(), "--api-server-timeout", "2s", "--no-webhook");
        assertThat(code).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(err.toString()).contains("muster: using the API server at https://127.0.0.1:" + closedPort)
                .contains("(--kubeconfig " + kubeconfig + ")")
                // Whether a second attempt fits in the 2 s depends on how busy the machine is (the retry
                // lines are ApiServerProbeTest's, with a clock of its own): each attempt's line is said.
                .contains("cannot reach the API server at https://127.0.0.1:" + closedPort + "/: connection refused")
                .contains("muster: gave up after 2s").doesNotContain("\tat ");
    }

    @Test
    void aNegativeApiServerTimeoutIsAnInputError() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "run", "--api-server-timeout", "-1m");
        assertThat(code).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(err.toString()).contains("--api-server-timeout").contains("negative");
    }

    @Test
    void aKubeconfigThatDoesNotExistIsAnInputError() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "run", "--kubeconfig", "/nonexistent/kubeconfig");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--kubeconfig /nonexistent/kubeconfig: no such file");
    }

    @Test
    void aConfigurationWithAWrongFieldIsRefusedBeforeAnythingStartsAndNamesTheField(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path config = dir.resolve("muster-config.yaml");
        java.nio.file.Files.writeString(config, """
                apiVersion: config.kueue.x-k8s.io/v1beta1
                kind: Configuration
                waitForPodsReady:
                  enable: true
                  timeout: ten-minutes
                """);
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "run", "--config", config.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("muster-config.yaml").contains("waitForPodsReady.timeout");
    }

    @Test
    void aConfigurationFileThatDoesNotExistIsAnInputError() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "run", "--config", "/nonexistent/config.yaml");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--config /nonexistent/config.yaml: no such file");
    }
}
