package dev.muster.sim.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** Reads a Philly or openb list into {@link TraceRow}s, the queue picked by the mapping's {@code queueBy} column. */
public final class TraceReader {

    private TraceReader() {
    }

    public static List<TraceRow<PhillyJob>> philly(Path csv, TraceMapping mapping) {
        checkColumn(csv, mapping);
        List<TraceRow<PhillyJob>> rows = new ArrayList<>();
        CsvTable.read(csv, row -> {
            PhillyJob j = PhillyJob.of(row);
            return rows.add(new TraceRow<>(j, "job-" + j.id(), row.line(), row.text(mapping.queueBy()), j.submitSeconds(),
                    OptionalLong.of(j.durationSeconds())));
        });
        return rows;
    }

    /**
     * openb pods: a pod arrives at its {@code creation_time} and runs from its {@code scheduled_time}
     * (its creation time when it has none: it was still pending when the trace was taken, and its
     * demand counts the same) to its {@code deletion_time}; without a deletion time it runs to the end.
     */
    public static List<TraceRow<OpenbPod>> openb(Path csv, TraceMapping mapping) {
        checkColumn(csv, mapping);
        List<TraceRow<OpenbPod>> rows = new ArrayList<>();
        CsvTable.read(csv, row -> {
            OpenbPod p = OpenbCsv.pod(row);
            long created = row.seconds("creation_time");
            long started = row.optionalText("scheduled_time").isEmpty() ? created : row.seconds("scheduled_time");
            OptionalLong duration = row.optionalText("deletion_time").isEmpty()
                    ? OptionalLong.empty()
                    : OptionalLong.of(Math.max(0, row.seconds("deletion_time") - Math.max(created, started)));
            return rows.add(new TraceRow<>(p, p.name(), row.line(), row.text(mapping.queueBy()), created, duration));
        });
        return rows;
    }

    /** A {@code queueBy} the trace does not have is the mapping's error: say so at its line, not at every row. */
    private static void checkColumn(Path csv, TraceMapping mapping) {
        List<String> columns = CsvTable.header(csv);
        if (!columns.contains(mapping.queueBy())) {
            throw TraceFileException.at(mapping.file(), mapping.queueByLine(), "queueBy", "\"" + mapping.queueBy()
                    + "\" is not a column of " + csv + "; its columns are " + String.join(", ", columns));
        }
    }
}
