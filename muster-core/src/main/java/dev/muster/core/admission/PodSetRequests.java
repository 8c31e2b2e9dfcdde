package dev.muster.core.admission;

import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.ClusterQueueState;

/**
 * What one pod set asks of its ClusterQueue at a given count: per resource, in the pod's order
 * (then {@code pods} when the queue puts quota on pods), the amount in milli-units. Kept in two
 * arrays rather than a map: a flavor assignment builds one per attempt and looks each resource up
 * once per flavor, and a scheduling cycle makes thousands of attempts. Pod sets ask for a handful
 * of resources, so a lookup is a short scan.
 */
final class PodSetRequests {

    private static final String PODS = "pods";

    private final String[] resources;
    private final long[] milli;
    private int size;

    private PodSetRequests(int capacity) {
        this.resources = new String[capacity];
        this.milli = new long[capacity];
    }

    /** The requests of {@code count} pods of {@code ps} in {@code cq} (none for 0 pods). */
    static PodSetRequests of(ClusterQueueState cq, PodSet ps, int count) {
        if (count == 0) {
            return new PodSetRequests(0);
        }
        ResourceList perPod = ps.perPod();
        PodSetRequests requests = new PodSetRequests(perPod.size() + 1);
        for (int i = 0; i < perPod.size(); i++) {
            // Within the bound for every workload read (checked there); saturating as Quantity.times.
            requests.add(perPod.resourceAt(i), Saturating.multiply(perPod.milliAt(i), count));
        }
        // Kueue counts pods as a resource when a ClusterQueue puts quota on "pods".
        if (cq.coversPods() && requests.indexOf(PODS) < 0) {
            requests.add(PODS, Quantity.ofUnits(count).milli());
        }
        return requests;
    }

    private void add(String resource, long amount) {
        resources[size] = resource;
        milli[size] = amount;
        size++;
    }

    int size() {
        return size;
    }

    String resource(int i) {
        return resources[i];
    }

    long milli(int i) {
        return milli[i];
    }

    /** Where {@code resource} is among the requests, or -1 when the pod set does not ask for it. */
    int indexOf(String resource) {
        for (int i = 0; i < size; i++) {
            if (resources[i].equals(resource)) {
                return i;
            }
        }
        return -1;
    }
}
