package dev.muster.sim;

/** The lifecycle states of a workload in the report, as the scenario contract names them. */
enum WorkloadState {
    /** No quota reserved. */
    Pending,
    /** Quota held, admission checks not yet Ready. */
    QuotaReserved,
    Admitted,
    Finished
}
