package dev.muster.core.placement;

import dev.muster.core.model.Taint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node with what is free on it: resources in milli-units and, per GPU device, the thousandths
 * still free and the group of pods sharing it. Allocations are reversible, so a gang can be tried
 * and undone.
 */
public final class NodeState {

    private final NodeSpec spec;
    private final Map<String, Long> free = new TreeMap<>();
    private final long[] deviceFree;
    private final int[] sharers;

    public NodeState(NodeSpec spec) {
        this.spec = spec;
        spec.allocatable().amounts().forEach((r, q) -> {
            if (!r.equals(NodeSpec.GPU)) {
                free.put(r, q.milli());
            }
        });
        deviceFree = new long[spec.gpuDevices()];
        java.util.Arrays.fill(deviceFree, 1000);
        sharers = new int[deviceFree.length];
    }

    public NodeSpec spec() {
        return spec;
    }

    public String name() {
        return spec.name();
    }

    /** Whether the pod may go to this node at all: schedulable, selector, affinity, taints. */
    /** The taint kube-scheduler treats a cordoned node as having: tolerating it lets a pod in. */
    private static final Taint UNSCHEDULABLE = new Taint("node.kubernetes.io/unschedulable", "", "NoSchedule");

    private boolean cordonedFor(PodShape pod) {
        return spec.unschedulable() && pod.tolerations().stream().noneMatch(t -> t.tolerates(UNSCHEDULABLE));
    }

    public boolean admits(PodShape pod) {
        if (cordonedFor(pod)) {
            return false;
        }
        for (Map.Entry<String, String> e : pod.nodeSelector().entrySet()) {
            if (!e.getValue().equals(spec.labels().get(e.getKey()))) {
                return false;
            }
        }
        if (!pod.requiredAffinity().isEmpty()
                && pod.requiredAffinity().stream().noneMatch(term -> term.matches(spec.labels()))) {
            return false;
        }
        for (Taint t : spec.taints()) {
            if ((t.effect().equals("NoSchedule") || t.effect().equals("NoExecute"))
                    && pod.tolerations().stream().noneMatch(tol -> tol.tolerates(t))) {
                return false;
            }
        }
        return true;
    }

    /** Why {@link #admits} is false, in words; null when it admits the pod. */
    public String refusal(PodShape pod) {
        if (cordonedFor(pod)) {
            return "unschedulable (cordoned)";
        }
        for (Map.Entry<String, String> e : pod.nodeSelector().entrySet()) {
            if (!e.getValue().equals(spec.labels().get(e.getKey()))) {
                return "label " + e.getKey() + "=" + e.getValue() + " missing";
            }
        }
        if (!pod.requiredAffinity().isEmpty()
                && pod.requiredAffinity().stream().noneMatch(term -> term.matches(spec.labels()))) {
            return "node affinity not matched";
        }
        for (Taint t : spec.taints()) {
            if ((t.effect().equals("NoSchedule") || t.effect().equals("NoExecute"))
                    && pod.tolerations().stream().noneMatch(tol -> tol.tolerates(t))) {
                return "taint " + t.key() + (t.value().isEmpty() ? "" : "=" + t.value()) + ":" + t.effect() + " not tolerated";
            }
        }
        return null;
    }

    public long free(String resource) {
        return free.getOrDefault(resource, 0L);
    }

    public long allocatable(String resource) {
        return resource.equals(NodeSpec.GPU) ? 1000L * deviceFree.length : spec.allocatable().get(resource).milli();
    }

    /** Free GPU capacity in thousandths, over all devices. */
    public long gpuFree() {
        long sum = 0;
        for (long d : deviceFree) {
            sum += d;
        }
        return sum;
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
        int n = 0;
        for (long d : deviceFree) {
            if (d == 1000) {
                n++;
            }
        }
        return n;
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
        for (Map.Entry<String, dev.muster.core.quantity.Quantity> e : pod.requests().amounts().entrySet()) {
            if (!e.getKey().equals(NodeSpec.GPU) && e.getValue().milli() > free(e.getKey())) {
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

    private boolean fractionFits(long milli) {
        for (long d : deviceFree) {
            if (d >= milli) {
                return true;
            }
        }
        return false;
    }

    /** A pod's share of this node, to be given back with {@link #release}. */
    public record Allocation(NodeState node, PodShape pod, List<Integer> devices, long fraction) {
    }

    /**
     * Takes the pod's resources. Whole GPUs take the lowest-numbered free devices; a fraction goes
     * to the device {@code chooser} picks among those where it fits.
     */
    public Allocation allocate(PodShape pod, DeviceChooser chooser) {
        pod.requests().amounts().forEach((r, q) -> {
            if (!r.equals(NodeSpec.GPU)) {
                free.merge(r, -q.milli(), Long::sum);
            }
        });
        List<Integer> devices = new ArrayList<>();
        long fraction = 0;
        switch (pod.gpu()) {
            case GpuRequest.Whole w -> {
                for (int i = 0; i < deviceFree.length && devices.size() < w.devices(); i++) {
                    if (deviceFree[i] == 1000) {
                        deviceFree[i] = 0;
                        devices.add(i);
                    }
                }
            }
            case GpuRequest.Fraction f -> fraction = share(f.milli(), chooser, devices);
            case GpuRequest.Memory m -> fraction = share(fractionOf(m), chooser, devices);
            case GpuRequest.None n -> { }
        }
        return new Allocation(this, pod, devices, fraction);
    }

    private long share(long milli, DeviceChooser chooser, List<Integer> devices) {
        int device = chooser.choose(this, milli);
        deviceFree[device] -= milli;
        sharers[device]++;
        devices.add(device);
        return milli;
    }

    /** Takes exactly what {@code a} held again (same devices), after a {@link #release} that was only a trial. */
    public void reapply(Allocation a) {
        a.pod().requests().amounts().forEach((r, q) -> {
            if (!r.equals(NodeSpec.GPU)) {
                free.merge(r, -q.milli(), Long::sum);
            }
        });
        for (int d : a.devices()) {
            if (a.fraction() > 0) {
                deviceFree[d] -= a.fraction();
                sharers[d]++;
            } else {
                deviceFree[d] = 0;
            }
        }
    }

    public void release(Allocation a) {
        a.pod().requests().amounts().forEach((r, q) -> {
            if (!r.equals(NodeSpec.GPU)) {
                free.merge(r, q.milli(), Long::sum);
            }
        });
        for (int d : a.devices()) {
            if (a.fraction() > 0) {
                deviceFree[d] += a.fraction();
                sharers[d]--;
            } else {
                deviceFree[d] = 1000;
            }
        }
    }

    /** The group of pods sharing a device: stable, readable, and the same for every pod on it. */
    public String gpuGroup(int device) {
        return spec.name() + "-gpu" + device;
    }
}
