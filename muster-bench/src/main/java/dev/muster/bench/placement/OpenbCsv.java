package dev.muster.bench.placement;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the openb trace's csv files by column name: the node list and the pod lists. The variant
 * lists do not all have the same columns ({@code multigpu*} has no {@code gpu_spec}); a missing
 * optional column reads as empty. The files hold no quoted fields.
 */
public final class OpenbCsv {

    /** The GPU node list: 1,213 nodes, 6,212 GPUs. */
    public static final String NODE_LIST = "openb/openb_node_list_gpu_node.csv";

    private OpenbCsv() {
    }

    /** The pod list of a variant name such as {@code default} or {@code gpushare100}. */
    public static Path podList(Path dataFolder, String list) {
        return dataFolder.resolve("openb").resolve("openb_pod_list_" + list + ".csv");
    }

    public static List<OpenbNode> readNodes(Path file) {
        List<OpenbNode> nodes = new ArrayList<>();
        read(file, row -> nodes.add(new OpenbNode(row.text("sn"), row.number("cpu_milli"),
                row.number("memory_mib"), (int) row.number("gpu"), row.text("model"))));
        return nodes;
    }

    public static List<OpenbPod> readPods(Path file) {
        List<OpenbPod> pods = new ArrayList<>();
        read(file, row -> {
            String spec = row.optionalText("gpu_spec");
            pods.add(new OpenbPod(row.text("name"), row.number("cpu_milli"), row.number("memory_mib"),
                    (int) row.number("num_gpu"), row.number("gpu_milli"),
                    spec.isEmpty() ? List.of() : Arrays.asList(spec.split("\\|"))));
        });
        return pods;
    }

    /** One data row, its cells found by header name. */
    record Row(Path file, int line, Map<String, Integer> columns, String[] cells) {

        String text(String column) {
            Integer i = columns.get(column);
            if (i == null) {
                throw new IllegalArgumentException(file + ": no column " + column);
            }
            return i < cells.length ? cells[i].trim() : "";
        }

        String optionalText(String column) {
            return columns.containsKey(column) ? text(column) : "";
        }

        long number(String column) {
            String v = text(column);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + line + ": " + column + " is not a whole number: \"" + v + "\"");
            }
        }
    }

    interface RowConsumer {
        void accept(Row row);
    }

    static void read(Path file, RowConsumer consumer) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + " is empty");
        }
        Map<String, Integer> columns = new HashMap<>();
        String[] header = lines.get(0).split(",", -1);
        for (int i = 0; i < header.length; i++) {
            columns.put(header[i].trim(), i);
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isBlank()) {
                consumer.accept(new Row(file, i + 1, columns, line.split(",", -1)));
            }
        }
    }
}
