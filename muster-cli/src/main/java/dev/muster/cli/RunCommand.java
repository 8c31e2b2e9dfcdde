package dev.muster.cli;

import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
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
        description = {"Run Muster as a Kubernetes controller: it watches the queues, workloads and jobs of the",
            "cluster, admits them and writes its decisions back. Stops on SIGTERM or Ctrl-C."})
final class RunCommand implements Callable<Integer> {

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "kubeconfig file to use; default: in-cluster configuration, else KUBECONFIG or ~/.kube/config")
    Path kubeconfig;

    @Option(names = "--namespace", paramLabel = "NS",
            description = "watch jobs, LocalQueues and Workloads of this namespace only (queues are cluster-wide)")
    String namespace;

    @Option(names = "--leader-election", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "take the Lease muster-leader before deciding, so that one of several replicas decides (default: on)")
    boolean leaderElection;

    @Option(names = "--lease-namespace", paramLabel = "NS", defaultValue = "muster-system",
            description = "namespace of the leader-election Lease (default: ${DEFAULT-VALUE})")
    String leaseNamespace;

    @Override
    public Integer call() throws Exception {
        Config config = kubeconfig == null ? Config.autoConfigure(null)
                : Config.fromKubeconfig(Files.readString(kubeconfig, StandardCharsets.UTF_8));
        String identity = Optional.ofNullable(System.getenv("POD_NAME")).orElse(java.net.InetAddress.getLocalHost().getHostName());
        OperatorOptions options = OperatorOptions.defaults(identity)
                .withNamespace(Optional.ofNullable(namespace))
                .withLeaderElection(leaderElection, leaseNamespace);
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
                MusterOperator operator = new MusterOperator(client, options)) {
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "muster-shutdown"));
            operator.start();
            stopped.await();
        }
        return 0;
    }
}
