package dev.muster.operator;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.jobs.BatchJobAdapter;
import dev.muster.operator.jobs.JobAdapter;
import dev.muster.operator.jobs.RayClusterAdapter;
import dev.muster.operator.jobs.RayJobAdapter;
import dev.muster.operator.kube.FabricClusterWriter;
import dev.muster.operator.kube.Informers;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.reconcile.BatchJobReconciler;
import dev.muster.operator.reconcile.JobEvents;
import dev.muster.operator.reconcile.RayClusterReconciler;
import dev.muster.operator.reconcile.RayJobReconciler;
import dev.muster.operator.visibility.DeciderPendingWorkloads;
import dev.muster.operator.visibility.VisibilityApi;
import dev.muster.operator.write.WriteLanes;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code muster run}: the controller, on the Java Operator SDK. With leader election, of several
 * replicas only the one holding the Lease decides. Each time a replica starts leading it builds a
 * fresh decider from what is in the cluster: first the Workload objects (their status tells what
 * is admitted already), then the configuration, then the jobs; so a new leader, or a restarted
 * one, takes admissions over instead of making them again.
 */
public final class MusterOperator implements AutoCloseable, JobEvents {

    private static final Logger LOG = LoggerFactory.getLogger(MusterOperator.class);

    /** Configuration kinds, in the order they are read. */
    static final List<KubeKind> CONFIGURATION = List.of(KubeKind.NAMESPACE, KubeKind.PRIORITY_CLASS,
            KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.RESOURCE_FLAVOR, KubeKind.COHORT, KubeKind.CLUSTER_QUEUE,
            KubeKind.LOCAL_QUEUE, KubeKind.ADMISSION_CHECK, KubeKind.PROVISIONING_REQUEST_CONFIG, KubeKind.KAI_QUEUE);

    /**
     * Requests the decider's writes may have under way at once. Each waits for the API server's
     * answer on its thread; 8 keeps the server busy (a round trip is mostly waiting) without
     * crowding the decider and the informers on a small machine.
     */
    static final int WRITER_THREADS = 8;
    /**
     * Writes that may wait in the lanes before the decider waits for room: the back-pressure bound.
     * A few cycles' worth of a large burst; a throttled API server slows the decider down instead of
     * the queue growing without end.
     */
    static final int WRITE_CAPACITY = 4096;

    private final KubernetesClient client;
    private final OperatorOptions options;
    private final MusterMetrics metrics;
    /** The decider's time: the system's, or a test's virtual clock. */
    private final Clock clock;
    private final Operator josdk;
    private final List<JobAdapter> managed = new ArrayList<>();
    private final Informers discovery;
    /** The decider and informers of the current leadership; null while not leading. */
    private volatile Decider decider;
    private Informers informers;
    private FabricClusterWriter writer;
    /** The label on this replica's pod while it leads (the visibility API's Service selects it); null: none. */
    private LeaderPodLabel leaderLabel;

    public MusterOperator(KubernetesClient client, OperatorOptions options) {
        this(client, options, new MusterMetrics());
    }

    public MusterOperator(KubernetesClient client, OperatorOptions options, MusterMetrics metrics) {
        this(client, options, metrics, Clock.systemUTC());
    }

    /** @param clock what the decider takes as now (backoffs, pods-ready timeouts, condition times) */
    public MusterOperator(KubernetesClient client, OperatorOptions options, MusterMetrics metrics, Clock clock) {
        this.client = client;
        this.clock = clock;
        this.options = options;
        this.metrics = metrics;
        this.discovery = new Informers(client, options.namespace());
        this.josdk = new Operator(o -> {
            o.withKubernetesClient(client)
                    .withCloseClientOnStop(false)
                    .checkingCRDAndValidateLocalModel(false)
                    .withStopOnInformerErrorDuringStartup(false)
                    .withUseSSAToPatchPrimaryResource(false);
            if (options.leaderElection()) {
                o.withLeaderElectionConfiguration(new LeaderElectionConfiguration(OperatorOptions.LEASE_NAME,
                        options.leaseNamespace(), options.leaseDuration(), options.renewDeadline(), options.retryPeriod(),
                        options.identity(), new LeaderCallbacks(this::lead, this::stopLeading,
                                leader -> LOG.info("the leader is {}", leader)), options.exitOnLostLease()));
            }
        });
        register(new RayJobAdapter(), new RayJobReconciler(this));
        register(new RayClusterAdapter(), new RayClusterReconciler(this));
        register(new BatchJobAdapter(), new BatchJobReconciler(this));
    }

    private <R extends HasMetadata> void register(JobAdapter adapter, Reconciler<R> reconciler) {
        if (!discovery.served(adapter.kind())) {
            LOG.info("not managing {}: the cluster does not serve {}", adapter.kind().kind(), adapter.kind().apiVersion());
            return;
        }
        managed.add(adapter);
        josdk.register(reconciler, o -> options.namespace().ifPresent(o::settingNamespace));
    }

    /**
     * While this replica leads, its pod (namespace and name) carries {@code muster.dev/leader: "true"},
     * which the visibility API's Service selects; call before {@link #start}. Returns this.
     */
    public MusterOperator labellingLeaderPod(ObjectKey pod) {
        this.leaderLabel = new LeaderPodLabel(client, pod);
        return this;
    }

    public void start() {
        if (!options.leaderElection()) {
            lead();
        }
        josdk.start();
    }

    private synchronized void lead() {
        if (decider != null) {
            return;
        }
        LOG.info("{} leads: it reads the cluster and decides", options.identity());
        writer = new FabricClusterWriter(client, "muster");
        Decider next = new Decider(writer, clock, metrics, options.schedulerNames(), options.configuration(),
                completions -> WriteLanes.concurrent(WRITER_THREADS, WRITE_CAPACITY, completions), options.forecastInterval());
        next.start();
        list(KubeKind.WORKLOAD).forEach(next::workloadObject);
        for (KubeKind kind : CONFIGURATION) {
            list(kind).forEach(next::configurationObject);
        }
        next.nodesWatched();
        list(KubeKind.NODE).forEach(next::node);
        for (JobAdapter adapter : managed) {
            list(adapter.kind()).forEach(job -> next.job(adapter, job));
        }
        // Pods after the jobs that own them; all before the engine is built, so that a job taken
        // over finds its pods where they run.
        list(KubeKind.POD).forEach(next::pod);
        list(KubeKind.PROVISIONING_REQUEST).forEach(next::provisioningRequest);
        next.primed();
        decider = next;
        informers = new Informers(client, options.namespace());
        informers.watch(KubeKind.WORKLOAD, next::workloadObject, next::workloadObjectDeleted);
        for (KubeKind kind : CONFIGURATION) {
            informers.watch(kind, next::configurationObject, next::configurationObjectDeleted);
        }
        informers.watch(KubeKind.PROVISIONING_REQUEST, next::provisioningRequest, pr -> { });
        informers.watch(KubeKind.NODE, next::node, next::nodeDeleted);
        informers.watch(KubeKind.POD, next::pod, next::podDeleted);
        if (leaderLabel != null) {
            leaderLabel.leads();
        }
    }

    private List<JsonNode> list(KubeKind kind) {
        if (!discovery.served(kind)) {
            return List.of();
        }
        var resources = client.genericKubernetesResources(kind.context());
        var items = (kind.namespaced() && options.namespace().isPresent()
                ? resources.inNamespace(options.namespace().get()).list() : resources.inAnyNamespace().list()).getItems();
        return items.stream().map(r -> client.getKubernetesSerialization().convertValue(r, JsonNode.class)).toList();
    }

    @Override
    public void job(JobAdapter adapter, JsonNode job) {
        Decider d = decider;
        if (d != null) {
            d.job(adapter, job);
        }
    }

    @Override
    public void jobDeleted(JobAdapter adapter, JsonNode job) {
        Decider d = decider;
        if (d != null) {
            d.jobDeleted(adapter, job);
        }
    }

    private void stopLeading() {
        // A replica that lost the Lease must not decide any more; if it leads again, it starts afresh.
        stop("{} lost the lease: it stops deciding");
    }

    private synchronized void stop(String why) {
        if (decider == null) {
            return;
        }
        LOG.warn(why, options.identity());
        if (leaderLabel != null) {
            leaderLabel.standsDown();
        }
        informers.close();
        decider.close();
        writer.close();
        decider = null;
        informers = null;
        writer = null;
    }

    public boolean leading() {
        return decider != null;
    }

    /** The decider of the current leadership, if this replica leads. */
    public Optional<Decider> decider() {
        return Optional.ofNullable(decider);
    }

    /**
     * Kueue's visibility API ({@code visibility.kueue.x-k8s.io}) over the engine of the current
     * leadership: pending workloads and their positions; 503 while this replica does not lead.
     */
    public VisibilityApi visibilityApi() {
        return new VisibilityApi(new DeciderPendingWorkloads(this::decider));
    }

    /**
     * Why this replica is not ready, if it is not: the leader needs a valid configuration; a
     * replica waiting for the Lease is ready to take over.
     */
    public Optional<String> notReady() {
        Decider d = decider;
        return d == null ? Optional.empty() : d.notReady();
    }

    @Override
    public void close() {
        stop("{} shuts down");
        josdk.stop();
    }
}
