package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import java.util.Objects;

/** Retries of failed or expired provisioning requests, with exponential backoff. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"backoffLimitCount", "backoffBaseSeconds", "backoffMaxSeconds"})
public class ProvisioningRequestRetryStrategy {

    /** Retries before the check is Rejected (3 by default). */
    @JsonPropertyDescription("Retries before the check is Rejected (3 by default).")
    @Default("3")
    @Min(0)
    private Integer backoffLimitCount;

    /** First backoff, doubled after each retry (60 by default). */
    @JsonPropertyDescription("First backoff, doubled after each retry (60 by default).")
    @Default("60")
    @Min(1)
    private Integer backoffBaseSeconds;

    /** Longest backoff (1800 by default). */
    @JsonPropertyDescription("Longest backoff (1800 by default).")
    @Default("1800")
    @Min(1)
    private Integer backoffMaxSeconds;

    public ProvisioningRequestRetryStrategy() {
    }

    public Integer getBackoffLimitCount() {
        return backoffLimitCount;
    }

    public void setBackoffLimitCount(Integer backoffLimitCount) {
        this.backoffLimitCount = backoffLimitCount;
    }

    public Integer getBackoffBaseSeconds() {
        return backoffBaseSeconds;
    }

    public void setBackoffBaseSeconds(Integer backoffBaseSeconds) {
        this.backoffBaseSeconds = backoffBaseSeconds;
    }

    public Integer getBackoffMaxSeconds() {
        return backoffMaxSeconds;
    }

    public void setBackoffMaxSeconds(Integer backoffMaxSeconds) {
        this.backoffMaxSeconds = backoffMaxSeconds;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ProvisioningRequestRetryStrategy other)) {
            return false;
        }
        return Objects.equals(backoffLimitCount, other.backoffLimitCount)
                && Objects.equals(backoffBaseSeconds, other.backoffBaseSeconds)
                && Objects.equals(backoffMaxSeconds, other.backoffMaxSeconds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(backoffLimitCount, backoffBaseSeconds, backoffMaxSeconds);
    }

    @Override
    public String toString() {
        return "ProvisioningRequestRetryStrategy{backoffLimitCount=" + backoffLimitCount
                + ", backoffBaseSeconds=" + backoffBaseSeconds
                + ", backoffMaxSeconds=" + backoffMaxSeconds
                + "}";
    }
}
