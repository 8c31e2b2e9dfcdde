package dev.muster.core.admission;

import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.FlavorResourceIndex;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses a flavor for every resource group a pod set uses (Kueue's flavor assignment): the
 * flavors of a group are tried in the ClusterQueue's order and the first one where all of the
 * group's requests fit wins. The whole workload must fit at once; with {@code minCount} it is
 * shrunk as little as possible until it does.
 */
public final class FlavorAssigner {

    private static final String PODS = "pods";

    private final FlavorResourceIndex index;

    public FlavorAssigner(FlavorResourceIndex index) {
        this.index = index;
    }

    public FitResult assign(ClusterQueueState cq, Workload wl) {
        int[] full = wl.podSets().stream().mapToInt(PodSet::count).toArray();
        FitResult result = assign(cq, wl, full);
        if (result instanceof FitResult.NoFit && wl.allowsPartialAdmission()) {
            FitResult.Fits partial = new PodSetReducer(wl.podSets()).search(counts -> assign(cq, wl, counts));
            if (partial != null) {
                return partial;
            }
            // Explain with the minimum counts: those are what would have to fit.
            return assign(cq, wl, wl.podSets().stream().mapToInt(PodSet::minCount).toArray());
        }
        return result;
    }

    FitResult assign(ClusterQueueState cq, Workload wl, int[] counts) {
        QuotaNode node = cq.node();
        long[] need = new long[index.size()];
        List<PodSetAssignment> podSets = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) {
            PodSet ps = wl.podSets().get(i);
            Map<String, Quantity> requests = requestsOf(cq, ps, counts[i]);
            Map<String, String> flavors = new LinkedHashMap<>();
            for (String resource : requests.keySet()) {
                if (flavors.containsKey(resource)) {
                    continue;
                }
                ResourceGroup group = cq.groupFor(resource);
                if (group == null) {
                    return new FitResult.NoFit("ClusterQueue " + cq.name() + " has no quota for " + resource
                            + ", which pod set \"" + ps.name() + "\" requests", true);
                }
                FitResult.NoFit failure = assignGroup(cq, node, ps, group, requests, need, flavors);
                if (failure != null) {
                    return failure;
                }
            }
            podSets.add(new PodSetAssignment(ps.name(), counts[i], flavors));
        }
        boolean borrows = false;
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0 && node.usage(fr) + need[fr] > node.subtreeQuota(fr)) {
                borrows = true;
                break;
            }
        }
        return new FitResult.Fits(new Assignment(podSets, need, borrows));
    }

    private Map<String, Quantity> requestsOf(ClusterQueueState cq, PodSet ps, int count) {
        Map<String, Quantity> requests = new LinkedHashMap<>();
        if (count == 0) {
            return requests;
        }
        ps.perPod().amounts().forEach((r, q) -> requests.put(r, q.times(count)));
        // Kueue counts pods as a resource when a ClusterQueue puts quota on "pods".
        if (cq.covers(PODS) && !requests.containsKey(PODS)) {
            requests.put(PODS, Quantity.ofUnits(count));
        }
        return requests;
    }

    /** Tries the group's flavors in order; on success records the choice and returns null. */
    private FitResult.NoFit assignGroup(ClusterQueueState cq, QuotaNode node, PodSet ps, ResourceGroup group,
            Map<String, Quantity> requests, long[] need, Map<String, String> flavors) {
        List<QuotaShortage> shortages = new ArrayList<>();
        boolean everFits = false;
        for (FlavorQuotas flavor : group.flavors()) {
            QuotaShortage shortage = shortageIn(node, flavor.flavor(), group, requests, need);
            if (shortage == null) {
                for (String r : group.coveredResources()) {
                    Quantity q = requests.get(r);
                    if (q != null) {
                        need[index.indexOf(flavor.flavor(), r)] += q.milli();
                        flavors.put(r, flavor.flavor());
                    }
                }
                return null;
            }
            everFits |= !shortage.exceedsMaximum();
            shortages.add(shortage);
        }
        return new FitResult.NoFit(QuotaShortage.describe(cq.name(), node, ps.name(), shortages), !everFits);
    }

    private QuotaShortage shortageIn(QuotaNode node, String flavor, ResourceGroup group,
            Map<String, Quantity> requests, long[] need) {
        for (String r : group.coveredResources()) {
            Quantity q = requests.get(r);
            if (q == null) {
                continue;
            }
            int fr = index.indexOf(flavor, r);
            long wanted = (fr < 0 ? 0 : need[fr]) + q.milli();
            long available = fr < 0 ? 0 : node.available(fr);
            if (wanted > available) {
                long potential = fr < 0 ? 0 : node.potentialAvailable(fr);
                return new QuotaShortage(flavor, r, fr, wanted, available, potential);
            }
        }
        return null;
    }
}
