package dev.muster.operator;

import dev.muster.operator.decide.Decider;
import dev.muster.operator.jobs.JobAdapter;
import dev.muster.operator.kube.FabricClusterWriter;
import dev.muster.operator.kube.Informers;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code muster run}: the controller. With leader election it takes the Lease first; the leader
 * watches the cluster and decides, the others wait to take over. Watching starts with Workload
 * objects (their status tells what is admitted already), then the configuration, then the jobs,
 * so that a restart takes admissions over instead of making them again.
 */
public final class MusterOperator implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MusterOperator.class);

    /** Configuration kinds, in the order they are watched. */
    static final List<KubeKind> CONFIGURATION = List.of(KubeKind.NAMESPACE, KubeKind.PRIORITY_CLASS,
            KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.RESOURCE_FLAVOR, KubeKind.COHORT, KubeKind.CLUSTER_QUEUE,
            KubeKind.LOCAL_QUEUE, KubeKind.ADMISSION_CHECK, KubeKind.PROVISIONING_REQUEST_CONFIG, KubeKind.KAI_QUEUE);

    private final KubernetesClient client;
    private final OperatorOptions options;
    private final Decider decider;
    private final Informers informers;
    private CompletableFuture<?> election;
    private volatile boolean leading;

    public MusterOperator(KubernetesClient client, OperatorOptions options) {
        this.client = client;
        this.options = options;
        this.decider = new Decider(new FabricClusterWriter(client, "muster"), Clock.systemUTC());
        this.informers = new Informers(client, options.namespace());
    }

    public void start() {
        if (!options.leaderElection()) {
            lead();
            return;
        }
        LeaderElector elector = client.leaderElector().withConfig(new LeaderElectionConfigBuilder()
                .withName("muster")
                .withLock(new LeaseLock(options.leaseNamespace(), OperatorOptions.LEASE_NAME, options.identity()))
                .withLeaseDuration(options.leaseDuration())
                .withRenewDeadline(options.renewDeadline())
                .withRetryPeriod(options.retryPeriod())
                .withReleaseOnCancel(true)
                .withLeaderCallbacks(new LeaderCallbacks(this::lead, this::stopLeading,
                        leader -> LOG.info("leader is {}", leader)))
                .build()).build();
        election = elector.start();
    }

    private synchronized void lead() {
        if (leading) {
            return;
        }
        leading = true;
        LOG.info("{} leads: watching the cluster and deciding", options.identity());
        decider.start();
        informers.watch(KubeKind.WORKLOAD, decider::workloadObject, w -> { });
        for (KubeKind kind : CONFIGURATION) {
            informers.watch(kind, decider::configurationObject, decider::configurationObjectDeleted);
        }
        for (JobAdapter adapter : JobAdapter.all()) {
            informers.watch(adapter.kind(), job -> decider.job(adapter, job), job -> decider.jobDeleted(adapter, job));
        }
    }

    private void stopLeading() {
        // A replica that lost the Lease must not decide any more: it stops at once; its Deployment restarts it.
        stop("{} lost the lease: it stops deciding");
    }

    private synchronized void stop(String why) {
        if (!leading) {
            return;
        }
        leading = false;
        LOG.warn(why, options.identity());
        informers.close();
        decider.close();
    }

    public boolean leading() {
        return leading;
    }

    public Decider decider() {
        return decider;
    }

    @Override
    public void close() {
        if (election != null) {
            election.cancel(true);
        }
        stop("{} shuts down");
    }
}
