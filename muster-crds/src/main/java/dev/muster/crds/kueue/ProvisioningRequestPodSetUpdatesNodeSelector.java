package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Objects;

/** A node selector whose value comes from the provisioning class details. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"key", "valueFromProvisioningClassDetail"})
public class ProvisioningRequestPodSetUpdatesNodeSelector {

    /** Node selector key. */
    @JsonPropertyDescription("Node selector key.")
    @Required
    @Size(max = 317)
    private String key;

    /** Key in the ProvisioningRequest status.provisioningClassDetails that holds the value. */
    @JsonPropertyDescription("Key in the ProvisioningRequest status.provisioningClassDetails that holds the value.")
    @Required
    @Size(max = 32768)
    private String valueFromProvisioningClassDetail;

    public ProvisioningRequestPodSetUpdatesNodeSelector() {
    }

    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    public String getValueFromProvisioningClassDetail() {
        return valueFromProvisioningClassDetail;
    }

    public void setValueFromProvisioningClassDetail(String valueFromProvisioningClassDetail) {
        this.valueFromProvisioningClassDetail = valueFromProvisioningClassDetail;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ProvisioningRequestPodSetUpdatesNodeSelector other)) {
            return false;
        }
        return Objects.equals(key, other.key)
                && Objects.equals(valueFromProvisioningClassDetail, other.valueFromProvisioningClassDetail);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, valueFromProvisioningClassDetail);
    }

    @Override
    public String toString() {
        return "ProvisioningRequestPodSetUpdatesNodeSelector{key=" + key
                + ", valueFromProvisioningClassDetail=" + valueFromProvisioningClassDetail
                + "}";
    }
}
