package dev.muster.core.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Places a gang's pods on nodes all at once or not at all: pod by pod, each on the best-scoring
 * node that admits it and has room; if one pod finds no node, everything placed for the gang is
 * given back and the gang is unplaceable, with the reason.
 */
public final class GangPlacer {

    /** Pods of one pod set, all alike. */
    public record PodGroup(String podSet, int count, PodShape shape) {
    }

    /** The outcome of placing a gang. */
    public sealed interface Result {
        /** @param allocations what the gang holds on its nodes, to give back when it ends */
        record Placed(List<PodPlacement> pods, List<NodeState.Allocation> allocations) implements Result {
        }

        record Unplaceable(String reason) implements Result {
        }
    }

    /**
     * The most pods of one gang placed on nodes: 150,000, the pods a Kubernetes cluster is built to
     * hold ("No more than 150,000 total pods", kubernetes.io, Considerations for large clusters). A
     * gang is placed pod by pod, each placement a record, so a Job of two billion pods on a node
     * that claims room for them would otherwise run out of memory rather than wait with a reason.
     */
    public static final int MAX_PODS_PER_GANG = 150_000;

    /** Shapes remembered by {@link #admission}; beyond this many the memo starts over. */
    private static final int MAX_ADMISSION_MEMOS = 4_096;

    private final NodeScorer scorer;
    /**
     * Per pod shape with a node selector or affinity, compared by value (each placement builds its
     * shapes anew): which nodes admit it. A node whose spec changed is a new {@link NodeState}, so
     * {@link Admission#admits} asks it again.
     */
    private final Map<PodShape, Admission> admissions = new HashMap<>();

    public GangPlacer(PlacementPolicy policy) {
        this.scorer = new NodeScorer(policy);
    }

    /**
     * The workload to keep room for from now on, for a fragmentation-aware policy: the engine's
     * recent pods ({@link RecentWorkload}). Nothing changes when it is the profile already expected.
     */
    public void expect(WorkloadProfile workload) {
        scorer.expect(workload);
    }

    /**
     * Which of {@code nodes} (by position, checked by identity) admit a pod shape by their spec;
     * whether a node is draining is asked each time, as it changes without a new node.
     */
    private record Admission(NodeState[] nodes, boolean[] admitted) {

        boolean admits(int i, NodeState n, PodShape pod) {
            return i < nodes.length && nodes[i] == n ? admitted[i] && !n.draining() : n.admits(pod);
        }
    }

    /**
     * The nodes that admit a pod with label constraints, matched once per shape rather than for
     * every placement: matching selectors against every node's labels was a fifth of the time of a
     * placement loop over a thousand nodes. Null for pods without constraints, which are cheap to check.
     */
    private Admission admission(List<NodeState> nodes, PodShape pod) {
        if (pod.nodeSelector().isEmpty() && pod.requiredAffinity().isEmpty()) {
            return null;
        }
        Admission a = admissions.get(pod);
        if (a == null || a.nodes().length != nodes.size() || !nodes.isEmpty() && a.nodes()[0] != nodes.get(0)) {
            if (admissions.size() >= MAX_ADMISSION_MEMOS) {
                admissions.clear();
            }
            NodeState[] at = nodes.toArray(NodeState[]::new);
            boolean[] admitted = new boolean[at.length];
            for (int i = 0; i < at.length; i++) {
                admitted[i] = at[i].admitsBySpec(pod);
            }
            a = new Admission(at, admitted);
            admissions.put(pod, a);
        }
        return a;
    }

    public Result place(List<NodeState> nodes, List<PodGroup> gang) {
        return place(nodes, gang, shape -> best(nodes, shape), null);
    }

    /**
     * {@link #place(List, List)} over the nodes of {@code classes}, weighing one node per class: the
     * same nodes are chosen, as every node of a class scores the same and the first by name wins ties.
     */
    public Result place(NodeClasses classes, List<PodGroup> gang) {
        return place(classes, gang, null);
    }

    /**
     * {@link #place(NodeClasses, List)} by temporal placement when {@code end} is given: among the
     * nodes that admit a pod and have room, first by their drains ({@link ExpectedEnd#compareDrains}),
     * then by score. The pods' ends are kept on their nodes for the placements that follow (until
     * their allocations are released). Null {@code end}: as without it, and the nodes keep no end.
     */
    public Result place(NodeClasses classes, List<PodGroup> gang, ExpectedEnd end) {
        return place(classes.nodes(), gang, shape -> best(classes, shape, end), end);
    }

    private Result place(List<NodeState> nodes, List<PodGroup> gang, java.util.function.Function<PodShape, NodeState> best,
            ExpectedEnd end) {
        long endMillis = end == null ? NodeState.NO_END : end.endMillis();
        long pods = 0;
        for (PodGroup group : gang) {
            pods += group.count();
        }
        if (pods > MAX_PODS_PER_GANG) {
            return new Result.Unplaceable("it has " + pods + " pods; at most " + MAX_PODS_PER_GANG + " pods of one workload"
                    + " are placed on nodes, the most a Kubernetes cluster is built to hold");
        }
        List<PodPlacement> placed = new ArrayList<>();
        List<NodeState.Allocation> allocations = new ArrayList<>();
        for (PodGroup group : gang) {
            for (int i = 0; i < group.count(); i++) {
                NodeState chosen = best.apply(group.shape());
                if (chosen == null) {
                    // explained before the gang's pods are given back: a node they filled is full now
                    String why = whyNot(nodes, group, i);
                    release(allocations);
                    return new Result.Unplaceable(why);
                }
                NodeState.Allocation a = chosen.allocate(group.shape(), scorer.deviceChooser(), endMillis);
                allocations.add(a);
                placed.add(new PodPlacement(group.podSet(), i, chosen.name(), a.devices(), a.fraction(),
                        a.fraction() > 0 ? chosen.gpuGroup(a.devices().get(0)) : ""));
            }
        }
        return new Result.Placed(placed, allocations);
    }

    /**
     * The device chooser for pods placed on the node {@link #best} picked: the policy's, sharing this
     * placer's memos when it is fragmentation-aware.
     */
    public DeviceChooser deviceChooser() {
        return scorer.deviceChooser();
    }

    /**
     * The best node for one pod, or null when none admits it and has room. Equal scores go to the
     * better {@link NodeScorer#tieBreak} (worked out only for them), then to the first by name.
     */
    public NodeState best(List<NodeState> nodes, PodShape pod) {
        Choice choice = new Choice(pod, null);
        Admission admission = admission(nodes, pod);
        int i = 0;
        for (NodeState n : nodes) {
            boolean admits = admission != null ? admission.admits(i, n, pod) : n.admits(pod);
            i++;
            if (admits) {
                choice.offer(n);
            }
        }
        return choice.best;
    }

    /** {@link #best(List, PodShape)} weighing the first node of each class of {@code classes}. */
    public NodeState best(NodeClasses classes, PodShape pod) {
        return best(classes, pod, null);
    }

    /** As above, with an expected end: the node of each class it would rank first ({@link NodeClasses.NodeClass#first(ExpectedEnd)}). */
    private NodeState best(NodeClasses classes, PodShape pod, ExpectedEnd end) {
        Choice choice = new Choice(pod, end);
        classes.expect(scorer.expected());
        for (NodeClasses.NodeClass c : classes.forPod(pod)) {
            NodeState n = c.first(end);
            if (!n.draining() && classes.admits(c, pod)) {
                choice.offer(n);
            }
        }
        return choice.best;
    }

    /** The pod shape placed last, by identity (a gang's pods of one set share it), and its requests as arrays. */
    private PodShape lastShape;
    private PodNeed lastNeed;

    private PodNeed need(PodShape pod) {
        if (pod != lastShape) {
            lastNeed = PodNeed.of(pod);
            lastShape = pod;
        }
        return lastNeed;
    }

    /**
     * The best node so far for one pod among those offered: the highest score; equal scores go to
     * the better {@link NodeScorer#tieBreak} (worked out only for them), then to the first by name.
     * With an expected end, the better drain ({@link ExpectedEnd#compareDrains}) comes before all
     * of these. The outcome does not depend on the order nodes are offered in.
     */
    private final class Choice {
        private final PodShape pod;
        private final PodNeed need;
        /** Null: no temporal placement. */
        private final ExpectedEnd end;
        NodeState best;
        /** The drain of {@link #best} as {@link #end} sees it (with an end only). */
        private long bestDrain;
        private double bestScore;
        private double bestTie = Double.NaN;

        Choice(PodShape pod, ExpectedEnd end) {
            this.pod = pod;
            this.need = need(pod);
            this.end = end;
        }

        /** Weighs a node that admits the pod, if the pod fits there now. */
        void offer(NodeState n) {
            if (!n.fits(pod, need) || end != null && decidedByDrain(n)) {
                return;
            }
            double s = scorer.score(n, pod, need);
            if (best == null || s > bestScore) {
                best = n;
                bestScore = s;
                bestTie = Double.NaN;
            } else if (s == bestScore) {
                if (Double.isNaN(bestTie)) {
                    bestTie = scorer.tieBreak(best, pod, need);
                }
                double t = scorer.tieBreak(n, pod, need);
                if (t > bestTie || t == bestTie && n.name().compareTo(best.name()) < 0) {
                    best = n;
                    bestTie = t;
                }
            }
        }

        /**
         * With an expected end: whether the node's drain alone decides, a worse one dropped, a better
         * one taken (the first offered too). An equal drain leaves it to the score. Kept out of
         * {@link #offer}, which every node of every placement goes through, so that placement without
         * ends (backfill off) runs the small method it ran before: with this inside, openb through
         * {@code muster simulate} took about 0.15 s longer (medians of 10 runs alternating with the
         * jar before temporal placement, docs/performance.md).
         */
        private boolean decidedByDrain(NodeState n) {
            long drain = end.drain(n);
            int c = best == null ? -1 : end.compareDrains(drain, bestDrain);
            if (c < 0) {
                best = n;
                bestDrain = drain;
                bestScore = scorer.score(n, pod, need);
                bestTie = Double.NaN;
            }
            return c != 0;
        }
    }

    public static void release(List<NodeState.Allocation> allocations) {
        for (int i = allocations.size() - 1; i >= 0; i--) {
            NodeState.Allocation a = allocations.get(i);
            a.node().release(a);
        }
    }

    /** Why no node takes the pod: the nodes that refuse it outright, by reason, and that there is no room left. */
    private static String whyNot(List<NodeState> nodes, PodGroup group, int placedOfGroup) {
        if (nodes.isEmpty()) {
            return "there are no nodes";
        }
        Map<String, Integer> refusals = new LinkedHashMap<>();
        int noRoom = 0;
        int full = 0;
        for (NodeState n : nodes) {
            String r = n.refusal(group.shape());
            if (r != null) {
                refusals.merge(r, 1, Integer::sum);
            } else if (n.atPodLimit()) {
                full++;
            } else {
                noRoom++;
            }
        }
        StringBuilder sb = new StringBuilder("no node can take pod ").append(placedOfGroup + 1).append(" of ")
                .append(group.count()).append(" of pod set \"").append(group.podSet()).append("\"");
        List<String> parts = new ArrayList<>();
        if (noRoom > 0) {
            parts.add(noRoom + " node" + (noRoom == 1 ? " has" : "s have") + " too little free " + describe(group.shape()));
        }
        if (full > 0) {
            parts.add(full + " node" + (full == 1 ? " has" : "s have") + " too many pods");
        }
        refusals.forEach((reason, count) -> parts.add(count + " node" + (count == 1 ? ": " : "s: ") + reason));
        return sb.append(" (").append(String.join("; ", parts)).append(")").toString();
    }

    private static String describe(PodShape shape) {
        String gpu = switch (shape.gpu()) {
            case GpuRequest.Whole w -> w.devices() + " whole GPU" + (w.devices() == 1 ? "" : "s");
            case GpuRequest.Fraction f -> "GPU (" + f.milli() / 1000.0 + " of one device)";
            case GpuRequest.Memory m -> "GPU memory (" + m.mib() + "MiB on one device)";
            case GpuRequest.None n -> "";
        };
        String rest = shape.requests().toString();
        return gpu.isEmpty() ? "room for " + rest : "room for " + rest + (rest.isEmpty() ? "" : " and ") + gpu;
    }
}
