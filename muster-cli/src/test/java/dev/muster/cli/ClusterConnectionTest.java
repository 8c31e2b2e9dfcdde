package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How explain finds its cluster, and what it says when it cannot. */
class ClusterConnectionTest {

    @TempDir
    Path dir;

    @Test
    void withoutAnyKubeconfigItSaysWhereItLooked() {
        // no KUBECONFIG, no ~/.kube/config in this home, not in a pod
        assertThatThrownBy(() -> ClusterConnection.config(null, null, Map.of(), dir))
                .isInstanceOf(ClusterFailure.class)
                .hasMessage("no kubeconfig: give --kubeconfig FILE, set KUBECONFIG or write ~/.kube/config"
                        + " (to explain scenario files, give their paths)");
    }

    @Test
    void aKubeconfigVariableNamingNoFileIsSaid() {
        String missing = dir.resolve("nowhere").toString();

        assertThatThrownBy(() -> ClusterConnection.config(null, null, Map.of("KUBECONFIG", missing), dir))
                .hasMessage("KUBECONFIG " + missing + ": no such file");
    }

    @Test
    void aKubeconfigsContextAndServerAreTakenWithShortTimeoutsAndNoRetries() throws Exception {
        Path file = Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                clusters:
                - {name: a, cluster: {server: "https://a.example:6443"}}
                - {name: b, cluster: {server: "https://b.example:6443"}}
                contexts:
                - {name: one, context: {cluster: a, user: u}}
                - {name: two, context: {cluster: b, user: u, namespace: team-b}}
                current-context: one
                users:
                - {name: u, user: {token: t}}
                """);

        Config current = ClusterConnection.config(file, null, Map.of(), dir);
        Config two = ClusterConnection.config(file, "two", Map.of(), dir);

        assertThat(current.getMasterUrl()).startsWith("https://a.example:6443");
        assertThat(two.getMasterUrl()).startsWith("https://b.example:6443");
        assertThat(two.getRequestRetryBackoffLimit()).isZero();
        assertThat(two.getConnectionTimeout()).isEqualTo(10_000);
        assertThatThrownBy(() -> ClusterConnection.config(file, "three", Map.of(), dir))
                .hasMessage("--context three: no such context in --kubeconfig " + file + " (it has: one, two)");
    }
}
