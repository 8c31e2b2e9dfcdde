package dev.muster.sim.provisioning;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.sim.Timeline;
import dev.muster.sim.report.ProvisioningRequestEvents;
import dev.muster.sim.report.Report;
import java.util.List;
import java.util.Map;

/**
 * A ProvisioningRequest ({@code autoscaling.x-k8s.io/v1}) in the virtual cluster: capacity asked
 * for all at once for the pod sets of one quota reservation. Kueue's check controller creates it;
 * an autoscaler gives it its conditions, each recorded as an event.
 */
public final class ProvisioningRequest {

    private final String name;
    private final ObjectKey workload;
    private final String owner;
    private final String check;
    private final int attempt;
    private final String provisioningClassName;
    private final Map<String, String> parameters;
    private final List<GangPlacer.PodGroup> podSets;
    private final Timeline timeline;
    private boolean accepted;
    private boolean provisioned;
    private boolean failed;
    private boolean bookingExpired;
    private boolean capacityRevoked;
    private boolean withdrawn;
    private String message = "";

    /**
     * @param workload the engine's key of the workload it provisions for
     * @param owner    the user's object that owns the workload ({@code namespace/name}), as the report names it
     */
    ProvisioningRequest(String name, ObjectKey workload, String owner, String check, int attempt,
            String provisioningClassName, Map<String, String> parameters, List<GangPlacer.PodGroup> podSets,
            Timeline timeline) {
        this.name = name;
        this.workload = workload;
        this.owner = owner;
        this.check = check;
        this.attempt = attempt;
        this.provisioningClassName = provisioningClassName;
        this.parameters = Map.copyOf(parameters);
        this.podSets = List.copyOf(podSets);
        this.timeline = timeline;
    }

    public String name() {
        return name;
    }

    public String namespace() {
        return workload.namespace();
    }

    public ObjectKey workload() {
        return workload;
    }

    public String check() {
        return check;
    }

    public int attempt() {
        return attempt;
    }

    public String provisioningClassName() {
        return provisioningClassName;
    }

    public Map<String, String> parameters() {
        return parameters;
    }

    /** The pods it asks capacity for, by pod set. */
    public List<GangPlacer.PodGroup> podSets() {
        return podSets;
    }

    public boolean accepted() {
        return accepted;
    }

    public boolean provisioned() {
        return provisioned;
    }

    public boolean failed() {
        return failed;
    }

    public boolean bookingExpired() {
        return bookingExpired;
    }

    public boolean capacityRevoked() {
        return capacityRevoked;
    }

    /** Kueue deleted it (its workload lost its quota): the autoscaler stops working for it. */
    public boolean withdrawn() {
        return withdrawn;
    }

    /** The last condition's message. */
    public String message() {
        return message;
    }

    /** How timeline events name the request: {@code ProvisioningRequest/<namespace>/<name>}. */
    public String eventObject() {
        return ProvisioningRequestEvents.KIND + "/" + namespace() + "/" + name;
    }

    void created(long nowMillis, String what) {
        timeline.add(nowMillis, eventObject(), "Normal", ProvisioningRequestEvents.CREATED, what);
    }

    void withdraw() {
        withdrawn = true;
    }

    public void accept(long nowMillis, String why) {
        accepted = true;
        note(nowMillis, "Normal", ProvisioningRequestEvents.ACCEPTED, why);
    }

    public void provision(long nowMillis, String why) {
        provisioned = true;
        note(nowMillis, "Normal", ProvisioningRequestEvents.PROVISIONED, why);
    }

    public void fail(long nowMillis, String why) {
        failed = true;
        note(nowMillis, "Warning", ProvisioningRequestEvents.FAILED, why);
    }

    public void expireBooking(long nowMillis, String why) {
        bookingExpired = true;
        note(nowMillis, "Warning", ProvisioningRequestEvents.BOOKING_EXPIRED, why);
    }

    public void revokeCapacity(long nowMillis, String why) {
        capacityRevoked = true;
        note(nowMillis, "Warning", ProvisioningRequestEvents.CAPACITY_REVOKED, why);
    }

    private void note(long nowMillis, String type, String reason, String why) {
        message = why;
        timeline.add(nowMillis, eventObject(), type, reason, why);
    }

    Report.ProvisioningRequestReport report() {
        return new Report.ProvisioningRequestReport(name, owner, accepted, provisioned, failed);
    }
}
