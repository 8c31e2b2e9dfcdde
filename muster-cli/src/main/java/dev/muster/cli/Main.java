package dev.muster.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code muster} command: one entry point for every mode. */
@Command(
        name = "muster",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Queues, admits and places gangs of pods on shared GPU clusters,",
            "from the Kueue, KAI Scheduler and KubeRay manifests you already have."},
        exitCodeListHeading = "%nExit codes (every command):%n",
        exitCodeList = {
            "0:done (with --expect: every expectation met)",
            "1:an expectation was not met (muster simulate --expect)",
            "2:invalid input or options; nothing was run",
            "3:internal error or out of memory (--debug prints the stack trace)"},
        subcommands = {SimulateCommand.class, ExplainCommand.class, RunCommand.class, CompareCommand.class,
            ImportCommand.class, SnapshotCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "On an internal error, print the stack trace too.")
    boolean debug;

    public static void main(String[] args) {
        // An error on another thread (the operator's) must not leave a half-working controller or a
        // trace and exit status 1: say so in one line and stop with the internal-error code.
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (failure instanceof OutOfMemoryError) {
                UnexpectedErrorHandler.report(failure, new PrintWriter(System.err, true), debugAsked(args));
                Runtime.getRuntime().halt(ExitCode.INTERNAL_ERROR);
            }
            System.err.println("muster: thread " + thread.getName() + " failed: " + failure);
            if (debugAsked(args)) {
                failure.printStackTrace();
            }
        });
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (for tests, which must not exit the JVM). */
    public static int execute(String... args) {
        return execute(new StandardOutput(System.out), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output streams and returns the exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new UnexpectedErrorHandler());
        try {
            return cli.execute(args);
        } catch (VirtualMachineError e) {
            // picocli hands exceptions to the handler above; errors such as a full heap come here
            out.flush();
            return UnexpectedErrorHandler.report(e, err, debugAsked(args));
        }
    }

    private static boolean debugAsked(String[] args) {
        return Arrays.asList(args).contains("--debug");
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
