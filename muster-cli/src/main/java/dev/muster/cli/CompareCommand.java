package dev.muster.cli;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.manifest.ManifestError;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.compare.ComparePage;
import dev.muster.sim.compare.Comparison;
import dev.muster.sim.compare.ComparisonText;
import dev.muster.sim.compare.RunFigures;
import dev.muster.sim.compare.SweepPage;
import dev.muster.sim.compare.SweepResult;
import dev.muster.sim.compare.SweepSpec;
import dev.muster.sim.compare.SweepText;
import dev.muster.sim.compare.WhatIfRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code muster compare}: the same workload under two setups, or under each value of one quota. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run a scenario two ways (or over a range of one quota) and compare the waits, utilization and preemptions.",
        description = {
            "Runs scenario A and scenario B as muster simulate runs them and prints them",
            "side by side: the wait until first admission per queue (p50, p95, never",
            "admitted), utilization per flavor/resource, preemptions per queue, makespan,",
            "and the workloads whose first admission changed most (matched by kind,",
            "namespace and name).",
            "",
            "B is one of:",
            "  B               another scenario (a file or directory);",
            "  --overlay FILE  A with some objects changed: each object of FILE (a file or",
            "                  directory) replaces A's object of the same apiVersion group,",
            "                  kind, namespace and name, or is added. A Kueue or Muster",
            "                  Configuration in it replaces A's (fair sharing on in B);",
            "  --sweep SPEC    no B: A run once per value of a ClusterQueue's nominal quota.",
            "",
            "Utilization of a flavor/resource: the time-weighted mean, from 0s to the end",
            "of the run, of the usage summed over the ClusterQueues (and KAI leaf queues),",
            "divided by the sum of their nominal quotas of it.",
            ""},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:invalid input or options; nothing was run",
            "3:internal error or out of memory (--debug prints the stack trace)"},
        footer = {"", "Examples:",
            "  muster compare examples/quota-and-borrowing \\",
            "      --overlay docs/what-if/team-a-16-gpus.yaml",
            "  muster compare examples/quota-and-borrowing --html sweep.html \\",
            "      --sweep clusterqueue/team-a:a100/nvidia.com/gpu=8..32/8"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The scenario: a YAML file or a directory of them, as muster simulate takes.")
    Path a;

    @Parameters(index = "1", arity = "0..1", paramLabel = "B", description = "The other scenario (or give --overlay or --sweep).")
    Path b;

    @Option(names = "--overlay", paramLabel = "FILE", description = "B is A with these objects in place of A's (a file or directory).")
    Path overlay;

    @Option(names = "--sweep", paramLabel = "SPEC", description = {
        "clusterqueue/NAME:[FLAVOR/]RESOURCE=FROM..TO/STEP (Kubernetes quantities): run A with that nominal "
                + "quota at FROM, FROM+STEP, ... up to TO; at most " + SweepSpec.MAX_RUNS + " runs. FLAVOR is needed when "
                + "the ClusterQueue has RESOURCE in several flavors."})
    String sweep;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
    String output;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison (or the sweep) as one self-contained HTML page with charts.")
    Path html;

    @Option(names = "--until", paramLabel = "DURATION", description = "Stop each run at this virtual time (Go duration). Default: when nothing is left to happen.")
    String until;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed for generated names, the same in every run. Default: 1.")
    long seed;

    @Option(names = "--config", paramLabel = "FILE", description = "A configuration file (as muster simulate --config) applied to every run, after the scenarios' own.")
    List<Path> configs = List.of();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SimulationOptions options;
        WhatIfScenarios scenarios = new WhatIfScenarios(configs, seed);
        List<WhatIfScenarios.Named> pair = null;
        WhatIfScenarios.Swept swept = null;
        try {
            checkChoice();
            if (!output.equals("text") && !output.equals("json")) {
                throw new IllegalArgumentException("-o " + output + ": expected text or json");
            }
            options = new SimulationOptions(until == null ? OptionalLong.empty()
                    : OptionalLong.of(ScenarioInput.notNegative("--until", until)));
            if (sweep != null) {
                swept = scenarios.swept(a, SweepSpec.parse(sweep));
            } else {
                pair = b != null ? scenarios.pair(a, b) : scenarios.overlaid(a, overlay);
            }
        } catch (ManifestException e) {
            return ScenarioInput.invalid(e, err);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("muster: nothing was run");
            return ExitCode.INVALID_INPUT;
        }
        if (html != null) {
            Optional<String> unwritable = HtmlOutput.unwritable(html);
            if (unwritable.isPresent()) {
                err.println("error: --html " + html + ": " + unwritable.get());
                err.println("muster: nothing was run");
                return ExitCode.INVALID_INPUT;
            }
        }
        return swept != null ? sweep(swept, options, out, err) : compare(pair, options, out, err);
    }

    private int compare(List<WhatIfScenarios.Named> pair, SimulationOptions options, PrintWriter out, PrintWriter err)
            throws IOException {
        warn(pair.get(0).scenario().warnings(), List.of(), err);
        warn(pair.get(1).scenario().warnings(), pair.get(0).scenario().warnings(), err);
        RunFigures fa = WhatIfRun.figures(pair.get(0).scenario(), options);
        RunFigures fb = WhatIfRun.figures(pair.get(1).scenario(), options);
        Comparison c = Comparison.of(pair.get(0).name(), fa, pair.get(1).name(), fb);
        if (output.equals("json")) {
            WhatIfJson.write(c, out);
        } else {
            ComparisonText.write(c, out);
        }
        if (html != null) {
            HtmlOutput.write(html, w -> ComparePage.write(c, w));
            err.println("muster: wrote " + html);
        }
        return ExitCode.OK;
    }

    private int sweep(WhatIfScenarios.Swept swept, SimulationOptions options, PrintWriter out, PrintWriter err)
            throws IOException {
        warn(swept.scenarios().get(0).warnings(), List.of(), err);
        List<SweepResult.Point> points = new ArrayList<>();
        for (int i = 0; i < swept.scenarios().size(); i++) {
            points.add(new SweepResult.Point(swept.values().get(i), swept.units().get(i),
                    WhatIfRun.figures(swept.scenarios().get(i), options)));
        }
        SweepResult result = new SweepResult(a.toString(), sweep, swept.sweep().spec().clusterQueue(),
                swept.sweep().flavor() + "/" + swept.sweep().resource(), List.copyOf(points));
        if (output.equals("json")) {
            WhatIfJson.write(result, out);
        } else {
            SweepText.write(result, out);
        }
        if (html != null) {
            HtmlOutput.write(html, w -> SweepPage.write(result, w));
            err.println("muster: wrote " + html);
        }
        return ExitCode.OK;
    }

    /** Exactly one way to say what B is. */
    private void checkChoice() {
        int given = (b != null ? 1 : 0) + (overlay != null ? 1 : 0) + (sweep != null ? 1 : 0);
        if (given != 1) {
            throw new IllegalArgumentException(given == 0
                    ? "say what to compare A with: a scenario B, --overlay FILE or --sweep SPEC"
                    : "give one of B, --overlay FILE and --sweep SPEC, not " + given);
        }
    }

    private static void warn(List<ManifestError> warnings, List<ManifestError> saidAlready, PrintWriter err) {
        warnings.stream().filter(w -> !saidAlready.contains(w)).forEach(w -> err.println("warning: " + w));
    }
}
