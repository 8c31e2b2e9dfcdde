package dev.muster.api.scenario;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the simulator plays one workload in virtual time, from its {@code sim.muster.dev/*}
 * annotations. Only the simulator (and the twin test that mirrors it) reads this: on a real
 * cluster jobs arrive, start and fail on their own, so the operator's model of a workload
 * ({@link WorkloadSource}) carries none of it. It is declared here, not in muster-sim, because
 * muster-api reads the annotations and reports mistakes in them with the manifest's other errors.
 * A {@link Scenario} holds one per declared workload ({@link Scenario#run(WorkloadSource)}).
 *
 * @param arrivalMillis        {@code sim.muster.dev/arrival}: when it is created, 0 when absent
 * @param durationMillis       {@code sim.muster.dev/duration}: run time once all admitted pods run;
 *                             empty = forever
 * @param podsReadyAfterMillis {@code sim.muster.dev/pods-ready-after}: how long its pods take to be
 *                             ready once admitted (image pulls, start-up), 0 when absent
 * @param podFailures          {@code sim.muster.dev/pod-failures}: pods that fail after the workload
 *                             first runs
 */
public record SimulatedRun(long arrivalMillis, Optional<Long> durationMillis, long podsReadyAfterMillis,
        List<PodFailure> podFailures) {

    /** A workload without simulation annotations: created at once, ready at once, running forever. */
    public static final SimulatedRun DEFAULT = new SimulatedRun(0, Optional.empty(), 0, List.of());

    public SimulatedRun {
        Objects.requireNonNull(durationMillis, "durationMillis");
        podFailures = List.copyOf(podFailures);
    }
}
