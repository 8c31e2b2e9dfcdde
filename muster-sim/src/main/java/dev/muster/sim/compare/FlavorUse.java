package dev.muster.sim.compare;

/**
 * How much of one flavor's resource a run used, over the ClusterQueues (and KAI leaf queues) that
 * hold quota: {@code meanUsage} is the time-weighted mean of their usage from 0s to the end of the
 * run, in the resource's base unit (GPUs, cores, bytes); {@code nominal} the sum of their nominal
 * quotas of it; {@code utilization} the one divided by the other (0.5: half the quota used on
 * average), or null without a nominal quota to divide by.
 */
public record FlavorUse(String flavorResource, double meanUsage, double nominal, Double utilization) {
}
