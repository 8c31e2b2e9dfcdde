package dev.muster.bench.backfill;

import dev.muster.sim.trace.PhillyJob;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Real demand: a window of Microsoft's Philly trace in submission order, each job a gang of its
 * recorded GPUs running its recorded duration. Jobs of more than {@link #MAX_GPUS} GPUs (three
 * 128-GPU jobs in the whole trace) are left out rather than cut down, so that every gang that runs
 * is one that was asked for. The window's arrival times are stretched or squeezed by one factor so
 * that the offered load on the study's cluster is the one asked for: the order and the burstiness
 * of the arrivals stay the trace's.
 */
public final class PhillyWindow {

    /** The largest gang of the study's size classes. */
    public static final int MAX_GPUS = 64;

    /**
     * The first job of the default window: jobs 78,500 to 81,499 hold five of the trace's six 64-GPU
     * jobs and eleven of its 32-GPU ones, the big gangs the study is about, among 2,900 smaller ones.
     */
    public static final int DEFAULT_FROM = 78_500;

    private PhillyWindow() {
    }

    /**
     * The jobs {@code from} .. {@code from + count - 1} of {@code csv} on {@code clusterGpus} GPUs, arrivals
     * scaled to {@code load}.
     */
    public static Demand read(Path csv, int from, int count, int clusterGpus, double load) {
        return of(PhillyJob.read(csv, from, count), from, clusterGpus, load);
    }

    static Demand of(List<PhillyJob> window, int from, int clusterGpus, double load) {
        List<PhillyJob> kept = window.stream().filter(j -> j.gpus() >= 1 && j.gpus() <= MAX_GPUS).toList();
        if (kept.size() < 2) {
            throw new IllegalArgumentException("the Philly window from job " + from + " holds fewer than two jobs of 1 to "
                    + MAX_GPUS + " GPUs");
        }
        long first = kept.get(0).submitSeconds();
        List<StudyJob> unscaled = new ArrayList<>();
        for (PhillyJob j : kept) {
            unscaled.add(new StudyJob("job-" + j.id(), j.gpus(), j.submitSeconds() - first,
                    Math.max(1, j.durationSeconds())));
        }
        long span = unscaled.get(unscaled.size() - 1).arrivalSeconds();
        double factor = Demand.offeredLoad(unscaled, clusterGpus, span) / load;
        List<StudyJob> jobs = unscaled.stream().map(j -> new StudyJob(j.name(), j.gpus(),
                Math.round(j.arrivalSeconds() * factor), j.durationSeconds())).toList();
        String description = String.format(Locale.ROOT,
                "Philly jobs %,d..%,d in submission order (%,d kept, %d of more than %d GPUs left out), arrival times x%.3f",
                from, from + window.size() - 1, kept.size(), window.size() - kept.size(), MAX_GPUS, factor);
        return new Demand("philly", description, clusterGpus, jobs);
    }
}
