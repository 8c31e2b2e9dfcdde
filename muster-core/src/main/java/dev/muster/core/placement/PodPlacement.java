package dev.muster.core.placement;

import java.util.List;

/**
 * Where one pod of a gang goes.
 *
 * @param gpuDevices   the devices it uses (whole, or the one it shares)
 * @param gpuFraction  its share of that device in thousandths, for a shared GPU; 0 otherwise
 * @param gpuGroup     for a shared GPU, the group of pods on that device (KAI's runai-gpu-group); empty otherwise
 */
public record PodPlacement(String podSet, int index, String node, List<Integer> gpuDevices, long gpuFraction,
        String gpuGroup) {

    public PodPlacement {
        gpuDevices = List.copyOf(gpuDevices);
    }
}
