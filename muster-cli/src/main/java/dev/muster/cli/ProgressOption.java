package dev.muster.cli;

import dev.muster.sim.Simulation;
import dev.muster.sim.progress.ProgressThrottle;
import java.io.PrintWriter;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Option;

/** {@code --[no-]progress} of the commands that run a simulation (a picocli mixin). */
final class ProgressOption {

    @Option(names = "--progress", negatable = true,
            description = {"Show the run's progress on stderr, rewritten in place a few times a second: virtual time,",
                "workloads done/total, admitted, pending, workloads arrived per second.",
                "Default: only when stderr is a terminal."})
    Boolean progress; // null: not given, decided by the terminal

    /** Whether progress is shown, given whether stderr is a terminal. */
    boolean shown(BooleanSupplier stderrIsTerminal) {
        return progress != null ? progress : stderrIsTerminal.getAsBoolean();
    }

    /** {@code simulation}, reporting its progress on {@code err} when it is to be shown. */
    Simulation attach(Simulation simulation, PrintWriter err) {
        return shown(StderrTerminal::isTerminal)
                ? simulation.reportingProgress(new TerminalProgress(err, System::nanoTime), ProgressThrottle.wallClock())
                : simulation;
    }
}
