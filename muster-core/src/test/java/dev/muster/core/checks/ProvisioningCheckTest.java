package dev.muster.core.checks;

import static dev.muster.core.checks.ProvisioningCheck.Condition.ACCEPTED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.BOOKING_EXPIRED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.CAPACITY_REVOKED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.FAILED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.PROVISIONED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Kueue's ProvisioningRequest check, condition by condition. */
class ProvisioningCheckTest {

    private static final RetryStrategy KUEUE = RetryStrategy.KUEUE_DEFAULT;

    @Test
    void provisionedIsReadyAndAcceptedWaits() {
        assertThat(ProvisioningCheck.verdict(conditions("", ACCEPTED, PROVISIONED), "r", false, 0, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Ready("r is provisioned"));
        assertThat(ProvisioningCheck.verdict(conditions("", ACCEPTED), "r", false, 0, KUEUE))
                .isInstanceOf(ProvisioningCheck.Verdict.Waiting.class);
    }

    @Test
    void failuresRetryWithBackoffUntilTheLimitThenReject() {
        assertThat(ProvisioningCheck.verdict(conditions("stock-out", FAILED), "r", false, 0, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Retry("r failed: stock-out", 60_000, 1));
        assertThat(ProvisioningCheck.verdict(conditions("stock-out", FAILED), "r", false, 2, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Retry("r failed: stock-out", 240_000, 3));
        assertThat(ProvisioningCheck.verdict(conditions("stock-out", FAILED), "r", false, 3, KUEUE))
                .isInstanceOfSatisfying(ProvisioningCheck.Verdict.Rejected.class, v -> {
                    assertThat(v.message()).contains("failure 4").contains("backoffLimitCount (3)");
                    assertThat(v.failure()).isTrue();
                });
    }

    @Test
    void anExpiredBookingCountsOnlyBeforeAdmissionAndRevokedCapacityRejects() {
        assertThat(ProvisioningCheck.verdict(conditions("", PROVISIONED, BOOKING_EXPIRED), "r", false, 0, KUEUE))
                .isInstanceOf(ProvisioningCheck.Verdict.Retry.class);
        assertThat(ProvisioningCheck.verdict(conditions("", PROVISIONED, BOOKING_EXPIRED), "r", true, 0, KUEUE))
                .isInstanceOf(ProvisioningCheck.Verdict.Ready.class);
        assertThat(ProvisioningCheck.verdict(conditions("reclaimed", PROVISIONED, CAPACITY_REVOKED), "r", true, 0, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Rejected("r lost its capacity (CapacityRevoked): reclaimed", false));
    }

    @Test
    void aFailedRequestIsAFailureEvenWhenItsCapacityWasAlsoRevoked() {
        // Kueue's syncCheckStates looks at Failed before CapacityRevoked.
        assertThat(ProvisioningCheck.verdict(conditions("gone", FAILED, CAPACITY_REVOKED), "r", false, 0, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Retry("r failed: gone", 60_000, 1));
        assertThat(ProvisioningCheck.verdict(conditions("gone", BOOKING_EXPIRED, CAPACITY_REVOKED), "r", false, 0, KUEUE))
                .isEqualTo(new ProvisioningCheck.Verdict.Rejected("r lost its capacity (CapacityRevoked): gone", false));
    }

    /** A request whose conditions are all true, each saying {@code detail}. */
    private static Map<ProvisioningCheck.Condition, String> conditions(String detail, ProvisioningCheck.Condition... conditions) {
        Map<ProvisioningCheck.Condition, String> out = new EnumMap<>(ProvisioningCheck.Condition.class);
        for (ProvisioningCheck.Condition c : conditions) {
            out.put(c, detail);
        }
        return out;
    }
}
