package dev.muster.bench.operator;

import static dev.muster.bench.operator.OperatorPerfReplay.fmt;
import static dev.muster.bench.operator.OperatorPerfReplay.ms;
import static dev.muster.bench.operator.OperatorPerfReplay.table;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Where the operator's deciding thread ({@code muster-decider}) spends a run: its CPU time against
 * the wall time, the JVM's blocked (monitor) and waited counts and times (with thread contention
 * monitoring on), and a sample of its stack every few milliseconds, sorted into what it was doing:
 * idle (waiting for events), pausing between cycles, waiting on something else (an API call's
 * answer, when the writes are synchronous), blocked on a lock, or running.
 */
final class DeciderThreadWatch implements AutoCloseable {

    static final String THREAD_NAME = "muster-decider";
    private static final long SAMPLE_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** What a sample of the decider's stack showed it doing. */
    enum Activity {
        RUNNING("running (RUNNABLE)"),
        WAITING("waiting, not for events (e.g. an API call's answer)"),
        BLOCKED("blocked on a monitor"),
        CYCLE_GAP("pausing between cycles (CycleGap)"),
        IDLE("idle: waiting for events (DeciderLoop.awaitWork)");

        final String meaning;

        Activity(String meaning) {
            this.meaning = meaning;
        }
    }

    /**
     * @param found       whether the thread was there
     * @param wallNanos   the watch's wall time
     * @param cpuNanos    the thread's CPU time meanwhile
     * @param blockedCount times it blocked on a monitor; blockedMillis: how long in all
     * @param waitedCount  times it waited (park, wait, sleep); waitedMillis: how long in all
     * @param samples     stack samples by activity
     * @param waitingIn   the WAITING samples by the innermost operator method on the stack (what it waited in)
     */
    record Figures(boolean found, long wallNanos, long cpuNanos, long blockedCount, long blockedMillis, long waitedCount,
            long waitedMillis, Map<Activity, Integer> samples, Map<String, Integer> waitingIn) {

        int sampleCount() {
            return samples.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** The share of samples in this activity, 0..1. */
        double share(Activity a) {
            return sampleCount() == 0 ? 0 : samples.getOrDefault(a, 0) / (double) sampleCount();
        }

        /**
         * Prints what the thread did: its cpu against the wall time, its blocked and waited counts,
         * its stack samples by activity, and where it waited (the innermost operator frame).
         */
        void print(PrintStream out, long cycles) {
            out.printf(Locale.ROOT, "The decider thread (%s), over %s of wall; %,d scheduling cycles%n", THREAD_NAME,
                    ms(wallNanos), cycles);
            if (!found) {
                out.println("  not found");
                out.println();
                return;
            }
            out.printf(Locale.ROOT, "  cpu               %s (%.1f %% of the wall time)%n", ms(cpuNanos),
                    cpuNanos * 100.0 / Math.max(1, wallNanos));
            out.printf(Locale.ROOT, "  blocked           %,d times, %,d ms (on monitors: ThreadMXBean, contention monitoring on)%n",
                    blockedCount, blockedMillis);
            out.printf(Locale.ROOT, "  waited            %,d times, %,d ms (parked, waiting or sleeping: events, cycle gaps, API answers)%n",
                    waitedCount, waitedMillis);
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"STACK SAMPLES (EVERY 5 MS)", "SAMPLES", "SHARE", "~ WALL"});
            for (Activity act : Activity.values()) {
                double share = share(act);
                rows.add(new String[] {act.meaning, fmt(samples.getOrDefault(act, 0)), String.format(Locale.ROOT, "%.1f %%",
                        share * 100), ms(Math.round(share * wallNanos))});
            }
            table(out, rows);
            List<String[]> where = new ArrayList<>();
            where.add(new String[] {"WAITING IN (INNERMOST OPERATOR FRAME)", "SAMPLES", "~ WALL"});
            int total = Math.max(1, sampleCount());
            waitingIn.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(8)
                    .forEach(e -> where.add(new String[] {e.getKey(), fmt(e.getValue()),
                            ms(Math.round(e.getValue() / (double) total * wallNanos))}));
            if (where.size() > 1) {
                table(out, where);
            }
            out.println();
        }
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final long id;
    private final Map<Activity, Integer> samples = new EnumMap<>(Activity.class);
    private final Map<String, Integer> waitingIn = new java.util.HashMap<>();
    private final Thread sampler;
    private long startNanos;
    private long startCpu;
    private ThreadInfo start;

    DeciderThreadWatch() {
        if (threads.isThreadContentionMonitoringSupported()) {
            threads.setThreadContentionMonitoringEnabled(true);
        }
        this.id = deciderId();
        this.sampler = new Thread(this::sample, "perf-decider-sampler");
        sampler.setDaemon(true);
    }

    private long deciderId() {
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().equals(THREAD_NAME)) {
                return t.getThreadId();
            }
        }
        return -1;
    }

    void start() {
        startNanos = System.nanoTime();
        if (id >= 0) {
            startCpu = threads.getThreadCpuTime(id);
            start = threads.getThreadInfo(id);
            sampler.start();
        }
    }

    private void sample() {
        long next = System.nanoTime();
        while (!Thread.currentThread().isInterrupted()) {
            ThreadInfo t = threads.getThreadInfo(id, 40);
            if (t == null) {
                return; // the decider ended
            }
            Activity a = activity(t);
            synchronized (samples) {
                samples.merge(a, 1, Integer::sum);
                if (a == Activity.WAITING) {
                    waitingIn.merge(operatorFrame(t), 1, Integer::sum);
                }
            }
            next += SAMPLE_EVERY_NANOS;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            } else {
                next = System.nanoTime();
            }
        }
    }

    static Activity activity(ThreadInfo t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().endsWith(".DeciderLoop") && e.getMethodName().equals("awaitWork")) {
                return Activity.IDLE;
            }
            if (e.getClassName().endsWith(".CycleGap") && e.getMethodName().equals("awaitNext")) {
                return Activity.CYCLE_GAP;
            }
        }
        return switch (t.getThreadState()) {
            case RUNNABLE -> Activity.RUNNING;
            case BLOCKED -> Activity.BLOCKED;
            default -> Activity.WAITING;
        };
    }

    /** The innermost frame of Muster's operator (the writer's method, for a synchronous write), as Class.method. */
    static String operatorFrame(ThreadInfo t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("dev.muster.operator.")) {
                String cls = e.getClassName().substring(e.getClassName().lastIndexOf('.') + 1);
                return cls + "." + e.getMethodName();
            }
        }
        return "(elsewhere)";
    }

    /** Stops sampling; the figures since {@link #start()}. */
    Figures stop() {
        sampler.interrupt();
        long wall = System.nanoTime() - startNanos;
        if (id < 0 || start == null) {
            return new Figures(false, wall, 0, 0, 0, 0, 0, Map.of(), Map.of());
        }
        ThreadInfo end = threads.getThreadInfo(id);
        long cpu = threads.getThreadCpuTime(id) - startCpu;
        try {
            sampler.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Map<Activity, Integer> copy;
        Map<String, Integer> where;
        synchronized (samples) {
            copy = new EnumMap<>(samples);
            where = Map.copyOf(waitingIn);
        }
        if (end == null) {
            return new Figures(true, wall, cpu, 0, 0, 0, 0, copy, where);
        }
        return new Figures(true, wall, cpu, end.getBlockedCount() - start.getBlockedCount(),
                end.getBlockedTime() - start.getBlockedTime(), end.getWaitedCount() - start.getWaitedCount(),
                end.getWaitedTime() - start.getWaitedTime(), copy, where);
    }

    @Override
    public void close() {
        sampler.interrupt();
    }
}
