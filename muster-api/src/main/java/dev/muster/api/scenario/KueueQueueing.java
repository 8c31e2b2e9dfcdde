package dev.muster.api.scenario;

import dev.muster.core.model.LocalQueueSpec;
import java.util.Optional;
import java.util.Set;

/**
 * Which LocalQueue Kueue would put a job in, for every mode (simulate and run decide it here and
 * nowhere else). Kueue's rules (pkg/controller/jobframework defaults.go, utils.go, reconciler.go):
 * <ol>
 *   <li>a job that names a LocalQueue with {@code kueue.x-k8s.io/queue-name} goes there;</li>
 *   <li>a job without it, in a namespace that has a LocalQueue named {@code default}, goes to that
 *       one (LocalQueue defaulting, on whatever {@code manageJobsWithoutQueueName} says);</li>
 *   <li>otherwise, with {@code manageJobsWithoutQueueName}, it is managed all the same: suspended,
 *       with a Workload that no queue admits. Muster gives it the queue name {@code default}, which
 *       does not exist in its namespace, so it waits with that reason;</li>
 *   <li>otherwise Kueue leaves it alone.</li>
 * </ol>
 * Kueue's default {@code managedJobsNamespaceSelector} keeps rules 2 and 3 out of
 * {@code kube-system} and {@code kueue-system}. Rules 2 and 3 are those of Kueue's job webhooks and
 * reconcilers, so they hold for the job kinds Kueue integrates by default (Job, RayJob,
 * RayCluster): not for a Workload written by hand (nothing defaults it), nor for plain Pods (the
 * pod integration is off unless Kueue's {@code integrations.frameworks} names it, which Muster
 * does not read). A job that names a KAI queue and no LocalQueue is KAI's, not Kueue's, and is
 * never defaulted.
 */
public final class KueueQueueing {

    /** The LocalQueue name of Kueue's defaulting ({@code constants.DefaultLocalQueueName}). */
    public static final String DEFAULT_LOCAL_QUEUE = "default";

    /** The kinds whose webhooks default the LocalQueue and manage jobs without one. */
    private static final Set<String> JOB_KINDS = Set.of("Job", "RayJob", "RayCluster");

    /** Kueue's default managedJobsNamespaceSelector leaves these namespaces out. */
    private static final Set<String> UNMANAGED_NAMESPACES = Set.of("kube-system", "kueue-system");

    private KueueQueueing() {
    }

    /**
     * The LocalQueue of a job, or empty when Kueue does not manage it.
     *
     * @param label     the LocalQueue the job names (its queue-name label, or a Workload's spec.queueName)
     * @param kaiQueued whether the job names a KAI queue
     * @param kind      the job's kind (Job, RayJob, RayCluster, Pod, Workload)
     * @param namespace the job's namespace
     */
    public static Optional<String> localQueue(Optional<String> label, boolean kaiQueued, String kind,
            String namespace, Scenario scenario) {
        if (label.isPresent()) {
            return label;
        }
        if (kaiQueued || !JOB_KINDS.contains(kind) || UNMANAGED_NAMESPACES.contains(namespace)) {
            return Optional.empty();
        }
        if (hasDefaultLocalQueue(namespace, scenario) || scenario.settings().manageJobsWithoutQueueName()) {
            return Optional.of(DEFAULT_LOCAL_QUEUE);
        }
        return Optional.empty();
    }

    private static boolean hasDefaultLocalQueue(String namespace, Scenario scenario) {
        for (LocalQueueSpec lq : scenario.localQueues()) {
            if (lq.key().namespace().equals(namespace) && lq.key().name().equals(DEFAULT_LOCAL_QUEUE)) {
                return true;
            }
        }
        return false;
    }
}
