package dev.muster.cli;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.quantity.Durations;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code muster explain}: why each workload waits, where it stands in its queues, and when it is
 * expected to be admitted — the pending part of a {@code muster simulate} report stopped at one
 * instant, on its own.
 */
@Command(
        name = "explain",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Say why each waiting workload waits, where it stands, and when it is expected to start.",
        description = {
            "Runs the manifests in the embedded virtual cluster up to an instant (--at; by default the",
            "last arrival) and explains every workload waiting then: the reason (Kueue's reason code and",
            "the sentence), its position in its ClusterQueue and LocalQueue (as Kueue's visibility API",
            "gives it), and a forecast of its admission with what the forecast rests on. Give a",
            "workload (namespace/name, or name) after the paths to explain only that one."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:invalid input or options, or no such waiting workload; nothing was explained",
            "3:internal error or out of memory (--debug prints the stack trace)"},
        footer = {"", "Examples:", "  muster explain examples/quota-and-borrowing",
            "  muster explain examples/quota-and-borrowing team-b/sweep --at 10m -o json"})
final class ExplainCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH [WORKLOAD]",
            description = "YAML files or directories of them, then optionally one workload (namespace/name or name).")
    List<String> arguments;

    @Option(names = "--at", paramLabel = "DURATION",
            description = "Explain at this virtual time (Go duration, not negative). Default: the last arrival.")
    String at;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
    String output;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed for generated names. Default: 1.")
    long seed;

    @Option(names = "--config", paramLabel = "FILE", description = "Kueue's or Muster's Configuration, as for simulate.")
    List<Path> configs = List.of();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> paths = new ArrayList<>();
        String workload = null;
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            boolean last = i == arguments.size() - 1;
            // The last argument names a workload when it is no file (and does not look like one).
            if (last && !paths.isEmpty() && !Files.exists(Path.of(a)) && !a.endsWith(".yaml") && !a.endsWith(".yml")) {
                workload = a;
            } else {
                paths.add(Path.of(a));
            }
        }
        if (!"text".equals(output) && !"json".equals(output)) {
            err.println("error: -o: \"" + output + "\" is not a format of explain; use text or json");
            return ExitCode.INVALID_INPUT;
        }
        Scenario scenario;
        long atMillis;
        try {
            scenario = ScenarioInput.load(paths, configs, seed);
            atMillis = at != null ? ScenarioInput.notNegative("--at", at) : lastArrival(scenario);
        } catch (ManifestException e) {
            return ScenarioInput.invalid(e, err);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("muster: nothing was explained");
            return ExitCode.INVALID_INPUT;
        }
        ScenarioInput.warn(scenario, err);
        Simulation simulation = new Simulation(scenario, new SimulationOptions(OptionalLong.of(atMillis)));
        Report report = simulation.run();
        Explanation explanation = Explanation.of(report, simulation.forecast().isPresent(), atMillis);
        if (workload != null) {
            Explanation only = explanation.only(workload);
            if (only.waiting().isEmpty()) {
                err.println("error: no workload " + workload + " waits at " + Durations.text(atMillis) + " ("
                        + explanation.names() + ")");
                return ExitCode.INVALID_INPUT;
            }
            explanation = only;
        }
        if ("json".equals(output)) {
            explanation.writeJson(out);
        } else {
            explanation.writeText(out);
        }
        out.flush();
        return ExitCode.OK;
    }

    private static long lastArrival(Scenario scenario) {
        long last = 0;
        for (WorkloadSource w : scenario.workloads()) {
            last = Math.max(last, scenario.run(w).arrivalMillis());
        }
        return last;
    }
}
