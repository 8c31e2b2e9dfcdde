package dev.muster.core.queue;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/** A read-only view of a queue's pending demand as milli-units per resource, in the demand map's order. */
final class PendingDemandView extends AbstractMap<String, Long> {

    private final Map<String, Demand> demand;

    PendingDemandView(Map<String, Demand> demand) {
        this.demand = demand;
    }

    @Override
    public Long get(Object resource) {
        Demand d = demand.get(resource);
        return d == null ? null : d.milli();
    }

    @Override
    public boolean containsKey(Object resource) {
        return demand.containsKey(resource);
    }

    @Override
    public int size() {
        return demand.size();
    }

    @Override
    public Set<Entry<String, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Long>> iterator() {
                Iterator<Entry<String, Demand>> it = demand.entrySet().iterator();
                return new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return it.hasNext();
                    }

                    @Override
                    public Entry<String, Long> next() {
                        Entry<String, Demand> e = it.next();
                        return Map.entry(e.getKey(), e.getValue().milli());
                    }
                };
            }

            @Override
            public int size() {
                return demand.size();
            }
        };
    }
}
