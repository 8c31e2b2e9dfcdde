package dev.muster.core.checks;

/**
 * Where the ProvisioningRequest check meets the world that provides capacity: the virtual
 * cluster's autoscaler in the simulator, the API server (ProvisioningRequest and PodTemplate
 * objects) in the operator. What the autoscaler then says of a request comes back through
 * {@link ProvisioningCheckRunner#requestChanged}.
 */
public interface CapacityPort {

    /** Ask for the capacity: make the request known to the autoscaler. */
    void create(CapacityRequest request);

    /** The workload gave its quota back: Kueue deletes its request, and the autoscaler stops working for it. */
    void delete(CapacityRequest request);
}
