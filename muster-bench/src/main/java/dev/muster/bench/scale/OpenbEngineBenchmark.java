package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbCsv;
import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import dev.muster.bench.placement.OpenbSample;
import dev.muster.bench.placement.PlacementBenchmark;
import dev.muster.bench.placement.PlacementBenchmark.Stats;
import dev.muster.bench.placement.PublishedResults;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Benchmark (a) of the engine at scale: openb through the engine exactly as {@code muster simulate}
 * runs it ({@link OpenbThroughEngine}), per pod list and seed, with the GPU allocation the report
 * implies beside FGD's published mean and the wall time of each run.
 *
 * <pre>
 * java -jar muster-bench/target/muster-bench.jar openb-engine [--lists L1,L2] [--seeds N] [--first-seed S]
 *     [--scale F] [--warmup N] [--data DIR]
 * </pre>
 */
public final class OpenbEngineBenchmark {

    private OpenbEngineBenchmark() {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar openb-engine [--lists L1,L2,...] [--seeds N] [--first-seed S]
                                                               [--scale F] [--warmup N] [--data DIR]
                  --lists      openb pod lists (default default,gpushare100,multigpu50,gpuspec33,cpu250)
                  --seeds      how many seeds per list (default 10, as published)
                  --first-seed the first seed (default 42, as published)
                  --scale      share of the nodes kept, in (0, 1] (default 1; below 1 FGD's figures do not compare)
                  --warmup     untimed runs of the first list and seed first (default 0)
                  --data       the shared data folder (default: shared/data above the working directory)
                exit status: 0 ran, 2 bad arguments or data""";
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args, Set.of("--lists", "--seeds", "--first-seed", "--scale", "--warmup", "--data"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            if (!o.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument " + o.positional().get(0));
            }
            return run(o, out);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
    }

    private static int run(Options o, PrintStream out) {
        List<String> lists = o.list("--lists", PlacementBenchmark.DEFAULT_LISTS);
        long firstSeed = o.number("--first-seed", PlacementBenchmark.FIRST_SEED, 0);
        int seeds = (int) o.number("--seeds", 10, 1);
        double scale = o.fraction("--scale", 1.0);
        int warmup = (int) o.number("--warmup", 0, 0);
        Path data = OpenbScenarioCommand.dataFolder(o);
        List<OpenbNode> nodes = OpenbCsv.readNodes(data.resolve(OpenbCsv.NODE_LIST));
        PublishedResults published = PublishedResults.read(data.resolve(PublishedResults.FILE));

        out.printf(Locale.ROOT, "openb through the engine as `muster simulate` runs it (scenario written, loaded, simulated)%n");
        out.printf(Locale.ROOT, "  lists %s, seeds %d..%d, scale %s, %d warm-up run(s); %d cpus, Java %s, max heap %,d MB%n",
                String.join(",", lists), firstSeed, firstSeed + seeds - 1, scale, warmup,
                Runtime.getRuntime().availableProcessors(), Runtime.version(), Runtime.getRuntime().maxMemory() >> 20);
        out.println();
        List<String[]> perRun = new ArrayList<>();
        perRun.add(new String[] {"LIST", "SEED", "NODES", "PODS", "ADMITTED", "PENDING", "ALLOC@130%", "ALLOC END",
            "LOAD", "SIMULATE", "WALL", "CPU"});
        List<String[]> perList = new ArrayList<>();
        perList.add(new String[] {"LIST", "MEASURED", "FGD PUBLISHED", "DIFF", "WALL/SEED", "MAX WALL", "CPU/SEED"});
        for (int l = 0; l < lists.size(); l++) {
            String list = lists.get(l);
            List<OpenbPod> pods = OpenbCsv.readPods(OpenbCsv.podList(data, list));
            if (l == 0) {
                for (int w = 0; w < warmup; w++) {
                    OpenbThroughEngine.run(OpenbSample.of(list, nodes, pods, firstSeed, scale));
                }
            }
            List<OpenbThroughEngine.Run> runs = new ArrayList<>();
            for (int s = 0; s < seeds; s++) {
                OpenbThroughEngine.Run run = OpenbThroughEngine.run(OpenbSample.of(list, nodes, pods, firstSeed + s, scale));
                runs.add(run);
                perRun.add(row(run));
                out.printf(Locale.ROOT, "  %s seed %d: %.2f %% in %,.0f ms (cpu %,.0f ms)%n", list, firstSeed + s,
                        run.allocation().allocationAtFinal(), run.wallNanos() / 1e6, run.cpuNanos() / 1e6);
            }
            perList.add(summary(list, runs, published, scale));
        }
        out.println();
        out.println("Per run (ALLOC@130%: FGD's figure, the mean allocation over the samples of the 130 % arrival bin)");
        PlacementBenchmark.Table.print(out, perRun);
        out.println();
        out.println("Per list: GPU allocation at 130 % arrival, mean ± std over seeds, beside FGD's published mean");
        PlacementBenchmark.Table.print(out, perList);
        out.println("  WALL: loading the manifests + the simulation to its end (the report included), one JVM, in sequence;");
        out.println("  CPU: the same, cpu time of the benchmark's thread (on a shared machine the wall time includes waiting for a cpu).");
        return 0;
    }

    private static String[] row(OpenbThroughEngine.Run r) {
        ReportAllocation a = r.allocation();
        return new String[] {r.sample().list(), String.valueOf(r.sample().seed()),
            String.format(Locale.ROOT, "%,d", r.sample().nodes().size()), String.format(Locale.ROOT, "%,d", a.pods()),
            String.format(Locale.ROOT, "%,d", a.placed()), String.format(Locale.ROOT, "%,d", a.pending()),
            String.format(Locale.ROOT, "%.2f %%", a.allocationAtFinal()),
            String.format(Locale.ROOT, "%.2f %%", a.allocationAtEnd()), ms(r.load().wallNanos()),
            ms(r.simulate().wallNanos()), ms(r.wallNanos()), ms(r.cpuNanos())};
    }

    private static String[] summary(String list, List<OpenbThroughEngine.Run> runs, PublishedResults published,
            double scale) {
        double[] alloc = runs.stream().mapToDouble(r -> r.allocation().allocationAtFinal()).toArray();
        double[] wall = runs.stream().mapToDouble(r -> r.wallNanos() / 1e6).toArray();
        double mean = Stats.mean(alloc);
        OptionalDouble fgd = scale == 1.0 ? published.mean(list, "FGD", PublishedResults.FINAL_ARRIVAL) : OptionalDouble.empty();
        return new String[] {list, String.format(Locale.ROOT, "%.2f ± %.2f %%", mean, Stats.std(alloc)),
            fgd.isPresent() ? String.format(Locale.ROOT, "%.2f %%", fgd.getAsDouble()) : "-",
            fgd.isPresent() ? String.format(Locale.ROOT, "%+.2f", mean - fgd.getAsDouble()) : "-",
            String.format(Locale.ROOT, "%,.0f ms", Stats.mean(wall)),
            String.format(Locale.ROOT, "%,.0f ms", Arrays.stream(wall).max().orElse(0)),
            String.format(Locale.ROOT, "%,.0f ms", runs.stream().mapToDouble(r -> r.cpuNanos() / 1e6).average().orElse(0))};
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%,.0f ms", nanos / 1e6);
    }
}
