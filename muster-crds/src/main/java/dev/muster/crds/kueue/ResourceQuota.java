package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Objects;

/** The quota of one resource in one flavor. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "nominalQuota", "borrowingLimit", "lendingLimit"})
public class ResourceQuota {

    /** Name of the resource. */
    @JsonPropertyDescription("Name of the resource.")
    @Required
    private String name;

    /** Quantity available to the queue at any time; not negative. */
    @JsonPropertyDescription("Quantity available to the queue at any time; not negative.")
    @Required
    private Quantity nominalQuota;

    /**
     * Most the queue may borrow above nominalQuota from its cohort; unset means no limit. Needs a
     * cohort (a parent for a Cohort).
     */
    @JsonPropertyDescription("Most the queue may borrow above nominalQuota from its cohort; unset means no limit. Needs "
            + "a cohort (a parent for a Cohort).")
    private Quantity borrowingLimit;

    /**
     * Most of nominalQuota the queue lends to its cohort; unset means all of it. Needs a cohort (a
     * parent for a Cohort).
     */
    @JsonPropertyDescription("Most of nominalQuota the queue lends to its cohort; unset means all of it. Needs a cohort "
            + "(a parent for a Cohort).")
    private Quantity lendingLimit;

    public ResourceQuota() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Quantity getNominalQuota() {
        return nominalQuota;
    }

    public void setNominalQuota(Quantity nominalQuota) {
        this.nominalQuota = nominalQuota;
    }

    public Quantity getBorrowingLimit() {
        return borrowingLimit;
    }

    public void setBorrowingLimit(Quantity borrowingLimit) {
        this.borrowingLimit = borrowingLimit;
    }

    public Quantity getLendingLimit() {
        return lendingLimit;
    }

    public void setLendingLimit(Quantity lendingLimit) {
        this.lendingLimit = lendingLimit;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ResourceQuota other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(nominalQuota, other.nominalQuota)
                && Objects.equals(borrowingLimit, other.borrowingLimit)
                && Objects.equals(lendingLimit, other.lendingLimit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, nominalQuota, borrowingLimit, lendingLimit);
    }

    @Override
    public String toString() {
        return "ResourceQuota{name=" + name
                + ", nominalQuota=" + nominalQuota
                + ", borrowingLimit=" + borrowingLimit
                + ", lendingLimit=" + lendingLimit
                + "}";
    }
}
