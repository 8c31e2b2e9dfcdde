package dev.muster.bench.kueue;

import dev.muster.bench.kueue.GeneratedCluster.ArrivalStream;
import dev.muster.bench.kueue.GeneratedCluster.Queue;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.engine.Settling;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;

/**
 * Replays a generated Kueue performance shape against a scheduler in virtual time: a discrete-event
 * loop over workload arrivals and completions. At each distinct event time it applies every event
 * of that time (completions release quota through {@code remove}, arrivals go in through
 * {@code submit}), then runs one scheduling cycle, batching as a controller does. Admitted
 * workloads complete {@code runtimeMs} later. An Evict decision cancels the workload's pending
 * completion and is reported back with {@code evicted} (the virtual pods stop at once); cycles are
 * run again at the same time until none evicts.
 *
 * <p>Single-threaded and deterministic: the same shape gives the same decisions at the same
 * virtual times on every run. Only the cost figures vary.
 */
public final class Replay {

    private static final int ARRIVAL = 0;
    private static final int COMPLETION = 1;
    /** The engine asked to be called again at this time (nextWakeupMillis) with no other event then. */
    private static final int WAKEUP = 2;

    private static final byte NOT_CREATED = 0;
    private static final byte PENDING = 1;
    private static final byte RUNNING = 2;
    private static final byte FINISHED = 3;

    private record Event(long time, long seq, int kind, int id, int generation) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final String shapeName;
    private final GeneratedCluster cluster;
    private final SchedulerUnderTest scheduler;
    private final List<Queue> queues;
    private final List<ArrivalStream> streams;
    private final List<String> workloadClasses;
    private final List<String> queueClasses;

    // per workload, by id (ids in creation order)
    private final ObjectKey[] keys;
    private final int[] stream;
    private final int[] kInStream;
    private final int[] wlClass;
    private final long[] created;
    private final long[] admittedAt;
    private final long[] request;
    private final long[] runtime;
    private final int[] generation;
    private final int[] evictionsOf;
    private final byte[] state;
    private final Map<ObjectKey, Integer> ids;

    // per ClusterQueue / cohort / ClusterQueue class
    private final int[] queueClassOf;
    private final long[] queueUsage;
    private final long[] queuePeak;
    private final long[] cohortUsage;
    private final long[] cohortPeak;
    private final long[] classUsage;
    private final long[] classUsed;
    private final long[] classLastEvent;
    private long lastIntegrated;

    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final int[] nextInStream;
    private long seq;
    private int createdCount;
    private int pendingCount;
    private int maxPending;
    private int admissions;
    private int evictions;
    private int finished;
    private long cycles;
    private long waitDecisions;
    private long now;
    private long fingerprint = 0xcbf29ce484222325L;

    private long scheduleNanos;
    private long submitNanos;
    private long removeNanos;
    private long evictedNanos;
    private long maxCycleNanos;
    private long maxCycleAt;
    private long pendingVisits;

    private Replay(String shapeName, GeneratedCluster cluster, SchedulerUnderTest scheduler) {
        this.shapeName = shapeName;
        this.cluster = cluster;
        this.scheduler = scheduler;
        this.queues = cluster.queues();
        this.streams = cluster.streams();
        this.workloadClasses = cluster.workloadClasses();
        this.queueClasses = cluster.queueClasses();
        int n = cluster.workloadCount();
        keys = new ObjectKey[n];
        stream = new int[n];
        kInStream = new int[n];
        wlClass = new int[n];
        created = new long[n];
        admittedAt = new long[n];
        request = new long[n];
        runtime = new long[n];
        generation = new int[n];
        evictionsOf = new int[n];
        state = new byte[n];
        ids = new HashMap<>(n * 2);
        queueClassOf = new int[queues.size()];
        for (Queue q : queues) {
            queueClassOf[q.index()] = queueClasses.indexOf(q.className());
        }
        queueUsage = new long[queues.size()];
        queuePeak = new long[queues.size()];
        cohortUsage = new long[cluster.cohorts().size()];
        cohortPeak = new long[cluster.cohorts().size()];
        classUsage = new long[cluster.queueClasses().size()];
        classUsed = new long[cluster.queueClasses().size()];
        classLastEvent = new long[cluster.queueClasses().size()];
        nextInStream = new int[streams.size()];
    }

    /** Replays {@code shape} against a new Muster engine (Kueue's default, non-fair-sharing admission). */
    public static ReplayResult run(PerfShape shape) {
        return run(shape, true);
    }

    /**
     * Replays {@code shape} against a new Muster engine.
     *
     * @param preemption false to replace the config's preemption policies with Never
     */
    public static ReplayResult run(PerfShape shape, boolean preemption) {
        return run(shape.name(), new GeneratedCluster(shape.generator(), preemption), c -> SchedulerUnderTest.of(
                new Engine(EngineSetup.kueue(c.clusterQueueSpecs(), List.of(), c.localQueues(),
                        List.of(), AdmissionSettings.DEFAULTS))));
    }

    /**
     * Replays a generated cluster against the scheduler {@code factory} builds for it; building it
     * is timed as setup.
     */
    public static ReplayResult run(String shapeName, GeneratedCluster cluster,
            Function<GeneratedCluster, SchedulerUnderTest> factory) {
        long t0 = System.nanoTime();
        SchedulerUnderTest scheduler = factory.apply(cluster);
        long setup = System.nanoTime() - t0;
        return new Replay(shapeName, cluster, scheduler).loop(setup);
    }

    private ReplayResult loop(long setupNanos) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuSupported = threads.isCurrentThreadCpuTimeSupported();
        long[] gc0 = gcTotals();
        long cpu0 = cpuSupported ? threads.getCurrentThreadCpuTime() : 0;
        long wall0 = System.nanoTime();

        for (ArrivalStream s : streams) {
            if (s.size() > 0) {
                push(s.arrivalMillis(0), ARRIVAL, s.index(), 0);
            }
        }
        while (!events.isEmpty()) {
            now = events.peek().time();
            integrateUsage();
            while (!events.isEmpty() && events.peek().time() == now) {
                Event e = events.poll();
                if (e.kind() == ARRIVAL) {
                    arrive(e.id());
                } else if (e.kind() == COMPLETION) {
                    complete(e.id(), e.generation());
                }
            }
            settle();
            long wakeup = scheduler.nextWakeupMillis().orElse(Long.MAX_VALUE);
            if (wakeup > now && wakeup != Long.MAX_VALUE && (events.isEmpty() || events.peek().time() > wakeup)) {
                push(wakeup, WAKEUP, -1, 0);
            }
        }

        long wall = System.nanoTime() - wall0;
        long cpu = cpuSupported ? threads.getCurrentThreadCpuTime() - cpu0 : -1;
        long[] gc1 = gcTotals();
        ReplayResult.Cost cost = new ReplayResult.Cost(setupNanos, wall, cpu, scheduleNanos, submitNanos, removeNanos,
                evictedNanos, maxCycleNanos, maxCycleAt, pendingVisits, maxPending, gc1[0] - gc0[0], gc1[1] - gc0[1]);
        return result(cost);
    }

    private void push(long time, int kind, int id, int gen) {
        events.add(new Event(time, seq++, kind, id, gen));
    }

    private void arrive(int streamIndex) {
        ArrivalStream s = streams.get(streamIndex);
        int k = nextInStream[streamIndex]++;
        if (k + 1 < s.size()) {
            push(s.arrivalMillis(k + 1), ARRIVAL, streamIndex, 0);
        }
        int id = createdCount++;
        Workload w = s.workload(k, id);
        keys[id] = w.key();
        ids.put(w.key(), id);
        stream[id] = streamIndex;
        kInStream[id] = k;
        wlClass[id] = workloadClasses.indexOf(s.template(k).className());
        created[id] = now;
        admittedAt[id] = -1;
        request[id] = s.requestMilli(k);
        runtime[id] = s.template(k).runtimeMs();
        state[id] = PENDING;
        pendingCount++;
        maxPending = Math.max(maxPending, pendingCount);
        touch(s.queue().index());
        long t0 = System.nanoTime();
        scheduler.submit(w);
        submitNanos += System.nanoTime() - t0;
    }

    private void complete(int id, int gen) {
        if (state[id] != RUNNING || generation[id] != gen) {
            return; // evicted since this completion was planned
        }
        state[id] = FINISHED;
        finished++;
        release(id);
        long t0 = System.nanoTime();
        scheduler.remove(keys[id]);
        removeNanos += System.nanoTime() - t0;
        mix(now, id, 3, 0);
    }

    /** Cycles at the current instant until no eviction comes back ({@link Settling}, the engine's own loop). */
    private void settle() {
        Settling.settle(timed, now, this::carryOut);
    }

    /** One cycle's decisions applied to the replay's books; every eviction completes at once. */
    private List<ObjectKey> carryOut(List<Decision> decisions) {
        List<ObjectKey> evicted = new ArrayList<>();
        for (Decision d : decisions) {
            switch (d) {
                case Decision.Admit a -> admit(a);
                case Decision.Evict e -> evicted.add(keys[evict(e)]);
                case Decision.Wait w -> waitDecisions++;
                // ReserveQuota and the like need admission checks, which the generated queues never have
                default -> throw new IllegalStateException("unexpected decision for this replay: " + d);
            }
        }
        evicted.forEach(key -> release(ids.get(key)));
        return evicted;
    }

    /** The scheduler under test as the settling loop drives it, with each call timed. */
    private final Settling.Scheduler timed = new Settling.Scheduler() {
        @Override
        public List<Decision> schedule(long nowMillis) {
            pendingVisits += pendingCount;
            long t0 = System.nanoTime();
            List<Decision> decisions = scheduler.schedule(nowMillis);
            long took = System.nanoTime() - t0;
            scheduleNanos += took;
            cycles++;
            if (took > maxCycleNanos) {
                maxCycleNanos = took;
                maxCycleAt = nowMillis;
            }
            return decisions;
        }

        @Override
        public void evicted(ObjectKey key, long nowMillis) {
            long t0 = System.nanoTime();
            scheduler.evicted(key);
            evictedNanos += System.nanoTime() - t0;
        }

        @Override
        public boolean checksChanged() {
            return false; // the generated queues have no admission checks
        }

        @Override
        public int timesEvicted(ObjectKey key) {
            return evictionsOf[idOf(key)];
        }
    };

    private int idOf(ObjectKey key) {
        Integer id = ids.get(key);
        if (id == null) {
            throw new IllegalStateException("the scheduler decided about unknown workload " + key);
        }
        return id;
    }

    private void admit(Decision.Admit a) {
        int id = idOf(a.workload());
        Queue q = streams.get(stream[id]).queue();
        if (state[id] != PENDING) {
            throw new IllegalStateException("admitted " + a.workload() + ", which is not pending");
        }
        if (!q.name().equals(a.clusterQueue())) {
            throw new IllegalStateException("admitted " + a.workload() + " to " + a.clusterQueue() + ", not its " + q.name());
        }
        state[id] = RUNNING;
        pendingCount--;
        admissions++;
        admittedAt[id] = now;
        generation[id]++;
        int qi = q.index();
        queueUsage[qi] += request[id];
        queuePeak[qi] = Math.max(queuePeak[qi], queueUsage[qi]);
        cohortUsage[q.cohortIndex()] += request[id];
        cohortPeak[q.cohortIndex()] = Math.max(cohortPeak[q.cohortIndex()], cohortUsage[q.cohortIndex()]);
        classUsage[queueClassOf[qi]] += request[id];
        touch(qi);
        push(now + runtime[id], COMPLETION, id, generation[id]);
        mix(now, id, 1, qi);
    }

    private int evict(Decision.Evict e) {
        int id = idOf(e.workload());
        if (state[id] != RUNNING) {
            throw new IllegalStateException("evicted " + e.workload() + ", which is not running");
        }
        state[id] = PENDING;
        pendingCount++;
        generation[id]++; // cancels the planned completion
        evictions++;
        evictionsOf[id]++;
        mix(now, id, 2, 0);
        return id;
    }

    private void release(int id) {
        Queue q = streams.get(stream[id]).queue();
        int qi = q.index();
        queueUsage[qi] -= request[id];
        cohortUsage[q.cohortIndex()] -= request[id];
        classUsage[queueClassOf[qi]] -= request[id];
        touch(qi);
    }

    private void touch(int queueIndex) {
        classLastEvent[queueClassOf[queueIndex]] = now;
    }

    private void integrateUsage() {
        long dt = now - lastIntegrated;
        if (dt > 0) {
            for (int c = 0; c < classUsage.length; c++) {
                classUsed[c] += classUsage[c] * dt;
            }
            lastIntegrated = now;
        }
    }

    private void mix(long time, int id, int kind, int queue) {
        long h = fingerprint;
        h = (h ^ time) * 0x100000001b3L;
        h = (h ^ id) * 0x100000001b3L;
        h = (h ^ kind) * 0x100000001b3L;
        h = (h ^ queue) * 0x100000001b3L;
        fingerprint = h;
    }

    private static long[] gcTotals() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    private ReplayResult result(ReplayResult.Cost cost) {
        List<String> classes = workloadClasses;
        List<ReplayResult.WorkloadClass> wlClasses = new ArrayList<>();
        for (int c = 0; c < classes.size(); c++) {
            int count = 0;
            int ev = 0;
            long[] waits = new long[createdCount];
            int admitted = 0;
            for (int id = 0; id < createdCount; id++) {
                if (wlClass[id] != c) {
                    continue;
                }
                count++;
                ev += evictionsOf[id];
                if (admittedAt[id] >= 0) {
                    waits[admitted++] = admittedAt[id] - created[id];
                }
            }
            long[] w = Arrays.copyOf(waits, admitted);
            Arrays.sort(w);
            double avg = admitted == 0 ? 0 : Arrays.stream(w).sum() / (double) admitted;
            wlClasses.add(new ReplayResult.WorkloadClass(classes.get(c), count, admitted, ev, avg,
                    admitted == 0 ? 0 : w[0], percentile(w, 50), percentile(w, 95), admitted == 0 ? 0 : w[admitted - 1]));
        }
        List<ReplayResult.QueueClass> qClasses = new ArrayList<>();
        for (int c = 0; c < cluster.queueClasses().size(); c++) {
            int n = 0;
            long nominal = 0;
            for (Queue q : queues) {
                if (queueClassOf[q.index()] == c) {
                    n++;
                    nominal += q.nominalMilli();
                }
            }
            qClasses.add(new ReplayResult.QueueClass(cluster.queueClasses().get(c), n, nominal, classUsed[c],
                    classLastEvent[c]));
        }
        List<ReplayResult.QueuePeak> peaks = new ArrayList<>();
        for (Queue q : queues) {
            peaks.add(new ReplayResult.QueuePeak(q.name(), q.nominalMilli(), q.borrowingLimitMilli(), queuePeak[q.index()]));
        }
        List<ReplayResult.CohortPeak> cohortPeaks = new ArrayList<>();
        long[] cohortNominal = new long[cluster.cohorts().size()];
        queues.forEach(q -> cohortNominal[q.cohortIndex()] += q.nominalMilli());
        for (int c = 0; c < cohortNominal.length; c++) {
            cohortPeaks.add(new ReplayResult.CohortPeak(cluster.cohorts().get(c), cohortNominal[c], cohortPeak[c]));
        }
        return new ReplayResult(shapeName, queues.size(), cluster.cohorts().size(), createdCount, admissions, evictions,
                finished, pendingCount, now, cycles, waitDecisions, wlClasses, qClasses, peaks, cohortPeaks,
                fingerprint, cost);
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
