package dev.muster.cli;

import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.http.HealthServer;
import dev.muster.operator.http.WebhookServer;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.visibility.VisibilityApi;
import dev.muster.operator.webhook.SuspendOnCreate;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code muster run}: Muster as the cluster's controller, against a Kubernetes API server. */
@Command(name = "run", mixinStandardHelpOptions = true,
        header = "Run Muster as the cluster's controller, against a Kubernetes API server.",
        description = {"Runs Muster as a Kubernetes controller: it watches the queues, workloads and jobs",
            "of the cluster, admits them and writes its decisions back. Stops on SIGTERM or Ctrl-C."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped (SIGTERM or Ctrl-C)",
            "2:invalid input or options; nothing was started",
            "3:internal error or out of memory (--debug prints the stack trace)"})
final class RunCommand implements Callable<Integer> {

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "kubeconfig file to use; default: in-cluster configuration, else KUBECONFIG or ~/.kube/config")
    Path kubeconfig;

    @Option(names = "--namespace", paramLabel = "NS",
            description = "watch jobs, LocalQueues and Workloads of this namespace only (queues are cluster-wide)")
    String namespace;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Muster's configuration: Kueue's manager Configuration (config.kueue.x-k8s.io/v1beta1: fairSharing,"
                    + " waitForPodsReady, ...), as muster simulate --config reads it; checked before the controller starts")
    Path configFile;

    @Option(names = "--scheduler-name", paramLabel = "NAME", split = ",", defaultValue = "muster",
            description = "pods whose spec.schedulerName is one of these are placed and bound by Muster; add kai-scheduler"
                    + " to take KAI's place (default: ${DEFAULT-VALUE})")
    java.util.List<String> schedulerNames;

    @Option(names = "--leader-election", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "take the Lease muster-leader before deciding, so that one of several replicas decides (default: on)")
    boolean leaderElection;

    @Option(names = "--lease-namespace", paramLabel = "NS", defaultValue = "muster-system",
            description = "namespace of the leader-election Lease (default: ${DEFAULT-VALUE})")
    String leaseNamespace;

    @Option(names = "--health-port", paramLabel = "PORT", defaultValue = "${env:MUSTER_HTTP_PORT:-8080}",
            description = "port of /healthz, /readyz and /metrics (default: ${DEFAULT-VALUE})")
    int healthPort;

    @Option(names = "--webhook", negatable = true, defaultValue = "${env:MUSTER_WEBHOOK_ENABLED:-true}", fallbackValue = "true",
            description = "serve the mutating webhook that suspends managed jobs at creation (default: on, when its certificate is there)")
    boolean webhookEnabled;

    @Option(names = "--webhook-port", paramLabel = "PORT", defaultValue = "${env:MUSTER_WEBHOOK_PORT:-9443}",
            description = "HTTPS port of the mutating webhook /mutate (default: ${DEFAULT-VALUE})")
    int webhookPort;

    @Option(names = "--webhook-cert-dir", paramLabel = "DIR", defaultValue = "${env:MUSTER_WEBHOOK_CERT_DIR:-/etc/muster/tls}",
            description = "directory with tls.crt and tls.key for the webhook; without it the webhook is off and"
                    + " the controller suspends managed jobs on first sight (default: ${DEFAULT-VALUE})")
    Path webhookCertDir;

    @Option(names = "--visibility-api", negatable = true, defaultValue = "${env:MUSTER_VISIBILITY_API_ENABLED:-true}",
            fallbackValue = "true",
            description = "serve Kueue's visibility API (visibility.kueue.x-k8s.io: pending workloads and their positions)"
                    + " under /apis on the webhook's HTTPS port, for an APIService to name (default: on, with the webhook)")
    boolean visibilityApiEnabled;

    @Option(names = "--forecast-interval", paramLabel = "DURATION", defaultValue = "5s",
            description = "forecast when each pending workload will be admitted at most this often (Go duration), writing it"
                    + " to the Workload's muster.dev/expected-admission annotation and to /metrics; 0s turns it off"
                    + " (default: ${DEFAULT-VALUE})")
    String forecastInterval;

    @Option(names = "--dashboard-port", paramLabel = "PORT",
            description = "serve the read-only dashboard (queues, waiting workloads with reason, position and forecast, GPU"
                    + " devices) on this port; default: off. No authentication: reach it through kubectl port-forward or an"
                    + " authenticating proxy")
    Integer dashboardPort;

    @Option(names = "--dashboard-address", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "address the dashboard binds (default: ${DEFAULT-VALUE}, which kubectl port-forward reaches)")
    String dashboardAddress;

    @Option(names = "--api-server-timeout", paramLabel = "DURATION",
            description = "give up (exit 2) if the API server does not answer within this time (Go duration: 30s, 5m);"
                    + " default: keep trying, one line per failed attempt, backing off to 30s")
    String apiServerTimeout;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (kubeconfig != null && !Files.isReadable(kubeconfig)) {
            spec.commandLine().getErr().println("error: --kubeconfig " + kubeconfig + ": "
                    + (Files.exists(kubeconfig) ? "cannot be read" : "no such file"));
            return ExitCode.INVALID_INPUT;
        }
        java.util.Map<String, String> configuration = java.util.Map.of();
        if (configFile != null) {
            if (!Files.isReadable(configFile)) {
                spec.commandLine().getErr().println("error: --config " + configFile + ": "
                        + (Files.exists(configFile) ? "cannot be read" : "no such file"));
                return ExitCode.INVALID_INPUT;
            }
            configuration = java.util.Map.of(configFile.toString(), Files.readString(configFile, StandardCharsets.UTF_8));
            try {
                // The same readers as the cluster's queues: a wrong field is named now, not at the first cycle.
                dev.muster.operator.config.ClusterConfiguration.of(java.util.List.of(), configuration);
            } catch (dev.muster.api.manifest.ManifestException e) {
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return ExitCode.INVALID_INPUT;
            }
        }
        if (dashboardPort != null && (dashboardPort < 0 || dashboardPort > 65_535)) {
            spec.commandLine().getErr().println("error: --dashboard-port " + dashboardPort + ": a port is 0 to 65535");
            return ExitCode.INVALID_INPUT;
        }
        java.time.Duration forecastEvery;
        try {
            forecastEvery = dev.muster.api.manifest.GoDuration.parse(forecastInterval);
            if (forecastEvery.isNegative()) {
                throw new IllegalArgumentException("must not be negative, got " + forecastInterval);
            }
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: --forecast-interval: " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
        Optional<java.time.Duration> giveUpAfter;
        try {
            giveUpAfter = Optional.ofNullable(apiServerTimeout).map(dev.muster.api.manifest.GoDuration::parse);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: --api-server-timeout: " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
        if (giveUpAfter.isPresent() && giveUpAfter.get().isNegative()) {
            spec.commandLine().getErr().println("error: --api-server-timeout: \"" + apiServerTimeout + "\" is negative");
            return ExitCode.INVALID_INPUT;
        }
        Config config = kubeconfig == null ? Config.autoConfigure(null)
                : Config.fromKubeconfig(Files.readString(kubeconfig, StandardCharsets.UTF_8));
        java.io.PrintWriter err = spec.commandLine().getErr();
        err.println("muster: using the API server at " + config.getMasterUrl() + " (" + configSource() + ")");
        var reached = new dev.muster.operator.kube.ApiServerProbe(config,
                new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory(), line -> err.println("muster: " + line))
                .reach(giveUpAfter);
        if (reached.isEmpty()) {
            err.println("muster: gave up after " + apiServerTimeout + "; check the server address and credentials"
                    + " (--kubeconfig, KUBECONFIG, ~/.kube/config)");
            return ExitCode.INVALID_INPUT;
        }
        err.println("muster: connected to " + reached.get().server() + " (Kubernetes " + reached.get().version() + ")");
        String identity = Optional.ofNullable(System.getenv("POD_NAME")).orElse(java.net.InetAddress.getLocalHost().getHostName());
        OperatorOptions options = OperatorOptions.defaults(identity)
                .withNamespace(Optional.ofNullable(namespace))
                .withLeaderElection(leaderElection, leaseNamespace)
                .withSchedulerNames(java.util.Set.copyOf(schedulerNames))
                .withConfiguration(configuration)
                .withForecastInterval(forecastEvery)
                .exitingOnLostLease();
        MusterMetrics metrics = new MusterMetrics();
        // Two HTTP clients reach the class path (Vert.x and the JDK's); without a choice fabric8
        // takes one at random on every start.
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config)
                .withHttpClientFactory(new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory()).build();
                MusterOperator operator = new MusterOperator(client, options, metrics);
                HealthServer health = new HealthServer(healthPort, () -> operator.notReady().isEmpty(),
                        () -> operator.notReady().orElse(""), metrics.registry()).start();
                WebhookServer webhook = webhook(operator);
                AutoCloseable dashboard = dashboard(operator)) {
            String podName = System.getenv("POD_NAME");
            String podNamespace = System.getenv("POD_NAMESPACE");
            if (podName != null && podNamespace != null) {
                // The visibility API's Service selects the leader's pod by this label (deploy/visibility.yaml).
                operator.labellingLeaderPod(new dev.muster.core.model.ObjectKey(podNamespace, podName));
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "muster-shutdown"));
            operator.start();
            stopped.await();
        }
        return 0;
    }

    /** The dashboard on the leader's live state, when asked for; a no-op otherwise. */
    private AutoCloseable dashboard(MusterOperator operator) throws java.io.IOException {
        if (dashboardPort == null) {
            return () -> { };
        }
        dev.muster.cli.dashboard.DashboardServer server = new dev.muster.cli.dashboard.DashboardServer(
                new java.net.InetSocketAddress(dashboardAddress, dashboardPort),
                () -> operator.decider().flatMap(d -> d.view())
                        .map(v -> new dev.muster.cli.dashboard.DashboardState(dev.muster.cli.dashboard.DashboardState.CLUSTER, v)),
                Optional.empty()).start();
        spec.commandLine().getErr().println("muster: dashboard at " + server.url() + " (read-only, no authentication)");
        return server;
    }

    /** Where the client configuration came from, as fabric8's autoConfigure looks for it. */
    private String configSource() {
        if (kubeconfig != null) {
            return "--kubeconfig " + kubeconfig;
        }
        if (System.getenv("KUBERNETES_SERVICE_HOST") != null) {
            return "in-cluster service account";
        }
        String env = System.getenv("KUBECONFIG");
        if (env != null && !env.isBlank()) {
            return "KUBECONFIG " + env;
        }
        Path home = Path.of(System.getProperty("user.home"), ".kube", "config");
        return Files.isRegularFile(home) ? home.toString() : "no kubeconfig found: fabric8's default address";
    }

    /**
     * The webhook, with the visibility API unless it is turned off, when its certificate is there;
     * null otherwise (try-with-resources skips it).
     */
    private WebhookServer webhook(MusterOperator operator) throws Exception {
        if (!webhookEnabled) {
            return null;
        }
        if (!Files.isRegularFile(webhookCertDir.resolve("tls.crt"))) {
            System.err.println("muster: no webhook certificate in " + webhookCertDir
                    + "; the webhook and the visibility API are off, and managed jobs are suspended by the controller"
                    + " on first sight");
            return null;
        }
        WebhookServer server = WebhookServer.withPemDirectory(webhookPort, webhookCertDir, new SuspendOnCreate());
        if (visibilityApiEnabled) {
            server.serve(VisibilityApi.PATH_PREFIX, operator.visibilityApi());
        }
        return server.start();
    }
}
