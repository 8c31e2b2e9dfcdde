package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The nodes grouped into classes of nodes a pod cannot tell apart: the same resources, devices,
 * taints and labels that pods ask about, and the same free resources and devices now. Every node
 * of a class admits, fits and scores the same for any pod, so placement weighs one node per class,
 * the first by name, which is the one it would have picked among them. A large cluster holds
 * thousands of nodes in a few dozen states (empty, full, one pod of a kind short); weighing
 * each of them for every pod was most of the cost of a KAI cycle on 4,000 nodes
 * (docs/performance.md, "The engine at scale").
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
        private final TreeSet<NodeState> members = new TreeSet<>(BY_NAME);
        private NodeState first;

        NodeClass(int specGroup, NodeState like) {
            this.specGroup = specGroup;
            this.wholeFree = like.wholeFreeDevices();
            long largest = 0;
            for (int d = 0; d < like.devices(); d++) {
                largest = Math.max(largest, like.deviceFree(d));
            }
            this.largestFree = largest;
        }

        /** The node placement weighs for the class: the first by name, as a scan in name order finds first. */
        NodeState first() {
            return first;
        }

        void add(NodeState n) {
            members.add(n);
            first = members.first();
        }

        /** Takes the node out; true when the class is left empty. */
        boolean remove(NodeState n) {
            members.remove(n);
            first = members.isEmpty() ? null : members.first();
            return first == null;
        }
    }

    private static final Comparator<NodeState> BY_NAME = Comparator.comparing(NodeState::name);

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
    private final Set<String> labelKeys = new HashSet<>();
    private final Map<SpecKey, Integer> specGroups = new HashMap<>();
    /** Per node (by identity): its spec group, which changes only when the classes are made again. */
    private final Map<NodeState, Integer> groupOf = new IdentityHashMap<>();
    private final Map<StateKey, NodeClass> classes = new HashMap<>();
    /**
     * The classes by what their devices have free, so that a pod asking for GPUs is only weighed
     * against classes where it can fit: by devices wholly free, and by the largest free share of a
     * device. On a cluster nearly full, that leaves out most nodes for most pods.
     */
    private final List<Set<NodeClass>> byWholeFree = new ArrayList<>();
    private final java.util.NavigableMap<Long, Set<NodeClass>> byLargestFree = new TreeMap<>();
    /** Per node (by identity): its class and the key it was filed under. */
    private final Map<NodeState, StateKey> filedUnder = new IdentityHashMap<>();
    private final ArrayDeque<NodeState> changed = new ArrayDeque<>();
    /** Per pod shape: which spec groups admit it; made again with the groups. */
    private final Map<PodShape, boolean[]> admission = new HashMap<>();

    /** @param nodes the cluster's nodes in name order; the classes watch their changes from now on */
    public NodeClasses(List<NodeState> nodes) {
        this.nodes = List.copyOf(nodes);
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

    private static Iterable<NodeClass> flatten(Collection<Set<NodeClass>> sets) {
        return () -> sets.stream().flatMap(Set::stream).iterator();
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

    private boolean[] admission(PodShape pod) {
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
        groupOf.clear();
        classes.clear();
        byWholeFree.clear();
        byLargestFree.clear();
        filedUnder.clear();
        admission.clear();
        lastPod = null;
        changed.clear();
        for (NodeState n : nodes) {
            n.watchedBy(this);
            file(n);
        }
    }

    private void file(NodeState n) {
        StateKey was = filedUnder.get(n);
        StateKey now = stateKey(n);
        if (now.equals(was)) {
            return;
        }
        if (was != null) {
            NodeClass old = classes.get(was);
            if (old.remove(n)) {
                classes.remove(was);
                byWholeFree.get(old.wholeFree).remove(old);
                Set<NodeClass> alike = byLargestFree.get(old.largestFree);
                alike.remove(old);
                if (alike.isEmpty()) {
                    byLargestFree.remove(old.largestFree);
                }
            }
        }
        NodeClass c = classes.get(now);
        if (c == null) {
            c = new NodeClass((int) now.values()[0], n);
            classes.put(now, c);
            while (byWholeFree.size() <= c.wholeFree) {
                byWholeFree.add(new LinkedHashSet<>());
            }
            byWholeFree.get(c.wholeFree).add(c);
            byLargestFree.computeIfAbsent(c.largestFree, k -> new LinkedHashSet<>()).add(c);
        }
        c.add(n);
        filedUnder.put(n, now);
    }

    private StateKey stateKey(NodeState n) {
        return new StateKey(n.stateValues(groupOf.computeIfAbsent(n, this::specGroup)));
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
