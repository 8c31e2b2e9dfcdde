package dev.muster.bench.placement;

import dev.muster.sim.trace.CsvTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The FGD paper's published runs ({@code fgd/analysis_allo_discrete.csv}, from the simulator's
 * {@code experiments/analysis/expected_results}): per pod list, policy and seed, the GPU allocation
 * ratio (%) once the arrived workload reached 0..130 % of the cluster's GPU capacity.
 */
public final class PublishedResults {

    public static final String FILE = "fgd/analysis_allo_discrete.csv";

    /** The last arrival column: the workload is inflated to 130 % of GPU capacity. */
    public static final int FINAL_ARRIVAL = 130;

    /**
     * One published run.
     *
     * @param list   the pod list's variant name, e.g. {@code default} (from {@code openb_pod_list_default})
     * @param policy the policy without its number, e.g. {@code FGD} (from {@code 06-FGD})
     * @param allocationByArrival index = arrived % of capacity, value = allocation %; NaN where the file has none
     */
    public record Run(String list, String policy, double tune, int seed, int totalGpus, double[] allocationByArrival) {

        public double allocationAt(int arrivedPercent) {
            return arrivedPercent < allocationByArrival.length ? allocationByArrival[arrivedPercent] : Double.NaN;
        }
    }

    private final List<Run> runs;

    private PublishedResults(List<Run> runs) {
        this.runs = List.copyOf(runs);
    }

    public static PublishedResults read(Path file) {
        List<Run> runs = new ArrayList<>();
        CsvTable.read(file, row -> {
            double[] curve = new double[FINAL_ARRIVAL + 1];
            for (int a = 0; a <= FINAL_ARRIVAL; a++) {
                String v = row.optionalText(String.valueOf(a));
                curve[a] = v.isEmpty() ? Double.NaN : Double.parseDouble(v);
            }
            runs.add(new Run(listName(row.text("workload")), policyName(row.text("sc_policy")),
                    Double.parseDouble(row.text("tune")), (int) row.number("seed"), (int) row.number("total_gpus"), curve));
            return true;
        });
        return new PublishedResults(runs);
    }

    public List<Run> runs() {
        return runs;
    }

    public List<Run> runs(String list, String policy) {
        return runs.stream().filter(r -> r.list().equals(list) && r.policy().equals(policy)).toList();
    }

    /** The policies published for a list, in the file's order. */
    public List<String> policies(String list) {
        return runs.stream().filter(r -> r.list().equals(list)).map(Run::policy).distinct().toList();
    }

    /** The mean over the published seeds of the allocation at an arrival %, empty when nothing was published. */
    public OptionalDouble mean(String list, String policy, int arrivedPercent) {
        return runs(list, policy).stream().mapToDouble(r -> r.allocationAt(arrivedPercent))
                .filter(v -> !Double.isNaN(v)).average();
    }

    static String listName(String workload) {
        String prefix = "openb_pod_list_";
        return workload.startsWith(prefix) ? workload.substring(prefix.length()) : workload;
    }

    static String policyName(String scPolicy) {
        int dash = scPolicy.indexOf('-');
        return dash >= 0 && scPolicy.substring(0, dash).chars().allMatch(Character::isDigit)
                ? scPolicy.substring(dash + 1) : scPolicy;
    }
}
