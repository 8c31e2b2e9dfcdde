package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.quantity.Quantity;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The kinds of pod of a {@link WorkloadProfile} as one kind of node sees them, for
 * {@link FragmentationMeasure}: which of them use GPUs and may run there (the others count all free
 * GPU, together), their share of one device or their whole devices, and their other requests
 * resolved to the node's resources.
 *
 * <p>None of it depends on what a node has free, only on what its spec says to pods, so nodes alike
 * share one table ({@link Key}). Building it for every node weighed was a tenth of an openb run
 * through the engine: each new profile (twenty in that run) weighs a few hundred nodes afresh, each
 * against some seventy kinds.
 */
final class KindTable {

    /**
     * What of a node's spec a table depends on: the labels the profile's kinds ask about, taints and
     * cordon (where a kind may run), the node's resources, its devices and their memory (a kind's
     * share of a device when it asks for GPU memory).
     */
    record Key(Map<String, String> labels, List<Taint> taints, boolean unschedulable, Set<String> resources,
            int devices, long gpuMemoryMiB) {

        static Key of(NodeState node, Set<String> labelKeys) {
            NodeSpec spec = node.spec();
            Map<String, String> labels = Map.of();
            if (!labelKeys.isEmpty()) {
                Map<String, String> asked = new TreeMap<>();
                spec.labels().forEach((k, v) -> {
                    if (labelKeys.contains(k)) {
                        asked.put(k, v);
                    }
                });
                labels = asked;
            }
            return new Key(labels, spec.taints(), spec.unschedulable(), spec.allocatable().amounts().keySet(),
                    node.devices(), spec.gpuMemoryMiB());
        }
    }

    /** What the kinds of a pod need of a node: a share of one device or whole devices, and their other requests. */
    private record Kind(long share, int whole, ResourceList requests) {
    }

    final FragmentationMeasure.Layout layout;
    /** Weight of the kinds that need no GPU or may not run here: all free GPU is lost to them. */
    final double otherWeight;
    final double[] weight;
    /** Per kind: its share of one device on this node (gpu-memory turned into a fraction), 0 if it takes whole devices. */
    final long[] share;
    /** Per kind: its whole devices, 0 if it shares one. */
    final int[] whole;
    /** Per kind and resource of the layout (flat, kind-major): its request, 0 if none, and 1/request. */
    final long[] request;
    final double[] inverse;
    /** Per kind: whether it requests a resource the node does not have, so that none fits. */
    final boolean[] lacking;

    /**
     * The table for {@code node}, a node the measure weighs (so not draining: where a kind may run is
     * what the spec says).
     */
    KindTable(List<WorkloadProfile.Entry> entries, NodeState node, FragmentationMeasure.Layout layout) {
        this.layout = layout;
        // kinds that differ only in where they may go are one kind on a node that admits them all
        double other = 0;
        Map<Kind, Double> kinds = new LinkedHashMap<>();
        for (WorkloadProfile.Entry e : entries) {
            PodShape kind = e.shape();
            long milli = kind.gpu() instanceof GpuRequest.Whole ? 0 : node.fractionOf(kind.gpu());
            int devicesNeeded = kind.gpu() instanceof GpuRequest.Whole w ? w.devices() : 0;
            if (milli <= 0 && devicesNeeded <= 0 || node.devices() == 0 || !node.admitsBySpec(kind)) {
                other += e.weight();
            } else {
                kinds.merge(new Kind(milli, devicesNeeded, kind.requests()), e.weight(), Double::sum);
            }
        }
        otherWeight = other;
        int n = kinds.size();
        weight = new double[n];
        share = new long[n];
        whole = new int[n];
        int r = layout.resources.length;
        request = new long[n * r];
        inverse = new double[n * r];
        lacking = new boolean[n];
        int k = 0;
        for (Map.Entry<Kind, Double> e : kinds.entrySet()) {
            weight[k] = e.getValue();
            share[k] = e.getKey().share();
            whole[k] = e.getKey().whole();
            for (Map.Entry<String, Quantity> q : e.getKey().requests().amounts().entrySet()) {
                if (q.getKey().equals(NodeSpec.GPU)) {
                    continue;
                }
                int i = layout.indexOf(q.getKey());
                if (i < 0) {
                    lacking[k] = true;
                } else {
                    request[k * r + i] = q.getValue().milli();
                    inverse[k * r + i] = 1.0 / q.getValue().milli();
                }
            }
            k++;
        }
    }

    int kinds() {
        return weight.length;
    }

    /** The label keys the kinds of a profile ask about (node selectors and required affinity): what tells nodes apart for them. */
    static Set<String> labelKeys(List<WorkloadProfile.Entry> entries) {
        Set<String> keys = new HashSet<>();
        for (WorkloadProfile.Entry e : entries) {
            keys.addAll(e.shape().nodeSelector().keySet());
            for (LabelSelector term : e.shape().requiredAffinity()) {
                keys.addAll(term.matchLabels().keySet());
                for (LabelSelector.Requirement req : term.matchExpressions()) {
                    keys.add(req.key());
                }
            }
        }
        return keys;
    }
}
