package dev.muster.sim.report;

/**
 * The timeline events of a ProvisioningRequest: one per condition it gains. The simulator records
 * them, and the text report replays them to show the request's table at each change, as
 * {@code kubectl get provisioningrequest} would have shown it then.
 */
public final class ProvisioningRequestEvents {

    /** The kind in an event's {@code object} ({@code ProvisioningRequest/namespace/name}). */
    public static final String KIND = "ProvisioningRequest";

    public static final String CREATED = "Created";
    public static final String ACCEPTED = "Accepted";
    public static final String PROVISIONED = "Provisioned";
    public static final String FAILED = "Failed";
    public static final String BOOKING_EXPIRED = "BookingExpired";
    public static final String CAPACITY_REVOKED = "CapacityRevoked";

    private ProvisioningRequestEvents() {
    }
}
