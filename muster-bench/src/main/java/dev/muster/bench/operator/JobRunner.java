package dev.muster.bench.operator;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A stand-in for the Job controller and the pods, as Kueue's performance runner "runs" workloads:
 * it watches the Jobs, and when one is unsuspended (admitted) it lets it run for its runtime (the
 * shape's {@code runtimeMs}, times the time scale; also in the Job's {@code
 * performance-scheduler-running-ms} label), then writes {@code status.conditions: Complete=True} through the
 * {@code /status} subresource. A Job suspended again before that (evicted) stops; when it is
 * unsuspended again it runs its full time again.
 *
 * <p>The completion is a JSON Patch that first tests the Job's resourceVersion (the one the runner
 * last saw running) and {@code /spec/suspend == false}, so a Job evicted while its completion is
 * being written is not marked complete, nor is one evicted and started again meanwhile.
 */
final class JobRunner implements AutoCloseable {

    /** What the runner knows of one Job; guarded by its own monitor. */
    static final class Run {
        final String namespace;
        final String name;
        final int workloadClass;
        final int queueClass;
        final long cpuMilli;
        final long runtimeNanos;
        final int podCount;
        /** When the create request was sent, in {@link #clock} nanos; set before the create is sent. */
        long createdNanos = -1;
        long firstAdmittedNanos = -1;
        long lastAdmittedNanos = -1;
        long completedNanos = -1;
        /** Since when the current run goes on. */
        long runStartNanos = -1;
        /** The Job as last seen: the completion patch names it, so that the client need not fetch it first. */
        Job lastSeen;
        int admissions;
        int evictions;
        boolean running;
        boolean completeWritten;
        /** Bumped at every admission and eviction; a completion planned for an older one is void. */
        int generation;

        Run(String namespace, String name, int workloadClass, int queueClass, long cpuMilli, long runtimeNanos,
                int podCount) {
            this.namespace = namespace;
            this.name = name;
            this.workloadClass = workloadClass;
            this.queueClass = queueClass;
            this.cpuMilli = cpuMilli;
            this.runtimeNanos = runtimeNanos;
            this.podCount = podCount;
        }

        String key() {
            return namespace + "/" + name;
        }
    }

    private static final int WRITE_ATTEMPTS = 50;

    private final KubernetesClient client;
    private final LongSupplier clock;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timers;
    private final AtomicInteger admissions = new AtomicInteger();
    private final AtomicInteger evictions = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger writeRetries = new AtomicInteger();
    private final AtomicLong lastAdmissionNanos = new AtomicLong(-1);
    private final AtomicLong lastCompletionNanos = new AtomicLong(-1);
    private final java.util.concurrent.ConcurrentLinkedQueue<Long> admissionTimes = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final Map<Integer, Long> usedMilliMicros = new java.util.HashMap<>();
    private final Map<Integer, Long> lastEventNanos = new java.util.HashMap<>();
    private SharedIndexInformer<Job> informer;

    /**
     * @param clock nanos since the start of the run
     */
    JobRunner(KubernetesClient client, int threads, LongSupplier clock) {
        this.client = client;
        this.clock = clock;
        AtomicInteger n = new AtomicInteger();
        this.timers = Executors.newScheduledThreadPool(threads, r -> {
            Thread t = new Thread(r, "perf-job-runner-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts watching Jobs; returns once the informer has synced. */
    void start() {
        informer = client.batch().v1().jobs().inAnyNamespace().inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Job job) {
                seen(job);
            }

            @Override
            public void onUpdate(Job oldJob, Job newJob) {
                seen(newJob);
            }

            @Override
            public void onDelete(Job job, boolean deletedFinalStateUnknown) {
            }
        }, 0);
    }

    /** Declares a Job before it is created, so that its first event finds it. */
    Run expect(String namespace, String name, int workloadClass, int queueClass, long cpuMilli, long runtimeNanos,
            int podCount) {
        Run r = new Run(namespace, name, workloadClass, queueClass, cpuMilli, runtimeNanos, podCount);
        runs.put(r.key(), r);
        return r;
    }

    private void seen(Job job) {
        boolean suspended = Boolean.TRUE.equals(job.getSpec().getSuspend());
        boolean complete = complete(job);
        String key = job.getMetadata().getNamespace() + "/" + job.getMetadata().getName();
        Run r = runs.get(key);
        if (r == null) {
            return; // not one of ours
        }
        long now = clock.getAsLong();
        synchronized (r) {
            r.lastSeen = job;
            if (r.completeWritten) {
                return;
            }
            if (!suspended && !r.running) {
                r.running = true;
                r.generation++;
                r.admissions++;
                if (r.firstAdmittedNanos < 0) {
                    r.firstAdmittedNanos = now;
                }
                r.lastAdmittedNanos = now;
                r.runStartNanos = now;
                admissions.incrementAndGet();
                admissionTimes.add(now);
                lastAdmissionNanos.accumulateAndGet(now, Math::max);
                int generation = r.generation;
                timers.schedule(() -> complete(r, generation, 0), r.runtimeNanos, TimeUnit.NANOSECONDS);
            } else if (suspended && r.running) {
                r.running = false;
                r.generation++;
                r.evictions++;
                evictions.incrementAndGet();
                used(r, now);
            }
        }
    }

    private void complete(Run r, int generation, int attempt) {
        Job job;
        synchronized (r) {
            if (r.generation != generation || !r.running || r.completeWritten) {
                return; // evicted meanwhile
            }
            job = r.lastSeen;
        }
        String now = Instant.now().toString();
        // The version the runner last saw, not only "not suspended": a Job evicted and started again
        // before this write lands is not suspended either, and completing it would end its new run
        // at once (and the runner, having seen the eviction, would count the new start as nothing).
        String patch = """
                [{"op":"test","path":"/metadata/resourceVersion","value":"%s"},
                 {"op":"test","path":"/spec/suspend","value":false},
                 {"op":"add","path":"/status","value":{"startTime":"%s","completionTime":"%s","succeeded":%d,
                  "conditions":[{"type":"Complete","status":"True","reason":"CompletionsReached",
                  "message":"Reached expected number of succeeded pods","lastProbeTime":"%s","lastTransitionTime":"%s"}]}}]
                """.formatted(job.getMetadata().getResourceVersion(), now, now, r.podCount, now, now);
        try {
            // By the object, not withName(...): fabric8 fetches an object named only by its name before patching it.
            client.batch().v1().jobs().inNamespace(r.namespace).resource(job).subresource("status")
                    .patch(PatchContext.of(PatchType.JSON), patch);
        } catch (KubernetesClientException e) {
            // The test failed (the Job was suspended again: the eviction event is on its way) or the
            // server was busy. Try again shortly; an eviction seen meanwhile voids the attempt.
            writeRetries.incrementAndGet();
            if (attempt + 1 >= WRITE_ATTEMPTS) {
                System.err.println("job runner: could not mark Job " + r.key() + " complete after " + WRITE_ATTEMPTS
                        + " attempts: " + e.getMessage());
                return; // the run will time out and say so
            }
            timers.schedule(() -> complete(r, generation, attempt + 1), 20, TimeUnit.MILLISECONDS);
            return;
        }
        long done = clock.getAsLong();
        synchronized (r) {
            if (r.completeWritten) {
                return;
            }
            r.completeWritten = true;
            r.running = false;
            r.completedNanos = done;
            used(r, done);
        }
        completed.incrementAndGet();
        lastCompletionNanos.accumulateAndGet(done, Math::max);
    }

    /** Adds the run that ends at {@code end} to its ClusterQueue class's cpu x time. */
    private void used(Run r, long end) {
        synchronized (usedMilliMicros) {
            usedMilliMicros.merge(r.queueClass, Math.max(0, end - r.runStartNanos) / 1000 * r.cpuMilli, Long::sum);
            lastEventNanos.merge(r.queueClass, end, Math::max);
        }
    }

    /** Per ClusterQueue class: milli-cpu x microseconds in use, and when its last run ended (Kueue's usage window). */
    Map<Integer, long[]> usage() {
        synchronized (usedMilliMicros) {
            Map<Integer, long[]> out = new java.util.TreeMap<>();
            usedMilliMicros.forEach((c, u) -> out.put(c, new long[] {u, lastEventNanos.getOrDefault(c, 0L)}));
            return out;
        }
    }

    static boolean complete(Job job) {
        if (job.getStatus() == null || job.getStatus().getConditions() == null) {
            return false;
        }
        return job.getStatus().getConditions().stream()
                .anyMatch(c -> "Complete".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    static long resourceVersion(String rv) {
        try {
            return rv == null ? -1 : Long.parseLong(rv);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    Map<String, Run> runs() {
        return runs;
    }

    /** When each admission (first or again after an eviction) was seen. */
    long[] admissionTimes() {
        return admissionTimes.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    int admissions() {
        return admissions.get();
    }

    int evictions() {
        return evictions.get();
    }

    int completed() {
        return completed.get();
    }

    int writeRetries() {
        return writeRetries.get();
    }

    long lastAdmissionNanos() {
        return lastAdmissionNanos.get();
    }

    long lastCompletionNanos() {
        return lastCompletionNanos.get();
    }

    @Override
    public void close() {
        if (informer != null) {
            informer.stop();
        }
        timers.shutdownNow();
    }
}
