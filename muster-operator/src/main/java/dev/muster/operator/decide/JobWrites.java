package dev.muster.operator.decide;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.operator.decide.FailedWrites.Write;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The writes the decider makes on a job and its Workload object: suspend, start, stop, create the
 * Workload, and events. A write that fails is owed ({@link FailedWrites}) and tried again at the
 * start of each cycle until it succeeds or is no longer due.
 */
final class JobWrites {

    private final ClusterWriter writer;
    private final InForce inForce;
    private final ProvisioningChecks provisioning;
    private final FailedWrites failed = new FailedWrites();

    JobWrites(ClusterWriter writer, InForce inForce, ProvisioningChecks provisioning) {
        this.writer = writer;
        this.inForce = inForce;
        this.provisioning = provisioning;
    }

    /** Holds a job that runs and should not yet: the webhook suspends managed jobs at creation, this on first sight. */
    void suspend(TrackedJob t) {
        failed.record(t, Write.SUSPEND, t.adapter.suspend(writer, t.key, t.live));
    }

    /** Creates the job's Workload object if it does not exist yet. */
    void ensureWorkload(TrackedJob t) {
        failed.record(t, Write.WORKLOAD, writer.ensure(KubeKind.WORKLOAD, WorkloadObjects.workload(t)));
    }

    /** Unsuspends an admitted job with its flavors' node labels and tolerations (and the checks' annotations). */
    void start(TrackedJob t) {
        failed.settle(t, Write.STOP); // a stop still owed from an earlier eviction would stop it again
        failed.record(t, Write.START, startJob(t));
    }

    /** The job is not to be started (evicted, or a KAI job, which was never suspended). */
    void noStart(TrackedJob t) {
        failed.settle(t, Write.START);
    }

    void stop(TrackedJob t) {
        failed.settle(t, Write.START);
        failed.record(t, Write.STOP, t.adapter.stop(writer, t.key, t.live));
    }

    /** Deletes a KAI gang's pods: KAI evicts so, and their controller makes them again. */
    void deletePods(List<ObjectKey> pods) {
        pods.forEach(writer::deletePod);
    }

    /** The job is gone: what was owed for it is dropped. */
    void forget(TrackedJob t) {
        failed.forget(t);
    }

    /** The writer itself, for the provisioning checks, which make their requests themselves. */
    ClusterWriter writer() {
        return writer;
    }

    void event(TrackedJob t, String type, String reason, String message) {
        writer.event(t.adapter.kind(), t.key, t.uid(), type, reason, message);
    }

    /** Writes that failed in an earlier cycle, tried again: the job's suspension, Workload object, start or stop. */
    void retryFailed() {
        failed.retry(this::tryAgain);
    }

    private boolean tryAgain(TrackedJob t, Write write) {
        return switch (write) {
            case SUSPEND -> t.adapter.suspend(writer, t.key, t.live);
            case WORKLOAD -> t.workload() != null && writer.ensure(KubeKind.WORKLOAD, WorkloadObjects.workload(t));
            case START -> t.is(TrackedJob.State.ADMITTED) && startJob(t);
            // Admitted again since, or finished (a stop decided on a stale view is refused by the
            // API server, see JobPatches.stop): the stop is no longer owed.
            case STOP -> t.is(TrackedJob.State.ADMITTED) || t.is(TrackedJob.State.FINISHED)
                    || t.adapter.stop(writer, t.key, t.live);
        };
    }

    private boolean startJob(TrackedJob t) {
        Map<String, ResourceFlavorSpec> byName = new HashMap<>();
        inForce.configuration().scenario().flavors().forEach(f -> byName.put(f.name(), f));
        Map<String, Collection<ResourceFlavorSpec>> flavors = new HashMap<>();
        for (PodSetAssignment psa : t.assignment.podSets()) {
            List<ResourceFlavorSpec> specs = new ArrayList<>();
            new TreeSet<>(psa.flavors().values()).forEach(f -> Optional.ofNullable(byName.get(f)).ifPresent(specs::add));
            flavors.put(psa.name(), specs);
        }
        return t.adapter.start(writer, t.key, t.live, flavors, provisioning.annotations(t.workload().key()));
    }
}
