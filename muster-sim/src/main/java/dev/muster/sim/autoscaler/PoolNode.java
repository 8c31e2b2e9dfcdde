package dev.muster.sim.autoscaler;

import dev.muster.core.placement.NodeSpec;
import dev.muster.sim.provisioning.ProvisioningRequest;
import dev.muster.sim.report.Report;

/** A node an autoscaled pool made: from being asked for, through Ready, to removed. */
final class PoolNode {

    final NodeSpec spec;
    final String pool;
    /** The request it was made for; null for a plain pool's scale-up or its minimum. */
    final ProvisioningRequest request;
    Long readyAtMillis;
    Long removedAtMillis;
    Long emptySinceMillis;
    boolean draining;
    /** Until when it is kept for its request's pods even while empty. */
    long bookedUntilMillis = -1;

    PoolNode(NodeSpec spec, String pool, ProvisioningRequest request) {
        this.spec = spec;
        this.pool = pool;
        this.request = request;
    }

    String name() {
        return spec.name();
    }

    boolean live() {
        return removedAtMillis == null;
    }

    boolean ready() {
        return readyAtMillis != null && removedAtMillis == null;
    }

    Report.NodeReport report() {
        return new Report.NodeReport(name(), pool, readyAtMillis / 1000.0,
                removedAtMillis == null ? null : removedAtMillis / 1000.0);
    }
}
