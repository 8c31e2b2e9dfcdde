package dev.muster.bench.placement;

/**
 * A GPU node of the baseline model (the FGD simulator's NodeResource): cpu and memory left, the
 * thousandths left on each GPU device, and how many pods of each GPU affinity tag it holds. Pods
 * never leave, so there is no release.
 */
public final class SimNode {

    public static final int MILLI = 1000;

    /** Largest tag of {@link SimPod#affinityTag()}: 8 whole GPUs. */
    static final int MAX_TAG = 8;

    final int index;
    final String name;
    /** Ties between equal scores go to the smallest rank (the simulator's node name prefix, a random permutation). */
    final int rank;
    final int model;
    final long cpuCapacity;
    long cpuLeft;
    long memoryLeft;
    final int[] gpuLeft;
    final int[] podsByTag = new int[MAX_TAG + 1];

    public SimNode(int index, String name, int rank, int model, long cpuMilli, long memoryMib, int gpus) {
        this.index = index;
        this.name = name;
        this.rank = rank;
        this.model = model;
        this.cpuCapacity = cpuMilli;
        this.cpuLeft = cpuMilli;
        this.memoryLeft = memoryMib;
        this.gpuLeft = new int[gpus];
        java.util.Arrays.fill(gpuLeft, MILLI);
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    public int rank() {
        return rank;
    }

    public long cpuLeft() {
        return cpuLeft;
    }

    public int gpus() {
        return gpuLeft.length;
    }

    public int gpuLeft(int device) {
        return gpuLeft[device];
    }

    public long gpuLeftTotal() {
        long sum = 0;
        for (int g : gpuLeft) {
            sum += g;
        }
        return sum;
    }

    public int fullyFreeGpus() {
        int n = 0;
        for (int g : gpuLeft) {
            if (g == MILLI) {
                n++;
            }
        }
        return n;
    }

    /** How many different GPU affinity tags the node's pods carry. */
    int affinityKinds() {
        int n = 0;
        for (int c : podsByTag) {
            if (c > 0) {
                n++;
            }
        }
        return n;
    }

    /** What the simulator's filters check: cpu and memory (NodeResourcesFit), GPU model and per-device GPU (Open-Gpu-Share). */
    public boolean fits(SimPod pod) {
        if (pod.cpu() > cpuLeft || pod.memoryMib() > memoryLeft) {
            return false;
        }
        if (!pod.needsGpu()) {
            return true;
        }
        if (gpuLeft.length == 0 || !pod.allowedModels()[model]) {
            return false;
        }
        return pod.sharesGpu() ? tightestDevice(pod.gpuMilli()) >= 0 : fullyFreeGpus() >= pod.numGpu();
    }

    /** The device with the least left that still holds {@code milli}, lowest index on ties; -1 if none. */
    public int tightestDevice(long milli) {
        int best = -1;
        for (int d = 0; d < gpuLeft.length; d++) {
            if (gpuLeft[d] >= milli && (best < 0 || gpuLeft[d] < gpuLeft[best])) {
                best = d;
            }
        }
        return best;
    }

    /**
     * Takes the pod: a shared GPU on {@code device}, whole GPUs on the lowest-numbered free devices
     * (the simulator's AllocateExclusiveGpuId).
     */
    public void allocate(SimPod pod, int device) {
        cpuLeft -= pod.cpu();
        memoryLeft -= pod.memoryMib();
        if (pod.sharesGpu()) {
            gpuLeft[device] -= (int) pod.gpuMilli();
        } else {
            int need = pod.numGpu();
            for (int d = 0; d < gpuLeft.length && need > 0; d++) {
                if (gpuLeft[d] == MILLI) {
                    gpuLeft[d] = 0;
                    need--;
                }
            }
        }
        if (pod.needsGpu()) {
            podsByTag[pod.affinityTag()]++;
        }
    }
}
