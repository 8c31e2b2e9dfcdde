package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A node with what is free on it: resources in milli-units and, per GPU device, the thousandths
 * still free and the group of pods sharing it. Allocations are reversible, so a gang can be tried
 * and undone.
 */
public final class NodeState {

    private final NodeSpec spec;
    /**
     * The node's resources other than GPUs, with what is allocatable and free of each, in arrays:
     * placement reads them for every node it weighs, for every pod.
     */
    private final String[] resources;
    /** Per {@link ResourceNames} number: the index of that resource in the arrays here, -1 if the node has none. */
    private final int[] indexById;
    private final long[] allocatable;
    private final long[] free;
    /** What pods took of resources the node does not have (allocated without {@link #fits}): free below 0. */
    private Map<Integer, Long> overdrawn;
    private final long[] deviceFree;
    private final int[] sharers;
    /**
     * How many pods the node takes (its allocatable {@code pods}), -1 when it does not say; and how
     * many it holds. Counted apart from the resources: a pod does not request "pods", kube-scheduler
     * counts it (NodeResourcesFit: "Too many pods").
     */
    private final long maxPods;
    private int pods;
    /** The sum of {@link #deviceFree}, and how many devices are wholly free. */
    private long gpuFree;
    private int wholeFree;
    /** Bumped by every change of free resources or devices: placement memos keyed on a node's state check it. */
    private int version;
    private boolean draining;
    /**
     * The expected ends of the pods placed with one ({@link ExpectedEnd}), as a multiset (end to
     * how many pods): temporal placement ranks a node by the last of them. Null until a pod comes
     * with an end, so that placement without ends (backfill off) keeps no map per node.
     */
    private java.util.TreeMap<Long, Integer> ends;
    /**
     * A fragmentation measure's view of this node, kept here rather than in a map the measure would
     * look up for every node of every placement; the view checks {@link #version} and its owner.
     */
    Object fragmentationView;
    /** The classes this node is filed in ({@link NodeClasses}), told when it changes; and whether they were told since. */
    private NodeClasses watcher;
    private boolean told;

    public NodeState(NodeSpec spec) {
        this.spec = spec;
        resources = spec.allocatable().amounts().keySet().stream()
                .filter(r -> !r.equals(NodeSpec.GPU)).toArray(String[]::new);
        allocatable = new long[resources.length];
        for (int i = 0; i < resources.length; i++) {
            allocatable[i] = spec.allocatable().get(resources[i]).milli();
        }
        free = allocatable.clone();
        int[] ids = new int[resources.length];
        int maxId = -1;
        for (int i = 0; i < resources.length; i++) {
            ids[i] = ResourceNames.id(resources[i]);
            maxId = Math.max(maxId, ids[i]);
        }
        indexById = new int[maxId + 1];
        java.util.Arrays.fill(indexById, -1);
        for (int i = 0; i < resources.length; i++) {
            indexById[ids[i]] = i;
        }
        deviceFree = new long[spec.gpuDevices()];
        java.util.Arrays.fill(deviceFree, 1000);
        gpuFree = 1000L * deviceFree.length;
        wholeFree = deviceFree.length;
        sharers = new int[deviceFree.length];
        Quantity podsAllocatable = spec.allocatable().amounts().get(PODS);
        maxPods = podsAllocatable == null ? -1 : podsAllocatable.milli() / 1000;
    }

    private static final String PODS = "pods";

    /** Free resources or devices changed, or the node is draining: placement memos and classes see it. */
    private void changed() {
        version++;
        if (watcher != null && !told) {
            told = true;
            watcher.changed(this);
        }
    }

    /** From now on {@code classes} are told when this node changes (once until they file it again). */
    void watchedBy(NodeClasses classes) {
        watcher = classes;
        told = false;
    }

    /**
     * The node's state as a pod sees it, after {@code specGroup} (what of its spec pods can tell):
     * draining, free resources, free thousandths per device, and what was taken of resources it lacks.
     */
    long[] stateValues(int specGroup) {
        int extra = (overdrawn == null ? 0 : 2 * overdrawn.size()) + (maxPods >= 0 ? 1 : 0);
        long[] v = new long[2 + free.length + deviceFree.length + extra];
        v[0] = specGroup;
        v[1] = draining ? 1 : 0;
        System.arraycopy(free, 0, v, 2, free.length);
        System.arraycopy(deviceFree, 0, v, 2 + free.length, deviceFree.length);
        int i = 2 + free.length + deviceFree.length;
        if (maxPods >= 0) {
            v[i++] = pods;
        }
        if (overdrawn != null) {
            for (Map.Entry<Integer, Long> e : new java.util.TreeMap<>(overdrawn).entrySet()) {
                v[i++] = e.getKey();
                v[i++] = e.getValue();
            }
        }
        return v;
    }

    public NodeSpec spec() {
        return spec;
    }

    /**
     * The node is about to leave the cluster (its capacity was revoked): no pod lands on it any
     * more, whatever it tolerates; the pods on it stay until they are stopped.
     */
    public void drain() {
        draining = true;
        changed();
    }

    public boolean draining() {
        return draining;
    }

    public String name() {
        return spec.name();
    }

    /** The taint kube-scheduler treats a cordoned node as having: tolerating it lets a pod in. */
    private static final Taint UNSCHEDULABLE = new Taint("node.kubernetes.io/unschedulable", "", "NoSchedule");

    private boolean cordonedFor(PodShape pod) {
        return spec.unschedulable() && !tolerated(pod, UNSCHEDULABLE);
    }

    /** Whether the pod may go to this node at all: schedulable, selector, affinity, taints. */
    public boolean admits(PodShape pod) {
        return refusal(pod, false) == null;
    }

    /** {@link #admits} by the node's spec alone, as if it were not draining: the same for nodes alike in spec. */
    boolean admitsBySpec(PodShape pod) {
        return specRefusal(pod, false) == null;
    }

    /** Why {@link #admits} is false, in words; null when it admits the pod. */
    public String refusal(PodShape pod) {
        return refusal(pod, true);
    }

    /** One set of rules for both questions; words are only built when asked for ({@code admits} is on the hot path). */
    private String refusal(PodShape pod, boolean explain) {
        if (draining) {
            return explain ? "being removed from the cluster" : REFUSED;
        }
        return specRefusal(pod, explain);
    }

    /** {@link #refusal(PodShape, boolean)} but for draining: what the spec says. */
    private String specRefusal(PodShape pod, boolean explain) {
        if (cordonedFor(pod)) {
            return explain ? "unschedulable (cordoned)" : REFUSED;
        }
        for (Map.Entry<String, String> e : pod.nodeSelector().entrySet()) {
            if (!e.getValue().equals(spec.labels().get(e.getKey()))) {
                return explain ? "label " + e.getKey() + "=" + e.getValue() + " missing" : REFUSED;
            }
        }
        if (!pod.requiredAffinity().isEmpty() && !matchesAnyTerm(pod.requiredAffinity())) {
            return explain ? "node affinity not matched" : REFUSED;
        }
        for (Taint t : spec.taints()) {
            if ((t.effect().equals("NoSchedule") || t.effect().equals("NoExecute"))
                    && !tolerated(pod, t)) {
                return explain ? "taint " + t.key() + (t.value().isEmpty() ? "" : "=" + t.value()) + ":" + t.effect()
                        + " not tolerated" : REFUSED;
            }
        }
        return null;
    }

    private static final String REFUSED = "refused";

    /** A loop, not a stream: this runs for every node a pod is weighed against. */
    private static boolean tolerated(PodShape pod, Taint taint) {
        for (dev.muster.core.model.Toleration t : pod.tolerations()) {
            if (t.tolerates(taint)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesAnyTerm(List<LabelSelector> terms) {
        for (LabelSelector term : terms) {
            if (term.matches(spec.labels())) {
                return true;
            }
        }
        return false;
    }

    public long free(String resource) {
        return free(ResourceNames.id(resource));
    }

    /** {@link #free(String)} by the resource's {@link ResourceNames} number. */
    long free(int id) {
        int i = indexOf(id);
        return i >= 0 ? free[i] : overdrawn == null ? 0 : overdrawn.getOrDefault(id, 0L);
    }

    public long allocatable(String resource) {
        if (resource.equals(NodeSpec.GPU)) {
            return 1000L * deviceFree.length;
        }
        return allocatable(ResourceNames.id(resource));
    }

    /** {@link #allocatable(String)} by the resource's {@link ResourceNames} number (not GPUs). */
    long allocatable(int id) {
        int i = indexOf(id);
        return i >= 0 ? allocatable[i] : 0;
    }

    /** The GPU allocatable, in thousandths. */
    long gpuAllocatable() {
        return 1000L * deviceFree.length;
    }

    private int indexOf(int id) {
        return id < indexById.length ? indexById[id] : -1;
    }

    /** Takes ({@code sign} -1) or gives back (+1) the requests other than GPUs. */
    private void adjust(ResourceList requests, long sign) {
        requests.amounts().forEach((r, q) -> {
            if (r.equals(NodeSpec.GPU)) {
                return;
            }
            int id = ResourceNames.id(r);
            int i = indexOf(id);
            if (i >= 0) {
                free[i] += sign * q.milli();
            } else {
                if (overdrawn == null) {
                    overdrawn = new HashMap<>();
                }
                overdrawn.merge(id, sign * q.milli(), Long::sum);
            }
        });
    }

    /** Free GPU capacity in thousandths, over all devices. */
    public long gpuFree() {
        return gpuFree;
    }

    /** Sets one device's free thousandths, keeping the totals placement reads for every node in step. */
    private void setDevice(int device, long milli) {
        long was = deviceFree[device];
        deviceFree[device] = milli;
        gpuFree += milli - was;
        wholeFree += (milli == 1000 ? 1 : 0) - (was == 1000 ? 1 : 0);
    }

    /** Changes with every allocation and release: equal versions of one node mean the same free resources and devices. */
    int version() {
        return version;
    }

    public int devices() {
        return deviceFree.length;
    }

    public long deviceFree(int device) {
        return deviceFree[device];
    }

    public int sharers(int device) {
        return sharers[device];
    }

    public int wholeFreeDevices() {
        return wholeFree;
    }

    /** The fraction a GPU request needs on this node's devices (gpu-memory turns into a fraction here). */
    long fractionOf(GpuRequest gpu) {
        return switch (gpu) {
            case GpuRequest.Fraction f -> f.milli();
            case GpuRequest.Memory m -> spec.gpuMemoryMiB() <= 0 ? Long.MAX_VALUE
                    : (m.mib() * 1000 + spec.gpuMemoryMiB() - 1) / spec.gpuMemoryMiB();
            default -> 0;
        };
    }

    /** Whether the resources of the pod fit now (not whether it is admitted here). */
    public boolean fits(PodShape pod) {
        return fits(pod, PodNeed.of(pod));
    }

    /** {@link #fits(PodShape)} with the pod's requests already resolved, for a loop over many nodes. */
    boolean fits(PodShape pod, PodNeed need) {
        if (atPodLimit()) {
            return false;
        }
        int[] ids = need.ids();
        long[] amounts = need.amounts();
        for (int j = 0; j < ids.length; j++) {
            if (amounts[j] > free(ids[j])) {
                return false;
            }
        }
        return switch (pod.gpu()) {
            case GpuRequest.None n -> true;
            case GpuRequest.Whole w -> wholeFreeDevices() >= w.devices();
            case GpuRequest.Fraction f -> fractionFits(f.milli());
            case GpuRequest.Memory m -> fractionFits(fractionOf(m));
        };
    }

    /** The node holds as many pods as its allocatable {@code pods} allows. */
    public boolean atPodLimit() {
        return maxPods >= 0 && pods >= maxPods;
    }

    private boolean fractionFits(long milli) {
        for (long d : deviceFree) {
            if (d >= milli) {
                return true;
            }
        }
        return false;
    }

    /**
     * A pod's share of this node, to be given back with {@link #release}.
     *
     * @param end the pod's expected end ({@link ExpectedEnd#endMillis}), {@link #NO_END} when placed without one
     */
    public record Allocation(NodeState node, PodShape pod, List<Integer> devices, long fraction, long end) {
    }

    /** The end of a pod placed without an {@link ExpectedEnd}: not counted in {@link #latestEnd}. */
    public static final long NO_END = Long.MIN_VALUE;

    /** When the last pod placed here with an expected end is expected to end; {@link #NO_END} when none is. */
    public long latestEnd() {
        return ends == null || ends.isEmpty() ? NO_END : ends.lastKey();
    }

    private void addEnd(long end) {
        if (end != NO_END) {
            if (ends == null) {
                ends = new java.util.TreeMap<>();
            }
            ends.merge(end, 1, Integer::sum);
        }
    }

    private void removeEnd(long end) {
        if (end != NO_END) {
            ends.computeIfPresent(end, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    /** {@link #allocate(PodShape, DeviceChooser, long)} of a pod placed without an expected end. */
    public Allocation allocate(PodShape pod, DeviceChooser chooser) {
        return allocate(pod, chooser, NO_END);
    }

    /**
     * Takes the pod's resources. Whole GPUs take the lowest-numbered free devices; a fraction goes
     * to the device {@code chooser} picks among those where it fits. {@code end} is the pod's
     * expected end, counted in {@link #latestEnd} until the pod is released ({@link #NO_END}: not counted).
     */
    public Allocation allocate(PodShape pod, DeviceChooser chooser, long end) {
        List<Integer> devices = new ArrayList<>();
        long fraction = 0;
        switch (pod.gpu()) {
            case GpuRequest.Whole w -> {
                for (int i = 0; i < deviceFree.length && devices.size() < w.devices(); i++) {
                    if (deviceFree[i] == 1000) {
                        setDevice(i, 0);
                        devices.add(i);
                    }
                }
            }
            case GpuRequest.Fraction f -> fraction = share(pod, f.milli(), chooser, devices);
            case GpuRequest.Memory m -> fraction = share(pod, fractionOf(m), chooser, devices);
            case GpuRequest.None n -> { }
        }
        // after the device is chosen, so that the chooser sees the node as it was before the pod
        adjust(pod.requests(), -1);
        pods++;
        addEnd(end);
        changed();
        return new Allocation(this, pod, devices, fraction, end);
    }

    private long share(PodShape pod, long milli, DeviceChooser chooser, List<Integer> devices) {
        int device = chooser.choose(this, pod, milli);
        setDevice(device, deviceFree[device] - milli);
        sharers[device]++;
        devices.add(device);
        return milli;
    }

    /** Takes exactly what {@code a} held again (same devices), after a {@link #release} that was only a trial. */
    public void reapply(Allocation a) {
        changed();
        adjust(a.pod().requests(), -1);
        pods++;
        addEnd(a.end());
        for (int d : a.devices()) {
            if (a.fraction() > 0) {
                setDevice(d, deviceFree[d] - a.fraction());
                sharers[d]++;
            } else {
                setDevice(d, 0);
            }
        }
    }

    public void release(Allocation a) {
        changed();
        adjust(a.pod().requests(), 1);
        pods--;
        removeEnd(a.end());
        for (int d : a.devices()) {
            if (a.fraction() > 0) {
                setDevice(d, deviceFree[d] + a.fraction());
                sharers[d]--;
            } else {
                setDevice(d, 1000);
            }
        }
    }

    /** The group of pods sharing a device: stable, readable, and the same for every pod on it. */
    public String gpuGroup(int device) {
        return spec.name() + "-gpu" + device;
    }
}
