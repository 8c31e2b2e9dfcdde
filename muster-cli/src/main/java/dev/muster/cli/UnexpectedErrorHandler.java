package dev.muster.cli;

import picocli.CommandLine;

/**
 * A bug must still read as one line a user can report, not a stack trace; set MUSTER_DEBUG=1 to
 * see the trace.
 */
final class UnexpectedErrorHandler implements CommandLine.IExecutionExceptionHandler {

    static final int INTERNAL_ERROR = 3;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cli, CommandLine.ParseResult parseResult) {
        cli.getErr().println("muster: internal error: " + ex);
        cli.getErr().println("muster: this is a bug; set MUSTER_DEBUG=1 to print the stack trace");
        if (System.getenv("MUSTER_DEBUG") != null) {
            ex.printStackTrace(cli.getErr());
        }
        return INTERNAL_ERROR;
    }
}
