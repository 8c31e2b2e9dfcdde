package dev.muster.core.placement;

import dev.muster.core.model.ResourceList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    private final Map<Set<String>, Layout> layouts = new HashMap<>();
    /** The label keys the profile's kinds ask about, and the kinds as each kind of node sees them. */
    private final Set<String> labelKeys;
    private final Map<KindTable.Key, KindTable> tables = new HashMap<>();

    FragmentationMeasure(WorkloadProfile profile) {
        this.entries = profile.entries();
        this.labelKeys = KindTable.labelKeys(entries);
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

    /** Unusable GPU after a placement, and the device it took for a shared GPU (-1 otherwise). */
    private record After(double unusable, int device) {
    }

    /** A node's non-GPU resources in order, and what pods of each shape request of them. */
    static final class Layout {
        final String[] resources;
        /** The resources by {@link ResourceNames} number, for reading a node's free amounts. */
        final int[] ids;
        private long[][] requestsById = new long[0][];

        private Layout(List<String> resources) {
            this.resources = resources.toArray(String[]::new);
            this.ids = resources.stream().mapToInt(ResourceNames::id).toArray();
        }

        /** The layout of a node with these resources (its GPUs left out). */
        static Layout of(Set<String> allocatable) {
            return new Layout(allocatable.stream().filter(r -> !r.equals(NodeSpec.GPU)).toList());
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
     * One node as the measure sees it: the {@link KindTable} of nodes like it, and a snapshot of its
     * state with, per kind, how many pods its devices and its other resources could hold and what of
     * its free GPU is too small for one.
     */
    private final class NodeView {

        /** The {@link KindTable}'s arrays, read in the hottest loops. */
        private final Layout layout;
        private final double otherWeight;
        private final double[] weight;
        private final long[] share;
        private final int[] whole;
        private final long[] request;
        private final double[] inverse;
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
            KindTable table = tables.computeIfAbsent(KindTable.Key.of(node, labelKeys), k -> new KindTable(entries, node,
                    layouts.computeIfAbsent(k.resources(), Layout::of)));
            layout = table.layout;
            otherWeight = table.otherWeight;
            weight = table.weight;
            share = table.share;
            whole = table.whole;
            request = table.request;
            inverse = table.inverse;
            lacking = table.lacking;
            int n = table.kinds();
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
