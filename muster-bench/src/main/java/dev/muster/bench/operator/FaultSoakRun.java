package dev.muster.bench.operator;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratedCluster.ArrivalStream;
import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadTemplate;
import dev.muster.operator.decide.Decider;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The fault soak: Kueue's performance shape through the mock API server (indexed store), as
 * {@link OperatorPerfRun} drives it (a Job creator, the {@link JobRunner}), but with three
 * replicas of the controller under leader election and faults injected from a seed
 * ({@link FaultPlan}, {@link SoakDispatcher}): the leader killed, the controllers' API calls
 * answered 500, 429 or 409, their watches dropped or answered 410 Gone, Jobs created running
 * while "the webhook is down", Workload objects deleted by hand. Afterwards the {@link SoakAudit}
 * replays every version the API server stored.
 */
final class FaultSoakRun {

    /**
     * fabric8's MockWebServer logs every request at INFO, on the server's event loop; kept at
     * WARNING, and referenced so that the setting is not collected with the logger.
     */
    private static final java.util.logging.Logger MOCK_SERVER_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    /**
     * @param timeScale     multiplies creation times and runtimes, as in OperatorPerfRun
     * @param seed          draws the fault schedule and which API calls are faulted
     * @param apiFaultShare the share of the controllers' API calls (not watches) answered 500, 429 or 409
     * @param timeout       how long after the start to wait for every Workload to be Finished
     * @param progress      where to say what happens, or null
     */
    record Settings(double timeScale, long seed, double apiFaultShare, FaultPlan.Rates rates, int replicas,
            Duration lease, Duration renew, Duration retry, Duration timeout, PrintStream progress, List<String> trace) {

        static Settings defaults() {
            return new Settings(1.0, 17, 0.05, FaultPlan.Rates.benchmark(), 3, Duration.ofSeconds(6), Duration.ofSeconds(4),
                    Duration.ofMillis(500), Duration.ofMinutes(15), null, List.of());
        }

        Settings withTimeScale(double f) {
            return new Settings(f, seed, apiFaultShare, rates, replicas, lease, renew, retry, timeout, progress, trace);
        }

        Settings withSeed(long s) {
            return new Settings(timeScale, s, apiFaultShare, rates, replicas, lease, renew, retry, timeout, progress, trace);
        }

        Settings withRates(FaultPlan.Rates r) {
            return new Settings(timeScale, seed, apiFaultShare, r, replicas, lease, renew, retry, timeout, progress, trace);
        }

        Settings withTimeout(Duration t) {
            return new Settings(timeScale, seed, apiFaultShare, rates, replicas, lease, renew, retry, t, progress, trace);
        }

        /** Jobs (namespace/name) whose every stored version, and their Workloads', is printed before the audit. */
        Settings withTrace(List<String> jobs) {
            return new Settings(timeScale, seed, apiFaultShare, rates, replicas, lease, renew, retry, timeout, progress, jobs);
        }

        Settings withProgress(PrintStream out) {
            return new Settings(timeScale, seed, apiFaultShare, rates, replicas, lease, renew, retry, timeout, out, trace);
        }
    }

    /**
     * @param finished       every workload's Workload was stored Finished before the timeout (or, its Job
     *                       Complete, there is none: deleted by hand or never made, as Kueue leaves a finished job)
     * @param wallNanos      from the first creation to the last Workload Finished (or the timeout)
     * @param cpuNanos       the process's cpu time over the same span (all parties: mock, replicas, creator, runner)
     * @param faults         injected, by kind
     * @param replicasStarted replicas started in all (3 + one per kill)
     */
    record Result(int workloads, int finishedJobs, boolean finished, long wallNanos, long cpuNanos, Map<Fault, Integer> faults,
            int replicasStarted, int versions, String loadAverage, SoakAudit.Result audit) {

        int faultCount() {
            return faults.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private record Arrival(long atNanos, ArrivalStream stream, int k) {
    }

    private final GeneratedCluster cluster;
    private final Settings settings;
    private final VersionLog log = new VersionLog();
    private final FaultCounts faults = new FaultCounts();
    private final AtomicBoolean webhookDown = new AtomicBoolean();
    private final Set<String> createdUnsuspended = ConcurrentHashMap.newKeySet();
    private volatile long t0 = Long.MAX_VALUE;

    private FaultSoakRun(GeneratorConfig config, Settings settings) {
        this.cluster = new GeneratedCluster(config);
        this.settings = settings;
    }

    static Result run(GeneratorConfig config, Settings settings) throws InterruptedException {
        return new FaultSoakRun(config, settings).run();
    }

    private long now() {
        return System.nanoTime() - t0;
    }

    private long scaled(long millis) {
        return Math.round(millis * 1_000_000.0 * settings.timeScale());
    }

    private void say(String line) {
        say("%s", line);
    }

    private void say(String format, Object... args) {
        if (settings.progress() != null) {
            settings.progress().printf(Locale.ROOT, "  %6.1f s  " + format + "%n",
                    java.util.stream.Stream.concat(java.util.stream.Stream.of(Math.max(0, now()) / 1e9),
                            java.util.Arrays.stream(args)).toArray());
        }
    }

    private Result run() throws InterruptedException {
        SoakDispatcher dispatcher = new SoakDispatcher(log, faults, settings.seed(), settings.apiFaultShare());
        KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(),
                new HashMap<>(), dispatcher, false);
        server.init();
        List<AutoCloseable> toClose = new ArrayList<>();
        try {
            KubernetesClient setup = server.createClient(new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory());
            toClose.add(setup);
            PerfCluster config = new PerfCluster(cluster);
            config.create(setup);
            SoakReplicas replicas = new SoakReplicas(server, settings.lease(), settings.renew(), settings.retry());
            toClose.add(0, replicas);
            replicas.start(settings.replicas());
            awaitReadyLeader(replicas);
            return drive(server, dispatcher, setup, replicas, config, toClose);
        } finally {
            for (AutoCloseable c : toClose) {
                try {
                    c.close();
                } catch (Exception e) {
                    // best effort: the run is over
                }
            }
            server.destroy();
        }
    }

    private static void awaitReadyLeader(SoakReplicas replicas) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Optional<Decider> d = replicas.leader().flatMap(r -> r.operator().decider());
            if (d.isPresent() && d.get().cycles() > 0 && d.get().notReady().isEmpty()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("no replica became a ready leader within 60 s");
    }

    private Result drive(KubernetesMockServer server, SoakDispatcher dispatcher, KubernetesClient setup,
            SoakReplicas replicas, PerfCluster config, List<AutoCloseable> toClose) throws InterruptedException {
        List<Arrival> arrivals = new ArrayList<>();
        for (ArrivalStream s : cluster.streams()) {
            for (int k = 0; k < s.size(); k++) {
                arrivals.add(new Arrival(scaled(s.arrivalMillis(k)), s, k));
            }
        }
        arrivals.sort(Comparator.comparingLong(Arrival::atNanos));
        int n = arrivals.size();

        KubernetesClient runnerClient = server.createClient(new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory());
        toClose.add(runnerClient);
        JobRunner runner = new JobRunner(runnerClient, 4, this::now);
        toClose.add(0, runner);
        runner.start();
        List<String> jobs = new ArrayList<>();
        List<String> classes = cluster.workloadClasses();
        for (Arrival a : arrivals) {
            WorkloadTemplate t = a.stream().template(a.k());
            JobRunner.Run r = runner.expect(a.stream().queue().name(), a.stream().workloadName(a.k()),
                    classes.indexOf(t.className()), 0, a.stream().requestMilli(a.k()), scaled(t.runtimeMs()), t.podCount());
            jobs.add(r.key());
        }

        ExecutorService creators = Executors.newFixedThreadPool(4, daemon("soak-creator"));
        toClose.add(0, creators::shutdownNow);
        AtomicReference<Throwable> createFailure = new AtomicReference<>();
        AtomicInteger created = new AtomicInteger();
        long cpuAtStart = processCpu();
        t0 = System.nanoTime();
        FaultInjector faultInjector = new FaultInjector(dispatcher, setup, replicas, faults, webhookDown, this::now, this::say);
        Thread injector = new Thread(() -> faultInjector.carryOut(FaultPlan.draw(settings.seed(), settings.rates(),
                settings.timeout())), "soak-faults");
        injector.setDaemon(true);
        injector.start();
        Thread progress = progress(created, runner, replicas, n);
        for (Arrival a : arrivals) {
            long wait = a.atNanos() - now();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            creators.execute(() -> {
                try {
                    runnerClient.batch().v1().jobs().inNamespace(a.stream().queue().name()).resource(job(a)).create();
                } catch (RuntimeException e) {
                    createFailure.compareAndSet(null, e);
                }
                created.incrementAndGet();
            });
        }
        creators.shutdown();
        long deadline = t0 + settings.timeout().toNanos();
        while (log.finishedJobs() < n && System.nanoTime() < deadline && createFailure.get() == null) {
            Thread.sleep(50);
        }
        long wall = now();
        long cpu = processCpu() - cpuAtStart;
        injector.interrupt();
        injector.join(10_000);
        if (progress != null) {
            progress.interrupt();
        }
        if (createFailure.get() != null) {
            throw new IllegalStateException("creating a Job failed: " + createFailure.get().getMessage(), createFailure.get());
        }
        say("%s; auditing %,d stored versions", log.finishedJobs() == n ? "every Workload Finished" : "timed out", log.size());
        List<VersionLog.Version> versions = log.sorted();
        for (String traced : settings.trace()) {
            say("every stored version of job %s and its Workloads:", traced);
            VersionLog.of(versions, traced).forEach(v -> say("    %s", v));
        }
        SoakAudit.Result audit = new SoakAudit(config.queueLimits(), config.cohortOfQueue(), config.cohortLimits())
                .writtenBy(log::writer).check(versions, jobs, createdUnsuspended);
        return new Result(n, log.finishedJobs(), log.finishedJobs() == n, wall, cpu, faults.snapshot(), replicas.started(),
                log.size(), loadAverage(), audit);
    }

    /** The Job of an arrival: suspended, as the webhook leaves it; not while the webhook is down. */
    private Job job(Arrival a) {
        Job job = PerfManifests.job(a.stream(), a.k(), scaled(a.stream().template(a.k()).runtimeMs()) / 1_000_000);
        if (webhookDown.get()) {
            job.getSpec().setSuspend(false);
            createdUnsuspended.add(a.stream().queue().name() + "/" + a.stream().workloadName(a.k()));
            faults.injected(Fault.WEBHOOK_DOWN);
        }
        return job;
    }

    private Thread progress(AtomicInteger created, JobRunner runner, SoakReplicas replicas, int n) {
        if (settings.progress() == null) {
            return null;
        }
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(5_000);
                    say("created %,d/%,d  runs started %,d  completed %,d  Workloads finished %,d  faults %,d  leader %s",
                            created.get(), n, runner.admissions(), runner.completed(), log.finishedJobs(), faults.total(),
                            replicas.leader().map(r -> r.identity() + " (" + r.operator().decider().map(Decider::cycles)
                                    .orElse(0L) + " cycles)").orElse("none"));
                }
            } catch (InterruptedException e) {
                // done
            }
        }, "soak-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static java.util.concurrent.ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static long processCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
