package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.model.Toleration;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.PodShape;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A gang's pods as placement sees them: per pod set, the pod's requests, GPU request, node
 * selector and tolerations, with what its flavors and admission checks add.
 */
final class PodGroups {

    private final Map<String, ResourceFlavorSpec> flavors = new HashMap<>();
    /** Node selectors an admission check added to pod sets (a provisioning request's nodes), by workload. */
    private final Map<ObjectKey, Map<String, Map<String, String>>> podSetSelectors = new HashMap<>();

    PodGroups(Collection<ResourceFlavorSpec> flavorSpecs) {
        flavorSpecs.forEach(f -> flavors.put(f.name(), f));
    }

    void selectNodes(ObjectKey key, Map<String, Map<String, String>> selectorsByPodSet) {
        if (selectorsByPodSet.isEmpty()) {
            podSetSelectors.remove(key);
        } else {
            podSetSelectors.put(key, selectorsByPodSet);
        }
    }

    void forget(ObjectKey key) {
        podSetSelectors.remove(key);
    }

    /** The gang's pods as placement sees them: one group per pod set with pods in the assignment. */
    List<GangPlacer.PodGroup> of(Workload wl, Assignment a) {
        List<GangPlacer.PodGroup> groups = new ArrayList<>();
        for (int i = 0; i < wl.podSets().size(); i++) {
            PodSetAssignment psa = a.podSets().get(i);
            if (psa.count() > 0) {
                groups.add(new GangPlacer.PodGroup(psa.name(), psa.count(), shape(wl.key(), wl.podSets().get(i), psa)));
            }
        }
        return groups;
    }

    /**
     * A pod of the set as placement needs it: its flavors add their node labels and tolerations, and
     * an admission check may have added a node selector (the nodes provisioned for it).
     */
    PodShape shape(ObjectKey key, PodSet ps, PodSetAssignment psa) {
        PlacementHints h = ps.hints();
        Map<String, String> selector = new LinkedHashMap<>(h.nodeSelector());
        selector.putAll(podSetSelectors.getOrDefault(key, Map.of()).getOrDefault(ps.name(), Map.of()));
        List<Toleration> tolerations = new ArrayList<>(h.tolerations());
        for (String flavor : new java.util.TreeSet<>(psa.flavors().values())) {
            ResourceFlavorSpec f = flavors.get(flavor);
            if (f != null) {
                selector.putAll(f.nodeLabels());
                tolerations.addAll(f.tolerations());
            }
        }
        return PodShape.of(ps, selector, tolerations);
    }
}
