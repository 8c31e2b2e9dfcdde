package dev.muster.core.model;

/** The state of one admission check on a workload, as Kueue's AdmissionCheckState names them. */
public enum CheckState {
    /** Not decided yet; the workload holds quota and waits. */
    PENDING,
    /** Passed. When every check is Ready the workload is admitted. */
    READY,
    /** Failed this time: the workload is evicted, gives its quota back and is requeued. */
    RETRY,
    /** Will never pass: the workload is evicted and deactivated. */
    REJECTED
}
