package dev.muster.core.model;

/** How a ClusterQueue treats a head workload that does not fit. */
public enum QueueingStrategy {
    /** The head blocks every later workload of its queue until it is admitted. */
    STRICT_FIFO,
    /** Later workloads that fit are admitted past a head that does not. */
    BEST_EFFORT_FIFO
}
