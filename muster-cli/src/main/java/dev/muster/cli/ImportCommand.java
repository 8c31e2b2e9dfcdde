package dev.muster.cli;

import dev.muster.sim.trace.ImportedTrace;
import dev.muster.sim.trace.KaiTraceScenario;
import dev.muster.sim.trace.KueueTraceScenario;
import dev.muster.sim.trace.OpenbCsv;
import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import dev.muster.sim.trace.PhillyJob;
import dev.muster.sim.trace.ScenarioDirectory;
import dev.muster.sim.trace.ScenarioFiles;
import dev.muster.sim.trace.TraceFileException;
import dev.muster.sim.trace.TraceMapping;
import dev.muster.sim.trace.TraceMappingReader;
import dev.muster.sim.trace.TraceReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code muster import philly|openb TRACE --mapping FILE --out DIR}: a public GPU trace as a scenario,
 * its rows sent to queues by a mapping file ({@code docs/traces.md}), so capacity planning runs on
 * real demand.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Turn a public GPU trace (Microsoft Philly, Alibaba openb) into a scenario.",
        description = {
            "philly: philly_jobs.csv (job_id,submit_s,duration_s,num_gpus,queue) becomes",
            "a Kueue scenario: a ClusterQueue, namespace and LocalQueue \"main\" per mapped",
            "queue, every job a batch Job of one pod asking for its GPUs.",
            "openb: an openb_pod_list_*.csv becomes a KAI scenario: a leaf Queue per mapped",
            "queue under one parent, every pod a one-pod gang (GPU shares as gpu-fraction);",
            "--nodes adds the cluster's nodes from openb_node_list_*.csv.",
            "The mapping file says which column picks the queue, the queues' quotas, which",
            "rows to take and the time scale (docs/traces.md). The output directory must be",
            "new or empty; it is written whole or not at all."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:invalid trace, mapping or options; nothing written", "3:internal error"})
public final class ImportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "philly or openb")
    String trace;

    @Parameters(index = "1", paramLabel = "CSV", description = "The trace's csv file (jobs or pods).")
    Path csv;

    @Option(names = "--mapping", required = true, paramLabel = "FILE", description = "The mapping file (YAML).")
    Path mapping;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The scenario directory to write.")
    Path out;

    @Option(names = "--nodes", paramLabel = "CSV", description = "openb only: the node list to place the pods on.")
    Path nodes;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        try {
            if (!TraceMappingReader.TRACES.contains(trace)) {
                throw new TraceFileException("TRACE must be one of " + String.join(", ", TraceMappingReader.TRACES)
                        + ", got \"" + trace + "\"");
            }
            TraceMapping m = TraceMappingReader.read(mapping);
            if (!m.trace().equals(trace)) {
                throw new TraceFileException(mapping + ": trace: the mapping is written for " + m.trace()
                        + ", not for " + trace);
            }
            if (nodes != null && !trace.equals("openb")) {
                throw new TraceFileException("--nodes is for openb only");
            }
            ImportedTrace<?> imported = trace.equals("philly") ? philly(m) : openb(m);
            stdout.printf("imported %d of %d rows (%d outside the window, %d matching no queue, %d beyond rows.first) into %s%n",
                    imported.jobs().size(), imported.rows(), imported.outOfWindow(),
                    imported.unmatched(), imported.beyondFirst(), out);
            imported.jobsPerQueue().forEach((q, n) -> stdout.printf("  %-24s %d%n", q, n));
            return ExitCode.OK;
        } catch (TraceFileException e) {
            stderr.println("muster import: " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
    }

    private ImportedTrace<PhillyJob> philly(TraceMapping m) {
        ImportedTrace<PhillyJob> t = ImportedTrace.select(TraceReader.philly(csv, m), m);
        write(KueueTraceScenario.of(t, m, csv.getFileName().toString()));
        return t;
    }

    private ImportedTrace<OpenbPod> openb(TraceMapping m) {
        ImportedTrace<OpenbPod> t = ImportedTrace.select(TraceReader.openb(csv, m), m);
        List<OpenbNode> nodeList = nodes == null ? List.of() : OpenbCsv.readNodes(nodes);
        write(KaiTraceScenario.of(t, m, nodeList, csv.getFileName().toString()));
        return t;
    }

    private void write(ScenarioFiles files) {
        ScenarioDirectory.write(out, files.files());
    }
}
