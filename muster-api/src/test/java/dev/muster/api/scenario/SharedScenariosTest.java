package dev.muster.api.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.api.manifest.ManifestException;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SharedScenariosTest {

    @Test
    void everySharedScenarioLoads() throws Exception {
        List<Path> files = SharedScenarios.all();
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            assertThatCode(() -> ScenarioLoader.load(List.of(f), 1)).as(f.toString()).doesNotThrowAnyException();
        }
    }

    @Test
    void theWholeDirectoryLoadsAsOneScenarioWouldClash() throws Exception {
        // The shared scenarios reuse names (ClusterQueue team-a, ...): loading them together must
        // report the duplicates rather than merge them.
        Path dir = SharedScenarios.file("kueue-cohort-borrowing").getParent();
        try {
            ScenarioLoader.load(List.of(dir), 1);
        } catch (ManifestException e) {
            assertThat(e.errors()).anySatisfy(err -> assertThat(err.message()).contains("is already declared in"));
            return;
        }
        throw new AssertionError("expected duplicate objects across the shared scenarios");
    }

    @Test
    void priorityPreemption() throws Exception {
        Scenario s = load("seed-priority-preemption");
        WorkloadSource prod = workload(s, "prod-batch-inference");
        assertThat(prod.kind()).isEqualTo("RayJob");
        assertThat(prod.key().namespace()).isEqualTo("default");
        assertThat(prod.priority()).isEqualTo(1000);
        assertThat(prod.priorityClassName()).contains("prod-priority");
        assertThat(prod.localQueue()).contains("user-queue");
        assertThat(s.run(prod).arrivalMillis()).isEqualTo(30_000);
        assertThat(s.run(prod).durationMillis()).isEmpty();
        assertThat(prod.podSets()).containsExactly(
                PodSet.of("head", 1, resources("cpu", "1", "memory", "4Gi")),
                PodSet.of("gpu-workers", 2, resources("cpu", "4", "memory", "16Gi", "nvidia.com/gpu", "1")),
                PodSet.of("submitter", 1, resources("cpu", "500m", "memory", "200Mi")));

        WorkloadSource dev = workload(s, "dev-text-classifier");
        assertThat(dev.priority()).isEqualTo(100);
        assertThat(dev.podSets().get(1).count()).isEqualTo(3);
        assertThat(dev.workerGroup("gpu-workers")).hasValueSatisfying(g -> {
            assertThat(g.minReplicas()).isEqualTo(3);
            assertThat(g.maxReplicas()).isEqualTo(3);
        });
        // Creation order: dev arrives at 0s, prod at 30s.
        assertThat(s.workloads()).extracting(w -> w.key().name()).containsExactly("dev-text-classifier", "prod-batch-inference");

        ClusterQueueSpec cq = s.clusterQueues().get(0);
        assertThat(cq.name()).isEqualTo("gpu-queue");
        assertThat(cq.cohort()).isEmpty();
        assertThat(cq.namespaceSelector()).isEqualTo(LabelSelector.EVERYTHING);
        assertThat(cq.queueingStrategy()).isEqualTo(QueueingStrategy.BEST_EFFORT_FIFO);
        assertThat(cq.resourceGroups().get(0).coveredResources()).containsExactly("cpu", "memory", "nvidia.com/gpu");
        assertThat(cq.resourceGroups().get(0).flavors().get(0).resources()).containsExactly(
                ResourceQuota.nominal("cpu", Quantity.parse("100")),
                ResourceQuota.nominal("memory", Quantity.parse("400Gi")),
                ResourceQuota.nominal("nvidia.com/gpu", Quantity.parse("4")));
        assertThat(s.policies("gpu-queue").preemption().withinClusterQueue()).isEqualTo(WithinClusterQueue.LOWER_PRIORITY);
        assertThat(s.otherObjects("WorkloadPriorityClass")).extracting(DeclaredObject::name)
                .containsExactly("prod-priority", "dev-priority");
    }

    @Test
    void kaiGpuSharingHeadRequestsComeFromLimits() throws Exception {
        Scenario s = load("seed-kai-gpu-sharing");
        WorkloadSource rc = workload(s, "raycluster-half-gpu");
        assertThat(rc.kind()).isEqualTo("RayCluster");
        assertThat(rc.kaiQueue()).contains("team-a");
        assertThat(rc.localQueue()).isEmpty();
        // In a KAI queue a gpu-fraction pod asks for that share of a GPU; the gang minimum is 1 + 2.
        assertThat(withoutHints(rc.podSets())).containsExactly(
                PodSet.of("head", 1, resources("cpu", "1", "memory", "2Gi")),
                PodSet.of("shared-gpu", 2, resources("cpu", "1", "memory", "2Gi", "nvidia.com/gpu", "500m")));
        assertThat(rc.podSets().get(1).hints().gpuFractionMilli()).as("placement shares a device").isEqualTo(500);
        assertThat(rc.template("shared-gpu").orElseThrow().gpuFraction()).contains(new BigDecimal("0.5"));
        assertThat(rc.template("head").orElseThrow().gpuFraction()).isEmpty();
        assertThat(rc.priority()).as("KAI's default class, train").isEqualTo(50);
        assertThat(s.kaiQueues()).extracting(q -> q.name()).containsExactly("department-1", "team-a");
        assertThat(s.otherObjects("Queue")).extracting(DeclaredObject::name).containsExactly("department-1", "team-a");
        assertThat(s.otherObjects("Node")).extracting(DeclaredObject::name).containsExactly("gpu-node-1");
        assertThat(s.clusterQueues()).isEmpty();
    }

    @Test
    void kaiGang() throws Exception {
        Scenario s = load("seed-kai-gang");
        WorkloadSource rc = workload(s, "raycluster-sample");
        assertThat(rc.podSets()).extracting(PodSet::name, PodSet::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("head", 1), org.assertj.core.groups.Tuple.tuple("worker", 2));
        assertThat(rc.workerGroup("worker").orElseThrow().kaiGangMinimum()).isEqualTo(2);
        assertThat(rc.podSets().get(0).perPod()).isEqualTo(resources("cpu", "1", "memory", "2Gi"));
    }

    @Test
    void gkeQueuedProvisioning() throws Exception {
        Scenario s = load("seed-gke-queued-provisioning");
        assertThat(s.workloads()).hasSize(1);
        WorkloadSource job = s.workloads().get(0);
        // generateName plus a 5-character suffix from the seed.
        assertThat(job.key().name()).matches("pytorch-text-classifier-[a-z0-9]{5}");
        assertThat(s.run(job).durationMillis()).contains(600_000L);
        assertThat(withoutHints(job.podSets())).containsExactly(
                PodSet.of("head", 1, resources("cpu", "2", "memory", "8G", "nvidia.com/gpu", "1")),
                PodSet.of("submitter", 1, resources("cpu", "500m", "memory", "200Mi")));
        assertThat(job.podSets().get(0).hints().tolerations()).as("the head tolerates the GPU taint").hasSize(1);
        assertThat(job.template("head").orElseThrow().tolerations()).hasSize(1);
        assertThat(s.flavors()).extracting(f -> f.name()).containsExactly("default-flavor");
        assertThat(s.policies("cluster-queue").admissionChecks()).extracting(r -> r.name()).containsExactly("rayjob-gpu");
        assertThat(s.otherObjects()).extracting(DeclaredObject::kind).containsExactly("Node");
        assertThat(s.admissionChecks()).singleElement().satisfies(check -> {
            assertThat(check.name()).isEqualTo("rayjob-gpu");
            assertThat(check.provisioning()).isTrue();
            assertThat(check.provisioningRequestConfig()).contains("rayjob-gpu-config");
        });
        assertThat(s.provisioningConfigs()).singleElement().satisfies(config -> {
            assertThat(config.provisioningClassName()).isEqualTo("queued-provisioning.gke.io");
            assertThat(config.managedResources()).containsExactly("nvidia.com/gpu");
            assertThat(config.retry()).isEqualTo(dev.muster.core.checks.RetryStrategy.KUEUE_DEFAULT);
        });
        assertThat(s.provisioningChecks()).containsOnlyKeys("rayjob-gpu");
        assertThat(s.nodePools()).singleElement().satisfies(pool -> {
            assertThat(pool.maxNodes()).isEqualTo(10);
            assertThat(pool.provisioningDelayMillis()).isEqualTo(60_000);
            assertThat(pool.provisioningClassName()).contains("queued-provisioning.gke.io");
        });
    }

    @Test
    void cohortBorrowingHasAnImplicitCohortAndDeclaredNamespaces() throws Exception {
        Scenario s = load("kueue-cohort-borrowing");
        assertThat(s.cohorts()).containsExactly(CohortSpec.implicit("eng"));
        assertThat(s.clusterQueues()).extracting(ClusterQueueSpec::cohort).containsOnly(Optional.of("eng"));
        assertThat(s.namespaces()).extracting(n -> n.name()).containsExactly("team-a", "team-b");
        assertThat(s.namespaces().get(0).labels()).containsEntry("kubernetes.io/metadata.name", "team-a");
        assertThat(s.localQueues()).hasSize(2);
        assertThat(s.workloads()).extracting(w -> w.key().toString())
                .containsExactly("team-a/a-1", "team-a/a-2", "team-a/a-3", "team-b/b-1");
        assertThat(s.workloads()).extracting(w -> s.run(w).arrivalMillis()).containsExactly(0L, 1000L, 2000L, 3000L);
    }

    @Test
    void fairSharingConfigurationIsRead() throws Exception {
        Scenario s = load("kueue-fair-sharing-equal-split");
        assertThat(s.settings().fairSharing()).isTrue();
        assertThat(s.settings().manageJobsWithoutQueueName()).isFalse();
        assertThat(s.settings().fairSharingPreemptionStrategies()).isEqualTo(KueueSettings.DEFAULT_PREEMPTION_STRATEGIES);
        assertThat(s.clusterQueues()).extracting(ClusterQueueSpec::fairSharingWeight).containsOnly(Quantity.ofUnits(1));
        assertThat(s.run(workload(s, "blocker")).durationMillis()).contains(60_000L);
    }

    @Test
    void partialAdmissionKeepsMinCount() throws Exception {
        Scenario s = load("kueue-partial-admission");
        assertThat(workload(s, "new").podSets()).containsExactly(new PodSet("main", 50, 20, resources("cpu", "2")));
    }

    @Test
    void lendingLimitsAndReclaimPolicy() throws Exception {
        Scenario lending = load("kueue-lending-limit");
        assertThat(lending.clusterQueues().get(0).resourceGroups().get(0).flavors().get(0).resources().get(0))
                .isEqualTo(new ResourceQuota("cpu", Quantity.parse("3"), Optional.empty(), Optional.of(Quantity.parse("2"))));
        Scenario reclaim = load("kueue-reclaim-from-borrower");
        assertThat(reclaim.policies("team-a").preemption().reclaimWithinCohort()).isEqualTo(ReclaimWithinCohort.ANY);
        assertThat(reclaim.policies("team-b").preemption().reclaimWithinCohort()).isEqualTo(ReclaimWithinCohort.NEVER);
        assertThat(workload(reclaim, "b1").priority()).isEqualTo(100);
        assertThat(workload(reclaim, "b2").priority()).isEqualTo(50);
    }

    @Test
    void flavorFallbackKeepsFlavorOrderAndNodeLabels() throws Exception {
        Scenario s = load("kueue-flavor-fallback");
        assertThat(s.clusterQueues().get(0).resourceGroups().get(0).flavors()).extracting(f -> f.flavor())
                .containsExactly("on-demand", "spot");
        assertThat(s.flavors().get(1).nodeLabels()).containsEntry("instance-type", "spot");
        assertThat(s.namespaces()).extracting(n -> n.name()).containsExactly("default");
    }

    private static Scenario load(String name) throws ManifestException {
        return ScenarioLoader.load(List.of(SharedScenarios.file(name)), 1);
    }

    private static WorkloadSource workload(Scenario s, String name) {
        return s.workloads().stream().filter(w -> w.key().name().equals(name)).findFirst().orElseThrow();
    }

    static ResourceList resources(String... pairs) {
        Map<String, Quantity> m = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], Quantity.parse(pairs[i + 1]));
        }
        return new ResourceList(m);
    }

    private static java.util.List<PodSet> withoutHints(java.util.List<PodSet> podSets) {
        return podSets.stream().map(p -> p.withHints(dev.muster.core.model.PlacementHints.NONE)).toList();
    }
}
