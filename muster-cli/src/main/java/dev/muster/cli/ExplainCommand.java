package dev.muster.cli;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.quantity.Durations;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code muster explain}: why each workload waits, where it stands in its queues, and when it is
 * expected to be admitted. Two sources: scenario files run in the simulator and stopped at one
 * instant (the pending part of a {@code muster simulate} report, on its own), or a live cluster
 * run by {@code muster run} or by Kueue, read now ({@link LiveWorkloads}). Installed as
 * {@code kubectl-muster}, it is also {@code kubectl muster explain}.
 */
@Command(
        name = "explain",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Say why each waiting workload waits, where it stands, and when it is expected to start.",
        customSynopsis = {
            "muster explain PATH... [WORKLOAD] [--at=DURATION] [-o=FORMAT] [--seed=N]",
            "                      [--config=FILE]...",
            "       muster explain [--kubeconfig=FILE] [--context=NAME] [-n=NS] [WORKLOAD]",
            "                      [-o=FORMAT]",
            "       kubectl muster explain ...   (the kubectl plugin kubectl-muster)",
            ""},
        description = {
            "With PATHs: runs the manifests in the embedded virtual cluster up to an",
            "instant (--at; by default the last arrival) and explains every workload",
            "waiting then: the reason (Kueue's reason code and the sentence), its",
            "position in its ClusterQueue and LocalQueue (as Kueue's visibility API",
            "gives it), and a forecast of its admission with what it rests on.",
            "",
            "Without PATHs: explains the pending Workloads of a live cluster run by",
            "muster run (or by Kueue), reached as kubectl does: --kubeconfig, else",
            "KUBECONFIG, else ~/.kube/config. The reason is each Workload's",
            "QuotaReserved=False condition; the positions come from the visibility API",
            "(visibility.kueue.x-k8s.io) through the API server; the forecast from the",
            "annotations muster.dev/expected-admission and",
            "muster.dev/expected-admission-basis that Muster's operator writes. Times",
            "are UTC; in -o json, atSeconds and forecastAdmitAtSeconds are Unix epoch",
            "seconds on a cluster (virtual seconds since the start in a simulation).",
            "",
            "Give a workload (namespace/name or name, of the job or of its Workload) to",
            "explain only that one. An argument that is a file or directory, or ends in",
            ".yaml or .yml, is a PATH.",
            ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:invalid input or options, the cluster could not be read (kubeconfig, API server, RBAC),"
                    + " or no such waiting workload; nothing was explained",
            "3:internal error or out of memory (--debug prints the stack trace)"},
        footer = {"", "Examples:", "  muster explain examples/quota-and-borrowing",
            "  muster explain examples/quota-and-borrowing team-b/sweep --at 10m -o json",
            "  muster explain                  (the current context, every namespace)",
            "  muster explain --context prod -n team-b",
            "  muster explain --kubeconfig ~/.kube/lab team-b/sweep -o json",
            "  kubectl muster explain team-b/sweep          (the kubectl plugin: see README)"})
final class ExplainCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "PATH|WORKLOAD", hideParamSyntax = true,
            description = "YAML files or directories of them (none: a live cluster), then optionally one workload"
                    + " (namespace/name or name).")
    List<String> arguments = List.of();

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "Explain the cluster of this kubeconfig. Default without PATHs: KUBECONFIG, else ~/.kube/config.")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig's context to use. Default: its current context.")
    String context;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Only the workloads of this namespace (a live cluster). Default: every namespace.")
    String namespace;

    @Option(names = "--at", paramLabel = "DURATION",
            description = "Explain at this virtual time (Go duration, not negative). Default: the last arrival. Scenario files only.")
    String at;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
    String output;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed for generated names. Default: 1. Scenario files only.")
    long seed;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Kueue's or Muster's Configuration, as for simulate. Scenario files only.")
    List<Path> configs = List.of();

    /** Scenario files only: a live cluster is read, not simulated. */
    @CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where the default kubeconfig is looked for, and the clock "now" is read from: the process's own. */
    Map<String, String> environment = System.getenv();
    Path home = Path.of(System.getProperty("user.home"));
    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> paths = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String a : arguments) {
            // An argument is a path when it is a file or directory, or looks like a manifest file.
            if (Files.exists(Path.of(a)) || a.endsWith(".yaml") || a.endsWith(".yml")) {
                paths.add(Path.of(a));
            } else {
                others.add(a);
            }
        }
        if (!"text".equals(output) && !"json".equals(output)) {
            return invalid(err, "-o: \"" + output + "\" is not a format of explain; use text or json");
        }
        if (others.size() > 1 || others.size() == 1 && !arguments.get(arguments.size() - 1).equals(others.get(0))) {
            return invalid(err, "\"" + others.get(0) + "\" is no file or directory; only the last argument may name a workload");
        }
        String workload = others.isEmpty() ? null : others.get(0);
        Explanation explanation;
        if (paths.isEmpty()) {
            for (String simulatorOnly : List.of("--at", "--seed", "--config")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(simulatorOnly)) {
                    return invalid(err, simulatorOnly + " applies to scenario files only; a live cluster is explained as it is now");
                }
            }
            if (workload != null && !WORKLOAD_NAME.matcher(workload).matches()) {
                return invalid(err, "\"" + workload + "\" is no file or directory, nor a workload (namespace/name or name)");
            }
            try {
                explanation = live(workload);
            } catch (ClusterFailure e) {
                return invalid(err, e.getMessage() + mistypedPath(workload), e);
            }
        } else {
            for (String liveOnly : List.of("--kubeconfig", "--context", "--namespace")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(liveOnly)) {
                    return invalid(err, liveOnly + " applies to a live cluster; give scenario PATHs or " + liveOnly + ", not both");
                }
            }
            Optional<Explanation> simulated = simulated(paths, workload, err);
            if (simulated.isEmpty()) {
                return ExitCode.INVALID_INPUT;
            }
            explanation = simulated.get();
        }
        if ("json".equals(output)) {
            explanation.writeJson(out);
        } else {
            explanation.writeText(out);
        }
        out.flush();
        return ExitCode.OK;
    }

    /** A Kubernetes object name, alone or after its namespace (DNS-1123: lower case, digits, '-', '.'). */
    private static final java.util.regex.Pattern WORKLOAD_NAME =
            java.util.regex.Pattern.compile("([a-z0-9]([-a-z0-9]*[a-z0-9])?/)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?");

    /**
     * A workload argument that looks like a mistyped path (its directory exists: examples/quota for
     * examples/quota-and-borrowing) is said to be no file either, so the user learns why a cluster was asked.
     */
    private static String mistypedPath(String workload) {
        Path parent = workload == null ? null : Path.of(workload).getParent();
        return parent != null && Files.isDirectory(parent)
                ? " (and " + workload + " is no file or directory: it was taken for a workload on a cluster)" : "";
    }

    /** The live cluster's waiting workloads, through one client that is closed before printing. */
    private Explanation live(String workload) throws ClusterFailure {
        String ns = namespace;
        int slash = workload == null ? -1 : workload.indexOf('/');
        if (slash >= 0) {
            String named = workload.substring(0, slash);
            if (ns != null && !ns.equals(named)) {
                throw new ClusterFailure(workload + " is not in namespace " + ns + " (-n)");
            }
            ns = named; // read that namespace only: a user may have rights in no other
        }
        Config config = ClusterConnection.config(kubeconfig, context, environment, home);
        try (KubernetesClient client = ClusterConnection.client(config)) {
            return new LiveWorkloads(client, ApiGet.of(client), clock).explain(ns, workload);
        } catch (KubernetesClientException e) {
            throw ClusterFailure.of(e, "read the cluster", config.getMasterUrl());
        }
    }

    /** The scenario's waiting workloads at --at; empty when the input is wrong (said on {@code err}). */
    private Optional<Explanation> simulated(List<Path> paths, String workload, PrintWriter err) {
        Scenario scenario;
        long atMillis;
        try {
            scenario = ScenarioInput.load(paths, configs, seed);
            atMillis = at != null ? ScenarioInput.notNegative("--at", at) : lastArrival(scenario);
        } catch (ManifestException e) {
            ScenarioInput.invalid(e, err);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            invalid(err, e.getMessage());
            return Optional.empty();
        }
        ScenarioInput.warn(scenario, err);
        Simulation simulation = progress.attach(new Simulation(scenario, new SimulationOptions(OptionalLong.of(atMillis))), err);
        Report report = simulation.run();
        Explanation explanation = Explanation.of(report, simulation.forecast().isPresent(), atMillis);
        if (workload != null) {
            Explanation only = explanation.only(workload);
            if (only.waiting().isEmpty()) {
                invalid(err, "no workload " + workload + " waits at " + Durations.text(atMillis) + " (" + explanation.names() + ")");
                return Optional.empty();
            }
            explanation = only;
        }
        return Optional.of(explanation);
    }

    private int invalid(PrintWriter err, String message) {
        return invalid(err, message, null);
    }

    /** One line naming what failed, the trace only with --debug; exit code 2. */
    private int invalid(PrintWriter err, String message, Throwable cause) {
        err.println("error: " + message);
        err.println("muster: nothing was explained");
        if (cause != null && (UnexpectedErrorHandler.debugAsked(spec.commandLine().getParseResult())
                || spec.commandLine().getParent() != null
                        && spec.commandLine().getParent().getParseResult().hasMatchedOption("--debug"))) {
            cause.printStackTrace(err);
        }
        return ExitCode.INVALID_INPUT;
    }

    private static long lastArrival(Scenario scenario) {
        long last = 0;
        for (WorkloadSource w : scenario.workloads()) {
            last = Math.max(last, scenario.run(w).arrivalMillis());
        }
        return last;
    }
}
