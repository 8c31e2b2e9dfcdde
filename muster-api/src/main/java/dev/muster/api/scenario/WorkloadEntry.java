package dev.muster.api.scenario;

import dev.muster.api.workload.WorkloadDraft;

/** A workload read from a document, waiting for its references to be resolved. */
record WorkloadEntry(WorkloadDraft draft, SimulatedRun run, SourceLocation origin) {
}
