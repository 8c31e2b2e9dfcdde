package dev.muster.sim.progress;

/**
 * Told where a long simulation is while it runs, for a progress display. The simulation calls
 * {@link #update} only when its {@link ProgressThrottle} says one is due, never per event, and
 * {@link #done} once at the end.
 */
public interface SimulationProgress {

    /** Nothing to tell: the simulation then never reads a clock nor counts its workloads. */
    SimulationProgress NONE = new SimulationProgress() {
        @Override
        public void update(ProgressSnapshot snapshot) {
        }

        @Override
        public void done(ProgressSnapshot snapshot) {
        }
    };

    /** The run has reached {@code snapshot}; more is to come. */
    void update(ProgressSnapshot snapshot);

    /** The run ended (its last event, or the stop time) at {@code snapshot}. */
    void done(ProgressSnapshot snapshot);
}
