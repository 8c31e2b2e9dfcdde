package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;
import java.util.Objects;

/** The fields of a ClusterQueue spec that Kueue's v1beta1 and v1beta2 share. */
public abstract class ClusterQueueSpecFields {

    /** Groups of resources with the flavors and quotas that provide them. */
    @JsonPropertyDescription("Groups of resources with the flavors and quotas that provide them.")
    @Size(max = 16)
    private List<ResourceGroup> resourceGroups;

    /** StrictFIFO or BestEffortFIFO (the default). */
    @JsonPropertyDescription("StrictFIFO or BestEffortFIFO (the default).")
    @Default("BestEffortFIFO")
    private QueueingStrategy queueingStrategy;

    /** Namespaces whose workloads the queue admits: unset admits none, {} admits all. */
    @JsonPropertyDescription("Namespaces whose workloads the queue admits: unset admits none, {} admits all.")
    private LabelSelector namespaceSelector;

    /** Whether flavor assignment tries the next flavor before borrowing or preempting. */
    @JsonPropertyDescription("Whether flavor assignment tries the next flavor before borrowing or preempting.")
    private FlavorFungibility flavorFungibility;

    /** When pending workloads may preempt admitted ones. */
    @JsonPropertyDescription("When pending workloads may preempt admitted ones.")
    private ClusterQueuePreemption preemption;

    /** AdmissionChecks, each optionally limited to some flavors. */
    @JsonPropertyDescription("AdmissionChecks, each optionally limited to some flavors.")
    private AdmissionChecksStrategy admissionChecksStrategy;

    /** None (the default), Hold or HoldAndDrain. */
    @JsonPropertyDescription("None (the default), Hold or HoldAndDrain.")
    @Default("None")
    private StopPolicy stopPolicy;

    /** Properties of the queue under fair sharing. */
    @JsonPropertyDescription("Properties of the queue under fair sharing.")
    private FairSharing fairSharing;

    /** Admission fair sharing between the LocalQueues of this queue. */
    @JsonPropertyDescription("Admission fair sharing between the LocalQueues of this queue.")
    private AdmissionScope admissionScope;

    /** Resources whose names start with one of these prefixes are left out of quota. */
    @JsonPropertyDescription("Resources whose names start with one of these prefixes are left out of quota.")
    @Size(max = 64)
    private List<String> excludeResourcePrefixes;

    public List<ResourceGroup> getResourceGroups() {
        return resourceGroups;
    }

    public void setResourceGroups(List<ResourceGroup> resourceGroups) {
        this.resourceGroups = resourceGroups;
    }

    public QueueingStrategy getQueueingStrategy() {
        return queueingStrategy;
    }

    public void setQueueingStrategy(QueueingStrategy queueingStrategy) {
        this.queueingStrategy = queueingStrategy;
    }

    public LabelSelector getNamespaceSelector() {
        return namespaceSelector;
    }

    public void setNamespaceSelector(LabelSelector namespaceSelector) {
        this.namespaceSelector = namespaceSelector;
    }

    public FlavorFungibility getFlavorFungibility() {
        return flavorFungibility;
    }

    public void setFlavorFungibility(FlavorFungibility flavorFungibility) {
        this.flavorFungibility = flavorFungibility;
    }

    public ClusterQueuePreemption getPreemption() {
        return preemption;
    }

    public void setPreemption(ClusterQueuePreemption preemption) {
        this.preemption = preemption;
    }

    public AdmissionChecksStrategy getAdmissionChecksStrategy() {
        return admissionChecksStrategy;
    }

    public void setAdmissionChecksStrategy(AdmissionChecksStrategy admissionChecksStrategy) {
        this.admissionChecksStrategy = admissionChecksStrategy;
    }

    public StopPolicy getStopPolicy() {
        return stopPolicy;
    }

    public void setStopPolicy(StopPolicy stopPolicy) {
        this.stopPolicy = stopPolicy;
    }

    public FairSharing getFairSharing() {
        return fairSharing;
    }

    public void setFairSharing(FairSharing fairSharing) {
        this.fairSharing = fairSharing;
    }

    public AdmissionScope getAdmissionScope() {
        return admissionScope;
    }

    public void setAdmissionScope(AdmissionScope admissionScope) {
        this.admissionScope = admissionScope;
    }

    public List<String> getExcludeResourcePrefixes() {
        return excludeResourcePrefixes;
    }

    public void setExcludeResourcePrefixes(List<String> excludeResourcePrefixes) {
        this.excludeResourcePrefixes = excludeResourcePrefixes;
    }

    /** Whether the fields every version has are equal. */
    protected boolean sameFields(ClusterQueueSpecFields other) {
        return Objects.equals(resourceGroups, other.resourceGroups)
                && Objects.equals(queueingStrategy, other.queueingStrategy)
                && Objects.equals(namespaceSelector, other.namespaceSelector)
                && Objects.equals(flavorFungibility, other.flavorFungibility)
                && Objects.equals(preemption, other.preemption)
                && Objects.equals(admissionChecksStrategy, other.admissionChecksStrategy)
                && Objects.equals(stopPolicy, other.stopPolicy)
                && Objects.equals(fairSharing, other.fairSharing)
                && Objects.equals(admissionScope, other.admissionScope)
                && Objects.equals(excludeResourcePrefixes, other.excludeResourcePrefixes);
    }

    protected int fieldsHash() {
        return Objects.hash(resourceGroups, queueingStrategy, namespaceSelector, flavorFungibility, preemption, admissionChecksStrategy, stopPolicy, fairSharing, admissionScope, excludeResourcePrefixes);
    }

    protected String fieldsText() {
        return "resourceGroups=" + resourceGroups + ", " + "queueingStrategy=" + queueingStrategy + ", " + "namespaceSelector=" + namespaceSelector + ", " + "flavorFungibility=" + flavorFungibility + ", " + "preemption=" + preemption + ", " + "admissionChecksStrategy=" + admissionChecksStrategy + ", " + "stopPolicy=" + stopPolicy + ", " + "fairSharing=" + fairSharing + ", " + "admissionScope=" + admissionScope + ", " + "excludeResourcePrefixes=" + excludeResourcePrefixes;
    }
}
