package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.Optional;

/**
 * The quota of one resource in one flavor of a ClusterQueue or Cohort. An absent borrowing limit
 * means the queue may borrow whatever its cohort can lend; an absent lending limit means all of
 * its unused nominal quota may be lent.
 */
public record ResourceQuota(
        String resource, Quantity nominal, Optional<Quantity> borrowingLimit, Optional<Quantity> lendingLimit) {

    public static ResourceQuota nominal(String resource, Quantity nominal) {
        return new ResourceQuota(resource, nominal, Optional.empty(), Optional.empty());
    }
}
