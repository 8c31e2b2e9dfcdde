package dev.muster.core.status;

/**
 * A workload condition as Kubernetes writes them ({@code metav1.Condition}): Kueue's types
 * QuotaReserved, Admitted, Evicted, Preempted, PodsReady and Finished.
 */
public record Condition(String type, boolean status, String reason, String message, long lastTransitionMillis) {
}
