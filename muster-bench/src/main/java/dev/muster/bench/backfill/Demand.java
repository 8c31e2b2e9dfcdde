package dev.muster.bench.backfill;

import java.util.List;

/**
 * What arrives at the cluster in one study, and the cluster it arrives at: {@code clusterGpus} GPUs
 * in nodes of {@link #GPUS_PER_NODE}, all of them the quota of one ClusterQueue.
 *
 * @param name        short, for directory names and headings: {@code philly}, {@code synthetic}
 * @param description where the jobs come from, in words, for the report
 * @param jobs        in arrival order
 */
public record Demand(String name, String description, int clusterGpus, List<StudyJob> jobs) {

    /** The nodes of the study's cluster: 8 GPUs each, as the DGX-like nodes big gangs are placed on. */
    public static final int GPUS_PER_NODE = 8;

    public Demand {
        jobs = List.copyOf(jobs);
        if (clusterGpus < GPUS_PER_NODE || clusterGpus % GPUS_PER_NODE != 0) {
            throw new IllegalArgumentException("the cluster has whole nodes of " + GPUS_PER_NODE + " GPUs, not "
                    + clusterGpus + " GPUs");
        }
        for (StudyJob j : jobs) {
            if (j.gpus() > clusterGpus) {
                throw new IllegalArgumentException(j.name() + " asks for " + j.gpus() + " GPUs, more than the cluster's "
                        + clusterGpus + ": it could never start");
            }
        }
    }

    public int nodes() {
        return clusterGpus / GPUS_PER_NODE;
    }

    /** From the first arrival to the last. */
    public long arrivalSpanSeconds() {
        return jobs.isEmpty() ? 0 : jobs.get(jobs.size() - 1).arrivalSeconds() - jobs.get(0).arrivalSeconds();
    }

    /**
     * The GPU-seconds asked for over those the cluster has while jobs arrive: above 1, queues must
     * grow whatever the policy.
     */
    public double offeredLoad() {
        return offeredLoad(jobs, clusterGpus, arrivalSpanSeconds());
    }

    static double offeredLoad(List<StudyJob> jobs, int gpus, long spanSeconds) {
        double asked = jobs.stream().mapToDouble(StudyJob::gpuSeconds).sum();
        return spanSeconds <= 0 ? Double.POSITIVE_INFINITY : asked / ((double) gpus * spanSeconds);
    }
}
