package dev.muster.cli;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.expect.ExpectationChecker;
import dev.muster.sim.expect.ExpectationFileException;
import dev.muster.sim.expect.ExpectationFileReader;
import dev.muster.sim.expect.Expectations;
import dev.muster.sim.expect.Mismatch;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.ReportFormat;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code muster simulate}: runs manifests in the embedded virtual cluster and prints the report. */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run manifests in the embedded virtual cluster and print what happened.",
        description = {
            "Runs Kubernetes manifests (Kueue, KAI Scheduler, KubeRay, batch) in Muster's",
            "embedded virtual cluster, in virtual time, and prints what happened."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done (with --expect: every expectation met)",
            "1:an expectation was not met (--expect)",
            "2:invalid input or options; nothing was run",
            "3:internal error or out of memory (--debug prints the stack trace)"},
        footer = {"", "Example:", "  muster simulate examples/quota-and-borrowing"})
final class SimulateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "YAML files or directories of them (*.yaml, *.yml; *.expect.yaml files are skipped).")
    List<Path> paths;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default: timeline and tables), json or yaml (the report tree of the scenario contract).")
    String output;

    @Option(names = "--until", paramLabel = "DURATION",
            description = "Stop at this virtual time (Go duration: 90s, 5m, 1h30m; not negative). Default: when nothing is left to happen.")
    String until;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed for generated names (metadata.generateName). Default: 1.")
    long seed;

    @Option(names = "--expect", paramLabel = "FILE",
            description = "Check the report against an expectation file; print each mismatch and exit 1 on any.")
    Path expect;

    @CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @Option(names = "--config", paramLabel = "FILE",
            description = {"Kueue's manager Configuration (config.kueue.x-k8s.io/v1beta1, or the kueue-manager-config",
                "ConfigMap) or Muster's own (config.muster.dev/v1alpha1); may be given twice, once for each."})
    List<Path> configs = List.of();

    @Option(names = "--html", paramLabel = "FILE",
            description = {"Also write the run as one self-contained HTML page with charts (usage against quota, pending",
                "workloads, a timeline, wait times, GPUs) that opens from disk without a server or network."})
    Path html;

    @Option(names = "--serve", description = {"Then serve the dashboard on the run's end (and its HTML report at /report.html)",
            "until interrupted (Ctrl-C); read-only, on --serve-address:--serve-port."})
    boolean serve;

    @Option(names = "--serve-port", paramLabel = "PORT", defaultValue = "8765",
            description = "Port of --serve (default: ${DEFAULT-VALUE}; 0: any free port, printed).")
    int servePort;

    @Option(names = "--serve-address", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "Address --serve binds (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface).")
    String serveAddress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ReportFormat format;
        Expectations expectations;
        Scenario scenario;
        OptionalLong untilMillis;
        try {
            format = ReportFormat.fromOptionName(output);
            expectations = expect == null ? Expectations.none() : ExpectationFileReader.read(expect);
            untilMillis = untilMillis(expectations);
            scenario = ScenarioInput.load(paths, configs, seed);
        } catch (ManifestException e) {
            return ScenarioInput.invalid(e, err);
        } catch (ExpectationFileException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("muster: nothing was run");
            return ExitCode.INVALID_INPUT;
        }
        if (html != null) {
            java.util.Optional<String> unwritable = HtmlOutput.unwritable(html);
            if (unwritable.isPresent()) {
                err.println("error: --html " + html + ": " + unwritable.get());
                err.println("muster: nothing was run");
                return ExitCode.INVALID_INPUT;
            }
        }
        ScenarioInput.warn(scenario, err);
        SimulationOptions options = new SimulationOptions(untilMillis);
        if (serve && (servePort < 0 || servePort > 65_535)) {
            err.println("error: --serve-port " + servePort + ": a port is 0 to 65535");
            err.println("muster: nothing was run");
            return ExitCode.INVALID_INPUT;
        }
        Simulation simulation = new Simulation(scenario, html == null && !serve ? options : options.withSeries());
        Report report = progress.attach(simulation, err).run();
        if (out instanceof StandardOutput std && StandardCharsets.UTF_8.equals(std.stream().charset())) {
            // Bytes straight to standard output; a PrintStream keeps its errors (a closed pipe) to
            // itself, as the writer does, so `muster simulate ... | head` still ends quietly.
            out.flush();
            format.write(report, (OutputStream) std.stream());
        } else {
            format.write(report, out);
            out.flush();
        }
        if (html != null) {
            HtmlOutput.write(html, report, simulation.series().orElseThrow(), HtmlOutput.title(paths));
            err.println("muster: wrote " + html);
        }
        if (serve) {
            return SimulationDashboard.serveUntilInterrupted(simulation, report, HtmlOutput.title(paths), serveAddress, servePort, err);
        }
        if (expect == null) {
            return 0;
        }
        List<Mismatch> mismatches = ExpectationChecker.check(report, expectations);
        if (mismatches.isEmpty()) {
            err.println("expectations met: " + expect);
            return 0;
        }
        for (Mismatch m : mismatches) {
            err.println("MISMATCH " + m.message());
        }
        err.println("muster: " + mismatches.size() + " expectation" + (mismatches.size() == 1 ? "" : "s")
                + " not met (" + expect + ")");
        return ExitCode.EXPECTATION_FAILED;
    }

    private OptionalLong untilMillis(Expectations expectations) {
        if (until != null) {
            return OptionalLong.of(ScenarioInput.notNegative("--until", until));
        }
        return expectations.until() == null ? OptionalLong.empty() : OptionalLong.of(expectations.until().toMillis());
    }
}
