package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.GeneratorConfig;
import dev.muster.bench.kueue.PerfShape;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The command's arguments, the scaling of a shape, the manifests and the request names; no run. */
class OperatorPerfReplayTest {

    @Test
    void baselineScaledTo1500KeepsItsQueuesAndMix() {
        GeneratorConfig baseline = PerfShape.bundled("baseline").generator();
        assertThat(baseline.workloadCount()).isEqualTo(15_000);

        GeneratorConfig small = OperatorPerfReplay.scaledTo(baseline, 1500);

        assertThat(small.workloadCount()).isEqualTo(1500);
        assertThat(small.clusterQueueCount()).isEqualTo(30);
        assertThat(small.cohorts().get(0).queuesSets().get(0).workloadsSets())
                .extracting(GeneratorConfig.WorkloadsSet::count).containsExactly(35, 10, 5);
        assertThat(OperatorPerfReplay.scaledTo(baseline, 15_000)).isEqualTo(baseline);
    }

    @Test
    void aWorkloadIsASuspendedJobInItsQueuesNamespaceWithItsPriorityClass() {
        GeneratedCluster c = new GeneratedCluster(PerfShape.bundled("baseline").generator());
        GeneratedCluster.ArrivalStream medium = c.streams().get(1);

        Job job = PerfManifests.job(medium, 3, 500);

        assertThat(job.getMetadata().getName()).isEqualTo("medium-1-3-0");
        assertThat(job.getMetadata().getNamespace()).isEqualTo("cq-0-0-cohort-0");
        assertThat(job.getMetadata().getLabels()).containsEntry("kueue.x-k8s.io/queue-name", "cq-0-0-cohort-0")
                .containsEntry("kueue.x-k8s.io/priority-class", "perf-priority-100");
        assertThat(job.getSpec().getSuspend()).isTrue();
        assertThat(job.getSpec().getParallelism()).isEqualTo(1);
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getRequests().get("cpu")
                .toString()).isEqualTo("5");
        assertThat(PerfManifests.clusterQueue(c.queues().get(0)).getAdditionalProperties().toString())
                .contains("cohort=cohort-0", "nominalQuota=20", "borrowingLimit=100", "reclaimWithinCohort=Any",
                        "withinClusterQueue=LowerPriority");
        assertThat(PerfManifests.priorityClasses(c)).hasSize(3);
    }

    @Test
    void requestsAreNamedByVerbAndResource() {
        assertThat(CountingDispatcher.kind("GET", "/apis/kueue.x-k8s.io/v1beta1/namespaces/ns/workloads/w"))
                .isEqualTo("GET workloads");
        assertThat(CountingDispatcher.kind("PUT", "/apis/kueue.x-k8s.io/v1beta1/namespaces/ns/workloads/w/status"))
                .isEqualTo("PUT workloads/status");
        assertThat(CountingDispatcher.kind("PUT", "/apis/kueue.x-k8s.io/v1beta1/clusterqueues/cq/status"))
                .isEqualTo("PUT clusterqueues/status");
        assertThat(CountingDispatcher.kind("GET", "/apis/batch/v1/jobs?watch=true&resourceVersion=5"))
                .isEqualTo("WATCH jobs");
        assertThat(CountingDispatcher.kind("GET", "/apis/batch/v1/namespaces/ns/jobs")).isEqualTo("LIST jobs");
        assertThat(CountingDispatcher.kind("POST", "/api/v1/namespaces/ns/events")).isEqualTo("POST events");
        assertThat(CountingDispatcher.kind("GET", "/api/v1/namespaces/ns")).isEqualTo("GET namespaces");
    }

    @Test
    void badArgumentsExitWith2() throws InterruptedException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        assertThat(OperatorPerfReplay.run(new String[] {"--workloads", "0"}, out, e)).isEqualTo(2);
        assertThat(OperatorPerfReplay.run(new String[] {"--time-scale", "-1"}, out, e)).isEqualTo(2);
        assertThat(OperatorPerfReplay.run(new String[] {"no-such-shape"}, out, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--workloads must be at least 1", "no such shape");
    }
}
