package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Default;
import java.util.Objects;

/**
 * Whether flavor assignment tries the next flavor before borrowing or preempting in the current
 * one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"whenCanBorrow", "whenCanPreempt", "preference"})
public class FlavorFungibility {

    /** MayStopSearch (the default) or TryNextFlavor. */
    @JsonPropertyDescription("MayStopSearch (the default) or TryNextFlavor.")
    @Default("MayStopSearch")
    private WhenCanBorrow whenCanBorrow;

    /** MayStopSearch or TryNextFlavor (the default). */
    @JsonPropertyDescription("MayStopSearch or TryNextFlavor (the default).")
    @Default("TryNextFlavor")
    private WhenCanPreempt whenCanPreempt;

    /** BorrowingOverPreemption or PreemptionOverBorrowing. */
    @JsonPropertyDescription("BorrowingOverPreemption or PreemptionOverBorrowing.")
    private FlavorFungibilityPreference preference;

    public FlavorFungibility() {
    }

    public WhenCanBorrow getWhenCanBorrow() {
        return whenCanBorrow;
    }

    public void setWhenCanBorrow(WhenCanBorrow whenCanBorrow) {
        this.whenCanBorrow = whenCanBorrow;
    }

    public WhenCanPreempt getWhenCanPreempt() {
        return whenCanPreempt;
    }

    public void setWhenCanPreempt(WhenCanPreempt whenCanPreempt) {
        this.whenCanPreempt = whenCanPreempt;
    }

    public FlavorFungibilityPreference getPreference() {
        return preference;
    }

    public void setPreference(FlavorFungibilityPreference preference) {
        this.preference = preference;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlavorFungibility other)) {
            return false;
        }
        return Objects.equals(whenCanBorrow, other.whenCanBorrow)
                && Objects.equals(whenCanPreempt, other.whenCanPreempt)
                && Objects.equals(preference, other.preference);
    }

    @Override
    public int hashCode() {
        return Objects.hash(whenCanBorrow, whenCanPreempt, preference);
    }

    @Override
    public String toString() {
        return "FlavorFungibility{whenCanBorrow=" + whenCanBorrow
                + ", whenCanPreempt=" + whenCanPreempt
                + ", preference=" + preference
                + "}";
    }
}
