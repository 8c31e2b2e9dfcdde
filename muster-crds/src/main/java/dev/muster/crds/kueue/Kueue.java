package dev.muster.crds.kueue;

/** Kueue's API group and the version Muster serves. */
public final class Kueue {

    public static final String GROUP = "kueue.x-k8s.io";
    public static final String VERSION = "v1beta1";
    /**
     * Kueue's newer version, served beside v1beta1 (the storage version) with Kueue's renames:
     * ClusterQueue {@code cohort} → {@code cohortName}, {@code admissionChecks} → {@code
     * admissionChecksStrategy}; Workload {@code priorityClassName}/{@code priorityClassSource} →
     * {@code priorityClassRef}. Muster's conversion webhook converts between the two.
     */
    public static final String V1BETA2 = "v1beta2";
    /** The version Cohort had before Kueue promoted it, still served for manifests written against it. */
    public static final String COHORT_ALPHA_VERSION = "v1alpha1";

    /** Label of a job that names its LocalQueue. */
    public static final String QUEUE_NAME_LABEL = "kueue.x-k8s.io/queue-name";
    /** Label of a job that names its WorkloadPriorityClass. */
    public static final String PRIORITY_CLASS_LABEL = "kueue.x-k8s.io/priority-class";

    private Kueue() {
    }
}
