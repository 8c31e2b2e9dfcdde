package dev.muster.bench.operator;

import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replicas of the controller with leader election, as the pods of a Deployment: each has a client of
 * its own (User-Agent {@code muster-soak-operator-N}, so that the API server can fault it), and
 * only the one holding the Lease decides.
 *
 * <p>Killing a replica cuts its connections: its client is closed, so that nothing it still had
 * under way reaches the API server, as when a process dies. (Closing the replica itself would
 * not do: JOSDK's executors are shared within one JVM, and closing one operator's would stop the
 * others'; see LeaderElectionThroughTheApiTest.) A fresh replica is started in its place, so that
 * there are always {@code count} alive.
 */
final class SoakReplicas implements AutoCloseable {

    /** One replica: its name (also its User-Agent and Lease identity), client and controller. */
    record Replica(String identity, KubernetesClient client, MusterOperator operator) {
    }

    private final KubernetesMockServer server;
    private final Duration lease;
    private final Duration renew;
    private final Duration retry;
    private final List<Replica> alive = new ArrayList<>();
    private final List<Replica> killed = new ArrayList<>();
    private int started;

    SoakReplicas(KubernetesMockServer server, Duration lease, Duration renew, Duration retry) {
        this.server = server;
        this.lease = lease;
        this.renew = renew;
        this.retry = retry;
    }

    synchronized void start(int count) {
        for (int i = 0; i < count; i++) {
            alive.add(spawn());
        }
    }

    private Replica spawn() {
        String identity = SoakDispatcher.OPERATOR_AGENT + "-" + (++started);
        KubernetesClient client = server.createClient(b -> b
                .withHttpClientFactory(new io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory())
                .editOrNewConfig().withUserAgent(identity).endConfig());
        MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults(identity)
                .withLeaderElection(true, "default").withLeaseTimings(lease, renew, retry));
        operator.start();
        return new Replica(identity, client, operator);
    }

    /** The live replica that leads and has built its decider, if any. */
    synchronized Optional<Replica> leader() {
        return alive.stream().filter(r -> r.operator().leading()).findFirst();
    }

    /** Kills the leader, if there is one, and starts a fresh replica in its place; returns the one killed. */
    synchronized Optional<Replica> killLeader() {
        Optional<Replica> leader = leader();
        leader.ifPresent(r -> {
            r.client().close();
            alive.remove(r);
            killed.add(r);
            alive.add(spawn());
        });
        return leader;
    }

    synchronized int started() {
        return started;
    }

    /**
     * Cuts every replica's connections, then stops their controllers in the background, waiting
     * at most a few seconds: JOSDK waits for its executors on each stop, which after dozens of
     * kills would take minutes, and a replica whose client is closed has nothing left to do.
     */
    @Override
    public synchronized void close() {
        alive.forEach(r -> r.client().close());
        List<Replica> all = new ArrayList<>(alive);
        all.addAll(killed);
        Thread stopper = new Thread(() -> all.forEach(SoakReplicas::close), "soak-replicas-stop");
        stopper.setDaemon(true);
        stopper.start();
        try {
            stopper.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void close(Replica r) {
        try {
            r.operator().close();
        } catch (RuntimeException e) {
            // best effort: the run is over
        }
    }
}
