package dev.muster.sim.autoscaler;

import dev.muster.api.cluster.NodePoolSpec;
import dev.muster.core.engine.UnplacedGang;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.sim.Timeline;
import dev.muster.sim.VirtualTime;
import dev.muster.sim.provisioning.ProvisioningRequest;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.SecondsText;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The node autoscaler of the virtual cluster, for its {@code NodePool}s. A queued-provisioning pool
 * answers ProvisioningRequests of its class all or nothing: it accepts a request its
 * {@code maxNodes} can hold, adds every node for it at once when there is room, and reports it
 * Provisioned when they are Ready; it fails a request it can never hold. A plain pool does what the
 * cluster autoscaler does for pending pods: it adds the nodes they need, pod by pod, without
 * knowing that they form a gang. Empty nodes go after the pool's {@code scaleDownAfter}.
 */
public final class NodePoolAutoscaler {

    /** How long provisioned capacity stays booked for its pods (the cluster autoscaler's default). */
    public static final long BOOKING_MILLIS = 10 * 60_000;
    /** The request parameter after which GKE reclaims queued-provisioning nodes. */
    public static final String MAX_RUN_DURATION = "maxRunDurationSeconds";

    private final Map<String, Pool> pools = new TreeMap<>();
    private final AutoscaledCluster cluster;
    private final Timeline timeline;
    private final VirtualTime time;
    private final NodeCountEstimate estimate = new NodeCountEstimate();
    /** Every node ever made, in the order asked for. */
    private final List<PoolNode> nodes = new ArrayList<>();
    /** Gangs a plain pool already scaled up for while they wait: the autoscaler does not try twice. */
    private final Set<ObjectKey> scaledFor = new HashSet<>();
    private Consumer<ProvisioningRequest> listener = r -> { };

    private static final class Pool {
        final NodePoolSpec spec;
        /** Accepted requests waiting for room (or for the pool to become available), first come first served. */
        final Deque<Waiting> queue = new ArrayDeque<>();
        int nextIndex;
        boolean wakeupAsked;

        Pool(NodePoolSpec spec) {
            this.spec = spec;
        }
    }

    private record Waiting(ProvisioningRequest request, int nodes) {
    }

    public NodePoolAutoscaler(List<NodePoolSpec> nodePools, AutoscaledCluster cluster, Timeline timeline, VirtualTime time) {
        for (NodePoolSpec spec : nodePools) {
            pools.put(spec.name(), new Pool(spec));
        }
        this.cluster = cluster;
        this.timeline = timeline;
        this.time = time;
    }

    public boolean hasPools() {
        return !pools.isEmpty();
    }

    /** Who hears of a request's new conditions: Kueue's provisioning check controller. */
    public void onRequestChange(Consumer<ProvisioningRequest> listener) {
        this.listener = listener;
    }

    /** At the start: each pool has its {@code minNodes}, Ready at once. */
    public void start() {
        for (Pool pool : pools.values()) {
            List<PoolNode> batch = make(pool, pool.spec.minNodes(), null);
            if (!batch.isEmpty()) {
                ready(pool, batch, null);
            }
        }
    }

    /** The provisioning classes some pool answers. */
    public Set<String> classes() {
        Set<String> out = new java.util.TreeSet<>();
        pools.values().forEach(p -> p.spec.provisioningClassName().ifPresent(out::add));
        return out;
    }

    /**
     * A new request: the first pool of its class (by name) that can ever hold it accepts it; if
     * none can, it fails at once, saying why. Empty when no pool answers its class at all: then
     * nothing ever answers it.
     */
    public Optional<String> submit(ProvisioningRequest request) {
        List<Pool> candidates = pools.values().stream()
                .filter(p -> p.spec.provisioningClassName().filter(request.provisioningClassName()::equals).isPresent())
                .toList();
        if (candidates.isEmpty()) {
            return Optional.of("no NodePool answers provisioning class " + request.provisioningClassName()
                    + (classes().isEmpty() ? "" : " (the pools answer " + String.join(", ", classes()) + ")")
                    + ", so the request is never accepted");
        }
        String never = null;
        for (Pool pool : candidates) {
            switch (estimate.estimate(pool.spec, request.podSets(), pool.spec.maxNodes())) {
                case NodeCountEstimate.Result.Nodes n -> {
                    request.accept(time.nowMillis(), "pool " + pool.spec.name() + " will add " + count(n.count())
                            + " for it, all at once" + whenAvailable(pool));
                    listener.accept(request);
                    pool.queue.add(new Waiting(request, n.count()));
                    startWaiting(pool);
                    return Optional.empty();
                }
                case NodeCountEstimate.Result.Never never1 -> never = never == null ? never1.reason() : never;
            }
        }
        request.fail(time.nowMillis(), "the capacity can never be provisioned: " + never);
        listener.accept(request);
        return Optional.empty();
    }

    /** Kueue deleted the request: a waiting one is dropped; nodes already coming come up empty. */
    public void withdraw(ProvisioningRequest request) {
        for (Pool pool : pools.values()) {
            pool.queue.removeIf(w -> w.request() == request);
        }
    }

    private String whenAvailable(Pool pool) {
        long now = time.nowMillis();
        if (now < pool.spec.unavailableUntilMillis()) {
            return "; no capacity can be had before " + Timeline.duration(pool.spec.unavailableUntilMillis())
                    + ", so it waits in the pool's queue until then";
        }
        return "";
    }

    /** Starts provisioning for waiting requests, in order, while the pool has room and is available. */
    private void startWaiting(Pool pool) {
        long now = time.nowMillis();
        while (!pool.queue.isEmpty()) {
            Waiting head = pool.queue.peek();
            if (head.request().withdrawn()) {
                pool.queue.poll();
                continue;
            }
            if (now < pool.spec.unavailableUntilMillis()) {
                askWakeup(pool);
                return;
            }
            if (live(pool) + head.nodes() > pool.spec.maxNodes()) {
                return; // it waits until nodes of the pool go away
            }
            pool.queue.poll();
            provision(pool, head.nodes(), head.request(), "for ProvisioningRequest " + head.request().name());
        }
    }

    private void askWakeup(Pool pool) {
        if (!pool.wakeupAsked) {
            pool.wakeupAsked = true;
            time.at(pool.spec.unavailableUntilMillis(), () -> { });
        }
    }

    private void provision(Pool pool, int count, ProvisioningRequest request, String purpose) {
        List<PoolNode> batch = make(pool, count, request);
        long readyAt = time.nowMillis() + pool.spec.provisioningDelayMillis();
        timeline.add(time.nowMillis(), "NodePool/" + pool.spec.name(), "Normal", "ScaleUp",
                "adding " + count(count) + " " + purpose + ": "
                        + String.join(", ", batch.stream().map(PoolNode::name).toList())
                        + "; Ready in " + Timeline.duration(pool.spec.provisioningDelayMillis())
                        + " (at " + SecondsText.format(readyAt / 1000.0) + ")");
        time.at(readyAt, () -> ready(pool, batch, request));
    }

    private List<PoolNode> make(Pool pool, int count, ProvisioningRequest request) {
        List<PoolNode> batch = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = pool.spec.name() + "-" + pool.nextIndex++;
            PoolNode node = new PoolNode(pool.spec.node(name, Map.of()), pool.spec.name(), request);
            batch.add(node);
            nodes.add(node);
        }
        return batch;
    }

    private void ready(Pool pool, List<PoolNode> batch, ProvisioningRequest request) {
        long now = time.nowMillis();
        for (PoolNode n : batch) {
            n.readyAtMillis = now;
            cluster.addNode(n.spec);
            timeline.add(now, "Node/" + n.name(), "Normal", "NodeReady", "node of pool " + pool.spec.name()
                    + " joined the cluster" + (request == null ? "" : " for ProvisioningRequest " + request.name()));
        }
        if (request == null || request.withdrawn()) {
            return;
        }
        for (PoolNode n : batch) {
            n.bookedUntilMillis = now + BOOKING_MILLIS;
        }
        request.provision(now, count(batch.size()) + " of pool " + pool.spec.name() + " Ready: "
                + String.join(", ", batch.stream().map(PoolNode::name).toList()));
        listener.accept(request);
        time.at(now + BOOKING_MILLIS, () -> expireBooking(request));
        String maxRun = request.parameters().get(MAX_RUN_DURATION);
        if (maxRun != null && maxRun.strip().matches("\\d+")) {
            long seconds = Long.parseLong(maxRun.strip());
            time.at(now + seconds * 1000, () -> revoke(request, batch, seconds));
        }
    }

    private void expireBooking(ProvisioningRequest request) {
        if (request.withdrawn() || request.capacityRevoked() || cluster.isAdmitted(request.workload())) {
            return;
        }
        request.expireBooking(time.nowMillis(), "its pods did not take the capacity within "
                + Timeline.duration(BOOKING_MILLIS) + " of it being provisioned; the booking is released");
        listener.accept(request);
    }

    private void revoke(ProvisioningRequest request, List<PoolNode> batch, long seconds) {
        List<PoolNode> still = batch.stream().filter(PoolNode::live).toList();
        if (still.isEmpty()) {
            return;
        }
        for (PoolNode n : still) {
            n.draining = true;
            cluster.drainNode(n.name());
        }
        if (!request.withdrawn()) {
            request.revokeCapacity(time.nowMillis(), "the nodes reach the request's " + MAX_RUN_DURATION + " ("
                    + seconds + ") and are reclaimed: " + String.join(", ", still.stream().map(PoolNode::name).toList()));
            listener.accept(request);
        }
    }

    /**
     * After each round of scheduling: nodes being reclaimed leave once their pods are gone, waiting
     * requests start when room appeared, plain pools scale up for gangs waiting for room, and
     * empty nodes start their scale-down countdown.
     */
    public void reconcile() {
        if (pools.isEmpty()) {
            return;
        }
        Set<String> busy = busyNodes();
        for (PoolNode n : nodes) {
            if (n.ready() && n.draining && !busy.contains(n.name())) {
                remove(n, "its capacity was revoked");
            }
        }
        pools.values().forEach(this::startWaiting);
        scaleUpForPendingPods();
        countDownEmptyNodes(busy);
    }

    private Set<String> busyNodes() {
        return cluster.busyNodes();
    }

    private void scaleUpForPendingPods() {
        List<Pool> plain = pools.values().stream().filter(p -> !p.spec.queued()).toList();
        if (plain.isEmpty()) {
            return;
        }
        List<UnplacedGang> gangs = cluster.unplacedGangs();
        Set<ObjectKey> waiting = new HashSet<>();
        gangs.forEach(g -> waiting.add(g.workload()));
        scaledFor.retainAll(waiting);
        for (UnplacedGang gang : gangs) {
            if (!scaledFor.contains(gang.workload()) && scaleUpFor(gang, plain)) {
                scaledFor.add(gang.workload());
            }
        }
    }

    /**
     * Scales up for a gang as the cluster autoscaler would: the fewest nodes of one plain pool with
     * which the whole gang fits; else, pod set by pod set, the fewest nodes of the first pool that
     * takes it (a gang may need nodes of several pools, a head on a GPU pool and a submitter on a
     * CPU pool); failing both, nodes for the pods that fit a pool's nodes, which then wait idle.
     */
    private boolean scaleUpFor(UnplacedGang gang, List<Pool> plain) {
        List<NodeSpec> upcoming = new ArrayList<>();
        nodes.stream().filter(n -> n.live() && n.readyAtMillis == null).forEach(n -> upcoming.add(n.spec));
        for (Pool pool : plain) {
            int room = room(pool);
            if (room > 0) {
                int fewest = fewestNodes(pool, gang.pods(), upcoming, room);
                if (fewest > 0) {
                    provision(pool, fewest, null, "for the pending pods of " + gang.workload());
                    return true;
                }
            }
        }
        Map<Pool, Integer> perPool = perPodSet(gang, plain, upcoming);
        if (!perPool.isEmpty()) {
            perPool.forEach((pool, count) -> provision(pool, count, null, "for the pending pods of " + gang.workload()));
            return true;
        }
        boolean added = false;
        for (Pool pool : plain) {
            int room = room(pool);
            List<GangPlacer.PodGroup> fitting = podsFitting(pool, gang.pods());
            if (room <= 0 || fitting.isEmpty()) {
                continue;
            }
            int count = switch (estimate.estimate(pool.spec, fitting, room)) {
                case NodeCountEstimate.Result.Nodes n -> n.count();
                case NodeCountEstimate.Result.Never n -> room;
            };
            provision(pool, count, null, "for pending pods of " + gang.workload()
                    + " (they cannot hold the whole gang: a plain pool scales up pod by pod, not all or nothing,"
                    + " so these nodes wait idle)");
            added = true;
        }
        return added;
    }

    /**
     * Nodes per pool such that each pod set fits with them, pod set by pod set, and the whole gang
     * fits with all of them; empty when that fails.
     */
    private Map<Pool, Integer> perPodSet(UnplacedGang gang, List<Pool> plain, List<NodeSpec> upcoming) {
        Map<Pool, Integer> perPool = new java.util.LinkedHashMap<>();
        List<NodeSpec> extra = new ArrayList<>(upcoming);
        for (GangPlacer.PodGroup group : gang.pods()) {
            if (cluster.placeableWith(List.of(group), extra)) {
                continue;
            }
            boolean placed = false;
            for (Pool pool : plain) {
                int room = room(pool) - perPool.getOrDefault(pool, 0);
                int fewest = room > 0 ? fewestNodes(pool, List.of(group), extra, room) : 0;
                if (fewest > 0) {
                    for (int i = 0; i < fewest; i++) {
                        extra.add(pool.spec.node(pool.spec.name() + "-planned-" + extra.size(), Map.of()));
                    }
                    perPool.merge(pool, fewest, Integer::sum);
                    placed = true;
                    break;
                }
            }
            if (!placed) {
                return Map.of();
            }
        }
        return cluster.placeableWith(gang.pods(), extra) ? perPool : Map.of();
    }

    /** How many more nodes the pool may have now; 0 before it is available. */
    private int room(Pool pool) {
        return available(pool) ? Math.max(0, pool.spec.maxNodes() - live(pool)) : 0;
    }

    private boolean available(Pool pool) {
        if (time.nowMillis() < pool.spec.unavailableUntilMillis()) {
            askWakeup(pool);
            return false;
        }
        return true;
    }

    private int fewestNodes(Pool pool, List<GangPlacer.PodGroup> pods, List<NodeSpec> upcoming, int room) {
        if (!placeableWithNew(pool, pods, upcoming, room)) {
            return 0;
        }
        return NodeCountEstimate.smallest(1, room, n -> placeableWithNew(pool, pods, upcoming, n));
    }

    private boolean placeableWithNew(Pool pool, List<GangPlacer.PodGroup> pods, List<NodeSpec> upcoming, int count) {
        List<NodeSpec> extra = new ArrayList<>(upcoming);
        for (int i = 0; i < count; i++) {
            extra.add(pool.spec.node(pool.spec.name() + "-estimate-" + extra.size(), Map.of()));
        }
        return cluster.placeableWith(pods, extra);
    }

    private static List<GangPlacer.PodGroup> podsFitting(Pool pool, List<GangPlacer.PodGroup> pods) {
        NodeState probe = new NodeState(pool.spec.template());
        return pods.stream().filter(g -> probe.admits(g.shape()) && probe.fits(g.shape())).toList();
    }

    private void countDownEmptyNodes(Set<String> busy) {
        long now = time.nowMillis();
        for (PoolNode n : nodes) {
            if (!n.ready() || n.draining) {
                continue;
            }
            if (busy.contains(n.name()) || booked(n)) {
                n.emptySinceMillis = null;
            } else if (n.emptySinceMillis == null) {
                n.emptySinceMillis = now;
                long after = pools.get(n.pool).spec.scaleDownAfterMillis();
                time.at(now + after, () -> scaleDown(n));
            }
        }
    }

    /** Capacity provisioned for a request whose pods have not taken it yet stays for them until the booking ends. */
    private boolean booked(PoolNode n) {
        ProvisioningRequest r = n.request;
        return r != null && !r.withdrawn() && !r.bookingExpired() && time.nowMillis() < n.bookedUntilMillis
                && !cluster.isAdmitted(r.workload());
    }

    private void scaleDown(PoolNode n) {
        Pool pool = pools.get(n.pool);
        long after = pool.spec.scaleDownAfterMillis();
        if (!n.ready() || n.emptySinceMillis == null || time.nowMillis() < n.emptySinceMillis + after
                || live(pool) <= pool.spec.minNodes() || busyNodes().contains(n.name())) {
            return;
        }
        remove(n, "empty for " + Timeline.duration(after) + " (scaleDownAfter)");
    }

    private void remove(PoolNode n, String why) {
        cluster.removeNode(n.name());
        n.removedAtMillis = time.nowMillis();
        timeline.add(time.nowMillis(), "Node/" + n.name(), "Normal", "NodeRemoved",
                "pool " + n.pool + " removes the node: " + why);
    }

    private int live(Pool pool) {
        int count = 0;
        for (PoolNode n : nodes) {
            if (n.live() && n.pool.equals(pool.spec.name())) {
                count++;
            }
        }
        return count;
    }

    private static String count(int nodes) {
        return nodes == 1 ? "1 node" : nodes + " nodes";
    }

    /** The nodes the pools added (Ready at some point), for the report. */
    public List<Report.NodeReport> report() {
        return nodes.stream().filter(n -> n.readyAtMillis != null).map(PoolNode::report).toList();
    }
}
