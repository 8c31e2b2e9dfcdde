package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** The ClusterQueue a LocalQueue submits to. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"clusterQueue", "stopPolicy", "fairSharing"})
public class LocalQueueSpec {

    /** Name of the ClusterQueue that backs this queue; cannot be changed. */
    @JsonPropertyDescription("Name of the ClusterQueue that backs this queue; cannot be changed.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    @ValidationRule(
        value = "self == oldSelf",
        message = "field is immutable")
    private String clusterQueue;

    /** None (the default), Hold or HoldAndDrain. */
    @JsonPropertyDescription("None (the default), Hold or HoldAndDrain.")
    @Default("None")
    private StopPolicy stopPolicy;

    /** Properties of the queue under admission fair sharing. */
    @JsonPropertyDescription("Properties of the queue under admission fair sharing.")
    private FairSharing fairSharing;

    public LocalQueueSpec() {
    }

    public String getClusterQueue() {
        return clusterQueue;
    }

    public void setClusterQueue(String clusterQueue) {
        this.clusterQueue = clusterQueue;
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LocalQueueSpec other)) {
            return false;
        }
        return Objects.equals(clusterQueue, other.clusterQueue)
                && Objects.equals(stopPolicy, other.stopPolicy)
                && Objects.equals(fairSharing, other.fairSharing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clusterQueue, stopPolicy, fairSharing);
    }

    @Override
    public String toString() {
        return "LocalQueueSpec{clusterQueue=" + clusterQueue
                + ", stopPolicy=" + stopPolicy
                + ", fairSharing=" + fairSharing
                + "}";
    }
}
