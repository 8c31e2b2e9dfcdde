package dev.muster.api.kai;

import dev.muster.api.kueue.PriorityValue;
import java.util.List;
import java.util.Optional;

/**
 * The priority classes a KAI Scheduler installation creates; a workload may name them without the
 * scenario declaring them. Below 100 a workload is preemptible.
 */
public final class KaiPriorityClasses {

    public static final List<PriorityValue> BUILT_IN = List.of(
            new PriorityValue("train", 50),
            new PriorityValue("build-preemptible", 75),
            new PriorityValue("build", 100),
            new PriorityValue("inference", 125));

    private KaiPriorityClasses() {
    }

    public static Optional<PriorityValue> find(String name) {
        return BUILT_IN.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
