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
import java.util.Objects;

/** Where and how a workload reserved quota. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"clusterQueue", "podSetAssignments"})
public class Admission {

    /** ClusterQueue the quota is reserved in. */
    @JsonPropertyDescription("ClusterQueue the quota is reserved in.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String clusterQueue;

    /** Flavors and usage of each pod set. */
    @JsonPropertyDescription("Flavors and usage of each pod set.")
    @Required
    @Size(max = 18)
    private List<PodSetAssignment> podSetAssignments;

    public Admission() {
    }

    public String getClusterQueue() {
        return clusterQueue;
    }

    public void setClusterQueue(String clusterQueue) {
        this.clusterQueue = clusterQueue;
    }

    public List<PodSetAssignment> getPodSetAssignments() {
        return podSetAssignments;
    }

    public void setPodSetAssignments(List<PodSetAssignment> podSetAssignments) {
        this.podSetAssignments = podSetAssignments;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Admission other)) {
            return false;
        }
        return Objects.equals(clusterQueue, other.clusterQueue)
                && Objects.equals(podSetAssignments, other.podSetAssignments);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clusterQueue, podSetAssignments);
    }

    @Override
    public String toString() {
        return "Admission{clusterQueue=" + clusterQueue + ", podSetAssignments=" + podSetAssignments + "}";
    }
}
