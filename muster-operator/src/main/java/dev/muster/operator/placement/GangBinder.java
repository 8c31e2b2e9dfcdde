package dev.muster.operator.placement;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.PodPlacement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives a gang's pods the places the engine chose for them. The engine places pods of a pod set
 * as interchangeable slots; the pods exist only later (KubeRay or the Job controller makes them
 * once the job runs), so each pod waiting for a scheduler takes a free slot of its pod set, and a
 * pod already bound keeps the slot on its node.
 */
public final class GangBinder {

    /** A pod of a gang, with the pod set it belongs to. */
    public record GangPod(LivePod pod, String podSet) {
    }

    /** Bindings sent whose pods the API has not shown bound yet: a pod is not bound twice meanwhile. */
    private final Map<ObjectKey, PodPlacement> sent = new HashMap<>();

    /** A pod was seen bound, ended or deleted: a binding sent for it is done. */
    public void settled(ObjectKey pod) {
        sent.remove(pod);
    }

    /** A binding that failed: the pod may take a slot again. */
    public void failed(ObjectKey pod) {
        sent.remove(pod);
    }

    /**
     * The bindings to make now for the gang's waiting pods, in pod name order (deterministic);
     * pods beyond the gang's slots of their pod set wait (a job that made more pods than admitted).
     *
     * @param places where the engine placed the gang's pods
     * @param pods   the gang's pods, bound or waiting
     */
    public List<PodBinding> bind(List<PodPlacement> places, List<GangPod> pods) {
        List<GangPod> ordered = new ArrayList<>(pods);
        ordered.sort(Comparator.comparing(g -> g.pod().key().name()));
        boolean[] used = new boolean[places.size()];
        List<GangPod> waiting = new ArrayList<>();
        for (GangPod g : ordered) {
            LivePod pod = g.pod();
            PodPlacement pending = sent.get(pod.key());
            if (pod.bound() && !pod.ended()) {
                take(places, used, g.podSet(), pod.nodeName(), GpuShare.placementOf(pod, g.podSet()).gpuDevices());
            } else if (pending != null) {
                take(places, used, g.podSet(), pending.node(), pending.gpuDevices());
            } else if (!pod.bound() && !pod.ended()) {
                waiting.add(g);
            }
        }
        List<PodBinding> out = new ArrayList<>();
        for (GangPod g : waiting) {
            int slot = take(places, used, g.podSet(), null, null);
            if (slot < 0) {
                continue;
            }
            PodPlacement p = places.get(slot);
            sent.put(g.pod().key(), p);
            out.add(new PodBinding(g.pod().key(), g.pod().uid(), p.node(), GpuShare.labels(p), GpuShare.annotations(p)));
        }
        return out;
    }

    /**
     * Marks the first free slot of the pod set used: on {@code node} when given, preferring one with
     * the same GPU devices (pods sharing a node's GPUs keep their own device); -1 when there is none.
     */
    private static int take(List<PodPlacement> places, boolean[] used, String podSet, String node, List<Integer> devices) {
        int onNode = -1;
        for (int i = 0; i < places.size(); i++) {
            PodPlacement p = places.get(i);
            if (used[i] || !p.podSet().equals(podSet) || node != null && !p.node().equals(node)) {
                continue;
            }
            if (devices == null || p.gpuDevices().equals(devices)) {
                used[i] = true;
                return i;
            }
            if (onNode < 0) {
                onNode = i;
            }
        }
        if (onNode >= 0) {
            used[onNode] = true;
        }
        return onNode;
    }
}
