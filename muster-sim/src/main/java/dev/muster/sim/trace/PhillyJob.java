package dev.muster.sim.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One job of Microsoft's Philly trace ({@code philly_jobs.csv}: job_id, submit_s, duration_s,
 * num_gpus, queue — the queue is the job's virtual cluster).
 */
public record PhillyJob(long id, long submitSeconds, long durationSeconds, int gpus, String virtualCluster) {

    /** The list's place in the shared data folder. */
    public static final String FILE = "philly/philly_jobs.csv";
    /** The column that holds the virtual cluster. */
    public static final String VIRTUAL_CLUSTER = "queue";
    /** More GPUs than any real job asks for (Philly's largest asks for 128); bounds the totals. */
    static final int MAX_GPUS = 1_000_000;

    /** {@code count} jobs from the {@code from}-th (0-based) in file order, which is submission order. */
    public static List<PhillyJob> read(Path csv, int from, int count) {
        List<PhillyJob> jobs = new ArrayList<>();
        int[] seen = {0};
        CsvTable.read(csv, row -> {
            if (seen[0]++ >= from) {
                jobs.add(of(row));
            }
            return jobs.size() < count;
        });
        return jobs;
    }

    public static PhillyJob of(CsvTable.Row row) {
        long gpus = row.number("num_gpus");
        if (gpus < 0 || gpus > MAX_GPUS) {
            throw TraceFileException.at(row.file(), row.line(), "num_gpus", "must be between 0 and " + MAX_GPUS
                    + ", got " + gpus);
        }
        return new PhillyJob(row.number("job_id"), row.seconds("submit_s"), row.seconds("duration_s"), (int) gpus,
                row.text(VIRTUAL_CLUSTER));
    }

    /** One line of the list without its header (for tests and single lines). */
    public static PhillyJob parse(String line) {
        String[] cells = line.split(",", -1);
        if (cells.length != 5) {
            throw new TraceFileException("not a Philly job line (job_id,submit_s,duration_s,num_gpus,queue): " + line);
        }
        return of(new CsvTable.Row(Path.of("(line)"), 1,
                java.util.Map.of("job_id", 0, "submit_s", 1, "duration_s", 2, "num_gpus", 3, VIRTUAL_CLUSTER, 4), cells));
    }
}
