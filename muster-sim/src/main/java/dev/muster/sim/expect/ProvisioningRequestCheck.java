package dev.muster.sim.expect;

import dev.muster.sim.report.Report.ProvisioningRequestReport;
import java.util.List;

/** One key of a {@code provisioningRequests[]} expectation, which must hold for every selected request. */
public sealed interface ProvisioningRequestCheck extends Check<ProvisioningRequestReport> {

    /** {@code accepted: true}. */
    record Accepted(boolean expected) implements ProvisioningRequestCheck {
        @Override
        public String key() {
            return "accepted";
        }

        @Override
        public List<Difference> against(ProvisioningRequestReport request) {
            return Difference.unlessEqual(key(), expected, request.accepted());
        }
    }

    /** {@code provisioned: true}. */
    record Provisioned(boolean expected) implements ProvisioningRequestCheck {
        @Override
        public String key() {
            return "provisioned";
        }

        @Override
        public List<Difference> against(ProvisioningRequestReport request) {
            return Difference.unlessEqual(key(), expected, request.provisioned());
        }
    }

    /** {@code failed: false}. */
    record Failed(boolean expected) implements ProvisioningRequestCheck {
        @Override
        public String key() {
            return "failed";
        }

        @Override
        public List<Difference> against(ProvisioningRequestReport request) {
            return Difference.unlessEqual(key(), expected, request.failed());
        }
    }
}
