package dev.muster.sim.autoscaler;

import dev.muster.core.engine.Engine;
import dev.muster.core.engine.UnplacedGang;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.queue.AdmittedWorkload;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the {@link NodePoolAutoscaler} sees of and does to the cluster. The virtual cluster answers
 * from its engine ({@link #of(Engine)}); the twin test answers for the operator through the API
 * server and the operator's engine, so that both runs get the same autoscaler.
 */
public interface AutoscaledCluster {

    /** A node the autoscaler made is Ready. */
    void addNode(NodeSpec node);

    /** A node is being reclaimed: nothing new lands on it; it leaves once its pods are gone. */
    void drainNode(String name);

    void removeNode(String name);

    boolean isAdmitted(ObjectKey workload);

    /** The nodes where pods of admitted workloads run. */
    Set<String> busyNodes();

    /** Gangs holding quota that wait for room on the nodes. */
    List<UnplacedGang> unplacedGangs();

    /** Whether the pods would fit on the cluster's nodes with {@code extra} nodes added. */
    boolean placeableWith(List<GangPlacer.PodGroup> pods, List<NodeSpec> extra);

    /** The virtual cluster: its engine is the cluster. */
    static AutoscaledCluster of(Engine engine) {
        return new AutoscaledCluster() {
            @Override
            public void addNode(NodeSpec node) {
                engine.addNode(node);
            }

            @Override
            public void drainNode(String name) {
                engine.drainNode(name);
            }

            @Override
            public void removeNode(String name) {
                engine.removeNode(name);
            }

            @Override
            public boolean isAdmitted(ObjectKey workload) {
                return engine.isAdmitted(workload);
            }

            @Override
            public Set<String> busyNodes() {
                Set<String> busy = new HashSet<>();
                for (AdmittedWorkload a : engine.admittedWorkloads()) {
                    for (PodPlacement p : engine.pods(a.workload().key())) {
                        busy.add(p.node());
                    }
                }
                return busy;
            }

            @Override
            public List<UnplacedGang> unplacedGangs() {
                return engine.unplacedGangs();
            }

            @Override
            public boolean placeableWith(List<GangPlacer.PodGroup> pods, List<NodeSpec> extra) {
                return engine.placeableWith(pods, extra);
            }
        };
    }
}
