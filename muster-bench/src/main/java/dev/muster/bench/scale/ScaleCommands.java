package dev.muster.bench.scale;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/** The commands of muster-bench's jar that measure the engine at scale, by their first argument. */
public final class ScaleCommands {

    /** A command: its arguments after the name, its output streams; returns the exit status. */
    interface Command {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    static final Map<String, Command> COMMANDS = Map.of(
            "openb-scenario", OpenbScenarioCommand::run,
            "openb-allocation", OpenbAllocationCommand::run,
            "openb-engine", OpenbEngineBenchmark::run,
            "kai-snapshot", KaiSnapshotBenchmark::snapshot,
            "kai-scaling", KaiSnapshotBenchmark::scaling,
            "forecast-accuracy", ForecastAccuracyCommand::run,
            "backfill-study", BackfillStudyCommand::run);

    private ScaleCommands() {
    }

    /** Runs the command {@code args[0]} names, if it is one of these; empty otherwise. */
    public static Optional<Integer> run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !COMMANDS.containsKey(args[0])) {
            return Optional.empty();
        }
        return Optional.of(COMMANDS.get(args[0]).run(Arrays.copyOfRange(args, 1, args.length), out, err));
    }

    /** One usage line per command, for the jar's usage. */
    public static String usageLines() {
        return """
                       java -jar muster-bench.jar openb-scenario --help    (openb as a KAI scenario for muster simulate)
                       java -jar muster-bench.jar openb-allocation --help  (the FGD figure of a muster simulate report)
                       java -jar muster-bench.jar openb-engine --help      (openb through the engine, lists x seeds)
                       java -jar muster-bench.jar kai-snapshot --help      (KAI cycles on a 4,000-node snapshot; kai-scaling)
                       java -jar muster-bench.jar forecast-accuracy --help (forecasts on the Philly trace against what happened)
                       java -jar muster-bench.jar backfill-study --help    (BestEffortFIFO, StrictFIFO, backfill on big gangs)
                """;
    }
}
