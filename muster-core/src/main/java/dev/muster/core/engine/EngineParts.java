package dev.muster.core.engine;

/**
 * The engine's named parts, built once with it; a cycle's {@link CycleOutcome} works on them.
 */
record EngineParts(QueueDirectory queues, WorkloadBook book, WorkloadLifecycle lifecycle, CycleTriggers triggers,
        PlacementWaits waits, Placements placements, Preemptions preemptions, HeldRoom heldRoom,
        WorkloadShapes shapes, AdmissionSettings settings, ExpectedRuntimes runtimes, PodEnds ends,
        HolderEnds holderEnds) {
}
