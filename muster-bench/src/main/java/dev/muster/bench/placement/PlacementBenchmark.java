package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbCsv;
import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Placement on real data: the FGD paper's experiment on Alibaba's openb trace, Muster's placement
 * policies beside the paper's baselines (reimplemented here) and beside the figures the paper
 * published for them.
 *
 * <pre>
 * java -jar muster-bench/target/muster-bench.jar placement [--lists default,gpushare100,...] [--seeds N]
 *     [--first-seed S] [--policies Random,FGD,...] [--warmup N] [--data DIR] [--csv FILE]
 * </pre>
 *
 * Exit status 0 when the runs completed, 2 on bad arguments or data that cannot be read.
 */
public final class PlacementBenchmark {

    public static final List<String> DEFAULT_LISTS = List.of("default", "gpushare100", "multigpu50", "gpuspec33", "cpu250");
    /** The published runs use seeds 42..51. */
    public static final long FIRST_SEED = 42;

    private PlacementBenchmark() {
    }

    /** Parsed command line. */
    record Options(List<String> lists, long firstSeed, int seeds, List<Policy> policies, int warmup, Path data, Path csv) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        if (options == null) {
            out.println(usage());
            return 0;
        }
        try {
            return run(options, out);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
    }

    static Options parse(String[] args) {
        List<String> lists = DEFAULT_LISTS;
        long firstSeed = FIRST_SEED;
        int seeds = 10;
        List<Policy> policies = Policy.all();
        int warmup = 1;
        Path data = null;
        Path csv = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--lists" -> lists = split(value(args, ++i, a));
                case "--policies" -> policies = split(value(args, ++i, a)).stream().map(Policy::parse).toList();
                case "--seeds" -> seeds = number(value(args, ++i, a), a, 1);
                case "--first-seed" -> firstSeed = number(value(args, ++i, a), a, 0);
                case "--warmup" -> warmup = number(value(args, ++i, a), a, 0);
                case "--data" -> data = Path.of(value(args, ++i, a));
                case "--csv" -> csv = Path.of(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unexpected argument " + a);
            }
        }
        if (data == null) {
            data = DataFolder.fromWorkingDirectory().orElseThrow(() -> new IllegalArgumentException(
                    "no shared/data folder above the working directory; name one with --data"));
        }
        return new Options(lists, firstSeed, seeds, policies, warmup, data, csv);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int number(String v, String option, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n < min) {
                throw new IllegalArgumentException(option + " must be at least " + min);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + v + "\" is not a number");
        }
    }

    private static List<String> split(String v) {
        return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar placement [--lists L1,L2,...] [--seeds N] [--first-seed S]
                                                            [--policies P1,P2,...] [--warmup N] [--data DIR] [--csv FILE]
                  --lists      openb pod lists (default default,gpushare100,multigpu50,gpuspec33,cpu250)
                  --seeds      how many seeds (default 10, as published)
                  --first-seed the first seed (default 42, as published)
                  --policies   Random, DotProd, GpuClustering, GpuPacking, BestFit, FGD, Muster-binpack,
                               Muster-binpack-frag, Muster-frag-profile, Muster-spread (default all)
                  --warmup     untimed runs of each policy first, to warm up the JVM (default 1)
                  --data       the shared data folder (default: shared/data above the working directory)
                  --csv        also write every run's allocation curve (0..130 % arrival), in the
                               published file's layout
                exit status: 0 ran, 2 bad arguments or data""";
    }

    static int run(Options o, PrintStream out) {
        List<OpenbNode> nodes = OpenbCsv.readNodes(o.data().resolve(OpenbCsv.NODE_LIST));
        PlacementExperiment experiment = new PlacementExperiment(nodes);
        PublishedResults published = PublishedResults.read(o.data().resolve(PublishedResults.FILE));
        out.printf(Locale.ROOT, "Placement on real data: openb GPU nodes (%,d nodes, %,d GPUs), the FGD paper's method%n",
                experiment.nodeCount(), experiment.capacityMilli() / 1000);
        out.printf(Locale.ROOT, "  data      %s%n", o.data());
        out.printf(Locale.ROOT, "  method    pods sorted by name, shuffled with the seed, inflated to %.0f %% of GPU capacity;"
                + " placed one at a time, never leaving; a pod that fits nowhere fails%n", 100 * PlacementExperiment.TUNE_RATIO);
        out.printf(Locale.ROOT, "  seeds     %d (%d..%d); figure = GPU allocation in the %d %% arrival bin%n", o.seeds(),
                o.firstSeed(), o.firstSeed() + o.seeds() - 1, PublishedResults.FINAL_ARRIVAL);
        out.println();

        List<List<OpenbPod>> podLists = new ArrayList<>();
        for (String list : o.lists()) {
            podLists.add(OpenbCsv.readPods(OpenbCsv.podList(o.data(), list)));
        }
        for (int w = 0; w < o.warmup(); w++) {
            for (Policy p : o.policies()) {
                experiment.run(o.lists().get(0), podLists.get(0), p, o.firstSeed() + w);
            }
        }

        List<PlacementExperiment.Run> all = new ArrayList<>();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"LIST", "POLICY", "MEASURED", "PUBLISHED", "DIFF", "PODS", "FAILED", "WALL/SEED", "MAX WALL"});
        for (int l = 0; l < o.lists().size(); l++) {
            String list = o.lists().get(l);
            for (Policy p : o.policies()) {
                List<PlacementExperiment.Run> runs = new ArrayList<>();
                for (int s = 0; s < o.seeds(); s++) {
                    runs.add(experiment.run(list, podLists.get(l), p, o.firstSeed() + s));
                }
                all.addAll(runs);
                rows.add(row(list, p, runs, published));
            }
        }
        out.printf(Locale.ROOT, "GPU allocation at %d %% arrival, mean ± std over seeds, beside the published mean (FGD csv)%n",
                PublishedResults.FINAL_ARRIVAL);
        Table.print(out, rows);
        out.println("  PUBLISHED: mean of the FGD paper's runs (seeds 42..51, Go simulator); Muster's policies have none.");
        out.println("  WALL/SEED: mean time to build the cluster and place one seed's pods (after "
                + o.warmup() + " warm-up run" + (o.warmup() == 1 ? "" : "s") + " per policy), on "
                + Runtime.getRuntime().availableProcessors() + " cpus, Java " + Runtime.version());
        out.println();
        printAgainstFgd(out, o, all, published);
        if (o.csv() != null) {
            writeCsv(o.csv(), all, experiment);
            out.println("curves written to " + o.csv());
        }
        return 0;
    }

    private static String[] row(String list, Policy p, List<PlacementExperiment.Run> runs, PublishedResults published) {
        double[] alloc = runs.stream().mapToDouble(PlacementExperiment.Run::allocationAtFinal).toArray();
        double mean = Stats.mean(alloc);
        OptionalDouble pub = p.isBaseline()
                ? published.mean(list, p.label(), PublishedResults.FINAL_ARRIVAL) : OptionalDouble.empty();
        double[] wallMs = runs.stream().mapToDouble(r -> r.wallNanos() / 1e6).toArray();
        return new String[] {list, p.label(),
                Double.isNaN(mean) ? "-" : String.format(Locale.ROOT, "%.2f ± %.2f %%", mean, Stats.std(alloc)),
                pub.isPresent() ? String.format(Locale.ROOT, "%.2f %%", pub.getAsDouble()) : "-",
                pub.isPresent() ? String.format(Locale.ROOT, "%+.2f", mean - pub.getAsDouble()) : "-",
                String.format(Locale.ROOT, "%,.0f", runs.stream().mapToInt(PlacementExperiment.Run::pods).average().orElse(0)),
                String.format(Locale.ROOT, "%,.0f", runs.stream().mapToInt(PlacementExperiment.Run::failed).average().orElse(0)),
                String.format(Locale.ROOT, "%,.0f ms", Stats.mean(wallMs)),
                String.format(Locale.ROOT, "%,.0f ms", Arrays.stream(wallMs).max().orElse(0))};
    }

    /** Per list, Muster's fragmentation-aware policy with the workload profile against FGD, as published and as measured here. */
    private static void printAgainstFgd(PrintStream out, Options o, List<PlacementExperiment.Run> all,
            PublishedResults published) {
        if (!o.policies().contains(Policy.MUSTER_FRAG_PROFILE)) {
            return;
        }
        out.println("Muster's fragmentation-aware policy with the workload profile, against FGD");
        for (String list : o.lists()) {
            double mine = meanOf(all, list, Policy.MUSTER_FRAG_PROFILE);
            double fgd = meanOf(all, list, Policy.FGD);
            OptionalDouble pub = published.mean(list, Policy.FGD.label(), PublishedResults.FINAL_ARRIVAL);
            out.printf(Locale.ROOT, "  %-12s %s: %s   FGD measured here: %s   FGD published: %s%n", list,
                    Policy.MUSTER_FRAG_PROFILE.label(), pct(mine), pct(fgd),
                    pub.isPresent() ? pct(pub.getAsDouble()) : "-");
        }
        out.println();
    }

    private static double meanOf(List<PlacementExperiment.Run> all, String list, Policy p) {
        return all.stream().filter(r -> r.list().equals(list) && r.policy() == p)
                .mapToDouble(PlacementExperiment.Run::allocationAtFinal).average().orElse(Double.NaN);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f %%", v);
    }

    private static void writeCsv(Path file, List<PlacementExperiment.Run> runs, PlacementExperiment experiment) {
        StringBuilder sb = new StringBuilder("workload,sc_policy,tune,seed,total_gpus,pods,failed,wall_ms");
        for (int a = 0; a <= PublishedResults.FINAL_ARRIVAL; a++) {
            sb.append(',').append(a);
        }
        sb.append('\n');
        for (PlacementExperiment.Run r : runs) {
            sb.append("openb_pod_list_").append(r.list()).append(',').append(r.policy().label()).append(',')
                    .append(PlacementExperiment.TUNE_RATIO).append(',').append(r.seed()).append(',')
                    .append(experiment.capacityMilli() / 1000).append(',').append(r.pods()).append(',').append(r.failed())
                    .append(',').append(String.format(Locale.ROOT, "%.1f", r.wallNanos() / 1e6));
            for (double v : r.curve().bins()) {
                sb.append(',').append(Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v));
            }
            sb.append('\n');
        }
        try {
            Files.writeString(file, sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Mean and sample standard deviation. */
    public static final class Stats {
        private Stats() {
        }

        public static double mean(double[] v) {
            return Arrays.stream(v).average().orElse(Double.NaN);
        }

        public static double std(double[] v) {
            if (v.length < 2) {
                return 0;
            }
            double m = mean(v);
            return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1));
        }
    }

    /** Columns padded to their widest cell; the first two left-aligned. */
    public static final class Table {
        private Table() {
        }

        public static void print(PrintStream out, List<String[]> rows) {
            int cols = rows.get(0).length;
            int[] width = new int[cols];
            for (String[] row : rows) {
                for (int i = 0; i < cols; i++) {
                    width[i] = Math.max(width[i], row[i].length());
                }
            }
            for (String[] row : rows) {
                out.println("  " + Arrays.stream(range(cols)).mapToObj(i -> {
                    String pad = " ".repeat(width[i] - row[i].length());
                    return i < 2 ? row[i] + pad : pad + row[i];
                }).collect(Collectors.joining("   ")).stripTrailing());
            }
        }

        private static int[] range(int n) {
            int[] r = new int[n];
            Arrays.setAll(r, i -> i);
            return r;
        }
    }
}
