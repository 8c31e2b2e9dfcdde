package dev.muster.bench.operator;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** How many faults of each kind the soak injected. */
final class FaultCounts {

    private final Map<Fault, AtomicInteger> counts = new EnumMap<>(Fault.class);

    FaultCounts() {
        for (Fault f : Fault.values()) {
            counts.put(f, new AtomicInteger());
        }
    }

    void injected(Fault fault) {
        counts.get(fault).incrementAndGet();
    }

    int of(Fault fault) {
        return counts.get(fault).get();
    }

    int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Every kind with its count, in the enum's order. */
    Map<Fault, Integer> snapshot() {
        Map<Fault, Integer> out = new EnumMap<>(Fault.class);
        counts.forEach((f, n) -> out.put(f, n.get()));
        return out;
    }
}
