package dev.muster.bench.operator;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * What a burst's Jobs go through, as seen through the API server: when each Job is first seen
 * unsuspended (its admission, for Jobs whose pods the default scheduler would place), and on GPU
 * nodes when its pod is first seen bound to a node (its admission, for pods Muster binds). On GPU
 * nodes it is the Job controller too: an unsuspended Job gets its pod, made from the Job's template
 * as it then is, and the pod is what Muster binds. The Jobs never finish.
 */
final class BurstObserver implements AutoCloseable {

    private final KubernetesClient client;
    private final BurstLayout layout;
    private final LongSupplier clock;
    private final AtomicLongArray unsuspendedAt;
    private final AtomicLongArray boundAt;
    private final AtomicInteger unsuspended = new AtomicInteger();
    private final AtomicInteger bound = new AtomicInteger();
    private final AtomicInteger suspendedAgain = new AtomicInteger();
    private final AtomicInteger podCreateFailures = new AtomicInteger();
    private final CountDownLatch admissible;
    private final ExecutorService jobController;
    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

    /**
     * @param clock   nanos since the burst's first create
     * @param threads threads of the Job controller stand-in (pod creates)
     */
    BurstObserver(KubernetesClient client, BurstLayout layout, LongSupplier clock, int threads) {
        this.client = client;
        this.layout = layout;
        this.clock = clock;
        this.unsuspendedAt = filled(layout.jobs());
        this.boundAt = filled(layout.jobs());
        this.admissible = new CountDownLatch(layout.admissible());
        this.jobController = Executors.newFixedThreadPool(threads, OperatorPerfRun.named("perf-job-controller"));
    }

    private static AtomicLongArray filled(int n) {
        AtomicLongArray a = new AtomicLongArray(n);
        for (int i = 0; i < n; i++) {
            a.set(i, -1);
        }
        return a;
    }

    /** Starts watching; returns once the informers have synced. */
    void start() {
        informers.add(client.batch().v1().jobs().inAnyNamespace().inform(handler(this::job), 0));
        if (layout.gpus()) {
            informers.add(client.pods().inAnyNamespace().inform(handler(this::pod), 0));
        }
    }

    private static <T> ResourceEventHandler<T> handler(java.util.function.Consumer<T> seen) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T obj) {
                seen.accept(obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                seen.accept(newObj);
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
            }
        };
    }

    private void job(Job job) {
        int i = BurstLayout.jobIndex(job.getMetadata().getName());
        if (i < 0 || i >= layout.jobs()) {
            return;
        }
        boolean suspended = Boolean.TRUE.equals(job.getSpec().getSuspend());
        if (!suspended && unsuspendedAt.compareAndSet(i, -1, clock.getAsLong())) {
            unsuspended.incrementAndGet();
            if (layout.gpus()) {
                jobController.execute(() -> createPod(job));
            } else {
                admissible.countDown();
            }
        } else if (suspended && unsuspendedAt.get(i) >= 0) {
            suspendedAgain.incrementAndGet(); // nothing in a burst should be evicted: reported
        }
    }

    private void createPod(Job job) {
        try {
            client.pods().inNamespace(job.getMetadata().getNamespace()).resource(BurstManifests.podOf(job)).create();
        } catch (KubernetesClientException e) {
            podCreateFailures.incrementAndGet();
        }
    }

    private void pod(Pod pod) {
        String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        String job = pod.getMetadata().getLabels() == null ? null : pod.getMetadata().getLabels().get(BurstManifests.JOB_NAME_LABEL);
        int i = BurstLayout.jobIndex(job);
        if (node == null || node.isEmpty() || i < 0 || i >= layout.jobs()) {
            return;
        }
        if (boundAt.compareAndSet(i, -1, clock.getAsLong())) {
            bound.incrementAndGet();
            admissible.countDown();
        }
    }

    /** Waits until as many Jobs as the burst can admit are admitted (unsuspended, or bound on GPU nodes). */
    boolean awaitAdmissible(long nanos) throws InterruptedException {
        return admissible.await(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** When each Job was first seen unsuspended, nanos since the first create; -1: never. */
    long[] unsuspendedAt() {
        return toArray(unsuspendedAt);
    }

    /** When each Job's pod was first seen bound; -1: never (always, without GPU nodes). */
    long[] boundAt() {
        return toArray(boundAt);
    }

    private static long[] toArray(AtomicLongArray a) {
        long[] out = new long[a.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i);
        }
        return out;
    }

    int unsuspended() {
        return unsuspended.get();
    }

    int bound() {
        return bound.get();
    }

    int suspendedAgain() {
        return suspendedAgain.get();
    }

    int podCreateFailures() {
        return podCreateFailures.get();
    }

    @Override
    public void close() {
        informers.forEach(SharedIndexInformer::stop);
        jobController.shutdownNow();
    }
}
