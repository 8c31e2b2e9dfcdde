package dev.muster.cli;

import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How {@code muster explain} reaches a cluster, as kubectl does: {@code --kubeconfig FILE}, else
 * the files of KUBECONFIG, else ~/.kube/config (else, inside a pod, its service account), with
 * {@code --context} choosing a context of it. Every way this fails is named in a
 * {@link ClusterFailure}.
 */
final class ClusterConnection {

    /** A short command must not wait minutes on an address that does not answer. */
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int REQUEST_TIMEOUT_MILLIS = 30_000;

    private ClusterConnection() {
    }

    /**
     * The client configuration: from {@code kubeconfig} when given, else found as kubectl finds it
     * ({@code env} stands for the process's environment, {@code home} for the user's home).
     */
    static Config config(Path kubeconfig, String context, Map<String, String> env, Path home) throws ClusterFailure {
        Config config;
        String source;
        if (kubeconfig != null) {
            source = "--kubeconfig " + kubeconfig;
            if (!Files.isRegularFile(kubeconfig) || !Files.isReadable(kubeconfig)) {
                throw new ClusterFailure(source + ": " + (Files.exists(kubeconfig) ? "cannot be read" : "no such file"));
            }
            try {
                config = Config.fromKubeconfig(context, Files.readString(kubeconfig, StandardCharsets.UTF_8),
                        kubeconfig.toAbsolutePath().toString());
            } catch (IOException | RuntimeException e) {
                throw new ClusterFailure(source + ": not a kubeconfig that can be used: " + firstLine(e), e);
            }
        } else {
            String fromEnv = env.get("KUBECONFIG");
            boolean homeConfig = Files.isRegularFile(home.resolve(".kube").resolve("config"));
            boolean inPod = env.get("KUBERNETES_SERVICE_HOST") != null;
            if (fromEnv != null && !fromEnv.isBlank() && java.util.Arrays.stream(fromEnv.split(java.io.File.pathSeparator))
                    .noneMatch(f -> !f.isBlank() && Files.isRegularFile(Path.of(f)))) {
                // fabric8 would fall back to an in-cluster address that is not there: say what is wrong instead
                throw new ClusterFailure("KUBECONFIG " + fromEnv + ": no such file");
            }
            if ((fromEnv == null || fromEnv.isBlank()) && !homeConfig && !inPod) {
                throw new ClusterFailure("no kubeconfig: give --kubeconfig FILE, set KUBECONFIG or write ~/.kube/config"
                        + " (to explain scenario files, give their paths)");
            }
            source = fromEnv != null && !fromEnv.isBlank() ? "KUBECONFIG " + fromEnv
                    : homeConfig ? home.resolve(".kube").resolve("config").toString() : "the pod's service account";
            try {
                config = Config.autoConfigure(context);
            } catch (RuntimeException e) {
                throw new ClusterFailure(source + ": not a kubeconfig that can be used: " + firstLine(e), e);
            }
        }
        if (context != null) {
            NamedContext current = config.getCurrentContext();
            if (current == null || !context.equals(current.getName())) {
                throw new ClusterFailure("--context " + context + ": no such context in " + source + " (it has: "
                        + config.getContexts().stream().map(NamedContext::getName).sorted().collect(Collectors.joining(", "))
                        + ")");
            }
        }
        if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
            throw new ClusterFailure(source + ": names no API server (its cluster has no server)");
        }
        config.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        config.setRequestTimeout(REQUEST_TIMEOUT_MILLIS);
        // kubectl does not retry a refused connection either: the failure is the answer
        config.setRequestRetryBackoffLimit(0);
        return config;
    }

    /** One client for the whole command. Vert.x named, as for muster run: two HTTP clients reach the class path. */
    static KubernetesClient client(Config config) {
        return new KubernetesClientBuilder().withConfig(config)
                .withHttpClientFactory(new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory()).build();
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse("").strip();
    }
}
