package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import java.util.Objects;

/** Admission fair sharing between the LocalQueues of a ClusterQueue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"admissionMode"})
public class AdmissionScope {

    /** UsageBasedAdmissionFairSharing or NoAdmissionFairSharing. */
    @JsonPropertyDescription("UsageBasedAdmissionFairSharing or NoAdmissionFairSharing.")
    @Required
    private AdmissionMode admissionMode;

    public AdmissionScope() {
    }

    public AdmissionMode getAdmissionMode() {
        return admissionMode;
    }

    public void setAdmissionMode(AdmissionMode admissionMode) {
        this.admissionMode = admissionMode;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionScope other)) {
            return false;
        }
        return Objects.equals(admissionMode, other.admissionMode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(admissionMode);
    }

    @Override
    public String toString() {
        return "AdmissionScope{admissionMode=" + admissionMode + "}";
    }
}
