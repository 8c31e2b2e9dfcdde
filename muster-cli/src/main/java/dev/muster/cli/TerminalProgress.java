package dev.muster.cli;

import dev.muster.sim.progress.ProgressSnapshot;
import dev.muster.sim.progress.SimulationProgress;
import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * Shows a simulation's progress on a terminal: each update rewrites one line in place (a carriage
 * return, the line, spaces over what the previous one left), and the end replaces it with a
 * summary line and a newline, so that what is printed next starts on a line of its own.
 */
final class TerminalProgress implements SimulationProgress {

    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long start;
    private int shown; // the length of the line on screen, 0 when none

    TerminalProgress(PrintWriter err, LongSupplier nanoClock) {
        this.err = err;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    @Override
    public void update(ProgressSnapshot snapshot) {
        show(ProgressLine.during(snapshot, nanoClock.getAsLong() - start));
    }

    @Override
    public void done(ProgressSnapshot snapshot) {
        show(ProgressLine.end(snapshot, nanoClock.getAsLong() - start));
        err.print('\n');
        err.flush();
        shown = 0;
    }

    private void show(String line) {
        StringBuilder sb = new StringBuilder(Math.max(line.length(), shown) + 1).append('\r').append(line);
        for (int i = line.length(); i < shown; i++) {
            sb.append(' ');
        }
        err.print(sb);
        err.flush();
        shown = line.length();
    }
}
