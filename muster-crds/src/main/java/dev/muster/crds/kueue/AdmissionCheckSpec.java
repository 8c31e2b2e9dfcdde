package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A gate, run by a controller, that admission must pass. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"controllerName", "retryDelayMinutes", "parameters"})
public class AdmissionCheckSpec {

    /**
     * Controller that runs the check, for example kueue.x-k8s.io/provisioning-request; cannot be
     * changed.
     */
    @JsonPropertyDescription("Controller that runs the check, for example kueue.x-k8s.io/provisioning-request; cannot be"
            + " changed.")
    @Required
    @ValidationRule(
        value = "self == oldSelf",
        message = "field is immutable")
    private String controllerName;

    /** Deprecated: delay before a workload is tried again after Retry. */
    @JsonPropertyDescription("Deprecated: delay before a workload is tried again after Retry.")
    private Long retryDelayMinutes;

    /** Object that configures the check, for example a ProvisioningRequestConfig. */
    @JsonPropertyDescription("Object that configures the check, for example a ProvisioningRequestConfig.")
    private AdmissionCheckParametersReference parameters;

    public AdmissionCheckSpec() {
    }

    public String getControllerName() {
        return controllerName;
    }

    public void setControllerName(String controllerName) {
        this.controllerName = controllerName;
    }

    public Long getRetryDelayMinutes() {
        return retryDelayMinutes;
    }

    public void setRetryDelayMinutes(Long retryDelayMinutes) {
        this.retryDelayMinutes = retryDelayMinutes;
    }

    public AdmissionCheckParametersReference getParameters() {
        return parameters;
    }

    public void setParameters(AdmissionCheckParametersReference parameters) {
        this.parameters = parameters;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionCheckSpec other)) {
            return false;
        }
        return Objects.equals(controllerName, other.controllerName)
                && Objects.equals(retryDelayMinutes, other.retryDelayMinutes)
                && Objects.equals(parameters, other.parameters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(controllerName, retryDelayMinutes, parameters);
    }

    @Override
    public String toString() {
        return "AdmissionCheckSpec{controllerName=" + controllerName
                + ", retryDelayMinutes=" + retryDelayMinutes
                + ", parameters=" + parameters
                + "}";
    }
}
