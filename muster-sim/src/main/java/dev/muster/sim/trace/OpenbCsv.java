package dev.muster.sim.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the openb trace's csv files by column name: the node list and the pod lists. The variant
 * lists do not all have the same columns ({@code multigpu*} has no {@code gpu_spec}); a missing
 * optional column reads as empty.
 */
public final class OpenbCsv {

    /** The GPU node list: 1,213 nodes, 6,212 GPUs. */
    public static final String NODE_LIST = "openb/openb_node_list_gpu_node.csv";
    /** More GPU devices than a node or pod has (openb's largest: 8); bounds the totals. */
    static final long MAX_GPUS = 1024;

    private OpenbCsv() {
    }

    /** The pod list of a variant name such as {@code default} or {@code gpushare100}. */
    public static Path podList(Path dataFolder, String list) {
        return dataFolder.resolve("openb").resolve("openb_pod_list_" + list + ".csv");
    }

    public static List<OpenbNode> readNodes(Path file) {
        List<OpenbNode> nodes = new ArrayList<>();
        CsvTable.read(file, row -> nodes.add(node(row)));
        return nodes;
    }

    public static List<OpenbPod> readPods(Path file) {
        List<OpenbPod> pods = new ArrayList<>();
        CsvTable.read(file, row -> pods.add(pod(row)));
        return pods;
    }

    public static OpenbNode node(CsvTable.Row row) {
        return new OpenbNode(row.text("sn"), bounded(row, "cpu_milli", Long.MAX_VALUE / 2),
                bounded(row, "memory_mib", Long.MAX_VALUE / 2048), (int) bounded(row, "gpu", MAX_GPUS), row.text("model"));
    }

    public static OpenbPod pod(CsvTable.Row row) {
        String spec = row.optionalText("gpu_spec");
        // memory goes to bytes (x 2^20) and milli-units later: keep it where that cannot overflow
        return new OpenbPod(row.text("name"), bounded(row, "cpu_milli", Long.MAX_VALUE / 2),
                bounded(row, "memory_mib", Long.MAX_VALUE / (1L << 30)), (int) bounded(row, "num_gpu", MAX_GPUS),
                bounded(row, "gpu_milli", 1000), spec.isEmpty() ? List.of() : Arrays.asList(spec.split("\\|")));
    }

    private static long bounded(CsvTable.Row row, String column, long max) {
        long v = row.number(column);
        if (v < 0 || v > max) {
            throw TraceFileException.at(row.file(), row.line(), column, "must be between 0 and " + max + ", got " + v);
        }
        return v;
    }
}
