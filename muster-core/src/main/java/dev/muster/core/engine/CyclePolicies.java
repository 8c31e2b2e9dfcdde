package dev.muster.core.engine;

import dev.muster.core.admission.BackfillPromises;
import dev.muster.core.admission.FlavorAssigner;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.kai.KaiCycle;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per cohort tree, whose rules schedule it ({@link CyclePolicy}), chosen once when the engine is
 * built; a tree that mixes ClusterQueues and KAI queues is refused.
 */
final class CyclePolicies {

    private final Map<QuotaNode, CyclePolicy> policies = new HashMap<>();
    /** KAI's cycle, when there are KAI queues; it knows their fair shares. */
    private final KaiCycle kaiCycle;
    /** The backfill promises of running workloads, shared by both cycles. */
    private final BackfillPromises promises = new BackfillPromises();

    CyclePolicies(QueueDirectory queues, EngineSetup setup) {
        QuotaTree tree = queues.tree();
        AdmissionSettings settings = setup.settings();
        Preemptor preemptor = new Preemptor(tree, queues.byRoot(),
                settings.fairSharing() ? Preemptor.fairSharing(tree, settings.preemptionStrategies()) : null);
        CyclePolicy kueue = new CyclePolicy.Kueue(new SchedulingCycle(tree,
                new FlavorAssigner(tree.index(), settings.fairSharing(), setup.flavors()), preemptor,
                settings.fairSharing(), settings.prioritySortingWithinCohort(), settings.backfill(), promises));
        this.kaiCycle = setup.kaiQueues().isEmpty() ? null
                : new KaiCycle(tree, new FlavorAssigner(tree.index(), false), setup.kaiQueues(), setup.capacity(),
                        settings.backfill(), promises);
        queues.byRoot().forEach((root, members) -> {
            boolean kai = members.get(0).isKai();
            refuseMixedTree(members, kai);
            policies.put(root, kai ? new CyclePolicy.Kai(kaiCycle) : kueue);
        });
    }

    BackfillPromises promises() {
        return promises;
    }

    private static void refuseMixedTree(List<ClusterQueueState> members, boolean kai) {
        members.stream().filter(q -> q.isKai() != kai).findFirst().ifPresent(q -> {
            throw new IllegalArgumentException("ClusterQueue " + (kai ? q.name() : members.get(0).name())
                    + " is in the cohort tree of KAI queues " + (kai ? members.get(0).name() : q.name())
                    + " (a cohort shares the name of a KAI parent queue); Kueue's and KAI's queues cannot"
                    + " share quota: rename the cohort or the queue");
        });
    }

    CyclePolicy of(QuotaNode root) {
        return policies.get(root);
    }

    /** A KAI queue's fair share per resource (milli-units) as of the last cycle. */
    Map<String, Long> fairShare(String kaiQueue) {
        return kaiCycle == null ? Map.of() : kaiCycle.fairShares().getOrDefault(kaiQueue, Map.of());
    }
}
