package dev.muster.bench.backfill;

/**
 * One job of a study: a gang of {@code gpus} GPUs, created at {@code arrivalSeconds} of virtual
 * time, running {@code durationSeconds} once admitted (what the simulator is told, not what the
 * scheduler is told: see {@link RuntimeEstimates}).
 */
public record StudyJob(String name, int gpus, long arrivalSeconds, long durationSeconds) {

    public StudyJob {
        if (gpus < 1) {
            throw new IllegalArgumentException(name + ": a gang asks for at least one GPU, not " + gpus);
        }
        if (arrivalSeconds < 0 || durationSeconds < 1) {
            throw new IllegalArgumentException(name + ": arrival must not be negative and duration at least 1 s");
        }
    }

    /** What the job asks of the cluster over its run. */
    public double gpuSeconds() {
        return (double) gpus * durationSeconds;
    }
}
