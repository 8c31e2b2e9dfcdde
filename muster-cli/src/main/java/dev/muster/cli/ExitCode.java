package dev.muster.cli;

/**
 * What {@code muster}'s exit status means, the same for every command, so that a script or a CI job
 * can tell a failed expectation from a broken input or a bug. Command-line mistakes (an unknown
 * option, a missing argument) are input errors too, as picocli reports them.
 */
final class ExitCode {

    /** The command did its work (and, with {@code --expect}, every expectation was met). */
    static final int OK = 0;
    /** {@code muster simulate --expect}: the run ended and some expectation was not met. */
    static final int EXPECTATION_FAILED = 1;
    /** The input (a manifest, a configuration, an option) is wrong; nothing was run. */
    static final int INVALID_INPUT = 2;
    /** Muster failed: a bug, or it ran out of memory; one line says which, {@code --debug} shows the trace. */
    static final int INTERNAL_ERROR = 3;

    private ExitCode() {
    }
}
