package dev.muster.bench.backfill;

import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.placement.PodPlacement;
import dev.muster.sim.SimulationListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which GPUs of which node each job held, and from when to when, as a simulation carries its
 * decisions out: what {@link DrainFloor} needs and the report does not keep (a finished job's pods
 * are gone from it). A hold opens at an admission and closes when the job finishes or is evicted; a
 * job admitted again opens new holds. The study's Jobs are placed at their admission: it has no
 * admission checks, whose pods would be placed later.
 */
final class NodeHolds implements SimulationListener {

    /** {@code gpus} whole GPUs of {@code node}, held from {@code fromMillis} until {@code untilMillis}. */
    record Hold(String job, String node, int gpus, long fromMillis, long untilMillis) {

        /** Held at {@code atMillis}: taken before it and given back after it. */
        boolean heldAt(long atMillis) {
            return fromMillis < atMillis && untilMillis > atMillis;
        }
    }

    private record Open(String node, int gpus, long fromMillis) {
    }

    private final Map<String, List<Open>> open = new HashMap<>();
    private final List<Hold> closed = new ArrayList<>();

    @Override
    public void admitted(WorkloadSource workload, long atMillis, Decision.Admit admit) {
        hold(workload, atMillis, admit.pods());
    }

    @Override
    public void resized(WorkloadSource workload, long atMillis, Decision.Resize resize, List<PodPlacement> pods) {
        release(workload, atMillis);
        hold(workload, atMillis, pods);
    }

    @Override
    public void evicted(WorkloadSource workload, long atMillis, Decision.Evict evict) {
        release(workload, atMillis);
    }

    @Override
    public void finished(WorkloadSource workload, long atMillis) {
        release(workload, atMillis);
    }

    private void hold(WorkloadSource workload, long atMillis, List<PodPlacement> pods) {
        List<Open> held = open.computeIfAbsent(workload.key().name(), k -> new ArrayList<>());
        for (PodPlacement p : pods) {
            held.add(new Open(p.node(), p.gpuDevices().size(), atMillis));
        }
    }

    private void release(WorkloadSource workload, long atMillis) {
        List<Open> held = open.remove(workload.key().name());
        if (held != null) {
            held.forEach(o -> closed.add(new Hold(workload.key().name(), o.node(), o.gpus(), o.fromMillis(), atMillis)));
        }
    }

    /**
     * Every hold, those still open at the end taken to last until {@code endMillis} (a run cut short
     * by its end; the study's runs finish every job).
     */
    List<Hold> all(long endMillis) {
        List<Hold> all = new ArrayList<>(closed);
        open.forEach((job, held) -> held.forEach(o -> all.add(new Hold(job, o.node(), o.gpus(), o.fromMillis(), endMillis))));
        return all;
    }
}
