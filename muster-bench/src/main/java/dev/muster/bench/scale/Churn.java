package dev.muster.bench.scale;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import java.util.Arrays;
import java.util.List;

/**
 * Pods finishing one after another on a full cluster, as an engine that runs for hours sees them:
 * each round one running pod holding a whole GPU finishes (on the next node), a cycle follows (the
 * one measured), the workloads it evicted leave, and a second cycle lets their preemptors in. The
 * first half of the rounds only warms the JIT up; the second half is measured. A single cycle after
 * one pod finishes, measured right after a snapshot is built, is mostly the JIT warming up
 * (docs/performance.md, "The engine at scale"); this is the steady figure beside it.
 */
final class Churn {

    /** The measured rounds' cycles after a pod finished: cpu time median and 90th percentile, wall median. */
    record Result(int rounds, double cpuMedianMs, double cpuP90Ms, double wallMedianMs) {
    }

    private Churn() {
    }

    /**
     * Runs up to {@code rounds} rounds on {@code engine}, which holds {@code snapshot} after its
     * first cycles, starting at {@code nowMillis}; null when no round can run (no pods, one node).
     */
    static Result run(KaiSnapshot snapshot, Engine engine, int rounds, long nowMillis) {
        int possible = Math.min(rounds, snapshot.nodes() - 1); // node 0's pod finished already
        int warmUp = possible / 2;
        int measured = possible - warmUp;
        if (measured < 1) {
            return null;
        }
        double[] cpu = new double[measured];
        double[] wall = new double[measured];
        long now = nowMillis;
        for (int r = 0; r < possible; r++) {
            ObjectKey finishing = snapshot.wholeGpuPodOn(r + 1);
            if (finishing == null) {
                return null;
            }
            Stopwatch cycle = Stopwatch.start();
            engine.remove(finishing);
            List<Decision> decisions = engine.schedule(now += 1_000);
            Stopwatch.Lap lap = cycle.lap();
            if (r >= warmUp) {
                cpu[r - warmUp] = lap.cpuNanos() / 1e6;
                wall[r - warmUp] = lap.wallNanos() / 1e6;
            }
            for (Decision d : decisions) {
                if (d instanceof Decision.Evict e) {
                    engine.evicted(e.workload(), now);
                }
            }
            engine.schedule(now += 1_000);
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        return new Result(measured, cpu[measured / 2], cpu[Math.min(measured - 1, measured * 9 / 10)], wall[measured / 2]);
    }
}
