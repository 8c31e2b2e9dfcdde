package dev.muster.bench.placement;

/**
 * The GPU allocation ratio as the arrived workload grows, binned as the FGD analysis does it
 * ({@code merge_alloc_discrete}): after every arriving pod (placed or not) one sample of arrived
 * GPU milli and allocated GPU milli; bin {@code a} is the mean allocation % of the samples whose
 * arrival rounds to {@code a} % of capacity (those within ±1 % when none does).
 */
public final class AllocationCurve {

    private final long capacityMilli;
    private final int maxPercent;
    private final double[] sum;
    private final int[] count;
    private long arrivedMilli;
    private long allocatedMilli;
    private int failed;

    public AllocationCurve(long capacityMilli, int maxPercent) {
        this.capacityMilli = capacityMilli;
        this.maxPercent = maxPercent;
        this.sum = new double[maxPercent + 2];
        this.count = new int[maxPercent + 2];
    }

    /** One pod arrived, asking for {@code gpuMilli}, and was placed or failed. */
    public void arrived(long gpuMilli, boolean placed) {
        arrivedMilli += gpuMilli;
        allocatedMilli += placed ? gpuMilli : 0;
        failed += placed ? 0 : 1;
        // Python's round(): half to even, as Math.rint
        int bin = (int) Math.rint(100.0 * arrivedMilli / capacityMilli);
        if (bin >= 0 && bin < sum.length) {
            sum[bin] += 100.0 * allocatedMilli / capacityMilli;
            count[bin]++;
        }
    }

    public long allocatedMilli() {
        return allocatedMilli;
    }

    /** Pods that arrived and fitted nowhere. */
    public int failed() {
        return failed;
    }

    public long arrivedMilli() {
        return arrivedMilli;
    }

    /** The allocation % at {@code percent} arrival; NaN when no sample is near it. */
    public double at(int percent) {
        if (count[percent] > 0) {
            return sum[percent] / count[percent];
        }
        double s = 0;
        int n = 0;
        for (int b = Math.max(0, percent - 1); b <= Math.min(sum.length - 1, percent + 1); b++) {
            s += sum[b];
            n += count[b];
        }
        return n == 0 ? Double.NaN : s / n;
    }

    /** {@link #at} for 0..maxPercent. */
    public double[] bins() {
        double[] out = new double[maxPercent + 1];
        for (int a = 0; a <= maxPercent; a++) {
            out[a] = at(a);
        }
        return out;
    }
}
