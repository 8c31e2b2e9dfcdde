package dev.muster.core.preemption;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.model.Workload;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.List;

/**
 * One preemption question: may {@code preemptor}, assigned as {@code assignment} in {@code queue},
 * fit if some admitted workloads go, and which? Removal of candidates is simulated on the live
 * quota tree and always undone before the answer is returned.
 *
 * @param needed flavor-resources (indexed like the tree) where the preemptor's need exceeds what is available
 */
record PreemptionContext(
        QuotaTree tree, ClusterQueueState queue, Workload preemptor, Assignment assignment, boolean[] needed,
        java.util.function.Predicate<List<Candidate>> placeable) {

    /** Whether the preemptor fits the quota and, when nodes are known, its pods fit with {@code removed} gone. */
    boolean fitsWithout(List<Candidate> removed, boolean allowBorrowing) {
        return fits(allowBorrowing) && placeable.test(removed);
    }

    long[] need() {
        return assignment.usage();
    }

    /** Kueue's workloadFits: every needed amount is available, and without borrowing unless allowed. */
    boolean fits(boolean allowBorrowing) {
        QuotaNode node = queue.node();
        long[] need = need();
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] == 0) {
                continue;
            }
            if (!allowBorrowing && node.usage(fr) + need[fr] > node.subtreeQuota(fr)) {
                return false;
            }
            if (need[fr] > node.available(fr)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the queue uses less than its nominal quota on every flavor-resource that needs preemption. */
    boolean underNominalWhereNeeded() {
        QuotaNode node = queue.node();
        for (int fr = 0; fr < needed.length; fr++) {
            if (needed[fr] && node.usage(fr) >= node.nominal(fr)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the preemptor's own queue stays within its nominal quota once admitted. */
    boolean staysWithinNominal() {
        QuotaNode node = queue.node();
        long[] need = need();
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0 && node.usage(fr) + need[fr] > node.nominal(fr)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code node} uses more than its own quota on any needed flavor-resource. */
    boolean borrowsWhereNeeded(QuotaNode node) {
        for (int fr = 0; fr < needed.length; fr++) {
            if (needed[fr] && node.borrows(fr)) {
                return true;
            }
        }
        return false;
    }

    boolean usesNeededResources(AdmittedWorkload w) {
        long[] usage = w.assignment().usage();
        for (int fr = 0; fr < needed.length; fr++) {
            if (needed[fr] && usage[fr] > 0) {
                return true;
            }
        }
        return false;
    }

    void remove(AdmittedWorkload w, ClusterQueueState owner) {
        tree.remove(owner.node(), w.assignment().usage());
    }

    void restore(List<Candidate> removed) {
        for (Candidate c : removed) {
            tree.add(c.queue().node(), c.workload().assignment().usage());
        }
    }
}
