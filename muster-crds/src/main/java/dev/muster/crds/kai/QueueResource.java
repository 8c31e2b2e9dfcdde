package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/**
 * Quota, limit and over-quota weight of one resource; -1 means unlimited. A quota above the limit is
 * accepted, as KAI's own Queue webhook accepts it (it checks only that resources are set); the
 * fair-share division then caps the queue at its limit.
 */
@ValidationRule(
        value = "!has(self.quota) || self.quota == -1.0 || self.quota >= 0.0",
        message = "quota must be -1 (unlimited) or not negative")
@ValidationRule(
        value = "!has(self.limit) || self.limit == -1.0 || self.limit >= 0.0",
        message = "limit must be -1 (unlimited) or not negative")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"quota", "overQuotaWeight", "limit"})
public class QueueResource {

    /** Guaranteed amount; 0 or unset means no guarantee, -1 unlimited. */
    @JsonPropertyDescription("Guaranteed amount; 0 or unset means no guarantee, -1 unlimited.")
    @Min(-1)
    private Double quota;

    /** Weight of the share of surplus among queues of the same priority (1 when unset). */
    @JsonPropertyDescription("Weight of the share of surplus among queues of the same priority (1 when unset).")
    @Min(0)
    private Double overQuotaWeight;

    /** Most the queue may use; -1 or unset means no limit. */
    @JsonPropertyDescription("Most the queue may use; -1 or unset means no limit.")
    @Min(-1)
    private Double limit;

    public QueueResource() {
    }

    public Double getQuota() {
        return quota;
    }

    public void setQuota(Double quota) {
        this.quota = quota;
    }

    public Double getOverQuotaWeight() {
        return overQuotaWeight;
    }

    public void setOverQuotaWeight(Double overQuotaWeight) {
        this.overQuotaWeight = overQuotaWeight;
    }

    public Double getLimit() {
        return limit;
    }

    public void setLimit(Double limit) {
        this.limit = limit;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueResource other)) {
            return false;
        }
        return Objects.equals(quota, other.quota)
                && Objects.equals(overQuotaWeight, other.overQuotaWeight)
                && Objects.equals(limit, other.limit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(quota, overQuotaWeight, limit);
    }

    @Override
    public String toString() {
        return "QueueResource{quota=" + quota
                + ", overQuotaWeight=" + overQuotaWeight
                + ", limit=" + limit
                + "}";
    }
}
