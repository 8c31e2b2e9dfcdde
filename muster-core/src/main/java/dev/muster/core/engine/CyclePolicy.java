package dev.muster.core.engine;

import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.kai.KaiCycle;
import dev.muster.core.queue.ClusterQueueState;
import java.util.List;

/**
 * The rules one cohort tree is scheduled by, chosen once per quota root when the engine is built:
 * Kueue's for ClusterQueues and their cohorts, KAI's for the tree of KAI queues. The choice is a
 * type, so a tree cannot be scheduled by the wrong dialect because a cohort happens to carry a
 * particular name.
 */
sealed interface CyclePolicy {

    /** One pass over the tree's queues; its decisions go to {@code outcome}. */
    void run(List<ClusterQueueState> queues, SchedulingCycle.Outcome outcome);

    /** Kueue: ClusterQueues in a cohort tree, each cycle a tournament of queue heads. */
    record Kueue(SchedulingCycle cycle) implements CyclePolicy {
        @Override
        public void run(List<ClusterQueueState> queues, SchedulingCycle.Outcome outcome) {
            cycle.run(queues, outcome);
        }
    }

    /** KAI: the hierarchy of KAI queues under the cluster, with fair shares, reclaim and preemption. */
    record Kai(KaiCycle cycle) implements CyclePolicy {
        @Override
        public void run(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome) {
            cycle.run(leaves, outcome);
        }
    }
}
