package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PodShape;
import dev.muster.core.placement.RecentWorkload;
import dev.muster.core.placement.WorkloadProfile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One cluster (the openb GPU nodes) and the FGD paper's method: for a pod list, a policy and a seed,
 * build the arrival sequence ({@link Arrivals}), place the pods one at a time on an empty cluster
 * (pods never leave; a pod that fits nowhere fails and the next one comes), and record the GPU
 * allocation as the arrived workload grows to 130 % of GPU capacity ({@link AllocationCurve}).
 */
public final class PlacementExperiment {

    /** The workload is inflated to this multiple of the cluster's GPU capacity. */
    public static final double TUNE_RATIO = 1.3;

    /**
     * The outcome of one run.
     *
     * @param allocationAtFinal allocation % in the 130 % arrival bin, the published figure
     * @param wallNanos         time to build the cluster and place the pods (not to read or sample them)
     */
    public record Run(String list, Policy policy, long seed, int pods, int failed, double allocationAtFinal,
            AllocationCurve curve, long wallNanos) {
    }

    private final List<OpenbNode> nodes;
    private final List<String> models;
    private final long capacityMilli;

    public PlacementExperiment(List<OpenbNode> nodes) {
        this.nodes = nodes.stream().sorted(Comparator.comparing(OpenbNode::name)).toList();
        this.models = this.nodes.stream().map(OpenbNode::model).distinct().sorted().toList();
        this.capacityMilli = 1000L * this.nodes.stream().mapToLong(OpenbNode::gpus).sum();
    }

    public long capacityMilli() {
        return capacityMilli;
    }

    public int nodeCount() {
        return nodes.size();
    }

    /** The random streams of one seed: the arrival sequence, the nodes' tie-break ranks, the policy's own draws. */
    record Streams(SplittableRandom arrivals, SplittableRandom ranks, SplittableRandom policy) {
        static Streams of(long seed) {
            SplittableRandom root = new SplittableRandom(seed);
            return new Streams(root.split(), root.split(), root.split());
        }
    }

    public Run run(String list, List<OpenbPod> pods, Policy policy, long seed) {
        Streams streams = Streams.of(seed);
        List<OpenbPod> arrivals = Arrivals.of(pods, capacityMilli, TUNE_RATIO, streams.arrivals());
        int[] ranks = ranks(nodes.size(), streams.ranks());
        AllocationCurve curve = new AllocationCurve(capacityMilli, PublishedResults.FINAL_ARRIVAL);
        long wall = policy.isBaseline()
                ? placeWithBaseline(policy, pods, arrivals, ranks, streams.policy(), curve)
                : placeWithMuster(policy, pods, arrivals, ranks, curve);
        return new Run(list, policy, seed, arrivals.size(), curve.failed(), curve.at(PublishedResults.FINAL_ARRIVAL),
                curve, wall);
    }

    /** Places the arrivals with a baseline scorer; returns the nanoseconds it took (the pods prepared beforehand). */
    private long placeWithBaseline(Policy policy, List<OpenbPod> pods, List<OpenbPod> arrivals, int[] ranks,
            SplittableRandom random, AllocationCurve curve) {
        List<SimPod> simPods = simPods(arrivals);
        BaselinePolicy scorer = baseline(policy, pods, simPods);
        long start = System.nanoTime();
        BaselineScheduler scheduler = new BaselineScheduler(simNodes(ranks), scorer, random);
        for (SimPod p : simPods) {
            curve.arrived(p.totalGpuMilli(), scheduler.place(p) != null);
        }
        return System.nanoTime() - start;
    }

    /** Places the arrivals with Muster's policy; returns the nanoseconds it took (the pods prepared beforehand). */
    private long placeWithMuster(Policy policy, List<OpenbPod> pods, List<OpenbPod> arrivals, int[] ranks,
            AllocationCurve curve) {
        List<PodShape> shapes = musterShapes(arrivals);
        PlacementPolicy placement = policy.muster().orElseThrow();
        if (policy.usesWorkload()) {
            placement = placement.withWorkload(workloadProfile(pods));
        }
        long start = System.nanoTime();
        MusterScheduler scheduler = new MusterScheduler(nodes, ranks, placement);
        RecentWorkload recent = placement.learnsWorkload() ? new RecentWorkload(placement.recentPods()) : null;
        for (int i = 0; i < arrivals.size(); i++) {
            if (recent != null) { // as the engine learns it: each pod is seen as it arrives, before it is placed
                recent.arrived(shapes.get(i), 1);
                scheduler.expect(recent.profile());
            }
            curve.arrived(arrivals.get(i).totalGpuMilli(), scheduler.place(shapes.get(i)) != null);
        }
        return System.nanoTime() - start;
    }

    /** A random permutation: node i (by name) gets rank perm[i], as the simulator prefixes node names. */
    static int[] ranks(int n, SplittableRandom random) {
        List<Integer> perm = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            perm.add(i);
        }
        Arrivals.shuffle(perm, random);
        return perm.stream().mapToInt(Integer::intValue).toArray();
    }

    List<SimNode> simNodes(int[] ranks) {
        List<SimNode> out = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            OpenbNode n = nodes.get(i);
            out.add(new SimNode(i, n.name(), ranks[i], models.indexOf(n.model()), n.cpuMilli(), n.memoryMib(), n.gpus()));
        }
        return out;
    }

    /** The pods as the baselines see them; pods of one (cpu, GPU count, GPU milli) share a shape index. */
    List<SimPod> simPods(List<OpenbPod> arrivals) {
        Map<List<Long>, Integer> shapes = new HashMap<>();
        Map<List<String>, boolean[]> allowed = new HashMap<>();
        List<SimPod> out = new ArrayList<>(arrivals.size());
        for (OpenbPod p : arrivals) {
            int shape = shapes.computeIfAbsent(List.of(p.cpuMilli(), (long) p.numGpu(), p.gpuMilli()), k -> shapes.size());
            boolean[] models = allowed.computeIfAbsent(p.gpuSpec(), this::allowedModels);
            out.add(new SimPod(p, p.cpuMilli(), p.memoryMib(), p.numGpu(), p.gpuMilli(), models, shape));
        }
        return out;
    }

    private boolean[] allowedModels(List<String> spec) {
        boolean[] out = new boolean[models.size()];
        for (int m = 0; m < out.length; m++) {
            out[m] = spec.isEmpty() || spec.contains(models.get(m));
        }
        return out;
    }

    private BaselinePolicy baseline(Policy policy, List<OpenbPod> originalPods, List<SimPod> simPods) {
        return switch (policy) {
            case RANDOM -> new RandomPolicy();
            case DOT_PROD -> new DotProductPolicy();
            case GPU_CLUSTERING -> new GpuClusteringPolicy();
            case GPU_PACKING -> new GpuPackingPolicy();
            case BEST_FIT -> new BestFitPolicy();
            case FGD -> new FgdPolicy(TypicalPods.of(originalPods), models, nodes.size(),
                    simPods.stream().mapToInt(SimPod::shape).max().orElse(-1) + 1);
            default -> throw new IllegalArgumentException(policy + " is not a baseline");
        };
    }

    /** The share of pods the workload profile covers with its most frequent shapes, as FGD's typical pods do. */
    static final double PROFILE_COVERAGE = 0.95;

    /**
     * Muster's workload profile of a pod list: its pods' shapes (requests with memory, GPU, GPU
     * models), the most frequent covering 95 % of the pods, from the original list as FGD's typical pods are.
     */
    static WorkloadProfile workloadProfile(List<OpenbPod> pods) {
        return WorkloadProfile.ofPods(musterShapes(pods), PROFILE_COVERAGE);
    }

    /** Muster's pod shapes, one object per distinct pod so that the runs do not allocate them. */
    static List<PodShape> musterShapes(List<OpenbPod> arrivals) {
        Map<List<Object>, PodShape> distinct = new HashMap<>();
        List<PodShape> out = new ArrayList<>(arrivals.size());
        for (OpenbPod p : arrivals) {
            out.add(distinct.computeIfAbsent(List.of(p.cpuMilli(), p.memoryMib(), p.numGpu(), p.gpuMilli(), p.gpuSpec()),
                    k -> MusterScheduler.podShape(p)));
        }
        return out;
    }
}
