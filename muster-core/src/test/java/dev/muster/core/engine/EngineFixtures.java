package dev.muster.core.engine;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small builders that keep engine tests readable: queues with cpu quota, workloads of N pods × M cpu. */
final class EngineFixtures {

    private final List<ClusterQueueSpec> queues = new ArrayList<>();
    private final List<CohortSpec> cohorts = new ArrayList<>();
    private final List<LocalQueueSpec> localQueues = new ArrayList<>();
    private long sequence;

    /** A ClusterQueue with one cpu resource group; flavors given as name=nominal pairs, in order. */
    EngineFixtures queue(String name, String cohort, QueueingStrategy strategy, Object... flavorNominals) {
        List<FlavorQuotas> flavors = new ArrayList<>();
        for (int i = 0; i < flavorNominals.length; i += 2) {
            flavors.add(new FlavorQuotas((String) flavorNominals[i],
                    List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(((Number) flavorNominals[i + 1]).longValue())))));
        }
        queues.add(new ClusterQueueSpec(name, Optional.ofNullable(cohort),
                List.of(new ResourceGroup(List.of("cpu"), flavors)), strategy, LabelSelector.EVERYTHING,
                ClusterQueueSpec.DEFAULT_WEIGHT));
        localQueues.add(new LocalQueueSpec(new ObjectKey(name, "main"), name));
        return this;
    }

    EngineFixtures queue(String name, String cohort, long cpu) {
        return queue(name, cohort, QueueingStrategy.BEST_EFFORT_FIFO, "default", cpu);
    }

    EngineFixtures queue(ClusterQueueSpec spec) {
        queues.add(spec);
        localQueues.add(new LocalQueueSpec(new ObjectKey(spec.name(), "main"), spec.name()));
        return this;
    }

    Engine engine(boolean fairSharing) {
        return new Engine(EngineSetup.kueue(queues, cohorts, localQueues,
                List.of(), new AdmissionSettings(fairSharing)));
    }

    Engine engine(AdmissionSettings settings) {
        return new Engine(EngineSetup.kueue(queues, cohorts, localQueues, List.of(), settings));
    }

    /** An engine that places pods on these nodes (and on nodes added later). */
    Engine engineOnNodes(List<dev.muster.core.placement.NodeSpec> nodes) {
        return new Engine(EngineSetup.kueue(queues, cohorts, localQueues, List.of(), new AdmissionSettings(false))
                .withNodes(nodes, List.of()));
    }

    /** An engine with these settings that places pods on these nodes. */
    Engine engineOnNodes(List<dev.muster.core.placement.NodeSpec> nodes, AdmissionSettings settings) {
        return new Engine(EngineSetup.kueue(queues, cohorts, localQueues, List.of(), settings).withNodes(nodes, List.of()));
    }

    /** A cpu node with labels. */
    static dev.muster.core.placement.NodeSpec cpuNode(String name, long cpu, Map<String, String> labels) {
        return new dev.muster.core.placement.NodeSpec(name, labels, List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(cpu))), 0, "");
    }

    EngineFixtures cohort(dev.muster.core.model.CohortSpec cohort) {
        cohorts.add(cohort);
        return this;
    }

    /** A one-flavor cpu ClusterQueue with the given policies. */
    EngineFixtures queue(String name, String cohort, long cpu, dev.muster.core.model.ClusterQueuePolicies policies) {
        queue(name, cohort, cpu);
        ClusterQueueSpec last = queues.remove(queues.size() - 1);
        queues.add(last.withPolicies(policies));
        return this;
    }

    Engine engine() {
        return engine(false);
    }

    /** A workload in namespace {@code queue} (LocalQueue "main"): one pod set of pods × cpu each. */
    Workload workload(String queue, String name, int priority, int pods, long cpuPerPod) {
        return workload(queue, name, priority, pods, pods, cpuPerPod);
    }

    Workload workload(String queue, String name, int priority, int pods, int minPods, long cpuPerPod) {
        long seq = sequence++;
        return new Workload(new ObjectKey(queue, name), "main", priority, seq, seq, List.of(new PodSet("main", pods,
                minPods, new ResourceList(Map.of("cpu", Quantity.ofUnits(cpuPerPod))))));
    }
}
