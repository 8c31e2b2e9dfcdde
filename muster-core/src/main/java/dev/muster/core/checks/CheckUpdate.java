package dev.muster.core.checks;

import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import java.util.Optional;

/** What the ProvisioningRequest check tells the engine about one workload's check. */
public sealed interface CheckUpdate {

    ObjectKey workload();

    String check();

    String message();

    CheckState state();

    /** Still undecided; the message says what the workload waits for. */
    record Pending(ObjectKey workload, String check, String message) implements CheckUpdate {
        @Override
        public CheckState state() {
            return CheckState.PENDING;
        }
    }

    /**
     * Passed: the capacity of {@code request} is there for the pods (which then should go to it);
     * no request when no pod set needed capacity.
     */
    record Ready(ObjectKey workload, String check, String message, Optional<CapacityRequest> request)
            implements CheckUpdate {
        @Override
        public CheckState state() {
            return CheckState.READY;
        }
    }

    /** The request failed: the workload gives its quota back and tries again after the backoff. */
    record Retry(ObjectKey workload, String check, String message, long backoffMillis, CapacityRequest request)
            implements CheckUpdate {
        @Override
        public CheckState state() {
            return CheckState.RETRY;
        }
    }

    /** The check will not pass: the workload is deactivated. */
    record Rejected(ObjectKey workload, String check, String message, CapacityRequest request) implements CheckUpdate {
        @Override
        public CheckState state() {
            return CheckState.REJECTED;
        }
    }
}
