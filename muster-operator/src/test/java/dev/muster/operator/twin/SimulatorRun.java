package dev.muster.operator.twin;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationListener;
import dev.muster.sim.SimulationOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** {@code muster simulate}: the scenario through the simulator, told as histories. */
final class SimulatorRun {

    private SimulatorRun() {
    }

    static Histories of(TwinWorld world) throws Exception {
        Histories histories = new Histories();
        SimulationListener listener = new SimulationListener() {
            @Override
            public void admitted(WorkloadSource w, long atMillis, Decision.Admit admit) {
                histories.add(id(w), Happening.admitted(atMillis, flavors(admit.assignment().podSets()),
                        admit.pods().stream().map(p -> p.podSet() + "@" + p.node()).toList()));
            }

            /**
             * A gang resized at the instant it was admitted (a KAI gang that makes room for its next
             * replicas at once) is told as admitted with its counts at the end of that instant: the
             * operator's run reads the Workload's admission once the instant has settled.
             */
            @Override
            public void resized(WorkloadSource w, long atMillis, Decision.Resize resize, List<PodPlacement> pods) {
                Happening last = histories.last(id(w));
                if (last != null && last.atMillis() == atMillis && last.what().startsWith("admitted ")) {
                    histories.replaceLast(id(w), Happening.admitted(atMillis, flavors(resize.to().podSets()),
                            pods.stream().map(p -> p.podSet() + "@" + p.node()).toList()));
                }
            }

            @Override
            public void evicted(WorkloadSource w, long atMillis, Decision.Evict evict) {
                histories.add(id(w), Happening.evicted(atMillis,
                        evict.reason() == EvictionReason.PREEMPTED ? "Preempted" : "Evicted", world.withJobNames(evict.message())));
            }

            @Override
            public void finished(WorkloadSource w, long atMillis) {
                histories.add(id(w), Happening.finished(atMillis));
            }
        };
        new Simulation(ScenarioLoader.load(world.files(), ScenarioLoader.DEFAULT_SEED),
                new SimulationOptions(OptionalLong.empty()), listener).run();
        return histories;
    }

    /** Each pod set's admitted count and flavors, as the Workload's status.admission says them. */
    static Map<String, Map<String, String>> flavors(List<PodSetAssignment> podSets) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        podSets.forEach(ps -> out.put(ps.name() + " x" + ps.count(), ps.flavors()));
        return out;
    }

    private static String id(WorkloadSource w) {
        return TwinWorld.id(w.kind(), w.key().namespace(), w.key().name());
    }
}
