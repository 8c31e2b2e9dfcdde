package dev.muster.core.checks;

import java.util.Map;

/**
 * Kueue's rules for a ProvisioningRequest admission check: what a request's conditions make of
 * the check. One rule set for every adapter (the virtual cluster's controller and the operator's).
 */
public final class ProvisioningCheck {

    /** The conditions an autoscaler sets on a ProvisioningRequest. */
    public enum Condition { ACCEPTED, PROVISIONED, FAILED, BOOKING_EXPIRED, CAPACITY_REVOKED }

    /** What the check becomes. */
    public sealed interface Verdict {
        /** Nothing to do yet (accepted, or no condition). */
        record Waiting() implements Verdict {
        }

        record Ready(String message) implements Verdict {
        }

        /** The request failed and counts as the {@code failure}-th failure; a new one after the backoff. */
        record Retry(String message, long backoffMillis, int failure) implements Verdict {
        }

        record Rejected(String message, boolean failure) implements Verdict {
        }
    }

    private ProvisioningCheck() {
    }

    /**
     * @param conditions       the request's true conditions, each with its message
     * @param request          how messages name the request ({@code ProvisioningRequest x-1})
     * @param admitted         whether the workload was admitted (BookingExpired counts only before)
     * @param failuresBefore   the workload's failed requests under this check so far
     */
    public static Verdict verdict(Map<Condition, String> conditions, String request, boolean admitted,
            int failuresBefore, RetryStrategy retry) {
        // Kueue's order (provisioning controller, syncCheckStates): Failed, then CapacityRevoked,
        // then BookingExpired, then Provisioned.
        if (conditions.containsKey(Condition.FAILED)) {
            return failure(request + " failed" + suffix(conditions.get(Condition.FAILED)), failuresBefore, retry);
        }
        if (conditions.containsKey(Condition.CAPACITY_REVOKED)) {
            return new Verdict.Rejected(request + " lost its capacity (CapacityRevoked)"
                    + suffix(conditions.get(Condition.CAPACITY_REVOKED)), false);
        }
        if (conditions.containsKey(Condition.BOOKING_EXPIRED) && !admitted) {
            return failure(request + " expired before the pods came" + suffix(conditions.get(Condition.BOOKING_EXPIRED)),
                    failuresBefore, retry);
        }
        if (conditions.containsKey(Condition.PROVISIONED)) {
            return new Verdict.Ready(request + " is provisioned");
        }
        return new Verdict.Waiting();
    }

    /** A failed attempt: retried with backoff while the strategy allows, else rejected. */
    private static Verdict failure(String cause, int failuresBefore, RetryStrategy retry) {
        int failure = failuresBefore + 1;
        if (retry.retries(failure)) {
            return new Verdict.Retry(cause, retry.backoffMillis(failure), failure);
        }
        return new Verdict.Rejected(cause + "; that was failure " + failure + ", and retryStrategy.backoffLimitCount ("
                + retry.backoffLimitCount() + ") allows no more retries", true);
    }

    private static String suffix(String detail) {
        return detail == null || detail.isEmpty() ? "" : ": " + detail;
    }
}
