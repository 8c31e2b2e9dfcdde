package dev.muster.operator.decide;

import dev.muster.api.manifest.ManifestException;
import dev.muster.operator.config.ClusterConfiguration;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the configuration again when it changed and builds a new engine from it. Admissions in
 * force are taken over as they are (the engine's restore), pending jobs queue again in their
 * original order, and jobs no queue managed are looked at again. A configuration that cannot be
 * read is refused whole: the previous one stays in force.
 */
final class ConfigurationReconciler {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigurationReconciler.class);

    private final InForce inForce;
    private final ObservedCluster observed;
    private final Map<String, String> configurationFiles;
    private final TrackedJobs jobs;
    private final JobEntry entry;
    private final JobIntake intake;
    private final PodScheduling scheduling;
    private final ProvisioningChecks provisioning;
    private final StatusRecorder statuses;

    ConfigurationReconciler(InForce inForce, ObservedCluster observed, Map<String, String> configurationFiles,
            TrackedJobs jobs, JobEntry entry, JobIntake intake, PodScheduling scheduling,
            ProvisioningChecks provisioning, StatusRecorder statuses) {
        this.inForce = inForce;
        this.observed = observed;
        this.configurationFiles = Map.copyOf(configurationFiles);
        this.jobs = jobs;
        this.entry = entry;
        this.intake = intake;
        this.scheduling = scheduling;
        this.provisioning = provisioning;
        this.statuses = statuses;
    }

    /** Reads the configuration again if it changed since it was last read. */
    void reconcile() {
        if (!observed.takeConfigurationChange()) {
            return;
        }
        ClusterConfiguration next;
        try {
            next = ClusterConfiguration.of(observed.configurationObjects(), configurationFiles);
        } catch (ManifestException e) {
            String why = "the configuration is refused, the previous one stays in force: " + e.getMessage();
            inForce.refused(why);
            LOG.error(why);
            return;
        }
        provisioning.configure(next.scenario());
        rebuildEngine(next);
        statuses.engineReplaced();
        enterAgain();
        intake.configurationChanged();
    }

    /**
     * The engine adds and removes nodes for placement in place, but the capacity KAI divides among
     * its queues is part of its quota tree, built with the engine: when the nodes' total changes
     * (a node joined or left, an autoscaler at work), the engine is built again, keeping every
     * admission and the queue order.
     */
    void nodesMayHaveChanged() {
        if (inForce.hasEngine() && !inForce.configuration().scenario().kaiQueues().isEmpty()
                && !scheduling.declaredCapacity().equals(inForce.capacity())) {
            observed.configurationChanged();
        }
    }

    private void rebuildEngine(ClusterConfiguration configuration) {
        FreshEngine fresh = FreshEngine.of(configuration, scheduling);
        inForce.replace(configuration, fresh.engine(), fresh.capacity());
    }

    /** Every job not finished enters the new engine, in the order the jobs were created. */
    private void enterAgain() {
        jobs.clearWorkloadIndex();
        List<TrackedJob> all = new ArrayList<>(jobs.all());
        JobEntry.sortInCreationOrder(all);
        for (TrackedJob t : all) {
            if (!t.is(TrackedJob.State.FINISHED)) {
                intake.enter(t);
            }
        }
    }
}
