package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** An inner node of the quota tree, with optional quota of its own. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"parentName", "resourceGroups", "fairSharing"})
public class CohortSpec {

    /** Parent cohort; unset makes this cohort a root. */
    @JsonPropertyDescription("Parent cohort; unset makes this cohort a root.")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String parentName;

    /** Quota the cohort adds to what its members share; limits only when it has a parent. */
    @JsonPropertyDescription("Quota the cohort adds to what its members share; limits only when it has a parent.")
    @Size(max = 16)
    private List<ResourceGroup> resourceGroups;

    /** Properties of the cohort under fair sharing. */
    @JsonPropertyDescription("Properties of the cohort under fair sharing.")
    private FairSharing fairSharing;

    public CohortSpec() {
    }

    public String getParentName() {
        return parentName;
    }

    public void setParentName(String parentName) {
        this.parentName = parentName;
    }

    public List<ResourceGroup> getResourceGroups() {
        return resourceGroups;
    }

    public void setResourceGroups(List<ResourceGroup> resourceGroups) {
        this.resourceGroups = resourceGroups;
    }

    public FairSharing getFairSharing() {
        return fairSharing;
    }

    public void setFairSharing(FairSharing fairSharing) {
        this.fairSharing = fairSharing;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CohortSpec other)) {
            return false;
        }
        return Objects.equals(parentName, other.parentName)
                && Objects.equals(resourceGroups, other.resourceGroups)
                && Objects.equals(fairSharing, other.fairSharing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(parentName, resourceGroups, fairSharing);
    }

    @Override
    public String toString() {
        return "CohortSpec{parentName=" + parentName
                + ", resourceGroups=" + resourceGroups
                + ", fairSharing=" + fairSharing
                + "}";
    }
}
