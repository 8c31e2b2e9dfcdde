package dev.muster.operator.decide;

/** A status condition as Kubernetes writes them ({@code metav1.Condition}). */
record Condition(String type, boolean status, String reason, String message, long lastTransitionMillis) {
}
