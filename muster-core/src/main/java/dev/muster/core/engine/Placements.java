package dev.muster.core.engine;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.ExpectedEnd;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.NodeClasses;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.placement.PodShape;
import dev.muster.core.placement.RecentWorkload;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nodes, and where the pods of admitted workloads sit on them. When nodes are known, a gang is
 * admitted only if all of its pods can be placed at once, and it is placed whole: admission and
 * placement are one decision, so an admitted gang is never left without a place.
 *
 * <p>With backfill on, every placement is given the gang's expected end ({@link ExpectedEnd},
 * worked out by {@link PodEnds}): pods go where they delay no node's drain, and each pod's end is
 * kept on its node for the placements that follow. That holds for every way pods are placed here:
 * at admission, after admission checks, when a new engine takes placements over, when a gang
 * grows, and in the trials that only ask (a preemption's, a reservation's), so that a trial puts
 * pods where the placement it stands for would. With backfill off no end is given (null) and
 * placement is what it always was.
 */
final class Placements {

    private final Map<String, NodeState> nodes = new TreeMap<>();
    /** The nodes in name order, as placement walks them: rebuilt when a node joins, changes or leaves, not per attempt. */
    private List<NodeState> nodeList = List.of();
    /** The same nodes in classes of nodes alike, so that placement weighs one per class; made again with the list. */
    private NodeClasses classes = new NodeClasses(List.of());
    private long largestGpuMemoryMiB;
    private final GangPlacer placer;
    /** The pods seen arriving, for a policy that learns the workload to keep room for; null otherwise. */
    private final RecentWorkload recent;
    private final Map<ObjectKey, List<NodeState.Allocation>> held = new HashMap<>();
    private final Map<ObjectKey, List<PodPlacement>> pods = new HashMap<>();
    private final PodGroups podGroups;
    /** Workloads whose pods another scheduler places (the cluster's default scheduler): admitted by quota alone. */
    private final java.util.Set<ObjectKey> placedElsewhere = new java.util.HashSet<>();
    private boolean active;
    /** Bumped whenever room appears (pods leave, a node joins): a gang that found no place can only find one after. */
    private long roomVersion;
    /**
     * Bumped whenever room appears or the nodes change in a way a placement's reason names (a node
     * drained or removed): a failed placement is only tried again after it.
     */
    private long nodesVersion;
    private final PlacementFailures failures = new PlacementFailures();
    /**
     * Names the state of the nodes and of the pods on them: a new name at every change, and the
     * name from before when {@link #unplace} takes back the last {@link #place} (the state is
     * then the one from before). Equal names, the same state: a reservation kept from an earlier
     * pass rests on it.
     */
    private long state;
    private long lastState;
    /** The last gang {@link #place} held, the state before it and the state it made. */
    private ObjectKey lastPlaced;
    private long beforeLastPlace;
    private long afterLastPlace;

    Placements(Collection<NodeSpec> nodeSpecs, Collection<ResourceFlavorSpec> flavorSpecs, PlacementPolicy policy) {
        nodeSpecs.forEach(n -> nodes.put(n.name(), new NodeState(n)));
        this.podGroups = new PodGroups(flavorSpecs);
        this.placer = new GangPlacer(policy);
        this.recent = policy.learnsWorkload() ? new RecentWorkload(policy.recentPods()) : null;
        this.active = !nodes.isEmpty();
        nodesChanged();
    }

    /** A workload arrived: its pods join the recent workload placement keeps room for. */
    void arrived(Workload wl) {
        if (recent != null) {
            changed(); // the workload placement keeps room for moves
            for (PodSet ps : wl.podSets()) {
                recent.arrived(PodShape.of(ps), ps.count());
            }
        }
    }

    /** The placer, expecting the recent workload when the policy learns it. */
    private GangPlacer placer() {
        if (recent != null) {
            placer.expect(recent.profile());
        }
        return placer;
    }

    /** Whether placement takes part in admission: when the cluster's nodes are known, even if there are none yet. */
    boolean active() {
        return active;
    }

    void activate() {
        active = true;
        changed();
    }

    /** The name of the state of the nodes and the pods on them (see {@link #state}). */
    long state() {
        return state;
    }

    /** The state before {@link #place} held {@code placed}'s pods, when that is the last change; else the state. */
    long stateBefore(ObjectKey placed) {
        return placed.equals(lastPlaced) && state == afterLastPlace ? beforeLastPlace : state;
    }

    private void changed() {
        state = ++lastState;
        lastPlaced = null;
    }

    void addNode(NodeSpec spec) {
        if (nodes.containsKey(spec.name())) {
            throw new IllegalArgumentException("node " + spec.name() + " already exists");
        }
        nodes.put(spec.name(), new NodeState(spec));
        nodesChanged();
        active = true;
        roomAppeared();
    }

    /** A node joined, changed or left: the list placement walks and what is known of all nodes is made again. */
    private void nodesChanged() {
        changed();
        nodeList = List.copyOf(nodes.values());
        classes = new NodeClasses(nodeList);
        largestGpuMemoryMiB = nodeList.stream().mapToLong(n -> n.spec().gpuMemoryMiB()).max().orElse(0);
    }

    /** The memory of the largest GPU device among the nodes, in MiB; 0 when no node says. */
    long largestGpuMemoryMiB() {
        return largestGpuMemoryMiB;
    }

    /** Room appeared on the nodes: waiting gangs may fit now. */
    private void roomAppeared() {
        changed();
        roomVersion++;
        nodesVersion++;
    }

    long roomVersion() {
        return roomVersion;
    }

    /** Moves whenever room appears or a node is drained or removed: what a failed placement's reason depends on. */
    long nodesVersion() {
        return nodesVersion;
    }

    /** Removes an empty node; a node that still holds pods is refused, as draining it is the adapter's job. */
    void removeNode(String name) {
        NodeState node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no node " + name);
        }
        for (List<PodPlacement> placed : pods.values()) {
            for (PodPlacement p : placed) {
                if (p.node().equals(name)) {
                    throw new IllegalStateException("node " + name + " still runs pods");
                }
            }
        }
        nodes.remove(name);
        nodesChanged();
        nodesVersion++; // no room appears, but reasons count the nodes
    }

    /**
     * The node's spec changed (its allocatable, as what other schedulers' pods take of it changes,
     * its labels, taints or cordon): the pods placed on it stay where they are, on the new spec.
     */
    void updateNode(NodeSpec spec) {
        NodeState old = nodes.get(spec.name());
        if (old == null) {
            throw new IllegalArgumentException("no node " + spec.name());
        }
        NodeState fresh = new NodeState(spec);
        if (old.draining()) {
            fresh.drain();
        }
        for (List<NodeState.Allocation> allocations : held.values()) {
            for (int i = 0; i < allocations.size(); i++) {
                NodeState.Allocation a = allocations.get(i);
                if (a.node() == old) {
                    NodeState.Allocation moved = new NodeState.Allocation(fresh, a.pod(), a.devices(), a.fraction(), a.end());
                    fresh.reapply(moved);
                    allocations.set(i, moved);
                }
            }
        }
        nodes.put(spec.name(), fresh);
        nodesChanged();
        roomAppeared();
    }

    boolean hasNode(String name) {
        return nodes.containsKey(name);
    }

    boolean placedElsewhere(ObjectKey key) {
        return placedElsewhere.contains(key);
    }

    void placeElsewhere(ObjectKey key) {
        placedElsewhere.add(key);
        changed();
    }

    void forget(ObjectKey key) {
        placedElsewhere.remove(key);
        changed();
    }

    /**
     * Holds the places the gang's pods already have (a controller restarted while they ran): each
     * pod takes exactly its recorded node, devices and share again, with the gang's expected
     * {@code end} (null: none). Pods whose node is unknown are skipped and returned, for the
     * caller to report.
     */
    String restore(Workload wl, Assignment a, List<PodPlacement> recorded, ExpectedEnd end) {
        if (placedElsewhere.contains(wl.key())) {
            return null;
        }
        Map<String, GangPlacer.PodGroup> groups = new LinkedHashMap<>();
        for (GangPlacer.PodGroup g : groups(wl, a)) {
            groups.put(g.podSet(), g);
        }
        List<NodeState.Allocation> allocations = new ArrayList<>();
        List<PodPlacement> placed = new ArrayList<>();
        Map<String, Integer> taken = new HashMap<>();
        for (PodPlacement p : recorded) {
            NodeState node = nodes.get(p.node());
            GangPlacer.PodGroup group = groups.get(p.podSet());
            if (node == null || group == null || taken.getOrDefault(p.podSet(), 0) >= group.count()) {
                continue; // its node left, or more pods run than were admitted: placed anew below if needed
            }
            NodeState.Allocation al = new NodeState.Allocation(node, group.shape(), p.gpuDevices(), p.gpuFraction(),
                    endMillis(end));
            node.reapply(al);
            allocations.add(al);
            placed.add(new PodPlacement(p.podSet(), taken.merge(p.podSet(), 1, Integer::sum) - 1, p.node(),
                    p.gpuDevices(), p.gpuFraction(), p.gpuGroup()));
        }
        // Pods that had no place yet (the controller stopped between admission and binding) get one now.
        List<GangPlacer.PodGroup> missing = new ArrayList<>();
        for (GangPlacer.PodGroup g : groups.values()) {
            int left = g.count() - taken.getOrDefault(g.podSet(), 0);
            if (left > 0) {
                missing.add(new GangPlacer.PodGroup(g.podSet(), left, g.shape()));
            }
        }
        String reason = null;
        if (!missing.isEmpty()) {
            GangPlacer.Result r = placer().place(classes, missing, end);
            if (r instanceof GangPlacer.Result.Placed p) {
                for (int k = 0; k < p.pods().size(); k++) {
                    PodPlacement pp = p.pods().get(k);
                    placed.add(new PodPlacement(pp.podSet(), taken.merge(pp.podSet(), 1, Integer::sum) - 1, pp.node(),
                            pp.gpuDevices(), pp.gpuFraction(), pp.gpuGroup()));
                    allocations.add(p.allocations().get(k));
                }
            } else {
                reason = ((GangPlacer.Result.Unplaceable) r).reason();
            }
        }
        held.put(wl.key(), allocations);
        pods.put(wl.key(), placed);
        changed();
        return reason;
    }

    void selectNodes(ObjectKey key, Map<String, Map<String, String>> selectorsByPodSet) {
        podGroups.selectNodes(key, selectorsByPodSet);
        changed();
    }

    /** The gang's pods as placement sees them: one group per pod set with pods in the assignment. */
    List<GangPlacer.PodGroup> groups(Workload wl, Assignment a) {
        return podGroups.of(wl, a);
    }

    /**
     * Places and holds the gang, by temporal placement when {@code end} is given (null: none);
     * returns null, or why it cannot be placed (nothing is held then).
     */
    String place(Workload wl, Assignment a, ExpectedEnd end) {
        if (placedElsewhere.contains(wl.key())) {
            return null;
        }
        List<GangPlacer.PodGroup> gang = groups(wl, a);
        // Whether a gang fits is taken to rest on the room, not on the order nodes are ranked in (by
        // score or by expected end): a failure stands until room appears, whatever end it is tried with.
        String known = failures.reason(gang, nodesVersion);
        if (known != null) {
            return known; // no room appeared since this gang last found none
        }
        GangPlacer.Result r = placer().place(classes, gang, end);
        if (r instanceof GangPlacer.Result.Placed p) {
            held.put(wl.key(), new ArrayList<>(p.allocations()));
            pods.put(wl.key(), new ArrayList<>(p.pods()));
            long before = state;
            changed();
            lastPlaced = wl.key();
            beforeLastPlace = before;
            afterLastPlace = state;
            return null;
        }
        String reason = ((GangPlacer.Result.Unplaceable) r).reason();
        failures.failed(gang, nodesVersion, reason);
        return reason;
    }

    /**
     * Whether the gang could be placed if {@code victims} were gone and each of {@code shrunk} kept
     * only the pods of its new assignment (its last pods leave, as {@link #resize} takes them),
     * placed as it would be with its expected {@code end} (null: none); nothing changes.
     */
    boolean placeableWithout(Workload wl, Assignment a, List<ObjectKey> victims, Map<ObjectKey, Assignment> shrunk,
            ExpectedEnd end) {
        if (placedElsewhere.contains(wl.key())) {
            return true;
        }
        List<NodeState.Allocation> released = new ArrayList<>();
        for (ObjectKey v : victims) {
            for (NodeState.Allocation al : held.getOrDefault(v, List.of())) {
                al.node().release(al);
                released.add(al);
            }
        }
        shrunk.forEach((key, to) -> {
            List<NodeState.Allocation> allocations = held.getOrDefault(key, List.of());
            List<PodPlacement> placed = pods.getOrDefault(key, List.of());
            for (int p = 0; p < placed.size(); p++) {
                PodPlacement pod = placed.get(p);
                if (pod.index() >= countOf(to, pod.podSet())) {
                    NodeState.Allocation al = allocations.get(p);
                    al.node().release(al);
                    released.add(al);
                }
            }
        });
        GangPlacer.Result r = placer().place(classes, groups(wl, a), end);
        if (r instanceof GangPlacer.Result.Placed p) {
            GangPlacer.release(p.allocations());
        }
        for (NodeState.Allocation al : released) {
            al.node().reapply(al);
        }
        return r instanceof GangPlacer.Result.Placed;
    }

    /** A gang a trial places: its workload, its assignment, and its expected end (null: none). */
    record TrialGang(Workload workload, Assignment assignment, ExpectedEnd end) {
    }

    /**
     * The nodes the gang would go to were {@code gone} gone and the gangs of {@code first} placed
     * before it (each where it fits; one that does not is left out), in name order; null if its
     * pods would not all fit. Each is placed with its expected end as of the trial's instant (the
     * pods of {@code gone} leave with theirs). Nothing changes. A reservation asks where its
     * workload would run.
     */
    List<String> nodesAt(TrialGang gang, List<ObjectKey> gone, List<TrialGang> first) {
        Workload wl = gang.workload();
        if (placedElsewhere.contains(wl.key())) {
            return List.of();
        }
        List<NodeState.Allocation> released = new ArrayList<>();
        for (ObjectKey v : gone) {
            for (NodeState.Allocation al : held.getOrDefault(v, List.of())) {
                al.node().release(al);
                released.add(al);
            }
        }
        List<List<NodeState.Allocation>> placedFirst = new ArrayList<>();
        try {
            for (TrialGang f : first) {
                if (placedElsewhere.contains(f.workload().key())) {
                    continue;
                }
                if (placer().place(classes, groups(f.workload(), f.assignment()), f.end())
                        instanceof GangPlacer.Result.Placed p) {
                    placedFirst.add(p.allocations());
                }
            }
            GangPlacer.Result r = placer().place(classes, groups(wl, gang.assignment()), gang.end());
            if (!(r instanceof GangPlacer.Result.Placed p)) {
                return null;
            }
            GangPlacer.release(p.allocations());
            return p.pods().stream().map(PodPlacement::node).distinct().sorted().toList();
        } finally {
            for (int i = placedFirst.size() - 1; i >= 0; i--) {
                GangPlacer.release(placedFirst.get(i));
            }
            for (int i = released.size() - 1; i >= 0; i--) {
                released.get(i).node().reapply(released.get(i));
            }
        }
    }

    /**
     * Takes back what {@link #place} held for a gang that is not admitted after all (a reservation
     * refused it): the nodes are as they were before, so no room "appeared" and no memo is dropped.
     */
    void unplace(ObjectKey key) {
        List<NodeState.Allocation> allocations = held.remove(key);
        if (allocations != null) {
            GangPlacer.release(allocations);
        }
        pods.remove(key);
        if (key.equals(lastPlaced) && state == afterLastPlace) {
            state = beforeLastPlace; // nothing else changed since: the state is the one from before the place
            lastPlaced = null;
        } else if (allocations != null) {
            changed();
        }
    }

    /**
     * Whether the pods could be placed if {@code extra} nodes joined the cluster (free as they are
     * now elsewhere); nothing changes. What an autoscaler asks before it adds nodes. Placed with no
     * expected end: the question is whether there is room, taken not to rest on the order nodes
     * are ranked in (as {@link #place} takes it); the pods come without their workload, and the
     * gang, once the nodes are there, is placed by {@link #place} with its end.
     */
    boolean placeableWith(List<GangPlacer.PodGroup> groups, List<NodeSpec> extra) {
        List<NodeState> all = new ArrayList<>(nodes.values());
        extra.forEach(n -> all.add(new NodeState(n)));
        GangPlacer.Result r = placer().place(all, groups);
        if (r instanceof GangPlacer.Result.Placed p) {
            GangPlacer.release(p.allocations());
            return true;
        }
        return false;
    }

    void drain(String name) {
        NodeState node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no node " + name);
        }
        node.drain();
        changed();
        nodesVersion++; // no room appears, but reasons name the draining node
    }

    java.util.Collection<NodeState> nodes() {
        return java.util.Collections.unmodifiableCollection(nodes.values());
    }

    List<PodPlacement> podsOf(ObjectKey key) {
        // Asked for every admission; without nodes nothing is placed, and a key's hash is not free.
        return pods.isEmpty() ? List.of() : pods.getOrDefault(key, List.of());
    }

    void release(ObjectKey key) {
        List<NodeState.Allocation> allocations = held.remove(key);
        if (allocations != null) {
            GangPlacer.release(allocations);
            roomAppeared();
        }
        pods.remove(key);
        podGroups.forget(key);
        changed();
    }

    private static int countOf(Assignment a, String podSet) {
        for (PodSetAssignment psa : a.podSets()) {
            if (psa.name().equals(podSet)) {
                return psa.count();
            }
        }
        return 0;
    }

    /**
     * Resizes a placed gang to {@code to}'s counts: pods beyond the new count of a pod set leave
     * their nodes (the last ones first); new pods are placed, with the gang's expected {@code end}
     * (null: none) as its other pods were. Returns false, with nothing changed, when the new pods
     * find no place.
     */
    boolean resize(AdmittedWorkload gang, Assignment to, ExpectedEnd end) {
        ObjectKey key = gang.workload().key();
        if (placedElsewhere.contains(key)) {
            return true;
        }
        List<NodeState.Allocation> allocations = held.getOrDefault(key, new ArrayList<>());
        List<PodPlacement> placed = pods.getOrDefault(key, new ArrayList<>());
        List<GangPlacer.PodGroup> more = new ArrayList<>();
        List<Integer> drop = new ArrayList<>();
        for (int i = 0; i < to.podSets().size(); i++) {
            PodSetAssignment target = to.podSets().get(i);
            int current = gang.assignment().podSets().get(i).count();
            if (target.count() > current) {
                more.add(new GangPlacer.PodGroup(target.name(), target.count() - current,
                        podGroups.shape(key, gang.workload().podSets().get(i), target)));
            }
            for (int p = 0; p < placed.size(); p++) {
                if (placed.get(p).podSet().equals(target.name()) && placed.get(p).index() >= target.count()) {
                    drop.add(p);
                }
            }
        }
        GangPlacer.Result extra = placer().place(classes, more, end);
        if (!(extra instanceof GangPlacer.Result.Placed p)) {
            return false;
        }
        for (int k = drop.size() - 1; k >= 0; k--) {
            int at = drop.get(k);
            NodeState.Allocation al = allocations.remove(at);
            al.node().release(al);
            placed.remove(at);
        }
        if (!drop.isEmpty()) {
            roomAppeared(); // pods beyond the new count left: a gang that found no place may find one now
        }
        Map<String, Integer> next = new HashMap<>();
        gang.assignment().podSets().forEach(ps -> next.put(ps.name(), ps.count()));
        for (int k = 0; k < p.pods().size(); k++) {
            PodPlacement pp = p.pods().get(k);
            int index = next.merge(pp.podSet(), 1, Integer::sum) - 1;
            placed.add(new PodPlacement(pp.podSet(), index, pp.node(), pp.gpuDevices(), pp.gpuFraction(), pp.gpuGroup()));
            allocations.add(p.allocations().get(k));
        }
        held.put(key, allocations);
        pods.put(key, placed);
        changed();
        return true;
    }

    /**
     * The gang's expected end changed (its declared run time did, while it holds quota): its pods
     * keep their places and take the new {@code end} (null: none), so that the placements that
     * follow rank their nodes by it. Nothing is freed, so no room appears; the state moves, as the
     * trials a kept reservation rests on would now rank the nodes otherwise.
     */
    void endChanged(ObjectKey key, ExpectedEnd end) {
        List<NodeState.Allocation> allocations = held.get(key);
        long to = endMillis(end);
        if (allocations == null || allocations.isEmpty() || allocations.get(0).end() == to) {
            return; // a gang's pods all carry the same end
        }
        for (int i = 0; i < allocations.size(); i++) {
            NodeState.Allocation a = allocations.get(i);
            NodeState.Allocation moved = new NodeState.Allocation(a.node(), a.pod(), a.devices(), a.fraction(), to);
            a.node().release(a);
            a.node().reapply(moved);
            allocations.set(i, moved);
        }
        changed();
    }

    /** The end a pod keeps on its node: none ({@link NodeState#NO_END}) without temporal placement. */
    private static long endMillis(ExpectedEnd end) {
        return end == null ? NodeState.NO_END : end.endMillis();
    }
}
