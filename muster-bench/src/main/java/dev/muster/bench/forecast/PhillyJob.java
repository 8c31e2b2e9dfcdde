package dev.muster.bench.forecast;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One job of Microsoft's Philly trace ({@code shared/data/philly/philly_jobs.csv}: job_id, submit_s,
 * duration_s, num_gpus, queue — the queue is the job's virtual cluster).
 */
public record PhillyJob(long id, long submitSeconds, long durationSeconds, int gpus, String virtualCluster) {

    public static final String FILE = "philly/philly_jobs.csv";

    /** {@code count} jobs from the {@code from}-th (0-based) in submission order, as the file lists them. */
    public static List<PhillyJob> read(Path data, int from, int count) {
        List<PhillyJob> jobs = new ArrayList<>();
        try (var lines = Files.lines(data.resolve(FILE))) {
            lines.skip(1L + from).limit(count).forEach(line -> jobs.add(parse(line)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jobs;
    }

    static PhillyJob parse(String line) {
        String[] f = line.split(",");
        if (f.length != 5) {
            throw new IllegalArgumentException("not a Philly job line (job_id,submit_s,duration_s,num_gpus,queue): " + line);
        }
        return new PhillyJob(Long.parseLong(f[0]), (long) Double.parseDouble(f[1]), (long) Double.parseDouble(f[2]),
                Integer.parseInt(f[3]), f[4].strip());
    }
}
