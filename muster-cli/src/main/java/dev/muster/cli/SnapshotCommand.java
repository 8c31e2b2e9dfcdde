package dev.muster.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.muster.sim.trace.ScenarioDirectory;
import dev.muster.sim.trace.TraceFileException;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code muster snapshot}: a live cluster's queues, nodes and jobs as a scenario that
 * {@code muster simulate} runs ({@link ClusterSnapshot}).
 */
@Command(
        name = "snapshot",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Write a live cluster's queues, nodes and jobs as a scenario.",
        description = {
            "Reads ResourceFlavors, Cohorts, ClusterQueues, LocalQueues,",
            "WorkloadPriorityClasses, PriorityClasses, KAI Queues, Namespaces, Nodes",
            "(labels, taints, allocatable) and the jobs Kueue manages (Jobs, RayJobs,",
            "RayClusters with a queue-name label, and Workloads no job owns), leaves out",
            "finished ones and every field the server or a controller set, and writes",
            "them as one scenario file: the admitted jobs arrive first, in the order",
            "their quota was reserved, then the waiting ones in the order they were",
            "created, so that muster simulate admits the same ones (docs/traces.md).",
            "The cluster is reached as kubectl does: --kubeconfig, else KUBECONFIG,",
            "else ~/.kube/config."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:the cluster could not be read, or --out is not empty; nothing written",
            "3:internal error"})
public final class SnapshotCommand implements Callable<Integer> {

    static final String FILE = "snapshot.yaml";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "The cluster of this kubeconfig.")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig's context to use.")
    String context;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", description = "Only the jobs and LocalQueues of this namespace.")
    String namespace;

    @Option(names = "--out", paramLabel = "DIR", description = "Write DIR/" + FILE + " (DIR new or empty). Default: stdout.")
    Path out;

    @Override
    public Integer call() {
        PrintWriter stderr = spec.commandLine().getErr();
        List<ObjectNode> docs;
        try {
            Config config = ClusterConnection.config(kubeconfig, context, System.getenv(), Path.of(System.getProperty("user.home")));
            try (KubernetesClient client = ClusterConnection.client(config)) {
                docs = new ClusterSnapshot(client, namespace).documents();
            } catch (KubernetesClientException e) {
                throw ClusterFailure.of(e, "read the cluster", config.getMasterUrl());
            }
        } catch (ClusterFailure e) {
            stderr.println("muster snapshot: " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
        String text = yaml(docs);
        if (out == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return ExitCode.OK;
        }
        try {
            ScenarioDirectory.write(out, Map.of(FILE, text));
        } catch (TraceFileException | UncheckedIOException e) {
            stderr.println("muster snapshot: " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
        spec.commandLine().getOut().printf("wrote %d objects to %s%n", docs.size(), out.resolve(FILE));
        return ExitCode.OK;
    }

    static String yaml(List<ObjectNode> docs) {
        YAMLMapper yaml = YAMLMapper.builder().enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS).build();
        StringBuilder sb = new StringBuilder("# muster snapshot: a live cluster as a scenario (docs/traces.md)\n");
        try {
            for (ObjectNode d : docs) {
                sb.append(yaml.writeValueAsString(d));
            }
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return sb.toString();
    }
}
