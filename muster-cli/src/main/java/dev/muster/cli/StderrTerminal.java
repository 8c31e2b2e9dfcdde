package dev.muster.cli;

import java.io.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether the standard error stream is a terminal. Java has no isatty(2): System.console()
 * speaks of standard input and output, and from JDK 22 on it is not null for redirected streams
 * either (Console.isTerminal() then says). On Linux the link /proc/self/fd/2 names what stream 2
 * is, which answers for stderr itself, so that {@code 2>file} and {@code 2>&1 | tee} show nothing;
 * elsewhere the console decides.
 */
final class StderrTerminal {

    private static final Path STDERR_LINK = Path.of("/proc/self/fd/2");

    private StderrTerminal() {
    }

    static boolean isTerminal() {
        return terminalDevice(STDERR_LINK).orElseGet(StderrTerminal::consoleIsTerminal);
    }

    /** Whether {@code fdLink} (a /proc fd link) points at a terminal device; empty when it cannot be read. */
    static Optional<Boolean> terminalDevice(Path fdLink) {
        try {
            String target = Files.readSymbolicLink(fdLink).toString();
            return Optional.of(target.startsWith("/dev/pts/") || target.startsWith("/dev/tty")
                    || target.equals("/dev/console"));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    static boolean consoleIsTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        if (Runtime.version().feature() < 22) {
            return true; // before 22 a console exists only when both streams are terminals
        }
        try {
            // Console.isTerminal() is JDK 22+; this code is compiled for 21.
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
