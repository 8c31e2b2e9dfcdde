package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.Assignment;

import dev.muster.core.model.ObjectKey;

/**
 * What the engine decided about a workload in one scheduling cycle. Adapters (the simulator, the
 * operator) carry decisions out; no policy lives in them.
 */
public sealed interface Decision {

    ObjectKey workload();

    /**
     * The workload is admitted: quota is reserved in {@code clusterQueue} as {@code assignment} says
     * and every admission check (if any) is Ready, so its job may start. When nodes are known,
     * {@code pods} says where each of its pods goes (the whole gang has a place). {@code note} says
     * more when there is more to say (empty otherwise): that it was backfilled ahead of a reservation.
     * {@code promise} is the backfill promise it was admitted on, when it was admitted on the promise
     * to end before a reservation and may be preempted for running past it ({@code preemptOverstaying}):
     * adapters record it with the admission, so that a new leader holds the job to it.
     */
    record Admit(ObjectKey workload, String clusterQueue, Assignment assignment,
            java.util.List<dev.muster.core.placement.PodPlacement> pods, String note,
            java.util.Optional<BackfillPromise> promise) implements Decision {

        public Admit {
            pods = java.util.List.copyOf(pods);
            java.util.Objects.requireNonNull(note, "note");
            java.util.Objects.requireNonNull(promise, "promise");
        }

        /** An admission on no promise. */
        public Admit(ObjectKey workload, String clusterQueue, Assignment assignment,
                java.util.List<dev.muster.core.placement.PodPlacement> pods, String note) {
            this(workload, clusterQueue, assignment, pods, note, java.util.Optional.empty());
        }

        /** This admission, made on {@code p}. */
        public Admit withPromise(BackfillPromise p) {
            return new Admit(workload, clusterQueue, assignment, pods, note, java.util.Optional.of(p));
        }

        /** An admission with nothing more to say than where it goes. */
        public Admit(ObjectKey workload, String clusterQueue, Assignment assignment,
                java.util.List<dev.muster.core.placement.PodPlacement> pods) {
            this(workload, clusterQueue, assignment, pods, "");
        }

        /** An admission by quota alone: no nodes are known, so no pod has a place. */
        public Admit(ObjectKey workload, String clusterQueue, Assignment assignment) {
            this(workload, clusterQueue, assignment, java.util.List.of());
        }
    }

    /**
     * Quota is reserved, but the ClusterQueue's admission checks must pass first (state
     * QuotaReserved); report their outcome with {@code Engine.updateCheck}.
     */
    record ReserveQuota(ObjectKey workload, String clusterQueue, Assignment assignment, java.util.List<String> checks)
            implements Decision {
        public ReserveQuota {
            checks = java.util.List.copyOf(checks);
        }
    }

    /**
     * Stop the workload (suspend its job, delete its pods) and report back with
     * {@code Engine.evicted} once its pods are gone; it keeps its quota until then.
     *
     * @param reason  why; {@link EvictionReason#kueueReason()} is Kueue's Evicted reason
     * @param detail  for Preempted, Kueue's Preempted reason: InClusterQueue, InCohortReclamation,
     *                InCohortFairSharing or InCohortReclaimWhileBorrowing; otherwise empty
     * @param message why, in words a user understands (names the preemptor)
     * @param preemptor for Preempted, the workload it makes room for
     */
    record Evict(ObjectKey workload, EvictionReason reason, String detail, String message,
            java.util.Optional<ObjectKey> preemptor) implements Decision {

        public Evict(ObjectKey workload, EvictionReason reason, String detail, String message) {
            this(workload, reason, detail, message, java.util.Optional.empty());
        }
    }

    /**
     * Change an admitted gang's pod counts to {@code to}'s, keeping it running: down to its
     * minimum to make room for another workload (its pods beyond the minimum are deleted), or up
     * when room for more of its replicas has appeared. Quota follows at once.
     */
    record Resize(ObjectKey workload, Assignment to, String message) implements Decision {
    }

    /** The workload keeps waiting; why changed since it was last reported. */
    record Wait(ObjectKey workload, Pending pending) implements Decision {

        /** The sentence a user reads. */
        public String reason() {
            return pending.message();
        }
    }
}
