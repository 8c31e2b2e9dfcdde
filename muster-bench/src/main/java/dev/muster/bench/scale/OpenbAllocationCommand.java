package dev.muster.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * {@code muster-bench openb-allocation DIR REPORT}: the FGD figure ({@link ReportAllocation}) of a
 * {@code muster simulate -o json} report of a scenario written by {@code openb-scenario}.
 */
public final class OpenbAllocationCommand {

    private OpenbAllocationCommand() {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar openb-allocation SCENARIO_DIR REPORT.json
                  SCENARIO_DIR  written by openb-scenario (its arrivals.csv and scenario.properties are read)
                  REPORT.json   the output of ./muster simulate SCENARIO_DIR -o json
                exit status: 0 printed, 2 bad arguments or files""";
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Options o = Options.parse(args, Set.of());
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            if (o.positional().size() != 2) {
                throw new IllegalArgumentException("name the scenario directory and the report");
            }
            ScenarioArrivals scenario = ScenarioArrivals.read(Path.of(o.positional().get(0)));
            JsonNode report = read(Path.of(o.positional().get(1)));
            print(out, ReportAllocation.of(scenario, ReportAllocation.workloads(report)), scenario.capacityMilli());
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
    }

    private static JsonNode read(Path file) {
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the report " + file, e);
        }
    }

    static void print(PrintStream out, ReportAllocation a, long capacityMilli) {
        out.printf(Locale.ROOT, "pods %,d: admitted %,d, pending %,d (admitted after their arrival: %,d)%n",
                a.pods(), a.placed(), a.pending(), a.placedLate());
        out.printf(Locale.ROOT, "GPU allocation at 130 %% arrival (FGD's figure): %.2f %%%n", a.allocationAtFinal());
        out.printf(Locale.ROOT, "GPU allocation at the end: %.2f %% (%,.3f of %,d GPUs; the admitted pods asked for %,.3f)%n",
                a.allocationAtEnd(), a.allocatedMilli() / 1000.0, capacityMilli / 1000, a.requestedPlacedMilli() / 1000.0);
    }
}
