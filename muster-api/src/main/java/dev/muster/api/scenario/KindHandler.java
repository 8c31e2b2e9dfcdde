package dev.muster.api.scenario;

import dev.muster.api.manifest.ManifestObject;

/** Reads one object of a kind into the draft. */
@FunctionalInterface
interface KindHandler {
    void read(ManifestObject object, SourceLocation origin, SimulatedRun run, ScenarioDraft draft);
}
