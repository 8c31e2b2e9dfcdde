package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.queue.Assignment;
import java.util.List;

/** What trying one workload in a scheduling cycle came to. */
sealed interface Attempt {
    record Admit(Assignment assignment) implements Attempt {
    }

    record Preempt(Assignment assignment, List<PreemptionTarget> targets) implements Attempt {
    }

    record Wait(Pending pending) implements Attempt {
    }
}
