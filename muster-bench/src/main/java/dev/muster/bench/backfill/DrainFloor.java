package dev.muster.bench.backfill;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The soonest a gang could have started, counted from its creation, on the nodes as one run had
 * them at that instant: the jobs then running end when they did in that run, and nothing else
 * starts. No scheduler that ends no running work early can start the gang sooner from that state,
 * whatever it does with the queue, so a gang's wait in the run is at least its floor, and a size
 * class's p95 wait at least the p95 of its floors.
 *
 * <p>Why the study gives it: the largest gangs' wait is partly the policy's doing (who goes first,
 * what starts on the nodes they need) and partly the state the gang arrived to (long runs spread
 * over every node). The floor separates the two: a policy cannot beat it, only a different past
 * (other placements before the gang existed) or ending running work could.
 *
 * <p>The floor reads the run's own state, so it depends on the policy's past: BestEffortFIFO's
 * floors are not backfill's. Jobs admitted at the gang's own creation instant are left out (a
 * scheduler could have chosen the gang instead), which can only lower the floor.
 */
final class DrainFloor {

    private DrainFloor() {
    }

    /**
     * @param holds       the run's holds ({@link NodeHolds}); those held at {@code createdMillis} count
     * @param nodes       the cluster's nodes, all of {@code gpusPerNode} GPUs; nodes no hold names are empty
     * @param shape       the gang's pods: it starts once {@code shape.pods()} of them fit, each on one node
     * @return seconds from {@code createdMillis} until the gang fits; 0 when it fits at once
     */
    static double seconds(List<NodeHolds.Hold> holds, int nodes, int gpusPerNode, GangShape shape, long createdMillis) {
        if (shape.gpusPerPod() > gpusPerNode || shape.pods() > nodes * (gpusPerNode / shape.gpusPerPod())) {
            throw new IllegalArgumentException("a gang of " + shape.pods() + " pods of " + shape.gpusPerPod()
                    + " GPUs never fits " + nodes + " nodes of " + gpusPerNode);
        }
        Map<String, Integer> busy = new HashMap<>();
        List<NodeHolds.Hold> running = new ArrayList<>();
        for (NodeHolds.Hold h : holds) {
            if (h.heldAt(createdMillis)) {
                busy.merge(h.node(), h.gpus(), Integer::sum);
                running.add(h);
            }
        }
        if (busy.size() > nodes) {
            throw new IllegalArgumentException("the holds name " + busy.size() + " nodes, the cluster has " + nodes);
        }
        int room = (nodes - busy.size()) * podsFitting(0, gpusPerNode, shape);
        for (int used : busy.values()) {
            room += podsFitting(used, gpusPerNode, shape);
        }
        running.sort(Comparator.comparingLong(NodeHolds.Hold::untilMillis));
        int i = 0;
        while (room < shape.pods()) {
            // every hold ending at this instant frees its GPUs before the gang is tried
            long at = running.get(i).untilMillis();
            for (; i < running.size() && running.get(i).untilMillis() == at; i++) {
                NodeHolds.Hold h = running.get(i);
                int before = busy.get(h.node());
                busy.put(h.node(), before - h.gpus());
                room += podsFitting(before - h.gpus(), gpusPerNode, shape) - podsFitting(before, gpusPerNode, shape);
            }
            if (room >= shape.pods()) {
                return (at - createdMillis) / 1000.0;
            }
        }
        return 0;
    }

    /** How many of the gang's pods a node with {@code used} of its GPUs busy has room for. */
    private static int podsFitting(int used, int gpusPerNode, GangShape shape) {
        return Math.max(0, gpusPerNode - used) / shape.gpusPerPod();
    }
}
