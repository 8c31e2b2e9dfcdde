package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import java.util.List;

/**
 * A gang whose quota fits but whose pods found no room on the nodes when last tried.
 *
 * @param pods          its pods by pod set, as placement sees them
 * @param quotaReserved true when it holds quota and passed its admission checks, and only the
 *                      nodes are missing; false when it is still queued
 */
public record UnplacedGang(ObjectKey workload, List<GangPlacer.PodGroup> pods, boolean quotaReserved) {

    public UnplacedGang {
        pods = List.copyOf(pods);
    }
}
