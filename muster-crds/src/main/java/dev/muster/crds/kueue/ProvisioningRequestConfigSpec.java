package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** How the provisioning admission check asks the autoscaler for capacity. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "provisioningClassName",
        "parameters",
        "managedResources",
        "retryStrategy",
        "podSetUpdates",
        "podSetMergePolicy"})
public class ProvisioningRequestConfigSpec {

    /** Class of the ProvisioningRequests, for example queued-provisioning.gke.io. */
    @JsonPropertyDescription("Class of the ProvisioningRequests, for example queued-provisioning.gke.io.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String provisioningClassName;

    /** Parameters passed to every ProvisioningRequest. */
    @JsonPropertyDescription("Parameters passed to every ProvisioningRequest.")
    @Size(max = 100)
    private Map<String, String> parameters;

    /** Resources the requests cover; empty means every resource. */
    @JsonPropertyDescription("Resources the requests cover; empty means every resource.")
    @Size(max = 100)
    private List<String> managedResources;

    /** How failed or expired requests are tried again. */
    @JsonPropertyDescription("How failed or expired requests are tried again.")
    private ProvisioningRequestRetryStrategy retryStrategy;

    /** Node selectors taken from the provisioned capacity. */
    @JsonPropertyDescription("Node selectors taken from the provisioned capacity.")
    private ProvisioningRequestPodSetUpdates podSetUpdates;

    /** How pod sets are merged into the pod templates of a request. */
    @JsonPropertyDescription("How pod sets are merged into the pod templates of a request.")
    private PodSetMergePolicy podSetMergePolicy;

    public ProvisioningRequestConfigSpec() {
    }

    public String getProvisioningClassName() {
        return provisioningClassName;
    }

    public void setProvisioningClassName(String provisioningClassName) {
        this.provisioningClassName = provisioningClassName;
    }

    public Map<String, String> getParameters() {
        return parameters;
    }

    public void setParameters(Map<String, String> parameters) {
        this.parameters = parameters;
    }

    public List<String> getManagedResources() {
        return managedResources;
    }

    public void setManagedResources(List<String> managedResources) {
        this.managedResources = managedResources;
    }

    public ProvisioningRequestRetryStrategy getRetryStrategy() {
        return retryStrategy;
    }

    public void setRetryStrategy(ProvisioningRequestRetryStrategy retryStrategy) {
        this.retryStrategy = retryStrategy;
    }

    public ProvisioningRequestPodSetUpdates getPodSetUpdates() {
        return podSetUpdates;
    }

    public void setPodSetUpdates(ProvisioningRequestPodSetUpdates podSetUpdates) {
        this.podSetUpdates = podSetUpdates;
    }

    public PodSetMergePolicy getPodSetMergePolicy() {
        return podSetMergePolicy;
    }

    public void setPodSetMergePolicy(PodSetMergePolicy podSetMergePolicy) {
        this.podSetMergePolicy = podSetMergePolicy;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ProvisioningRequestConfigSpec other)) {
            return false;
        }
        return Objects.equals(provisioningClassName, other.provisioningClassName)
                && Objects.equals(parameters, other.parameters)
                && Objects.equals(managedResources, other.managedResources)
                && Objects.equals(retryStrategy, other.retryStrategy)
                && Objects.equals(podSetUpdates, other.podSetUpdates)
                && Objects.equals(podSetMergePolicy, other.podSetMergePolicy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(provisioningClassName, parameters, managedResources, retryStrategy, podSetUpdates,
                podSetMergePolicy);
    }

    @Override
    public String toString() {
        return "ProvisioningRequestConfigSpec{provisioningClassName=" + provisioningClassName
                + ", parameters=" + parameters
                + ", managedResources=" + managedResources
                + ", retryStrategy=" + retryStrategy
                + ", podSetUpdates=" + podSetUpdates
                + ", podSetMergePolicy=" + podSetMergePolicy
                + "}";
    }
}
