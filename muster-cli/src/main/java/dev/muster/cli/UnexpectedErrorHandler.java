package dev.muster.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * A bug or a full heap must still read as one line a user can act on, not a stack trace, and end
 * with {@link ExitCode#INTERNAL_ERROR} (a JVM dying of an uncaught error exits 1, which reads as a
 * failed expectation). The trace is printed with {@code --debug} (or MUSTER_DEBUG=1).
 */
final class UnexpectedErrorHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cli, CommandLine.ParseResult parseResult) {
        return report(ex, cli.getErr(), debugAsked(parseResult));
    }

    /** Prints what went wrong in one line and a hint, the trace only when asked; returns the exit code. */
    static int report(Throwable failure, PrintWriter err, boolean debug) {
        if (failure instanceof OutOfMemoryError) {
            long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
            err.println("muster: out of memory (the Java heap's limit is " + maxMiB + " MiB)");
            err.println("muster: give it more with MUSTER_JAVA_OPTS=-Xmx<size> (e.g. -Xmx8g), or run less"
                    + " (muster simulate --until <time>)");
        } else if (failure instanceof StackOverflowError) {
            err.println("muster: internal error: the input nests too deeply to follow (stack overflow)");
            err.println("muster: this is a bug; please report it with --debug's output");
        } else {
            err.println("muster: internal error: " + failure);
            err.println("muster: this is a bug; run again with --debug to print the stack trace");
        }
        if (debug || System.getenv("MUSTER_DEBUG") != null) {
            failure.printStackTrace(err);
        }
        err.flush();
        return ExitCode.INTERNAL_ERROR;
    }

    /** Whether {@code --debug} was given to the command or any of its parents. */
    static boolean debugAsked(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult r = parseResult; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
