package dev.muster.bench.scale;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Wall and cpu time of the calling thread since it was started. On a shared machine the wall time
 * also counts the time other processes had the cpus; the thread's cpu time does not, so both are printed.
 */
final class Stopwatch {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long wallStart = System.nanoTime();
    private final long cpuStart = THREADS.getCurrentThreadCpuTime();

    /** Elapsed wall and cpu nanoseconds. */
    record Lap(long wallNanos, long cpuNanos) {
    }

    static Stopwatch start() {
        return new Stopwatch();
    }

    Lap lap() {
        return new Lap(System.nanoTime() - wallStart, THREADS.getCurrentThreadCpuTime() - cpuStart);
    }
}
