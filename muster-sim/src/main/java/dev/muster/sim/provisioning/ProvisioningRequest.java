package dev.muster.sim.provisioning;

import dev.muster.core.checks.CapacityRequest;
import dev.muster.core.checks.ProvisioningCheck.Condition;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.sim.Timeline;
import dev.muster.sim.report.ProvisioningRequestEvents;
import dev.muster.sim.report.Report;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A ProvisioningRequest ({@code autoscaling.x-k8s.io/v1}) in the virtual cluster: capacity asked
 * for all at once for the pod sets of one quota reservation. Kueue's check controller creates it;
 * an autoscaler gives it its conditions, each recorded as an event.
 */
public final class ProvisioningRequest {

    private final CapacityRequest request;
    private final String owner;
    private final List<GangPlacer.PodGroup> podSets;
    private final Timeline timeline;
    private final Map<Condition, String> conditions = new EnumMap<>(Condition.class);
    private boolean withdrawn;

    /**
     * @param owner   the user's object that owns the workload ({@code namespace/name}), as the report names it
     * @param podSets the pods of the request's pod sets, as placement sees them
     */
    public ProvisioningRequest(CapacityRequest request, String owner, List<GangPlacer.PodGroup> podSets, Timeline timeline) {
        this.request = request;
        this.owner = owner;
        this.podSets = List.copyOf(podSets);
        this.timeline = timeline;
    }

    public String name() {
        return request.name();
    }

    public String namespace() {
        return request.workload().namespace();
    }

    public ObjectKey workload() {
        return request.workload();
    }

    public String provisioningClassName() {
        return request.provisioningClassName();
    }

    public Map<String, String> parameters() {
        return request.parameters();
    }

    /** The pods it asks capacity for, by pod set. */
    public List<GangPlacer.PodGroup> podSets() {
        return podSets;
    }

    /** Its true conditions, each with the message it was set with. */
    public Map<Condition, String> conditions() {
        return Map.copyOf(conditions);
    }

    public boolean bookingExpired() {
        return conditions.containsKey(Condition.BOOKING_EXPIRED);
    }

    public boolean capacityRevoked() {
        return conditions.containsKey(Condition.CAPACITY_REVOKED);
    }

    /** Kueue deleted it (its workload lost its quota): the autoscaler stops working for it. */
    public boolean withdrawn() {
        return withdrawn;
    }

    /** How timeline events name the request: {@code ProvisioningRequest/<namespace>/<name>}. */
    public String eventObject() {
        return ProvisioningRequestEvents.KIND + "/" + namespace() + "/" + name();
    }

    void created(long nowMillis, String what) {
        timeline.add(nowMillis, eventObject(), "Normal", ProvisioningRequestEvents.CREATED, what);
    }

    /** Kueue deleted it. */
    public void withdraw() {
        withdrawn = true;
    }

    public void accept(long nowMillis, String why) {
        note(nowMillis, Condition.ACCEPTED, "Normal", ProvisioningRequestEvents.ACCEPTED, why);
    }

    public void provision(long nowMillis, String why) {
        note(nowMillis, Condition.PROVISIONED, "Normal", ProvisioningRequestEvents.PROVISIONED, why);
    }

    public void fail(long nowMillis, String why) {
        note(nowMillis, Condition.FAILED, "Warning", ProvisioningRequestEvents.FAILED, why);
    }

    public void expireBooking(long nowMillis, String why) {
        note(nowMillis, Condition.BOOKING_EXPIRED, "Warning", ProvisioningRequestEvents.BOOKING_EXPIRED, why);
    }

    public void revokeCapacity(long nowMillis, String why) {
        note(nowMillis, Condition.CAPACITY_REVOKED, "Warning", ProvisioningRequestEvents.CAPACITY_REVOKED, why);
    }

    private void note(long nowMillis, Condition condition, String type, String reason, String why) {
        conditions.put(condition, why);
        timeline.add(nowMillis, eventObject(), type, reason, why);
    }

    Report.ProvisioningRequestReport report() {
        return new Report.ProvisioningRequestReport(name(), owner, conditions.containsKey(Condition.ACCEPTED),
                conditions.containsKey(Condition.PROVISIONED), conditions.containsKey(Condition.FAILED));
    }
}
