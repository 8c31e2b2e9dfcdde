package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbCsv;
import dev.muster.bench.placement.DataFolder;
import dev.muster.bench.placement.OpenbSample;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * {@code muster-bench openb-scenario}: writes openb as a KAI-dialect scenario directory
 * ({@link OpenbScenarioWriter}) for one pod list and seed, by the FGD method.
 *
 * <pre>
 * java -jar muster-bench/target/muster-bench.jar openb-scenario --list default --seed 42 [--scale F] --out DIR [--data DIR]
 * </pre>
 */
public final class OpenbScenarioCommand {

    private OpenbScenarioCommand() {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar openb-scenario [--list L] [--seed S] [--scale F] --out DIR [--data DIR]
                  --list   openb pod list: default, gpushare100, multigpu50, gpuspec33, cpu250 (default default)
                  --seed   the FGD method's seed: arrival sample and order, node rank prefixes (default 42)
                  --scale  share of the nodes kept, in (0, 1]; the pods are sampled to 130 % of their GPUs (default 1)
                  --out    the directory to write (created; existing files of the same names are replaced)
                  --data   the shared data folder (default: shared/data above the working directory)
                then: ./muster simulate DIR -o json > report.json
                      java -jar muster-bench.jar openb-allocation DIR report.json
                exit status: 0 written, 2 bad arguments or data""";
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Options o = Options.parse(args, Set.of("--list", "--seed", "--scale", "--out", "--data"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            if (!o.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument " + o.positional().get(0));
            }
            String list = o.text("--list", "default");
            long seed = o.number("--seed", 42, 0);
            double scale = o.fraction("--scale", 1.0);
            Path dir = Path.of(o.required("--out"));
            Path data = dataFolder(o);
            OpenbSample sample = sample(data, list, seed, scale);
            OpenbScenarioWriter.write(sample, dir);
            out.printf(Locale.ROOT, "openb %s seed %d scale %s: %,d nodes (%,d GPUs), %,d pods -> %s%n", list, seed, scale,
                    sample.nodes().size(), sample.capacityMilli() / 1000, sample.arrivals().size(), dir);
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
    }

    static Path dataFolder(Options o) {
        String data = o.text("--data", null);
        return data != null ? Path.of(data) : DataFolder.fromWorkingDirectory().orElseThrow(() ->
                new IllegalArgumentException("no shared/data folder above the working directory; name one with --data"));
    }

    /** The FGD method's sample of a pod list (read from {@code data}) for a seed and scale. */
    public static OpenbSample sample(Path data, String list, long seed, double scale) {
        return OpenbSample.of(list, OpenbCsv.readNodes(data.resolve(OpenbCsv.NODE_LIST)),
                OpenbCsv.readPods(OpenbCsv.podList(data, list)), seed, scale);
    }
}
