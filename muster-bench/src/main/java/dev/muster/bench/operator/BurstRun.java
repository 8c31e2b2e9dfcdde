package dev.muster.bench.operator;

import dev.muster.bench.apiserver.BindingCrudDispatcher;
import dev.muster.operator.MusterOperator;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A burst through the API server: fabric8's mock API server (indexed store, Bindings applied as
 * the API server does), {@link MusterOperator} on it without leader election, the queues and nodes
 * of a {@link BurstLayout}, and then every Job created at once, by several threads as fast as they
 * go. The {@link BurstObserver} times each admission; the run ends when every Job the burst can
 * admit is admitted, and the end state is audited ({@link BurstAudit}). Each party (set-up,
 * operator, creators with the observer) has its own client, so its own connections.
 */
final class BurstRun {

    private final BurstLayout layout;
    private final OperatorPerfRun.Settings settings;

    private BurstRun(BurstLayout layout, OperatorPerfRun.Settings settings) {
        this.layout = layout;
        this.settings = settings;
    }

    static BurstResult run(BurstLayout layout, OperatorPerfRun.Settings settings) throws InterruptedException {
        return new BurstRun(layout, settings).run();
    }

    private BurstResult run() throws InterruptedException {
        CountingDispatcher dispatcher = new CountingDispatcher(new BindingCrudDispatcher());
        KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(),
                new HashMap<>(), dispatcher, false);
        server.init();
        List<AutoCloseable> toClose = new ArrayList<>();
        try {
            KubernetesClient setup = server.createClient(OperatorPerfRun.http());
            toClose.add(setup);
            createCluster(setup);

            MusterOperator operator = OperatorPerfRun.startOperator(server, toClose, settings.forecastInterval());
            awaitNodesSeen(operator);

            KubernetesClient benchClient = server.createClient(OperatorPerfRun.http());
            toClose.add(benchClient);
            return burst(dispatcher, setup, benchClient, operator, toClose);
        } finally {
            OperatorPerfRun.closeAll(toClose);
            server.destroy();
        }
    }

    private void createCluster(KubernetesClient c) {
        PerfCluster.createCrds(c);
        c.genericKubernetesResources(KubeKind.RESOURCE_FLAVOR.context()).resource(BurstManifests.resourceFlavor(layout)).create();
        for (int q = 0; q < layout.queues(); q++) {
            c.genericKubernetesResources(KubeKind.CLUSTER_QUEUE.context()).resource(BurstManifests.clusterQueue(layout, q)).create();
            c.namespaces().resource(BurstManifests.namespace(layout, q)).create();
            c.genericKubernetesResources(KubeKind.LOCAL_QUEUE.context()).inNamespace(layout.queueName(q))
                    .resource(BurstManifests.localQueue(layout, q)).create();
        }
        for (int n = 0; n < layout.gpuNodes(); n++) {
            c.nodes().resource(BurstManifests.node(layout, n)).create();
        }
    }

    /** Waits until the engine in force holds every node, so that the burst starts on the whole cluster. */
    private void awaitNodesSeen(MusterOperator operator) throws InterruptedException {
        if (!layout.gpus()) {
            return;
        }
        Decider d = operator.decider().orElseThrow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (d.read(engine -> engine.nodes().size()).orElse(0) < layout.gpuNodes()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the operator's engine does not hold the " + layout.gpuNodes() + " nodes");
            }
            Thread.sleep(50);
        }
    }

    private BurstResult burst(CountingDispatcher dispatcher, KubernetesClient setup, KubernetesClient client,
            MusterOperator operator, List<AutoCloseable> toClose) throws InterruptedException {
        AtomicLong t0 = new AtomicLong(Long.MAX_VALUE);
        java.util.function.LongSupplier clock = () -> System.nanoTime() - t0.get();
        BurstObserver observer = new BurstObserver(client, layout, clock, settings.runnerThreads());
        toClose.add(0, observer);
        observer.start();

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        DeciderThreadWatch decider = new DeciderThreadWatch();
        toClose.add(0, decider);
        Map<Long, Long> cpuAtStart = OperatorPerfRun.threadCpu(threads);
        long processCpuAtStart = OperatorPerfRun.processCpu();
        long[] gcAtStart = OperatorPerfRun.gc();
        long cyclesAtStart = operator.decider().map(Decider::cycles).orElse(0L);

        ExecutorService creators = Executors.newFixedThreadPool(settings.creatorThreads(), OperatorPerfRun.named("perf-creator"));
        toClose.add(0, creators::shutdownNow);
        AtomicInteger next = new AtomicInteger();
        AtomicInteger created = new AtomicInteger();
        AtomicLong lastCreate = new AtomicLong(-1);
        AtomicReference<RuntimeException> createFailure = new AtomicReference<>();

        dispatcher.start();
        decider.start();
        t0.set(System.nanoTime());
        Thread progress = progressReporter(clock, observer, created);
        // The creator threads stay alive until the end, so that their CPU time is counted.
        java.util.concurrent.CountDownLatch createsDone = new java.util.concurrent.CountDownLatch(settings.creatorThreads());
        for (int t = 0; t < settings.creatorThreads(); t++) {
            creators.execute(() -> {
                for (int i = next.getAndIncrement(); i < layout.jobs() && createFailure.get() == null; i = next.getAndIncrement()) {
                    try {
                        client.batch().v1().jobs().inNamespace(layout.queueName(layout.queueOf(i)))
                                .resource(BurstManifests.job(layout, i)).create();
                    } catch (RuntimeException e) {
                        createFailure.compareAndSet(null, e);
                    }
                    created.incrementAndGet();
                    lastCreate.accumulateAndGet(clock.getAsLong(), Math::max);
                }
                createsDone.countDown();
            });
        }
        long deadline = t0.get() + settings.timeout().toNanos();
        createsDone.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (createFailure.get() != null) {
            throw new IllegalStateException("creating a Job failed: " + createFailure.get().getMessage(), createFailure.get());
        }
        boolean inTime = observer.awaitAdmissible(Math.max(1, deadline - System.nanoTime()));
        long measured = clock.getAsLong();
        DeciderThreadWatch.Figures deciderFigures = decider.stop();
        dispatcher.stop();
        List<CountingDispatcher.Count> requests = dispatcher.counts();
        Map<Long, Long> cpuAtEnd = OperatorPerfRun.threadCpu(threads);
        long processCpu = OperatorPerfRun.processCpu() - processCpuAtStart;
        long[] gcAtEnd = OperatorPerfRun.gc();
        long cycles = operator.decider().map(Decider::cycles).orElse(0L) - cyclesAtStart;
        if (progress != null) {
            progress.interrupt();
        }

        // A little longer, so that an admission beyond what the burst can hold would show in the audit.
        Thread.sleep(layout.gpus() && layout.admissible() < layout.jobs() ? 1000 : 200);
        BurstAudit audit = BurstAudit.of(setup, layout);
        return new BurstResult(layout, inTime, lastCreate.get(), observer.unsuspendedAt(), observer.boundAt(),
                observer.suspendedAgain(), observer.podCreateFailures(), requests, deciderFigures, cycles, processCpu,
                OperatorPerfRun.byGroup(threads, cpuAtStart, cpuAtEnd), gcAtEnd[0] - gcAtStart[0], gcAtEnd[1] - gcAtStart[1],
                measured, audit);
    }

    private Thread progressReporter(java.util.function.LongSupplier clock, BurstObserver observer, AtomicInteger created) {
        PrintStream out = settings.progress();
        if (out == null) {
            return null;
        }
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(Math.min(2000, settings.progressEvery().toMillis()));
                    out.printf(java.util.Locale.ROOT, "  %6.1f s  created %,d/%,d  unsuspended %,d%s%n", clock.getAsLong() / 1e9,
                            created.get(), layout.jobs(), observer.unsuspended(),
                            layout.gpus() ? String.format(java.util.Locale.ROOT, "  bound %,d", observer.bound()) : "");
                }
            } catch (InterruptedException e) {
                // done
            }
        }, "perf-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
