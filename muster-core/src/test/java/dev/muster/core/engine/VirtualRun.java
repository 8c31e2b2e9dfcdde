package dev.muster.core.engine;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A minimal virtual cluster for engine tests, as {@code muster simulate} drives the engine: workloads
 * arrive at their creation time and run for their duration once admitted; at every instant cycles
 * run until no eviction is outstanding (victims stop at once), and the engine is called again at
 * its own wakeups. Bounded by a number of {@link Engine#schedule} calls so that a run that does not
 * converge ends, and says so ({@link Result#finished}).
 */
final class VirtualRun {

    /** A workload with how long it runs once admitted, and whether it goes to a KAI queue. */
    record Job(Workload workload, long durationMillis, boolean kai) {
    }

    /**
     * @param finished  every workload ran to its end within the bound
     * @param endMillis the virtual time of the last event
     */
    record Result(boolean finished, long endMillis, int admissions, int evictions, int scheduleCalls,
            Map<ObjectKey, Integer> evictionsByWorkload, List<String> decisions) {

        int mostEvictionsOfOne() {
            return evictionsByWorkload.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    private VirtualRun() {
    }

    /**
     * @param check called after every cycle (invariants)
     * @param keepDecisions whether to keep the decisions' text (for same-seed comparisons)
     */
    static Result run(Engine engine, List<Job> jobs, int maxScheduleCalls, Consumer<Engine> check,
            boolean keepDecisions) {
        TreeMap<Long, List<Job>> arrivals = new TreeMap<>();
        Map<ObjectKey, Job> byKey = new HashMap<>();
        for (Job j : jobs) {
            arrivals.computeIfAbsent(j.workload().createdMillis(), t -> new ArrayList<>()).add(j);
            byKey.put(j.workload().key(), j);
        }
        // completion time → workloads, with the admission they belong to (an eviction voids it)
        TreeMap<Long, List<ObjectKey>> completions = new TreeMap<>();
        Map<ObjectKey, Long> endsAt = new HashMap<>();
        Map<ObjectKey, Integer> evictionsBy = new TreeMap<>();
        List<String> log = new ArrayList<>();
        int admissions = 0;
        int evictions = 0;
        int calls = 0;
        int done = 0;
        long now = 0;
        while (calls < maxScheduleCalls) {
            long next = Long.MAX_VALUE;
            if (!arrivals.isEmpty()) {
                next = arrivals.firstKey();
            }
            if (!completions.isEmpty()) {
                next = Math.min(next, completions.firstKey());
            }
            var wake = engine.nextWakeupMillis();
            if (wake.isPresent()) {
                next = Math.min(next, Math.max(now, wake.getAsLong()));
            }
            if (next == Long.MAX_VALUE) {
                break;
            }
            now = next;
            List<Job> arriving = arrivals.remove(now);
            if (arriving != null) {
                for (Job j : arriving) {
                    engine.submit(j.workload(), QueueRef.of(j.workload(), j.kai()));
                }
            }
            List<ObjectKey> ending = completions.remove(now);
            if (ending != null) {
                for (ObjectKey k : ending) {
                    if (endsAt.get(k) != null && endsAt.get(k) == now) {
                        endsAt.remove(k);
                        engine.remove(k);
                        done++;
                    }
                }
            }
            for (int round = 0; round < 100 && calls < maxScheduleCalls; round++) {
                calls++;
                List<ObjectKey> evicted = new ArrayList<>();
                for (Decision d : engine.schedule(now)) {
                    if (keepDecisions) {
                        log.add(now + " " + d);
                    }
                    if (d instanceof Decision.Admit a) {
                        admissions++;
                        long end = now + byKey.get(a.workload()).durationMillis();
                        endsAt.put(a.workload(), end);
                        completions.computeIfAbsent(end, t -> new ArrayList<>()).add(a.workload());
                    } else if (d instanceof Decision.Evict e) {
                        evictions++;
                        evictionsBy.merge(e.workload(), 1, Integer::sum);
                        endsAt.remove(e.workload());
                        evicted.add(e.workload());
                    }
                }
                check.accept(engine);
                if (evicted.isEmpty()) {
                    break;
                }
                for (ObjectKey k : evicted) {
                    engine.evicted(k, now);
                }
            }
        }
        return new Result(done == jobs.size(), now, admissions, evictions, calls, evictionsBy, log);
    }
}
