package dev.muster.sim;

/**
 * The virtual cluster's clock, for the controllers that live in it (the provisioning check, the
 * autoscaler): what time it is, and a way to act later. Actions at the same time run in the order
 * they were asked for, so a run stays deterministic.
 */
public interface VirtualTime {

    long nowMillis();

    void at(long atMillis, Runnable action);
}
