package dev.muster.sim.cluster;

import java.util.List;

/**
 * How a job kind's own controller (KubeRay for RayJob and RayCluster, the Job controller, the
 * kubelet for a Pod) reacts when Muster suspends, admits or finishes its workload: the status
 * changes a user would watch with kubectl, as timeline entries. One small stand-in per kind.
 */
public sealed interface JobStandIn {

    /** A status change of the user's object: event reason and message. */
    record StatusChange(String reason, String message) {
    }

    List<StatusChange> created();

    List<StatusChange> admitted();

    List<StatusChange> finished();

    /** Muster evicted the workload: the controller stops it and its pods go away. */
    List<StatusChange> evicted();

    /**
     * The stand-in for a kind. {@code suspendedByKueue} is false when no Kueue queue manages the
     * object (KAI schedules it, or nothing does): then nobody suspends it, and KubeRay creates the
     * pods at once, which wait in Pending until the scheduler binds them.
     */
    static JobStandIn forKind(String kind, boolean suspendedByKueue) {
        if (!suspendedByKueue && kind.equals("RayCluster")) {
            return new SchedulerGatedRayClusterStandIn();
        }
        if (!suspendedByKueue && kind.equals("RayJob")) {
            return new SchedulerGatedRayJobStandIn();
        }
        return forKind(kind);
    }

    static JobStandIn forKind(String kind) {
        return switch (kind) {
            case "RayJob" -> new RayJobStandIn();
            case "RayCluster" -> new RayClusterStandIn();
            case "Job" -> new BatchJobStandIn();
            case "Pod" -> new PodStandIn();
            default -> new WorkloadStandIn();
        };
    }

    /** KubeRay's RayJob: {@code status.jobDeploymentStatus} Suspended → Initializing → Running → Complete. */
    record RayJobStandIn() implements JobStandIn {
        /** Every status change of a RayJob says so first; the text report picks them out of the timeline by it. */
        public static final String STATUS = "jobDeploymentStatus: ";

        public List<StatusChange> created() {
            return List.of(new StatusChange("Suspended", STATUS + "Suspended (spec.suspend=true until the RayJob is admitted)"));
        }

        public List<StatusChange> admitted() {
            return List.of(
                    new StatusChange("Initializing", STATUS + "Initializing (spec.suspend=false; KubeRay creates the RayCluster)"),
                    new StatusChange("Running", STATUS + "Running (all pods of the RayCluster run; the submitter starts the job)"));
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Complete", STATUS + "Complete (the RayCluster is deleted and its pods release their resources)"));
        }

        public List<StatusChange> evicted() {
            return List.of(
                    new StatusChange("Suspending", STATUS + "Suspending (spec.suspend=true; KubeRay deletes the RayCluster and the submitter)"),
                    new StatusChange("Suspended", STATUS + "Suspended (the job starts afresh when admitted again)"));
        }
    }

    /** KubeRay's RayCluster: suspended until admitted, then ready. */
    record RayClusterStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("Suspended", "state: suspended (spec.suspend=true until the RayCluster is admitted)"));
        }

        public List<StatusChange> admitted() {
            return List.of(new StatusChange("Ready", "state: ready (head and workers run)"));
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Deleted", "the RayCluster is deleted and its pods release their resources"));
        }

        public List<StatusChange> evicted() {
            return List.of(new StatusChange("Suspended", "state: suspended (spec.suspend=true; its pods are deleted)"));
        }
    }

    /** A RayCluster no Kueue queue manages: KubeRay creates its pods at once; they wait for the scheduler. */
    record SchedulerGatedRayClusterStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("PodsPending", "KubeRay creates the head and worker pods; they stay Pending"
                    + " until the scheduler can place the whole gang"));
        }

        public List<StatusChange> admitted() {
            return List.of(new StatusChange("Ready", "state: ready (the scheduler bound every pod of the gang)"));
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Deleted", "the RayCluster is deleted and its pods release their resources"));
        }

        public List<StatusChange> evicted() {
            return List.of(new StatusChange("PodsPending", "its pods are evicted; KubeRay recreates them and they wait"
                    + " in Pending until the gang fits again"));
        }
    }

    /** A RayJob no Kueue queue manages: not suspended; its RayCluster's pods wait for the scheduler. */
    record SchedulerGatedRayJobStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("Initializing", RayJobStandIn.STATUS + "Initializing (KubeRay creates the"
                    + " RayCluster; its pods stay Pending until the scheduler can place the whole gang)"));
        }

        public List<StatusChange> admitted() {
            return List.of(new StatusChange("Running", RayJobStandIn.STATUS + "Running (all pods of the RayCluster run;"
                    + " the submitter starts the job)"));
        }

        public List<StatusChange> finished() {
            return new RayJobStandIn().finished();
        }

        public List<StatusChange> evicted() {
            return List.of(new StatusChange("Initializing", RayJobStandIn.STATUS + "Initializing (its pods were evicted;"
                    + " they wait in Pending until the gang fits again)"));
        }
    }

    /** The batch/v1 Job controller. */
    record BatchJobStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("Suspended", "spec.suspend=true until the Job is admitted"));
        }

        public List<StatusChange> admitted() {
            return List.of(new StatusChange("Resumed", "spec.suspend=false; the Job controller creates its pods"));
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Completed", "the Job completed"));
        }

        public List<StatusChange> evicted() {
            return List.of(new StatusChange("Suspended", "spec.suspend=true; the Job controller deletes its pods"));
        }
    }

    /** A plain Pod, held by a scheduling gate until admitted. */
    record PodStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("SchedulingGated", "the pod waits behind its scheduling gate until admitted"));
        }

        public List<StatusChange> admitted() {
            return List.of(new StatusChange("Running", "the scheduling gate is removed and the pod runs"));
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Succeeded", "the pod finished"));
        }

        public List<StatusChange> evicted() {
            return List.of(new StatusChange("Deleted", "the pod is deleted; it waits behind its scheduling gate again"));
        }
    }

    /** A bare Kueue Workload object: nothing but the workload itself. */
    record WorkloadStandIn() implements JobStandIn {
        public List<StatusChange> created() {
            return List.of(new StatusChange("Created", "waiting for admission"));
        }

        public List<StatusChange> admitted() {
            return List.of();
        }

        public List<StatusChange> finished() {
            return List.of(new StatusChange("Finished", "the workload finished"));
        }

        public List<StatusChange> evicted() {
            return List.of();
        }
    }
}
