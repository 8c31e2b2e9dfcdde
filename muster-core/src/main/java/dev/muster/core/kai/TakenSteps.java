package dev.muster.core.kai;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.queue.Assignment;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The steps a KAI victim search has taken so far, each one's usage taken off the quota tree while
 * it stands: what would give way, and the put-back of victims that still fit beside the workload.
 */
final class TakenSteps {

    private final QuotaTree tree;
    private final List<VictimStep> steps = new ArrayList<>();

    TakenSteps(QuotaTree tree) {
        this.tree = tree;
    }

    /** The steps in the order they stand (a put-back that fails moves its step to the end). */
    List<VictimStep> steps() {
        return steps;
    }

    int size() {
        return steps.size();
    }

    void take(VictimStep step) {
        VictimGang g = step.gang();
        if (step.podSet() >= 0) {
            g.counts[step.podSet()]--;
        } else {
            Arrays.fill(g.counts, 0);
            g.gone = true;
        }
        tree.remove(g.queue.node(), step.freed());
        steps.add(step);
    }

    /** Undoes a step; a gang's steps are undone newest first, so its counts before the step are its counts again. */
    private void undo(VictimStep step) {
        VictimGang g = step.gang();
        System.arraycopy(step.before(), 0, g.counts, 0, g.counts.length);
        g.gone = false;
        tree.add(g.queue.node(), step.freed());
        steps.remove(step);
    }

    /** Undoes every standing step of {@code g}, newest first; returns them in that order. */
    List<VictimStep> undoGang(VictimGang g) {
        List<VictimStep> ofGang = new ArrayList<>(steps.stream().filter(s -> s.gang() == g).toList());
        ofGang.sort(Comparator.comparingInt(VictimStep::order).reversed());
        ofGang.forEach(this::undo);
        return ofGang;
    }

    /** Takes again steps undone in the order given (newest of a gang first): the gangs' counts are as before. */
    void retake(List<VictimStep> undone) {
        for (int i = undone.size() - 1; i >= 0; i--) {
            take(undone.get(i));
        }
    }

    /** Gives the tree back what the standing steps took off it (the gangs' counts are left as they are). */
    void restoreTree() {
        for (VictimStep s : steps) {
            tree.add(s.gang().queue.node(), s.freed());
        }
    }

    /**
     * Victims that still fit beside the workload are put back (KAI re-allocates them: pipelined,
     * not evicted), highest priority and oldest first: whole gangs as one, replicas one by one.
     * {@code makesRoom} tells whether the steps still standing make room for the workload.
     */
    void putBack(BooleanSupplier makesRoom) {
        List<VictimStep> order = new ArrayList<>(steps);
        order.sort(Comparator.comparing(VictimStep::gang, VictimGang.VICTIM_ORDER.reversed())
                .thenComparing(Comparator.comparingInt(VictimStep::order).reversed()));
        for (VictimStep s : order) {
            if (steps.stream().anyMatch(t -> t.gang() == s.gang() && t.order() > s.order())) {
                continue; // a later step of the same gang stays: this one cannot be undone alone
            }
            undo(s);
            if (makesRoom.getAsBoolean()) {
                continue;
            }
            take(s);
        }
    }

    /** The gangs that go whole. */
    List<ObjectKey> evicted() {
        return steps.stream().filter(s -> s.podSet() < 0).map(s -> s.gang().workload().key()).distinct().toList();
    }

    /** The gangs that keep running smaller, with their new assignments. */
    Map<ObjectKey, Assignment> shrunk() {
        Map<ObjectKey, Assignment> shrunk = new LinkedHashMap<>();
        for (VictimStep s : steps) {
            VictimGang g = s.gang();
            if (!g.gone) {
                shrunk.put(g.workload().key(), g.assignmentAt(g.counts, g.remainingUsage()));
            }
        }
        return shrunk;
    }

    /** What gives way, each gang once, in the order of its first step. */
    KaiVictims.Plan plan(boolean reclaim) {
        List<KaiVictims.Shrink> shrinks = new ArrayList<>();
        List<PreemptionTarget> evictions = new ArrayList<>();
        List<VictimGang> seen = new ArrayList<>();
        for (VictimStep s : steps.stream().sorted(Comparator.comparingInt(VictimStep::order)).toList()) {
            VictimGang g = s.gang();
            if (seen.contains(g)) {
                continue;
            }
            seen.add(g);
            if (g.gone) {
                evictions.add(new PreemptionTarget(g.admitted,
                        reclaim ? PreemptionTarget.IN_COHORT_FAIR_SHARING : PreemptionTarget.IN_CLUSTER_QUEUE));
            } else {
                long[] usage = g.remainingUsage();
                long[] freed = g.admitted.assignment().usage();
                for (int fr = 0; fr < freed.length; fr++) {
                    freed[fr] -= usage[fr];
                }
                shrinks.add(new KaiVictims.Shrink(g.admitted, g.queue, g.assignmentAt(g.counts, usage), freed));
            }
        }
        return new KaiVictims.Plan(List.copyOf(shrinks), List.copyOf(evictions));
    }
}
