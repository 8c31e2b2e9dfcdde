package dev.muster.cli;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * The command line's output when it is the process's standard output: a writer, as picocli wants,
 * that also hands out the byte stream under it, so that a report of tens of megabytes is written as
 * bytes rather than as characters encoded again on the way ({@code SimulateCommand}). Tests pass
 * plain writers and get the character path.
 */
final class StandardOutput extends PrintWriter {

    private final PrintStream stream;

    StandardOutput(PrintStream stream) {
        super(stream, true);
        this.stream = stream;
    }

    /** The stream under the writer; flush the writer before writing to it. */
    PrintStream stream() {
        return stream;
    }
}
