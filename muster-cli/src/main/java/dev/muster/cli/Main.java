package dev.muster.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code muster} command: one entry point for every mode. */
@Command(
        name = "muster",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Queues, admits and places gangs of pods on shared GPU clusters,",
            "from the Kueue, KAI Scheduler and KubeRay manifests you already have."},
        subcommands = {SimulateCommand.class, RunCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (for tests, which must not exit the JVM). */
    public static int execute(String... args) {
        return execute(new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output streams and returns the exit code. */
    public static int execute(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new UnexpectedErrorHandler());
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
