package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;

/**
 * The nodes grouped into classes of nodes a pod cannot tell apart: the same resources, devices,
 * taints and labels that pods ask about, and the same free resources and devices now. Every node
 * of a class admits, fits and scores the same for any pod, so placement weighs one node per class,
 * the first by name, which is the one it would have picked among them. A large cluster holds
 * thousands of nodes in a few dozen states (empty, full, one pod of a kind short); weighing
 * each of them for every pod was most of the cost of a KAI cycle on 4,000 nodes
 * (docs/performance.md, "The engine at scale").
 *
 * <p>Temporal placement ({@link ExpectedEnd}, with backfill on) also ranks nodes by when their pods
 * are expected to end, which nodes alike in state need not share: the end does not split classes
 * (a cluster of thousands of nodes would fall into about as many classes, each pod's placement
 * weighing them all), but each class files its members by their latest end, and offers for a pod
 * the member it would rank first ({@link NodeClass#first(ExpectedEnd)}), found in the order of
 * ends. Without ends (backfill off) no class files any, and the classes are what they always were.
 *
 * <p>A node's class follows its state: a node that changes marks itself, and is filed again the
 * next time placement asks. Labels only split classes when some pod or expected workload refers
 * to them (a node selector or a required affinity term): every Kubernetes node carries a unique
 * {@code kubernetes.io/hostname} that no pod asks about. When a pod refers to a label key not
 * seen before, the classes are made again. Not thread-safe, like the nodes.
 */
public final class NodeClasses {

    /** Nodes no pod can tell apart, in name order; placement weighs the first. */
    static final class NodeClass {
        final int specGroup;
        /** Devices wholly free on each member, and the most any one device has free (thousandths). */
        final int wholeFree;
        final long largestFree;
        /**
         * The members by their place in name order: a node changes class at every allocation, and
         * setting a bit is cheaper than keeping a sorted set of thousands of nodes by name.
         */
        private final BitSet members = new BitSet();
        private final NodeState[] byRank;
        private int firstRank = -1;

        NodeClass(int specGroup, NodeState like, NodeState[] byRank) {
            this.specGroup = specGroup;
            this.byRank = byRank;
            this.wholeFree = like.wholeFreeDevices();
            long largest = 0;
            for (int d = 0; d < like.devices(); d++) {
                largest = Math.max(largest, like.deviceFree(d));
            }
            this.largestFree = largest;
        }

        /**
         * The members by their latest expected end ({@link NodeState#latestEnd}; those without one
         * under {@link NodeState#NO_END}); null while no member has an end, as without temporal placement.
         */
        private TreeMap<Long, BitSet> byEnd;

        /** The node placement weighs for the class: the first by name, as a scan in name order finds first. */
        NodeState first() {
            return firstRank < 0 ? null : byRank[firstRank];
        }

        /**
         * The node placement weighs for the class when placing a pod with this expected end (null:
         * none, {@link #first()}): the member {@link ExpectedEnd#compareDrains} ranks first, the
         * first by name among those it ranks alike. Every member scores the same otherwise, so a
         * scan of all nodes in name order would pick this one among them.
         */
        NodeState first(ExpectedEnd end) {
            if (end == null || byEnd == null) {
                return first(); // no member has an end: every one drains "now", a tie
            }
            long now = end.nowMillis();
            if (end.endMillis() <= now) {
                // every node outlasts the pod: the one draining soonest, "now" if any node is free then
                NodeState due = firstDrainingNow(now);
                return due != null ? due : firstOf(byEnd.higherEntry(now));
            }
            Map.Entry<Long, BitSet> outlasting = byEnd.ceilingEntry(end.endMillis());
            if (outlasting != null) {
                return firstOf(outlasting); // not delayed: the one draining soonest after the pod
            }
            Map.Entry<Long, BitSet> latest = byEnd.lastEntry(); // every member is delayed: the one delayed least
            return latest.getKey() > now ? firstOf(latest) : firstDrainingNow(now);
        }

        /** The first by name of the members whose pods are all due by {@code now} (or that have none); null if none is. */
        private NodeState firstDrainingNow(long now) {
            int best = -1;
            for (BitSet due : byEnd.headMap(now, true).values()) {
                int r = due.nextSetBit(0);
                if (best < 0 || r < best) {
                    best = r;
                }
            }
            return best < 0 ? null : byRank[best];
        }

        private NodeState firstOf(Map.Entry<Long, BitSet> alike) {
            return byRank[alike.getValue().nextSetBit(0)];
        }

        void add(int rank, long end) {
            members.set(rank);
            if (firstRank < 0 || rank < firstRank) {
                firstRank = rank;
            }
            fileEnd(rank, end);
        }

        /** Takes the node of this rank, filed with {@code end}, out; true when the class is left empty. */
        boolean remove(int rank, long end) {
            members.clear(rank);
            if (rank == firstRank) {
                firstRank = members.nextSetBit(rank + 1);
            }
            unfileEnd(rank, end);
            return firstRank < 0;
        }

        /** A member's latest end moved (its state did not: a pod's end was changed). */
        void moveEnd(int rank, long from, long to) {
            unfileEnd(rank, from);
            fileEnd(rank, to);
        }

        private void fileEnd(int rank, long end) {
            if (byEnd == null) {
                if (end == NodeState.NO_END) {
                    return;
                }
                byEnd = new TreeMap<>();
                BitSet without = (BitSet) members.clone(); // those filed so far had no end
                without.clear(rank);
                if (!without.isEmpty()) {
                    byEnd.put(NodeState.NO_END, without);
                }
            }
            byEnd.computeIfAbsent(end, e -> new BitSet()).set(rank);
        }

        private void unfileEnd(int rank, long end) {
            if (byEnd == null) {
                return;
            }
            BitSet alike = byEnd.get(end);
            alike.clear(rank);
            if (alike.isEmpty()) {
                byEnd.remove(end);
            }
        }
    }

    /** Where a node is filed: its place in name order, its spec group (-1 until known) and its class, under which key. */
    private static final class Filed {
        final int rank;
        int specGroup = -1;
        StateKey key;
        NodeClass nodeClass;
        /** Its latest expected end when filed, as its class files it. */
        long end = NodeState.NO_END;

        Filed(int rank) {
            this.rank = rank;
        }
    }

    /** A node's state as a pod sees it; nodes with resources they lack taken are each their own class. */
    private record StateKey(long[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof StateKey k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /** What of a node's spec a pod can tell: all of it but the name and the labels no pod asks about. */
    private record SpecKey(Map<String, String> labels, List<?> taints, boolean unschedulable, Object allocatable,
            long gpuMemoryMiB, String gpuModel) {
    }

    private final List<NodeState> nodes;
    /** The nodes in name order (a node's rank is its place here). */
    private final NodeState[] byRank;
    private final Set<String> labelKeys = new HashSet<>();
    private final Map<SpecKey, Integer> specGroups = new HashMap<>();
    private final Map<StateKey, NodeClass> classes = new HashMap<>();
    /**
     * The classes by what their devices have free, so that a pod asking for GPUs is only weighed
     * against classes where it can fit: by devices wholly free, and by the largest free share of a
     * device. On a cluster nearly full, that leaves out most nodes for most pods.
     */
    private final List<Set<NodeClass>> byWholeFree = new ArrayList<>();
    private final java.util.NavigableMap<Long, Set<NodeClass>> byLargestFree = new TreeMap<>();
    /** Per node (by identity): where it is filed; its spec group changes only when the classes are made again. */
    private final Map<NodeState, Filed> filed = new IdentityHashMap<>();
    private final ArrayDeque<NodeState> changed = new ArrayDeque<>();
    /** Per pod shape: which spec groups admit it; made again with the groups. */
    private final Map<PodShape, boolean[]> admission = new HashMap<>();

    /** @param nodes the cluster's nodes in name order; the classes watch their changes from now on */
    public NodeClasses(List<NodeState> nodes) {
        this.nodes = List.copyOf(nodes);
        this.byRank = this.nodes.toArray(NodeState[]::new);
        Arrays.sort(byRank, Comparator.comparing(NodeState::name));
        for (int i = 0; i < byRank.length; i++) {
            filed.put(byRank[i], new Filed(i));
        }
        regroup();
    }

    /** The nodes in name order. */
    public List<NodeState> nodes() {
        return nodes;
    }

    /** A node's free resources or devices changed, or it is being drained: file it again before the next placement. */
    void changed(NodeState node) {
        changed.add(node);
    }

    /**
     * The classes for placing {@code pod}: first made again if the pod refers to labels they did
     * not tell apart, and with the nodes that changed since filed again.
     */
    Iterable<NodeClass> forPod(PodShape pod) {
        refer(List.of(pod));
        refresh();
        return switch (pod.gpu()) {
            case GpuRequest.Whole w -> flatten(w.devices() < byWholeFree.size()
                    ? byWholeFree.subList(w.devices(), byWholeFree.size()) : List.of());
            case GpuRequest.Fraction f -> flatten(byLargestFree.tailMap(f.milli(), true).values());
            case GpuRequest.Memory m -> classes.values(); // the share it needs differs by node
            case GpuRequest.None n -> classes.values();
        };
    }

    /** The classes of the sets one after the other (placement asks for every pod: no stream). */
    private static Iterable<NodeClass> flatten(Collection<Set<NodeClass>> sets) {
        return () -> new Iterator<>() {
            private final Iterator<Set<NodeClass>> outer = sets.iterator();
            private Iterator<NodeClass> inner = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!inner.hasNext() && outer.hasNext()) {
                    inner = outer.next().iterator();
                }
                return inner.hasNext();
            }

            @Override
            public NodeClass next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.next();
            }
        };
    }

    private void refresh() {
        while (!changed.isEmpty()) {
            NodeState n = changed.poll();
            n.watchedBy(this);
            file(n);
        }
    }

    /** Whether nodes of the spec group admit the pod (selector, affinity, taints, cordon): asked once per group and shape. */
    boolean admits(NodeClass c, PodShape pod) {
        if (pod != lastPod) {
            lastByGroup = admission(pod);
            lastPod = pod;
        }
        return lastByGroup[c.specGroup];
    }

    /** The pod placement asked about last, by identity (a gang's pods of one set share theirs), and its {@link #admission}. */
    private PodShape lastPod;
    private boolean[] lastByGroup;

    /**
     * {@link #admission} of pods with no selector, affinity or toleration: only the taints and the
     * cordon of a spec group tell them apart, so one answer serves them all, with no lookup by shape.
     */
    private boolean[] plainAdmission;

    private boolean[] admission(PodShape pod) {
        boolean plain = pod.nodeSelector().isEmpty() && pod.requiredAffinity().isEmpty() && pod.tolerations().isEmpty();
        if (plain && plainAdmission != null) {
            return plainAdmission;
        }
        boolean[] byGroup = admission.get(pod);
        if (byGroup == null) {
            byGroup = new boolean[specGroups.size()];
            for (NodeClass k : classes.values()) {
                byGroup[k.specGroup] = k.first().admitsBySpec(pod);
            }
            if (admission.size() >= 4_096) {
                admission.clear();
            }
            admission.put(pod, byGroup);
        }
        if (plain) {
            plainAdmission = byGroup;
        }
        return byGroup;
    }

    private WorkloadProfile expected;

    /** Makes sure the label keys the pods of an expected workload refer to tell nodes apart (their scores read them). */
    void expect(WorkloadProfile workload) {
        if (workload != expected) {
            expected = workload;
            refer(workload.entries().stream().map(WorkloadProfile.Entry::shape).toList());
        }
    }

    /** Makes sure the label keys these pods (a new expected workload, say) refer to tell nodes apart. */
    void refer(Collection<PodShape> pods) {
        boolean added = false;
        for (PodShape pod : pods) {
            for (String key : pod.nodeSelector().keySet()) {
                added |= labelKeys.add(key);
            }
            for (LabelSelector term : pod.requiredAffinity()) {
                for (String key : term.matchLabels().keySet()) {
                    added |= labelKeys.add(key);
                }
                for (LabelSelector.Requirement r : term.matchExpressions()) {
                    added |= labelKeys.add(r.key());
                }
            }
        }
        if (added) {
            regroup();
        }
    }

    private void regroup() {
        specGroups.clear();
        classes.clear();
        byWholeFree.clear();
        byLargestFree.clear();
        filed.values().forEach(f -> {
            f.specGroup = -1;
            f.key = null;
            f.nodeClass = null;
            f.end = NodeState.NO_END;
        });
        admission.clear();
        plainAdmission = null;
        lastPod = null;
        changed.clear();
        for (NodeState n : nodes) {
            n.watchedBy(this);
            file(n);
        }
    }

    private void file(NodeState n) {
        Filed f = filed.get(n);
        if (f.specGroup < 0) {
            f.specGroup = specGroup(n);
        }
        StateKey now = new StateKey(n.stateValues(f.specGroup));
        long end = n.latestEnd();
        if (now.equals(f.key)) {
            if (end != f.end) {
                f.nodeClass.moveEnd(f.rank, f.end, end);
                f.end = end;
            }
            return;
        }
        NodeClass old = f.nodeClass;
        if (old != null && old.remove(f.rank, f.end)) {
            classes.remove(f.key);
            byWholeFree.get(old.wholeFree).remove(old);
            Set<NodeClass> alike = byLargestFree.get(old.largestFree);
            alike.remove(old);
            if (alike.isEmpty()) {
                byLargestFree.remove(old.largestFree);
            }
        }
        NodeClass c = classes.get(now);
        if (c == null) {
            c = new NodeClass(f.specGroup, n, byRank);
            classes.put(now, c);
            while (byWholeFree.size() <= c.wholeFree) {
                byWholeFree.add(new LinkedHashSet<>());
            }
            byWholeFree.get(c.wholeFree).add(c);
            byLargestFree.computeIfAbsent(c.largestFree, k -> new LinkedHashSet<>()).add(c);
        }
        c.add(f.rank, end);
        f.key = now;
        f.nodeClass = c;
        f.end = end;
    }

    private int specGroup(NodeState n) {
        NodeSpec spec = n.spec();
        Map<String, String> labels = new TreeMap<>();
        spec.labels().forEach((k, v) -> {
            if (labelKeys.contains(k)) {
                labels.put(k, v);
            }
        });
        return specGroups.computeIfAbsent(new SpecKey(labels, spec.taints(), spec.unschedulable(),
                spec.allocatable(), spec.gpuMemoryMiB(), spec.gpuModel()), k -> specGroups.size());
    }

    /** How many classes the nodes fall into now. */
    public int size() {
        refresh();
        return classes.size();
    }
}
