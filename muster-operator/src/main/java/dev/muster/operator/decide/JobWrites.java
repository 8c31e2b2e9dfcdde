package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.operator.decide.FailedWrites.Write;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.provisioning.ProvisioningChecks;
import dev.muster.operator.write.PreparedWrites;
import dev.muster.operator.write.WriteLanes;
import dev.muster.operator.write.WriteLanes.Barrier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The writes the decider makes on a job and its Workload object: suspend, start, stop, create the
 * Workload, its ProvisioningRequests, and events. Each is prepared here, on the decider's thread,
 * and sent in the job's lane ({@link WriteLanes}): after the job's earlier writes (its Workload's
 * admission before its start), a start after every stop submitted before it. A write that fails is
 * owed ({@link FailedWrites}) while it is still due, and sent again at the start of each cycle.
 *
 * <p>A stop holds every later start and binding back until it is written or no longer due (the job
 * admitted again, finished or deleted): a stop can fail (the job changed since the decider read it,
 * see JobPatches.stop) and is sent again a cycle later, and meanwhile the job's pods may run, so a
 * preemptor admitted in its place must not start yet. A job evicted before its start went out is
 * not started at all: the start is withdrawn, and there is nothing to stop, unless an earlier start
 * of it went out since its last stop ({@link TrackedJob#startWentOut}).
 */
final class JobWrites {

    /** At debug, each start and stop as it is decided, withdrawn, written or failed: the trace of a job's writes. */
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JobWrites.class);

    private final ClusterWriter writer;
    private final WriteLanes lanes;
    private final InForce inForce;
    private final ProvisioningChecks provisioning;
    private final FailedWrites failed = new FailedWrites();
    private final java.time.Clock clock;
    /** Told, on the decider's thread, of each stop written: the job's quota may go back now. */
    private Consumer<TrackedJob> stopWritten = t -> { };

    JobWrites(ClusterWriter writer, WriteLanes lanes, InForce inForce, ProvisioningChecks provisioning, java.time.Clock clock) {
        this.writer = writer;
        this.clock = clock;
        this.lanes = lanes;
        this.inForce = inForce;
        this.provisioning = provisioning;
    }

    /** Whom to tell, on the decider's thread, of each stop written. */
    void whenStopWritten(Consumer<TrackedJob> listener) {
        this.stopWritten = listener;
    }

    /**
     * Whether a stop of the job is due and not written yet: until it is, its pods may run though
     * the decider's view, which lags behind the writes, shows it suspended (its start went out).
     */
    static boolean stopPending(TrackedJob t) {
        return t.stopping != null && !t.stopping.isLifted();
    }

    /** Holds a job that runs and should not yet: the webhook suspends managed jobs at creation, this on first sight. */
    void suspend(TrackedJob t) {
        t.suspensionUnwritten = true;
        // The job may run, and the engine does not count it (it enters once stopped): like a stop, its
        // suspension holds back every later start until it is written, not only until it is tried.
        if (t.stopping == null || t.stopping.isLifted()) {
            t.stopping = lanes.hold();
        }
        WriteLanes.Hold hold = t.stopping;
        WriteLanes.Ticket sent = send(t, Write.SUSPEND, Barrier.RELEASES, w -> t.adapter.suspend(w, t.key, t.live), () -> true,
                () -> {
                    t.suspensionUnwritten = false; // JobIntake.enterStopped looks at it in the cycle that follows
                    hold.lift();
                });
        if (sent == null) {
            t.suspensionUnwritten = false; // nothing to write (a pod group's suspension is an event only)
            stopNoLongerDue(t);
        }
    }

    /** Creates the job's Workload object if it does not exist yet. */
    void ensureWorkload(TrackedJob t) {
        t.workloadObjectGone = false;
        ObjectNode workload = WorkloadObjects.workload(t);
        send(t, Write.WORKLOAD, Barrier.NONE, w -> w.ensure(KubeKind.WORKLOAD, workload));
    }

    /** Unsuspends an admitted job with its flavors' node labels and tolerations (and the checks' annotations). */
    void start(TrackedJob t) {
        failed.settle(t, Write.STOP); // a stop still owed from an earlier eviction would stop it again
        failed.settle(t, Write.SUSPEND);
        stopNoLongerDue(t);
        LOG.debug("{} #{}: start decided", t, t.seq());
        t.start = sendStart(t);
    }

    /** The job is not to be started (evicted, or a KAI job, which was never suspended). */
    void noStart(TrackedJob t) {
        failed.settle(t, Write.START);
    }

    /** Suspends an evicted job, unless its start has not gone out yet and it never ran. */
    void stop(TrackedJob t) {
        failed.settle(t, Write.START);
        boolean withdrawn = t.start != null && t.start.withdraw();
        LOG.debug("{} #{}: stop decided; start withdrawn {}, seen suspended {} (rv {}), a start went out {}", t, t.seq(), withdrawn,
                t.adapter.suspended(t.live), version(t), t.startWentOut);
        if (withdrawn && t.adapter.suspended(t.live) && !t.startWentOut) {
            t.start = null;
            // Suspended as the decider last saw it, and no start of it went out since its last stop:
            // nothing to stop. An earlier start that went out (admitted, evicted, admitted again, and
            // only the latest start withdrawn) may run unseen yet, and is stopped as any other.
            return;
        }
        if (t.stopping == null || t.stopping.isLifted()) {
            t.stopping = lanes.hold();
        }
        WriteLanes.Hold hold = t.stopping;
        PreparedWrites prepared = new PreparedWrites(writer);
        String preparedOn = version(t);
        t.adapter.stop(prepared, t.key, t.live);
        lanes.submit(t.id(), Barrier.RELEASES, () -> {
            boolean ok = prepared.sendTo(writer);
            LOG.debug("{} #{}: stop {}", t, t.seq(), ok ? "written" : "failed");
            if (ok) {
                t.startWentOut = false;
                hold.lift();
            }
            return ok;
        }, () -> stopWritten.accept(t), () -> {
            if (due(t, Write.STOP)) {
                t.stopRefusedOn = preparedOn;
                t.stopRetryAtMillis = clock.millis() + STOP_BACKOFF_MILLIS;
                failed.record(t, Write.STOP, false);
            } else {
                LOG.debug("{} #{}: stop failed and no longer due ({}): its hold is lifted", t, t.seq(), t.state());
                hold.lift();
            }
        });
    }

    /** Deletes a KAI gang's pods: KAI evicts so, and their controller makes them again. */
    void deletePods(TrackedJob t, List<ObjectKey> pods) {
        lanes.submit(t.id(), Barrier.RELEASES, () -> {
            boolean all = true;
            for (ObjectKey pod : pods) {
                all &= writer.deletePod(pod);
            }
            return all;
        }, () -> { });
    }

    /**
     * The job's ProvisioningRequests (and their PodTemplates), prepared by the checks: in one lane
     * for all jobs, so that the autoscaler sees them in the order they were decided, and each after
     * its job's earlier writes (its Workload exists). Their outcome is not followed: the checks make
     * them again when they are still due.
     */
    void provisioning(TrackedJob t, Consumer<ClusterWriter> prepare) {
        PreparedWrites prepared = new PreparedWrites(writer);
        prepare.accept(prepared);
        if (!prepared.isEmpty()) {
            lanes.submit(PROVISIONING_LANE, t.id(), () -> prepared.sendTo(writer), () -> { });
        }
    }

    private static final String PROVISIONING_LANE = "ProvisioningRequests";

    /** The job is gone: what was owed for it is dropped, and what fails of its writes still under way is not owed. */
    void forget(TrackedJob t) {
        t.gone = true;
        failed.forget(t);
        stopNoLongerDue(t);
        if (t.start != null) {
            t.start.withdraw();
        }
    }

    private static void stopNoLongerDue(TrackedJob t) {
        if (t.stopping != null) {
            LOG.debug("{} #{}: stop no longer due ({}): its hold is lifted", t, t.seq(), t.state());
            t.stopping.lift();
            t.stopping = null;
        }
    }

    void event(TrackedJob t, String type, String reason, String message) {
        writer.event(t.adapter.kind(), t.key, t.uid(), type, reason, message);
    }

    /**
     * Writes that failed in an earlier cycle, sent again if still due: the job's suspension, Workload
     * object, start or stop. A stop holds only on the job as the decider saw it, so one refused is
     * sent again once the view of the job has changed (the same patch on the same view meets the
     * same conflict: sent at every cycle, it made a stale view cost a stop every few milliseconds),
     * or after {@link #STOP_BACKOFF_MILLIS} in case it failed for another reason.
     */
    void retryFailed() {
        long now = clock.millis();
        failed.retry((t, write) -> {
            if (due(t, write)) {
                switch (write) {
                    case SUSPEND -> suspend(t);
                    case WORKLOAD -> ensureWorkload(t);
                    case START -> t.start = sendStart(t);
                    case STOP -> {
                        if (version(t).equals(t.stopRefusedOn) && now < t.stopRetryAtMillis) {
                            failed.record(t, Write.STOP, false); // nothing changed that could make it hold
                        } else {
                            stop(t);
                        }
                    }
                }
            } else if (write == Write.STOP) {
                stopNoLongerDue(t);
            } else if (write == Write.SUSPEND) {
                t.suspensionUnwritten = false;
                stopNoLongerDue(t);
            }
        });
    }

    /** When a refused stop is next sent again though the job's view has not changed; empty if none waits so. */
    java.util.OptionalLong nextRetryMillis() {
        return failed.owing(Write.STOP).stream().mapToLong(t -> t.stopRetryAtMillis).min();
    }

    private static final long STOP_BACKOFF_MILLIS = 1_000;

    private static String version(TrackedJob t) {
        return t.live.path("metadata").path("resourceVersion").asText("");
    }

    /**
     * Whether a write is still wanted: a start while the job is admitted, a stop or suspension
     * while it is not (nor finished: a stop decided on a stale view is refused by the API server,
     * see JobPatches.stop), a Workload while the job has one.
     */
    private static boolean due(TrackedJob t, Write write) {
        if (t.gone) {
            return false;
        }
        return switch (write) {
            case SUSPEND, STOP -> !t.is(TrackedJob.State.ADMITTED) && !t.is(TrackedJob.State.FINISHED);
            case WORKLOAD -> t.workload() != null;
            case START -> t.is(TrackedJob.State.ADMITTED);
        };
    }

    /**
     * Prepares the adapter's writes now, from what the decider holds, and sends them in the job's
     * lane; if they fail and are still due when that is known, they are owed.
     */
    private WriteLanes.Ticket send(TrackedJob t, Write write, Barrier barrier, Predicate<ClusterWriter> prepare) {
        return send(t, write, barrier, prepare, () -> true);
    }

    /**
     * A start goes out only if the job's Workload shows its admission (the status before it in the
     * lane was written): otherwise it fails, and is sent again while due, after the status.
     */
    private WriteLanes.Ticket sendStart(TrackedJob t) {
        return send(t, Write.START, Barrier.OCCUPIES, w -> startJob(t, w), () -> t.admissionRecorded);
    }

    /** As {@link #send(TrackedJob, Write, Barrier, Predicate)}, sent only if {@code ready} holds when its turn comes. */
    private WriteLanes.Ticket send(TrackedJob t, Write write, Barrier barrier, Predicate<ClusterWriter> prepare,
            java.util.function.BooleanSupplier ready) {
        return send(t, write, barrier, prepare, ready, () -> { });
    }

    /** As above; {@code written} runs on the decider's thread once the write succeeded (and a cycle follows). */
    private WriteLanes.Ticket send(TrackedJob t, Write write, Barrier barrier, Predicate<ClusterWriter> prepare,
            java.util.function.BooleanSupplier ready, Runnable written) {
        PreparedWrites prepared = new PreparedWrites(writer);
        prepare.test(prepared);
        if (prepared.isEmpty()) {
            return null; // nothing to write (a pod group's suspension is an event only)
        }
        return lanes.submit(t.id(), barrier, () -> {
            if (!ready.getAsBoolean()) {
                LOG.debug("{} #{}: {} not sent: not ready", t, t.seq(), write);
                return false;
            }
            if (write == Write.START) {
                t.startWentOut = true; // before it is sent: whether it landed is known only later
            }
            boolean ok = prepared.sendTo(writer);
            if (write == Write.START || write == Write.SUSPEND) {
                LOG.debug("{} #{}: {} {}", t, t.seq(), write, ok ? "written" : "failed");
            }
            if (ok && write == Write.SUSPEND) {
                t.startWentOut = false;
            }
            return ok;
        }, written, () -> {
            if (due(t, write)) {
                failed.record(t, write, false);
            } else if (write == Write.SUSPEND) {
                stopNoLongerDue(t); // its hold: nothing is owed that could lift it later
            }
        });
    }

    private boolean startJob(TrackedJob t, ClusterWriter w) {
        Map<String, ResourceFlavorSpec> byName = new HashMap<>();
        inForce.configuration().scenario().flavors().forEach(f -> byName.put(f.name(), f));
        Map<String, Collection<ResourceFlavorSpec>> flavors = new HashMap<>();
        for (PodSetAssignment psa : t.assignment.podSets()) {
            List<ResourceFlavorSpec> specs = new ArrayList<>();
            new TreeSet<>(psa.flavors().values()).forEach(f -> Optional.ofNullable(byName.get(f)).ifPresent(specs::add));
            flavors.put(psa.name(), specs);
        }
        return t.adapter.start(w, t.key, t.live, flavors, provisioning.annotations(t.workload().key()));
    }
}
