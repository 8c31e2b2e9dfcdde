package dev.muster.sim.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A workload ({@code Kind namespace/name}) whose first admission differs between run A and run B:
 * the instants (null: not admitted in that run) and B minus A (null when admitted in one run only;
 * negative: admitted earlier in B).
 */
public record AdmissionChange(String workload, Double aSeconds, Double bSeconds) {

    @JsonProperty("deltaSeconds")
    public Double deltaSeconds() {
        return aSeconds == null || bSeconds == null ? null : bSeconds - aSeconds;
    }

    /** Admitted in one of the runs only. */
    @JsonIgnore
    public boolean oneRunOnly() {
        return (aSeconds == null) != (bSeconds == null);
    }
}
