package dev.muster.bench.scale;

import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.runtime.RuntimeHints;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A large KAI cluster built directly through the {@link Engine} API, without running a cycle per
 * admission: the running pods are taken over as already admitted and placed
 * ({@link Engine#restore} and {@link Engine#restorePlacement} with their recorded places), then the
 * pending gangs are submitted. What the next {@link Engine#schedule} costs is the snapshot's cycle.
 *
 * <p>The cluster: {@code nodes} nodes of 128 cpu, 512 GiB and 8 GPUs; {@value #LEAF_QUEUES} leaf queues
 * under one parent, each with an equal GPU quota (cpu and memory unlimited). Running pods, each its
 * own one-pod workload, are spread evenly over the nodes and queues; on a node, the first 4 take a
 * whole GPU each (devices 0-3), the next 4 half a GPU (two per device on 4 and 5), the rest 1 cpu and
 * 2 GiB: at 35 pods a node, 6 of 8 GPUs and 51 of 128 cpus are taken. The pending gangs, in turn over
 * the queues, cycle through five shapes: 1 pod of half a GPU, 1 pod of 1 GPU, 2 pods of 1 GPU,
 * 4 pods of 2 GPUs, 8 pods of 1 GPU (each pod also 4 cpu and 16 GiB); all pods priority 50.
 *
 * <p>With {@code backfill}, Muster's reservations and backfill are on (one reservation per leaf
 * queue) and every workload declares a run time, so that placement ranks nodes by when their pods
 * end (temporal placement): running pod {@code i} is expected to run 1 h + (i x 7,919 s mod 47 h),
 * which gives every running pod its own end, and so every node its own latest end; pending gang
 * {@code g} 1 h + (g x 3,571 s mod 8 h). The cost at scale that backfill adds.
 *
 * @param nodes        nodes of 8 GPUs
 * @param runningPods  pods admitted and placed
 * @param pendingGangs gangs submitted, waiting for the first cycle
 * @param backfill     reservations and backfill on, with expected run times
 */
public record KaiSnapshot(int nodes, int runningPods, int pendingGangs, boolean backfill) {

    public static final int LEAF_QUEUES = 8;
    public static final int GPUS_PER_NODE = 8;
    static final String GPU = NodeSpec.GPU;
    private static final int PRIORITY = 50;
    private static final Map<String, String> DEFAULT_FLAVORS = Map.of("cpu", "default", "memory", "default", GPU, "default");

    /** The issue's snapshot: 4,000 nodes x 8 GPUs, 140,000 running pods, 5,000 pending gangs (KAI's issue #315). */
    public static final KaiSnapshot ISSUE_315 = new KaiSnapshot(4_000, 140_000, 5_000);

    public KaiSnapshot {
        if (nodes < 1 || runningPods < 0 || pendingGangs < 0) {
            throw new IllegalArgumentException("nodes must be positive, pods and gangs not negative");
        }
    }

    /** Without backfill: KAI's own admission and placement. */
    public KaiSnapshot(int nodes, int runningPods, int pendingGangs) {
        this(nodes, runningPods, pendingGangs, false);
    }

    /** This snapshot with the same running pods per node on {@code n} nodes. */
    public KaiSnapshot withNodes(int n) {
        return new KaiSnapshot(n, (int) ((long) runningPods * n / nodes), pendingGangs, backfill);
    }

    public KaiSnapshot withPendingGangs(int g) {
        return new KaiSnapshot(nodes, runningPods, g, backfill);
    }

    public KaiSnapshot withBackfill(boolean on) {
        return new KaiSnapshot(nodes, runningPods, pendingGangs, on);
    }

    private static final long HOUR_MILLIS = 3_600_000;

    /** The engine holding the snapshot, before its first cycle. */
    public Engine build() {
        List<NodeSpec> specs = new ArrayList<>(nodes);
        for (int n = 0; n < nodes; n++) {
            specs.add(node(n));
        }
        long gpus = (long) nodes * GPUS_PER_NODE;
        Map<String, Long> capacity = Map.of("cpu", 128_000L * nodes, "memory", 512L * 1024 * 1024 * 1024 * 1000 * nodes,
                GPU, 1000L * gpus);
        AdmissionSettings settings = backfill
                ? AdmissionSettings.DEFAULTS.withBackfill(new BackfillPolicy(true, 1)) : AdmissionSettings.DEFAULTS;
        Engine engine = new Engine(EngineSetup.kai(queues(gpus), capacity, settings).withNodes(specs, List.of()));
        restoreRunning(engine);
        submitPending(engine);
        return engine;
    }

    /** The key of the {@code i}-th running pod's workload; pod 0 holds a whole GPU on node 0. */
    public static ObjectKey runningKey(int i) {
        return new ObjectKey("default", "running-" + i);
    }

    /**
     * The running pod in the first slot of node {@code n}, which holds a whole GPU; null when the
     * node runs no pod.
     */
    public ObjectKey wholeGpuPodOn(int n) {
        int base = runningPods / nodes;
        int extra = runningPods % nodes;
        if (base == 0 && n >= extra) {
            return null;
        }
        // nodes before n hold base pods each, and the first `extra` of them one more
        return runningKey(n * base + Math.min(n, extra));
    }

    static String nodeName(int n) {
        return String.format("node-%05d", n);
    }

    static String queueName(int q) {
        return "team-" + q;
    }

    private static NodeSpec node(int n) {
        String name = nodeName(n);
        ResourceList allocatable = new ResourceList(Map.of("cpu", Quantity.ofUnits(128),
                "memory", Quantity.ofUnits(512L * 1024 * 1024 * 1024), GPU, Quantity.ofUnits(GPUS_PER_NODE)));
        return new NodeSpec(name, Map.of("kubernetes.io/hostname", name), List.of(), false, allocatable, 0, "H100");
    }

    private static List<KaiQueueSpec> queues(long gpus) {
        List<KaiQueueSpec> out = new ArrayList<>();
        out.add(new KaiQueueSpec("cluster", Optional.empty(), KaiQueueSpec.DEFAULT_PRIORITY, unlimited(Optional.empty())));
        for (int q = 0; q < LEAF_QUEUES; q++) {
            out.add(new KaiQueueSpec(queueName(q), Optional.of("cluster"), KaiQueueSpec.DEFAULT_PRIORITY,
                    unlimited(Optional.of(Quantity.ofUnits(gpus / LEAF_QUEUES)))));
        }
        return out;
    }

    private static List<KaiQueueSpec.Share> unlimited(Optional<Quantity> gpuQuota) {
        return List.of(new KaiQueueSpec.Share("cpu", Optional.empty(), Optional.empty(), 1000),
                new KaiQueueSpec.Share("memory", Optional.empty(), Optional.empty(), 1000),
                new KaiQueueSpec.Share(GPU, gpuQuota, Optional.empty(), 1000));
    }

    private void restoreRunning(Engine engine) {
        int i = 0;
        for (int n = 0; n < nodes; n++) {
            int onNode = runningPods / nodes + (n < runningPods % nodes ? 1 : 0);
            for (int slot = 0; slot < onNode; slot++, i++) {
                RunningPod pod = RunningPod.inSlot(slot, nodeName(n));
                ObjectKey key = runningKey(i);
                String queue = queueName(i % LEAF_QUEUES);
                if (backfill) {
                    expect(engine, key, HOUR_MILLIS + (i * 7_919_000L) % (47 * HOUR_MILLIS));
                }
                engine.restore(new Workload(key, queue, PRIORITY, 0, i, List.of(pod.podSet())), queue,
                        List.of(new PodSetAssignment("main", 1, DEFAULT_FLAVORS)), true, 0);
                engine.restorePlacement(key, List.of(pod.placement()));
            }
        }
    }

    /** A running pod by its slot on a node: 4 whole GPUs, 4 halves, then cpu only. */
    private record RunningPod(PodSet podSet, PodPlacement placement) {

        static RunningPod inSlot(int slot, String node) {
            if (slot < 4) {
                return new RunningPod(PodSet.of("main", 1, requests(4, 16, 1000)),
                        new PodPlacement("main", 0, node, List.of(slot), 0, ""));
            }
            if (slot < 8) {
                int device = 4 + (slot - 4) / 2;
                return new RunningPod(PodSet.of("main", 1, requests(2, 8, 500)).withHints(fraction(500)),
                        new PodPlacement("main", 0, node, List.of(device), 500, node + "-gpu" + device));
            }
            return new RunningPod(PodSet.of("main", 1, requests(1, 2, 0)), new PodPlacement("main", 0, node, List.of(), 0, ""));
        }
    }

    private void submitPending(Engine engine) {
        for (int g = 0; g < pendingGangs; g++) {
            String queue = queueName(g % LEAF_QUEUES);
            Workload wl = new Workload(new ObjectKey("default", "pending-" + g), queue, PRIORITY, 1, runningPods + g,
                    List.of(pendingPodSet(g)));
            if (backfill) {
                expect(engine, wl.key(), HOUR_MILLIS + (g * 3_571_000L) % (8 * HOUR_MILLIS));
            }
            engine.submit(wl, QueueRef.kaiQueue(queue));
        }
    }

    private static void expect(Engine engine, ObjectKey key, long millis) {
        engine.expectRuntime(key, new RuntimeHints(OptionalLong.of(millis), OptionalLong.empty()));
    }

    private static PodSet pendingPodSet(int g) {
        return switch (g % 5) {
            case 0 -> PodSet.of("main", 1, requests(4, 16, 500)).withHints(fraction(500));
            case 1 -> PodSet.of("main", 1, requests(4, 16, 1000));
            case 2 -> PodSet.of("main", 2, requests(4, 16, 1000));
            case 3 -> PodSet.of("main", 4, requests(4, 16, 2000));
            default -> PodSet.of("main", 8, requests(4, 16, 1000));
        };
    }

    private static ResourceList requests(int cpus, int gib, long gpuMilli) {
        Map<String, Quantity> r = new HashMap<>(Map.of("cpu", Quantity.ofUnits(cpus),
                "memory", Quantity.ofUnits(gib * 1024L * 1024 * 1024)));
        if (gpuMilli > 0) {
            r.put(GPU, Quantity.ofMilli(gpuMilli));
        }
        return new ResourceList(r);
    }

    private static PlacementHints fraction(long milli) {
        return new PlacementHints(Map.of(), List.of(), List.of(), milli, 0);
    }
}
