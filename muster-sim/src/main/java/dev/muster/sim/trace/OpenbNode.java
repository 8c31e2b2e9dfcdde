package dev.muster.sim.trace;

/**
 * One node of the openb trace ({@code openb_node_list_gpu_node.csv}).
 *
 * @param gpus  whole GPU devices
 * @param model GPU model, e.g. {@code G2}, {@code T4}
 */
public record OpenbNode(String name, long cpuMilli, long memoryMib, int gpus, String model) {
}
