package dev.muster.api.scenario;

import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.RayWorkerGroup;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A workload in KAI's terms. KAI's PodGrouper makes a RayCluster's gang head + the sum over worker
 * groups of (minReplicas, or replicas when 0) x numOfHosts, a suspended group counting 0: that is
 * every pod set's minCount, and replicas beyond it are admitted when they fit. A pod with the
 * {@code gpu-fraction} annotation asks for that share of one GPU.
 */
final class KaiGang {

    private static final String GPU = "nvidia.com/gpu";

    private KaiGang() {
    }

    static List<PodSet> podSets(WorkloadDraft w) {
        List<PodSet> out = new ArrayList<>();
        for (PodSetDraft draft : w.podSets()) {
            PodSet ps = draft.podSet();
            ResourceList perPod = withGpuFraction(ps.perPod(), draft.template().gpuFraction());
            Optional<RayWorkerGroup> group = w.rayWorkerGroups().stream()
                    .filter(g -> g.podSet().equals(ps.name())).findFirst();
            int min = group.map(g -> Math.min(g.kaiGangMinimum(), ps.count())).orElse(ps.minCount());
            out.add(new PodSet(ps.name(), ps.count(), min, perPod));
        }
        return out;
    }

    private static ResourceList withGpuFraction(ResourceList perPod, Optional<BigDecimal> fraction) {
        if (fraction.isEmpty() || !perPod.get(GPU).isZero()) {
            return perPod;
        }
        long milli = fraction.get().movePointRight(3).setScale(0, java.math.RoundingMode.CEILING).longValueExact();
        return perPod.plus(ResourceList.of(GPU, Quantity.ofMilli(milli)));
    }
}
