package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratedCluster.ArrivalStream;
import dev.muster.bench.kueue.GeneratedCluster.Queue;
import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadTemplate;
import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Kueue's performance-test shape driven through an API server, in real time, with the real
 * controller: fabric8's mock Kubernetes API server in CRUD mode (the one the operator's tests use),
 * {@link MusterOperator} on it (without leader election), and in place of Kueue's runner:
 *
 * <ul>
 *   <li>a creator that creates each workload as a suspended {@code batch/v1} Job at its time in the
 *       generator's schedule (workload {@code k} of a set at {@code (k + 1) × creationIntervalMs}, all
 *       sets of all ClusterQueues in parallel from t0), on a small pool of threads;</li>
 *   <li>the {@link JobRunner}, which lets an unsuspended Job run {@code runtimeMs} and then marks it
 *       Complete;</li>
 *   <li>the {@link VersionLog} of every version the server stores, which tells when every workload
 *       is Finished (and which the audit replays).</li>
 * </ul>
 *
 * The {@link WorkloadAudit} replays every Job and Workload version the API server stored (the
 * dispatcher's {@link VersionLog}), not what an informer delivered, which may skip versions.
 *
 * Each of the three parties (controller, creator and runner, set-up) has its own client,
 * so its own connections. {@code timeScale} multiplies every creation time and runtime: 1 is
 * Kueue's schedule; below 1 compresses it, so that the pipeline rather than the schedule bounds the
 * run.
 */
public final class OperatorPerfRun {

    /**
     * fabric8's MockWebServer logs every request at INFO through java.util.logging: a line per
     * request costs more than some requests. Kept at WARNING (and referenced, so it stays so).
     */
    private static final java.util.logging.Logger MOCK_SERVER_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    /**
     * The fabric8 client's HTTP implementation, named: the class path holds two (Vert.x, the
     * kubernetes-client default that {@code muster run} ships with, and the JDK's, which the mock
     * server brings), and fabric8 would pick one at random. One factory per client, as fabric8
     * makes by default.
     */
    static io.fabric8.kubernetes.client.http.HttpClient.Factory http() {
        return new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory();
    }

    /**
     * @param timeScale      multiplies creation intervals and runtimes (1 = as the config says)
     * @param timeout        how long after the first creation was due to wait for every Workload to be Finished
     * @param creatorThreads threads sending the Job creates
     * @param runnerThreads  threads of the job runner (timers and completion writes); 16, because with 4
     *                       the {@code baseline} replay's last small Jobs ran 0.7 s for their 0.2 s while the
     *                       runner's writes waited on a busy server, holding their quota that long
     * @param progress       where to print a line every {@code progressEvery}, or null
     * @param indexedStore   the mock API server with the indexed store ({@code IndexedCrudDispatcher});
     *                       false: fabric8's own, which tests every stored object on each request
     * @param forecastInterval the operator's {@code --forecast-interval} (its default unless told; zero: off)
     */
    public record Settings(double timeScale, Duration timeout, int creatorThreads, int runnerThreads, PrintStream progress,
            Duration progressEvery, boolean indexedStore, Duration forecastInterval) {

        public static Settings defaults() {
            return new Settings(1.0, Duration.ofMinutes(15), 4, 16, null, Duration.ofSeconds(10), true,
                    OperatorOptions.DEFAULT_FORECAST_INTERVAL);
        }

        public Settings withForecastInterval(Duration interval) {
            return new Settings(timeScale, timeout, creatorThreads, runnerThreads, progress, progressEvery, indexedStore, interval);
        }

        public Settings withTimeScale(double scale) {
            return new Settings(scale, timeout, creatorThreads, runnerThreads, progress, progressEvery, indexedStore, forecastInterval);
        }

        public Settings withTimeout(Duration t) {
            return new Settings(timeScale, t, creatorThreads, runnerThreads, progress, progressEvery, indexedStore, forecastInterval);
        }

        public Settings withProgress(PrintStream out) {
            return new Settings(timeScale, timeout, creatorThreads, runnerThreads, out, progressEvery, indexedStore, forecastInterval);
        }

        public Settings withThreads(int creators, int runners) {
            return new Settings(timeScale, timeout, creators, runners, progress, progressEvery, indexedStore, forecastInterval);
        }

        public Settings withIndexedStore(boolean indexed) {
            return new Settings(timeScale, timeout, creatorThreads, runnerThreads, progress, progressEvery, indexed, forecastInterval);
        }
    }

    /** One Job to create: when (nanos after t0), from which stream, which workload of it. */
    private record Arrival(long atNanos, ArrivalStream stream, int k) {
    }

    private final String shapeName;
    private final GeneratedCluster cluster;
    private final Settings settings;
    private final List<String> workloadClasses;
    private final List<String> queueClasses;

    private OperatorPerfRun(String shapeName, GeneratorConfig config, Settings settings) {
        this.shapeName = shapeName;
        this.cluster = new GeneratedCluster(config);
        this.settings = settings;
        this.workloadClasses = cluster.workloadClasses();
        this.queueClasses = cluster.queueClasses();
    }

    public static OperatorPerfResult run(String shapeName, GeneratorConfig config, Settings settings)
            throws InterruptedException {
        return new OperatorPerfRun(shapeName, config, settings).run();
    }

    private long scaled(long millis) {
        return Math.round(millis * 1_000_000.0 * settings.timeScale());
    }

    private OperatorPerfResult run() throws InterruptedException {
        Map<ServerRequest, java.util.Queue<ServerResponse>> responses = new HashMap<>(); // no expectations: CRUD only
        VersionLog versions = new VersionLog();
        CountingDispatcher dispatcher = new CountingDispatcher(settings.indexedStore()
                ? new dev.muster.bench.apiserver.IndexedCrudDispatcher() : new io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher(),
                versions);
        KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(),
                responses, dispatcher, false);
        server.init();
        List<AutoCloseable> toClose = new ArrayList<>();
        try {
            KubernetesClient setup = server.createClient(http());
            toClose.add(setup);
            new PerfCluster(cluster).create(setup);

            MusterOperator operator = startOperator(server, toClose, settings.forecastInterval());
            return drive(server, dispatcher, versions, setup, operator, toClose);
        } finally {
            closeAll(toClose);
            server.destroy();
        }
    }

    /**
     * Muster's controller on a client of its own, without leader election, as {@code muster run}
     * starts it; returns once it leads with a valid configuration. It and its client go in
     * {@code toClose} (the controller first).
     */
    static MusterOperator startOperator(KubernetesMockServer server, List<AutoCloseable> toClose, Duration forecastInterval)
            throws InterruptedException {
        KubernetesClient operatorClient = server.createClient(http());
        toClose.add(operatorClient);
        MusterOperator operator = new MusterOperator(operatorClient,
                OperatorOptions.defaults("muster-bench").withLeaderElection(false, "default").withForecastInterval(forecastInterval));
        toClose.add(0, operator);
        operator.start();
        awaitReady(operator);
        return operator;
    }

    /** Closes each in order, best effort: the run is over. */
    static void closeAll(List<AutoCloseable> toClose) {
        for (AutoCloseable c : toClose) {
            try {
                c.close();
            } catch (Exception e) {
                // best effort: the run is over
            }
        }
    }

    /** Waits until the controller leads and has read a valid configuration. */
    static void awaitReady(MusterOperator operator) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Optional<Decider> d = operator.decider();
            if (d.isPresent() && d.get().cycles() > 0 && d.get().notReady().isEmpty()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("the operator did not become ready: "
                + operator.decider().flatMap(Decider::notReady).orElse("it does not lead"));
    }

    private OperatorPerfResult drive(KubernetesMockServer server, CountingDispatcher dispatcher, VersionLog versions,
            KubernetesClient setup, MusterOperator operator, List<AutoCloseable> toClose) throws InterruptedException {
        List<Arrival> arrivals = new ArrayList<>();
        for (ArrivalStream s : cluster.streams()) {
            for (int k = 0; k < s.size(); k++) {
                arrivals.add(new Arrival(scaled(s.arrivalMillis(k)), s, k));
            }
        }
        arrivals.sort(Comparator.comparingLong(Arrival::atNanos)); // stable: streams in order at equal times
        int n = arrivals.size();

        AtomicLong t0 = new AtomicLong(Long.MAX_VALUE);
        java.util.function.LongSupplier clock = () -> System.nanoTime() - t0.get();

        WorkloadAudit audit = new WorkloadAudit();
        KubernetesClient runnerClient = server.createClient(http());
        toClose.add(runnerClient);
        JobRunner runner = new JobRunner(runnerClient, settings.runnerThreads(), clock);
        toClose.add(0, runner);
        runner.start();

        Map<String, Long> finishedSeen = new ConcurrentHashMap<>();
        CountDownLatch allFinished = new CountDownLatch(n);
        // Every Workload version the server stores passes the version log: a workload is Finished when
        // one showing it so is stored. (A watch of its own would see the same, later, and cost the
        // server a second copy of every Workload event on the 2 cpus the controller runs on.)
        versions.onWorkload(w -> {
            if (w.finished() && w.job() != null && finishedSeen.putIfAbsent(w.job(), clock.getAsLong()) == null) {
                allFinished.countDown();
            }
        });

        // What each Job is, declared before it is created so that the runner knows its first event.
        Map<ArrivalStream, Integer> queueClassOf = new HashMap<>();
        JobRunner.Run[] runs = new JobRunner.Run[n];
        for (int i = 0; i < n; i++) {
            Arrival a = arrivals.get(i);
            WorkloadTemplate t = a.stream().template(a.k());
            int qc = queueClassOf.computeIfAbsent(a.stream(), s -> queueClasses.indexOf(s.queue().className()));
            runs[i] = runner.expect(a.stream().queue().name(), a.stream().workloadName(a.k()),
                    workloadClasses.indexOf(t.className()), qc, a.stream().requestMilli(a.k()), scaled(t.runtimeMs()),
                    t.podCount());
        }

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpuAtStart = threadCpu(threads);
        long processCpuAtStart = processCpu();
        long[] gcAtStart = gc();
        long cyclesAtStart = operator.decider().map(Decider::cycles).orElse(0L);
        DeciderThreadWatch decider = new DeciderThreadWatch();
        toClose.add(0, decider);

        ExecutorService creators = Executors.newFixedThreadPool(settings.creatorThreads(), named("perf-creator"));
        toClose.add(0, creators::shutdownNow);
        AtomicLong lastCreate = new AtomicLong();
        AtomicLong maxLag = new AtomicLong();
        AtomicInteger created = new AtomicInteger();
        AtomicReference<Throwable> createFailure = new AtomicReference<>();

        dispatcher.start();
        decider.start();
        t0.set(System.nanoTime());
        Thread progress = progressReporter(clock, runner, created, finishedSeen, n);
        for (int i = 0; i < n; i++) {
            Arrival a = arrivals.get(i);
            long wait = a.atNanos() - clock.getAsLong();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            JobRunner.Run run = runs[i];
            creators.execute(() -> {
                long now = clock.getAsLong();
                synchronized (run) {
                    run.createdNanos = now;
                }
                maxLag.accumulateAndGet(now - a.atNanos(), Math::max);
                try {
                    runnerClient.batch().v1().jobs().inNamespace(run.namespace)
                            .resource(PerfManifests.job(a.stream(), a.k(), scaled(a.stream().template(a.k()).runtimeMs()) / 1_000_000))
                            .create();
                } catch (RuntimeException e) {
                    createFailure.compareAndSet(null, e);
                }
                created.incrementAndGet();
                lastCreate.accumulateAndGet(clock.getAsLong(), Math::max);
            });
            if (createFailure.get() != null) {
                break;
            }
        }
        creators.shutdown();
        long deadline = t0.get() + settings.timeout().toNanos();
        creators.awaitTermination(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (createFailure.get() != null) {
            throw new IllegalStateException("creating a Job failed: " + createFailure.get().getMessage(), createFailure.get());
        }
        boolean done = allFinished.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        long wall = done ? finishedSeen.values().stream().mapToLong(Long::longValue).max().orElse(clock.getAsLong())
                : clock.getAsLong();
        if (progress != null) {
            progress.interrupt();
        }

        DeciderThreadWatch.Figures deciderFigures = decider.stop();
        dispatcher.stop();
        List<CountingDispatcher.Count> requests = dispatcher.counts();
        Map<Long, Long> cpuAtEnd = threadCpu(threads);
        long processCpu = processCpu() - processCpuAtStart;
        long[] gcAtEnd = gc();
        long cycles = operator.decider().map(Decider::cycles).orElse(0L) - cyclesAtStart;
        List<OperatorPerfResult.ThreadCpu> byGroup = byGroup(threads, cpuAtStart, cpuAtEnd);

        // The end state, read from the API.
        List<GenericKubernetesResource> workloads = setup.genericKubernetesResources(KubeKind.WORKLOAD.context())
                .inAnyNamespace().list().getItems();
        int finalFinished = 0;
        java.util.Set<String> withWorkload = new java.util.HashSet<>();
        for (GenericKubernetesResource w : workloads) {
            WorkloadAudit.Seen s = WorkloadAudit.seen(w);
            if (s != null) {
                withWorkload.add(s.job());
                if (s.finished()) {
                    finalFinished++;
                }
            }
        }
        int withoutWorkload = 0;
        for (JobRunner.Run r : runs) {
            if (!withWorkload.contains(r.key())) {
                withoutWorkload++;
            }
        }

        PerfCluster limits = new PerfCluster(cluster);
        audit.replay(versions.sorted());
        WorkloadAudit.Result auditResult = audit.check(limits.queueLimits(), limits.cohortOfQueue(), limits.cohortLimits());
        return result(done, wall, lastCreate.get(), maxLag.get(), runner, runs, finishedSeen.size(), cycles, deciderFigures, processCpu,
                byGroup, gcAtEnd[0] - gcAtStart[0], gcAtEnd[1] - gcAtStart[1], requests, auditResult, workloads.size(),
                finalFinished, withoutWorkload);
    }

    private Thread progressReporter(java.util.function.LongSupplier clock, JobRunner runner, AtomicInteger created,
            Map<String, Long> finished, int n) {
        PrintStream out = settings.progress();
        if (out == null) {
            return null;
        }
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(settings.progressEvery().toMillis());
                    out.printf(java.util.Locale.ROOT, "  %6.1f s  created %,d/%,d  admissions %,d  evictions %,d"
                                    + "  completed %,d  Workloads finished %,d%n", clock.getAsLong() / 1e9, created.get(), n,
                            runner.admissions(), runner.evictions(), runner.completed(), finished.size());
                }
            } catch (InterruptedException e) {
                // done
            }
        }, "perf-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private OperatorPerfResult result(boolean done, long wall, long lastCreate, long maxLag, JobRunner runner,
            JobRunner.Run[] runs, int finishedSeen, long cycles, DeciderThreadWatch.Figures decider, long processCpu,
            List<OperatorPerfResult.ThreadCpu> cpu,
            long gcCount, long gcMillis, List<CountingDispatcher.Count> requests, WorkloadAudit.Result audit,
            int finalWorkloads, int finalFinished, int withoutWorkload) {
        List<OperatorPerfResult.WorkloadClass> classes = new ArrayList<>();
        long allAdmitted = 0;
        boolean everyoneAdmitted = true;
        for (int c = 0; c < workloadClasses.size(); c++) {
            List<Long> waits = new ArrayList<>();
            double firstSum = 0;
            int count = 0;
            int evictions = 0;
            for (JobRunner.Run r : runs) {
                synchronized (r) {
                    if (r.workloadClass != c) {
                        continue;
                    }
                    count++;
                    evictions += r.evictions;
                    if (r.lastAdmittedNanos >= 0) {
                        waits.add(Math.max(0, r.lastAdmittedNanos - r.createdNanos));
                        firstSum += Math.max(0, r.firstAdmittedNanos - r.createdNanos);
                        allAdmitted = Math.max(allAdmitted, r.firstAdmittedNanos);
                    } else {
                        everyoneAdmitted = false;
                    }
                }
            }
            long[] w = waits.stream().mapToLong(Long::longValue).sorted().toArray();
            double avg = w.length == 0 ? 0 : Arrays.stream(w).sum() / 1e6 / w.length;
            classes.add(new OperatorPerfResult.WorkloadClass(workloadClasses.get(c), count, w.length, evictions, avg,
                    percentile(w, 50) / 1_000_000, percentile(w, 95) / 1_000_000,
                    w.length == 0 ? 0 : w[w.length - 1] / 1_000_000, w.length == 0 ? 0 : firstSum / 1e6 / w.length));
        }

        List<OperatorPerfResult.QueueClass> qClasses = new ArrayList<>();
        Map<Integer, long[]> usage = runner.usage();
        for (int c = 0; c < queueClasses.size(); c++) {
            int queues = 0;
            long nominal = 0;
            for (Queue q : cluster.queues()) {
                if (q.className().equals(queueClasses.get(c))) {
                    queues++;
                    nominal += q.nominalMilli();
                }
            }
            long[] u = usage.getOrDefault(c, new long[] {0, 0});
            long windowMicros = u[1] / 1000;
            double percent = windowMicros == 0 || nominal == 0 ? 0 : u[0] * 100.0 / ((double) nominal * windowMicros);
            qClasses.add(new OperatorPerfResult.QueueClass(queueClasses.get(c), queues, nominal, percent, u[1] / 1_000_000));
        }

        // How much longer than its runtime each completed run lasted, as the runner saw it: its own lag
        // (a timer, then a write to the busy server) holds quota that an exact runner would give back.
        long[] overruns = Arrays.stream(runs).mapToLong(r -> {
            synchronized (r) {
                return r.completedNanos < 0 ? -1 : Math.max(0, r.completedNanos - r.runStartNanos - r.runtimeNanos);
            }
        }).filter(o -> o >= 0).sorted().toArray();

        long[] times = runner.admissionTimes();
        int peak = 0;
        for (int i = 0, j = 0; i < times.length; i++) {
            while (times[i] - times[j] >= 1_000_000_000L) {
                j++;
            }
            peak = Math.max(peak, i - j + 1);
        }

        return new OperatorPerfResult(shapeName, cluster.cohorts().size(), cluster.queues().size(), runs.length,
                settings.timeScale(), done, wall, everyoneAdmitted ? allAdmitted : -1, runner.lastAdmissionNanos(),
                lastCreate, runner.lastCompletionNanos(), maxLag, percentile(overruns, 50), percentile(overruns, 95),
                settings.runnerThreads(), runner.admissions(), runner.evictions(), runner.completed(),
                finishedSeen, lowerBound(), peak, classes, qClasses, cycles, decider, processCpu, cpu, gcCount, gcMillis,
                runner.writeRetries(), requests, audit, finalWorkloads, finalFinished, withoutWorkload);
    }

    /**
     * The least wall time any scheduler could take: every cohort must fit its work (cpu × runtime)
     * into the sum of its ClusterQueues' nominal quotas, and nothing finishes before the last
     * workload is created and has run.
     */
    private long lowerBound() {
        Map<String, Double> work = new HashMap<>();
        Map<String, Long> quota = new HashMap<>();
        long lastEnd = 0;
        for (Queue q : cluster.queues()) {
            quota.merge(q.cohort(), q.nominalMilli(), Long::sum);
        }
        for (ArrivalStream s : cluster.streams()) {
            for (int k = 0; k < s.size(); k++) {
                long runtime = scaled(s.template(k).runtimeMs());
                work.merge(s.queue().cohort(), (double) s.requestMilli(k) * runtime, Double::sum);
                lastEnd = Math.max(lastEnd, scaled(s.arrivalMillis(k)) + runtime);
            }
        }
        long bound = lastEnd;
        for (Map.Entry<String, Double> e : work.entrySet()) {
            bound = Math.max(bound, Math.round(e.getValue() / quota.get(e.getKey())));
        }
        return bound;
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    static Map<Long, Long> threadCpu(ThreadMXBean threads) {
        Map<Long, Long> out = new HashMap<>();
        for (long id : threads.getAllThreadIds()) {
            long cpu = threads.getThreadCpuTime(id);
            if (cpu >= 0) {
                out.put(id, cpu);
            }
        }
        return out;
    }

    /** CPU used during the run by threads alive at its end, grouped by name with the numbers taken out. */
    static List<OperatorPerfResult.ThreadCpu> byGroup(ThreadMXBean threads, Map<Long, Long> start,
            Map<Long, Long> end) {
        Map<String, long[]> groups = new HashMap<>();
        for (Map.Entry<Long, Long> e : end.entrySet()) {
            ThreadInfo info = threads.getThreadInfo(e.getKey());
            if (info == null) {
                continue;
            }
            String group = info.getThreadName().replaceAll("[0-9]+", "N");
            long used = e.getValue() - start.getOrDefault(e.getKey(), 0L);
            long[] g = groups.computeIfAbsent(group, x -> new long[2]);
            g[0]++;
            g[1] += used;
        }
        return groups.entrySet().stream()
                .map(e -> new OperatorPerfResult.ThreadCpu(e.getKey(), (int) e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingLong(OperatorPerfResult.ThreadCpu::cpuNanos).reversed())
                .toList();
    }

    static long processCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    static long[] gc() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }
}
