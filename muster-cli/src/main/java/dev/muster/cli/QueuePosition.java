package dev.muster.cli;

/**
 * Where a pending workload stands, as Kueue's visibility API gives it: how many are ahead of it in
 * its ClusterQueue and in its LocalQueue (0: it is next). Either is null when the answer lacks it.
 */
record QueuePosition(Integer inClusterQueue, Integer inLocalQueue) {
}
