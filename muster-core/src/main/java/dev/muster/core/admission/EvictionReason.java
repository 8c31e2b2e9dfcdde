package dev.muster.core.admission;

/**
 * Why the engine asks for a workload's eviction. The cause decides what happens once the pods
 * have stopped (queue again at once, after a backoff, or never), and each carries the reason text
 * Kueue writes in the Workload's Evicted condition.
 */
public enum EvictionReason {
    /** Another workload needs the room; the workload queues again at once, in its original place. */
    PREEMPTED("Preempted"),
    /** An admission check asked to retry; the workload queues again after the check's backoff. */
    ADMISSION_CHECK("AdmissionCheck"),
    /** Its pods were not ready in time (waitForPodsReady); it queues again after a backoff. */
    PODS_READY_TIMEOUT("PodsReadyTimeout"),
    /** A check rejected it, or it ran out of requeues: it does not queue again. */
    DEACTIVATED("Deactivated"),
    /** A KAI gang ran below its minimum for longer than the grace period; it queues again at once. */
    STALE_GANG("StaleGang");

    private final String kueueReason;

    EvictionReason(String kueueReason) {
        this.kueueReason = kueueReason;
    }

    /** The reason of Kueue's Evicted condition (and of the simulator's reports). */
    public String kueueReason() {
        return kueueReason;
    }
}
