package dev.muster.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The cycle {@link SchedulingCycleBenchmark} measures, timed in the CPU time of the thread that
 * runs it rather than in wall time: on a shared machine under load, wall time mostly measures the
 * other processes (and the collector threads they starve), CPU time much less. Each run schedules
 * a fresh engine once, as a benchmark invocation does; the median and the 10th percentile are
 * printed.
 *
 * <pre>
 * java -cp muster-bench/target/benchmarks.jar dev.muster.bench.jmh.CycleCpuTime [preemption] [warm-up runs] [runs]
 * </pre>
 */
public final class CycleCpuTime {

    private CycleCpuTime() {
    }

    public static void main(String[] args) {
        boolean preemption = args.length < 1 || Boolean.parseBoolean(args[0]);
        int warmUp = args.length < 2 ? 150 : Integer.parseInt(args[1]);
        int runs = args.length < 3 ? 150 : Integer.parseInt(args[2]);
        PendingBacklog backlog = new PendingBacklog(100, 10, 10, 42, preemption);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpuNanos = new long[runs];
        for (int i = 0; i < warmUp + runs; i++) {
            var engine = backlog.newEngine();
            long start = threads.getCurrentThreadCpuTime();
            engine.schedule(PendingBacklog.NOW_MILLIS);
            long spent = threads.getCurrentThreadCpuTime() - start;
            if (i >= warmUp) {
                cpuNanos[i - warmUp] = spent;
            }
        }
        Arrays.sort(cpuNanos);
        System.out.printf("preemption=%s: CPU time per cycle, median %.1f ms, 10th percentile %.1f ms (%d runs after %d)%n",
                preemption, cpuNanos[runs / 2] / 1e6, cpuNanos[runs / 10] / 1e6, runs, warmUp);
    }
}
