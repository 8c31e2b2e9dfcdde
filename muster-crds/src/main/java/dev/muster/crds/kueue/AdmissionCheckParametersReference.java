package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Objects;

/** A reference to the object that configures an admission check. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"apiGroup", "kind", "name"})
public class AdmissionCheckParametersReference {

    /** API group of the object, for example kueue.x-k8s.io. */
    @JsonPropertyDescription("API group of the object, for example kueue.x-k8s.io.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String apiGroup;

    /** Kind of the object, for example ProvisioningRequestConfig. */
    @JsonPropertyDescription("Kind of the object, for example ProvisioningRequestConfig.")
    @Required
    @Size(max = 63)
    @Pattern(Validation.KIND)
    private String kind;

    /** Name of the object. */
    @JsonPropertyDescription("Name of the object.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String name;

    public AdmissionCheckParametersReference() {
    }

    public String getApiGroup() {
        return apiGroup;
    }

    public void setApiGroup(String apiGroup) {
        this.apiGroup = apiGroup;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionCheckParametersReference other)) {
            return false;
        }
        return Objects.equals(apiGroup, other.apiGroup)
                && Objects.equals(kind, other.kind)
                && Objects.equals(name, other.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(apiGroup, kind, name);
    }

    @Override
    public String toString() {
        return "AdmissionCheckParametersReference{apiGroup=" + apiGroup
                + ", kind=" + kind
                + ", name=" + name
                + "}";
    }
}
