package dev.muster.api.workload;

import dev.muster.api.manifest.Reference;

/**
 * A workload's pointer to the class that gives its priority.
 *
 * @param source which kind of class is meant: Kueue's WorkloadPriorityClass or a pod PriorityClass
 */
public record PriorityClassReference(Source source, Reference reference) {

    public enum Source {
        WORKLOAD_PRIORITY_CLASS("WorkloadPriorityClass"),
        PRIORITY_CLASS("PriorityClass"),
        /** A v1beta1 Workload's priorityClassName without priorityClassSource: whichever class exists. */
        EITHER("WorkloadPriorityClass or PriorityClass");

        private final String kind;

        Source(String kind) {
            this.kind = kind;
        }

        public String kind() {
            return kind;
        }
    }

    public String name() {
        return reference.name();
    }
}
