package dev.muster.core.placement;

/** What one pod asks of a node's GPUs. */
public sealed interface GpuRequest {

    GpuRequest NONE = new None();

    record None() implements GpuRequest {
    }

    /** {@code nvidia.com/gpu: n}: n whole devices. */
    record Whole(int devices) implements GpuRequest {
    }

    /** KAI's {@code gpu-fraction}: a share of one device, in thousandths (500 = half). */
    record Fraction(long milli) implements GpuRequest {
    }

    /** KAI's {@code gpu-memory}: so many MiB of one device's memory, turned into a fraction per node. */
    record Memory(long mib) implements GpuRequest {
    }
}
