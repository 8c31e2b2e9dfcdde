package dev.muster.core.placement;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How much of a node's free GPU the pods of a {@link WorkloadProfile} could not use (its expected
 * fragmentation, in milli-GPU), and how much placing a pod there reduces it: the fragmentation
 * gradient of FGD (Weng et al., USENIX ATC '23), with a second, longer view for shared GPUs.
 *
 * <p>For each kind of pod in the profile, weighted by its share, the free GPU it cannot use:
 * <ul>
 *   <li>all of it if the kind needs no GPU or may not run on the node;</li>
 *   <li><b>next-pod view</b> (FGD's): if one more pod of the kind fits (a device or enough free
 *       devices for its GPU, and its cpu, memory and other requests), the free GPU of the devices too
 *       small for it; otherwise all of it;</li>
 *   <li><b>fill view</b>, for kinds that share a GPU: the free GPU left once as many pods of the kind
 *       as fit are placed, counting per device the remainders too small for another one and stopping
 *       when cpu, memory or another request runs out. This is what FGD misses: a node whose cpu runs
 *       out after two more pods strands the rest of its devices, and an 810-milli pod on a free
 *       device leaves 190 that few pods can use.</li>
 * </ul>
 * Kinds that share a GPU count {@value #NEXT_POD_WEIGHT} of the next-pod view and the rest of the
 * fill view; kinds with whole GPUs only the next-pod view (a free device is all or nothing for
 * them, and on the openb traces the fill view made them worse). The weights were chosen on those
 * traces (docs/performance.md).
 *
 * <p>Values are memoised per node until the node changes ({@link NodeState#version()}), and per
 * demand (GPU request and other requests) for that state, so that a placement loop over many nodes
 * and many pods of a few shapes computes each one once. Not thread-safe, like the nodes it reads.
 */
final class FragmentationMeasure {

    /** For kinds that share a GPU, the weight of the next-pod view; the fill view has the rest. */
    static final double NEXT_POD_WEIGHT = 0.3;

    private static final long MILLI = 1000;

    private final List<WorkloadProfile.Entry> entries;
    /**
     * Pods numbered by what the measure reads of them (GPU request and other requests: where they may
     * go is settled before), so that shapes differing only in that share their memos. A placement
     * loop asks about one pod for many nodes, hence the last one at hand.
     */
    private final Map<Demand, Integer> shapeIds = new HashMap<>();
    private PodShape lastShape;
    private int lastShapeId;
    /** Nodes with the same resources share their resolution of pod requests. */
    private final Map<List<String>, Layout> layouts = new HashMap<>();

    FragmentationMeasure(WorkloadProfile profile) {
        this.entries = profile.entries();
    }

    /**
     * By how much placing {@code pod} on {@code node} reduces the node's expected fragmentation
     * (negative when it grows it), in milli-GPU, with its best device for a shared GPU. The pod must
     * fit on the node and be admitted there.
     */
    double reduction(NodeState node, PodShape pod) {
        NodeView v = view(node);
        int id = shapeId(pod);
        double known = v.reduction(id);
        if (Double.isNaN(known)) {
            known = v.before - v.after(node, pod, id).unusable();
            v.remember(id, known);
        }
        return known;
    }

    /** The device a shared-GPU pod should take on {@code node}: the one leaving the least fragmentation. */
    int device(NodeState node, PodShape pod) {
        return view(node).after(node, pod, shapeId(pod)).device();
    }

    /** A device chooser that asks this measure (and shares its memos) when it knows the pod. */
    DeviceChooser deviceChooser() {
        return new DeviceChooser() {
            @Override
            public int choose(NodeState node, long milli) {
                return DeviceChooser.TIGHTEST.choose(node, milli);
            }

            @Override
            public int choose(NodeState node, PodShape pod, long milli) {
                return device(node, pod);
            }
        };
    }

    private int shapeId(PodShape pod) {
        if (pod != lastShape) {
            lastShapeId = shapeIds.computeIfAbsent(new Demand(pod.gpu(), pod.requests()), p -> shapeIds.size());
            lastShape = pod;
        }
        return lastShapeId;
    }

    private NodeView view(NodeState node) {
        if (node.fragmentationView instanceof NodeView v && v.owner() == this) {
            if (v.version != node.version()) {
                v.refresh(node);
            }
            return v;
        }
        NodeView v = new NodeView(node);
        node.fragmentationView = v;
        return v;
    }

    /** What the measure reads of a pod: its GPU request and its other requests. */
    private record Demand(GpuRequest gpu, ResourceList requests) {
    }

    /** What a kind of pod needs of a node: a share of one device or whole devices, and its other requests. */
    private record Kind(long share, int whole, ResourceList requests) {
    }

    /** Unusable GPU after a placement, and the device it took for a shared GPU (-1 otherwise). */
    private record After(double unusable, int device) {
    }

    /** A node's non-GPU resources in order, and what pods of each shape request of them. */
    private static final class Layout {
        final String[] resources;
        /** The resources by {@link ResourceNames} number, for reading a node's free amounts. */
        final int[] ids;
        private long[][] requestsById = new long[0][];

        Layout(List<String> resources) {
            this.resources = resources.toArray(String[]::new);
            this.ids = resources.stream().mapToInt(ResourceNames::id).toArray();
        }

        int indexOf(String resource) {
            for (int i = 0; i < resources.length; i++) {
                if (resources[i].equals(resource)) {
                    return i;
                }
            }
            return -1;
        }

        long[] requests(PodShape pod, int id) {
            if (id >= requestsById.length) {
                requestsById = Arrays.copyOf(requestsById, Math.max(id + 1, 2 * requestsById.length));
            }
            if (requestsById[id] == null) {
                long[] taken = new long[resources.length];
                pod.requests().amounts().forEach((r, q) -> {
                    int i = indexOf(r);
                    if (i >= 0) {
                        taken[i] = q.milli();
                    }
                });
                requestsById[id] = taken;
            }
            return requestsById[id];
        }
    }

    /**
     * One node as the measure sees it. What stays the same: the kinds it admits that use GPUs (the
     * others count all free GPU, together), their GPU needs here and their requests resolved to its
     * resources. And a snapshot of its state with, per kind, how many pods its devices and its other
     * resources could hold and what of its free GPU is too small for one.
     */
    private final class NodeView {

        private final Layout layout;
        /** Weight of the kinds that need no GPU or may not run here: all free GPU is lost to them. */
        private final double otherWeight;
        private final double[] weight;
        /** Per kind: its share of one device on this node (gpu-memory turned into a fraction), 0 if it takes whole devices. */
        private final long[] share;
        /** Per kind: its whole devices, 0 if it shares one. */
        private final int[] whole;
        /** Per kind and resource of the layout (flat, kind-major): its request, 0 if none, and 1/request. */
        private final long[] request;
        private final double[] inverse;
        /** Per kind: whether it requests a resource the node does not have, so that none fits. */
        private final boolean[] lacking;

        private int version;
        private final long[] free;
        private final long[] devices;
        private long gpuFree;
        private int wholeFree;
        /** Per sharing kind: pods its devices could hold. */
        private final long[] podsByDevices;
        /** Per sharing kind: free GPU on devices too small for one of its pods. */
        private final long[] tooSmall;
        /** Per kind: pods the cpu, memory and other requests could hold. */
        private final long[] room;
        /** Per kind: the same once the pod at hand took its requests (scratch). */
        private final long[] roomAfter;
        private double before;
        /** Per shape id: the reduction in this state, NaN until weighed. */
        private double[] reductions = new double[0];

        NodeView(NodeState node) {
            List<String> names = node.spec().allocatable().amounts().keySet().stream()
                    .filter(r -> !r.equals(NodeSpec.GPU)).toList();
            layout = layouts.computeIfAbsent(names, Layout::new);
            // kinds that differ only in where they may go are one kind on a node that admits them all
            double other = 0;
            Map<Kind, Double> kinds = new LinkedHashMap<>();
            for (WorkloadProfile.Entry e : entries) {
                PodShape kind = e.shape();
                long milli = kind.gpu() instanceof GpuRequest.Whole ? 0 : node.fractionOf(kind.gpu());
                int devicesNeeded = kind.gpu() instanceof GpuRequest.Whole w ? w.devices() : 0;
                if (milli <= 0 && devicesNeeded <= 0 || node.devices() == 0 || !node.admits(kind)) {
                    other += e.weight();
                } else {
                    kinds.merge(new Kind(milli, devicesNeeded, kind.requests()), e.weight(), Double::sum);
                }
            }
            otherWeight = other;
            int n = kinds.size();
            weight = new double[n];
            share = new long[n];
            whole = new int[n];
            int r = layout.resources.length;
            request = new long[n * r];
            inverse = new double[n * r];
            lacking = new boolean[n];
            int k = 0;
            for (Map.Entry<Kind, Double> e : kinds.entrySet()) {
                weight[k] = e.getValue();
                share[k] = e.getKey().share();
                whole[k] = e.getKey().whole();
                for (Map.Entry<String, Quantity> q : e.getKey().requests().amounts().entrySet()) {
                    if (q.getKey().equals(NodeSpec.GPU)) {
                        continue;
                    }
                    int i = layout.indexOf(q.getKey());
                    if (i < 0) {
                        lacking[k] = true;
                    } else {
                        request[k * r + i] = q.getValue().milli();
                        inverse[k * r + i] = 1.0 / q.getValue().milli();
                    }
                }
                k++;
            }
            free = new long[layout.resources.length];
            devices = new long[node.devices()];
            podsByDevices = new long[n];
            tooSmall = new long[n];
            room = new long[n];
            roomAfter = new long[n];
            refresh(node);
        }

        FragmentationMeasure owner() {
            return FragmentationMeasure.this;
        }

        double reduction(int id) {
            return id < reductions.length ? reductions[id] : Double.NaN;
        }

        void remember(int id, double reduction) {
            if (id >= reductions.length) {
                int old = reductions.length;
                reductions = Arrays.copyOf(reductions, Math.max(id + 1, 2 * old));
                Arrays.fill(reductions, old, reductions.length, Double.NaN);
            }
            reductions[id] = reduction;
        }

        void refresh(NodeState node) {
            version = node.version();
            for (int i = 0; i < free.length; i++) {
                free[i] = node.free(layout.ids[i]);
            }
            gpuFree = 0;
            wholeFree = 0;
            for (int d = 0; d < devices.length; d++) {
                devices[d] = node.deviceFree(d);
                gpuFree += devices[d];
                wholeFree += devices[d] == MILLI ? 1 : 0;
            }
            for (int k = 0; k < share.length; k++) {
                podsByDevices[k] = 0;
                tooSmall[k] = 0;
                if (share[k] > 0) {
                    for (long left : devices) {
                        podsByDevices[k] += left / share[k];
                        tooSmall[k] += left < share[k] ? left : 0;
                    }
                }
                room[k] = podsByResources(k, null);
            }
            Arrays.fill(reductions, Double.NaN);
            before = unusable(room, -1, -1, 0);
        }

        /** Pods of kind {@code k} the node's resources could hold, less {@code taken} (per resource, or null). */
        private long podsByResources(int k, long[] taken) {
            if (lacking[k]) {
                return 0;
            }
            long pods = Long.MAX_VALUE;
            int r = free.length;
            for (int i = 0; i < r; i++) {
                long a = request[k * r + i];
                if (a > 0) {
                    long left = free[i] - (taken == null ? 0 : taken[i]);
                    pods = Math.min(pods, quotient(Math.max(0, left), a, inverse[k * r + i]));
                }
            }
            return pods;
        }

        /**
         * {@code x / a} rounded down, by multiplying with {@code 1/a} and correcting the rounding: the
         * division is the measure's hottest operation, and a 64-bit division costs ten multiplications.
         */
        private static long quotient(long x, long a, double inverse) {
            long q = (long) (x * inverse);
            while (q > 0 && q * a > x) {
                q--;
            }
            while ((q + 1) * a <= x) {
                q++;
            }
            return q;
        }

        /**
         * The expected unusable GPU after a change: the resources can hold {@code rooms[k]} pods of
         * each kind, the pod turned one device from {@code deviceBefore} to {@code deviceAfter} free
         * (-1: no shared device) and took {@code wholeTaken} free devices.
         */
        private double unusable(long[] rooms, long deviceBefore, long deviceAfter, int wholeTaken) {
            boolean shared = deviceBefore >= 0;
            long g = gpuFree - MILLI * wholeTaken - (shared ? deviceBefore - deviceAfter : 0);
            int wholeLeft = wholeFree - wholeTaken - (shared && deviceBefore == MILLI ? 1 : 0);
            double sum = otherWeight * g;
            for (int k = 0; k < share.length; k++) {
                double u;
                if (whole[k] > 0) {
                    boolean fits = wholeLeft >= whole[k] && rooms[k] >= 1;
                    u = fits ? g - MILLI * wholeLeft : g; // what is not on free devices is lost to it
                } else {
                    long m = share[k];
                    long pods = podsByDevices[k] - wholeTaken * (MILLI / m);
                    long small = tooSmall[k];
                    if (shared) {
                        pods += deviceAfter / m - deviceBefore / m;
                        small += (deviceAfter < m ? deviceAfter : 0) - (deviceBefore < m ? deviceBefore : 0);
                    }
                    double nextPod = pods >= 1 && rooms[k] >= 1 ? small : g;
                    double fill = g - Math.min(pods, rooms[k]) * m;
                    u = NEXT_POD_WEIGHT * nextPod + (1 - NEXT_POD_WEIGHT) * fill;
                }
                sum += weight[k] * u;
            }
            return sum;
        }

        /**
         * The node after the pod: for a shared GPU, on the device leaving the least unusable (the
         * tighter, then the lower-numbered, among equals).
         */
        After after(NodeState node, PodShape pod, int id) {
            long[] taken = layout.requests(pod, id);
            for (int k = 0; k < roomAfter.length; k++) {
                roomAfter[k] = podsByResources(k, taken);
            }
            return switch (pod.gpu()) {
                case GpuRequest.None none -> new After(unusable(roomAfter, -1, -1, 0), -1);
                case GpuRequest.Whole w -> new After(unusable(roomAfter, -1, -1, w.devices()), -1);
                case GpuRequest.Fraction f -> bestDevice(f.milli());
                case GpuRequest.Memory m -> bestDevice(node.fractionOf(m));
            };
        }

        private After bestDevice(long milli) {
            double best = Double.POSITIVE_INFINITY;
            int bestDevice = -1;
            for (int d = 0; d < devices.length; d++) {
                long left = devices[d];
                if (left < milli || seenEarlier(d)) {
                    continue;
                }
                double after = unusable(roomAfter, left, left - milli, 0);
                if (bestDevice < 0 || after < best || after == best && left < devices[bestDevice]) {
                    best = after;
                    bestDevice = d;
                }
            }
            return new After(best, bestDevice);
        }

        /** Devices with equal free capacity are equal choices: only the lowest-numbered is weighed. */
        private boolean seenEarlier(int d) {
            for (int e = 0; e < d; e++) {
                if (devices[e] == devices[d]) {
                    return true;
                }
            }
            return false;
        }
    }
}
