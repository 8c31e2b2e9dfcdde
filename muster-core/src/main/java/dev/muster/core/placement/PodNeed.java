package dev.muster.core.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * A pod's requests other than GPUs as arrays, resolved once per pod: a placement loop checks them
 * against every node, and walking the requests' sorted map for each node costs more than the check.
 *
 * @param ids     the requested resources by {@link ResourceNames} number
 * @param cpu the cpu request in milli-cpu, which the scorers read
 */
record PodNeed(int[] ids, long[] amounts, long cpu) {

    static PodNeed of(PodShape pod) {
        List<String> names = new ArrayList<>();
        List<Long> amounts = new ArrayList<>();
        pod.requests().amounts().forEach((r, q) -> {
            if (!r.equals(NodeSpec.GPU)) {
                names.add(r);
                amounts.add(q.milli());
            }
        });
        return new PodNeed(names.stream().mapToInt(ResourceNames::id).toArray(), amounts.stream().mapToLong(Long::longValue).toArray(),
                pod.requests().get("cpu").milli());
    }
}
