package dev.muster.core.kai;

import dev.muster.core.quantity.Durations;
import dev.muster.core.queue.AdmittedWorkload;
import java.util.OptionalLong;

/**
 * Which gangs of a victim search have not run their queue's minimum time yet ({@link MinRuntimes}),
 * and what that means for the workload that waits: when the first of them may go, in words.
 */
final class MinRuntimeProtection {

    private final long nowMillis;
    /** The earliest time a gang left out for its minimum run time may be taken; Long.MAX_VALUE if none was. */
    private long protectedUntil = Long.MAX_VALUE;
    /** The minimum run time of the gang that is free first. */
    private long firstProtectionMillis;
    private int protectedCount;

    MinRuntimeProtection(long nowMillis) {
        this.nowMillis = nowMillis;
    }

    /** Whether {@code a} is still within {@code minRuntime} of its admission; counts it if so. */
    boolean isProtected(AdmittedWorkload a, long minRuntime) {
        long until = a.admittedAtMillis() + minRuntime;
        if (minRuntime > 0 && nowMillis < until) {
            if (until < protectedUntil) {
                protectedUntil = until;
                firstProtectionMillis = minRuntime;
            }
            protectedCount++;
            return true;
        }
        return false;
    }

    /** When a gang left out for its minimum run time may be taken; empty if none was. */
    OptionalLong protectedUntil() {
        return protectedUntil == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(protectedUntil);
    }

    /**
     * What was left out for the minimum run time, in words; empty if nothing. It does not count the
     * time down, so that it changes only when the situation does.
     */
    String protectedNote() {
        if (protectedCount == 0) {
            return "";
        }
        return "; " + protectedCount + (protectedCount == 1 ? " workload that could make room has" : " workloads that could make room have")
                + " not yet run the minimum time their queue sets (preemptMinRuntime or reclaimMinRuntime, KAI's minruntime):"
                + " the first may go once it has run " + Durations.text(firstProtectionMillis);
    }
}
