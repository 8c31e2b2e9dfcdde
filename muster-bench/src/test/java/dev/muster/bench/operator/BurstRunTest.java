package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Short bursts end to end through the mock API server with the real controller. Checks what
 * happened, never how fast: every Job that fits is admitted, the audit of the end state is clean
 * (no node holds more GPUs than it has), and the requests were counted.
 */
class BurstRunTest {

    private static final OperatorPerfRun.Settings SETTINGS = OperatorPerfRun.Settings.defaults()
            .withTimeout(Duration.ofMinutes(3));

    @Test
    void aBurstOf300JobsIsAdmittedWhole() throws InterruptedException {
        BurstResult r = BurstRun.run(BurstLayout.of(300, 0), SETTINGS);

        assertThat(r.admittedInTime()).as("every Job unsuspended before the (generous) timeout").isTrue();
        assertThat(r.admitted()).isEqualTo(300);
        assertThat(r.suspendedAgain()).as("nothing evicted").isZero();
        assertThat(r.audit().workloads()).as("one Workload per Job").isEqualTo(300);
        assertThat(r.audit().admitted()).isEqualTo(300);
        assertThat(r.audit().unsuspendedJobs()).isEqualTo(300);
        assertThat(r.audit().reservedMilli()).containsEntry("cpu", 300_000L);
        assertThat(r.audit().violations()).isEmpty();
        assertThat(r.passed()).isTrue();

        assertThat(r.requests()).extracting(CountingDispatcher.Count::request)
                .contains("POST jobs", "POST workloads", "PATCH jobs");
        assertThat(r.requests()).filteredOn(c -> c.request().equals("POST jobs"))
                .singleElement().extracting(CountingDispatcher.Count::count).isEqualTo(300L);
        assertThat(r.decider().found()).as("the decider thread was watched").isTrue();
        assertThat(r.decider().sampleCount()).isPositive();
        assertThat(r.admissionsPerSecond()).isPositive();
    }

    /** 100 one-GPU Jobs on 20 nodes of 4 GPUs: 80 fit; Muster binds those and no node gets a fifth. */
    @Test
    void onGpuNodesMusterBindsAsManyPodsAsTheGpusTakeAndNoMore() throws InterruptedException {
        BurstLayout layout = BurstLayout.of(100, 20);
        assertThat(layout.admissible()).isEqualTo(80);

        BurstResult r = BurstRun.run(layout, SETTINGS);

        assertThat(r.admittedInTime()).isTrue();
        assertThat(r.admitted()).as("pods bound").isEqualTo(80);
        assertThat(BurstResult.count(r.unsuspendedAt())).as("Jobs unsuspended").isEqualTo(80);
        long[] unsuspended = r.unsuspendedAt();
        long[] bound = r.boundAt();
        for (int i = 0; i < bound.length; i++) {
            assertThat(bound[i] < 0 || unsuspended[i] >= 0).as("job %d bound only once unsuspended", i).isTrue();
        }
        assertThat(r.audit().boundPods()).isEqualTo(80);
        assertThat(r.audit().gpuNodesUsed()).isEqualTo(20);
        assertThat(r.audit().maxGpusOnANode()).isEqualTo(4);
        assertThat(r.audit().admitted()).isEqualTo(80);
        assertThat(r.audit().workloads()).isEqualTo(100);
        assertThat(r.audit().reservedMilli()).containsEntry(BurstManifests.GPU, 80_000L);
        assertThat(r.audit().violations()).isEmpty();
        assertThat(r.podCreateFailures()).isZero();
        assertThat(r.passed()).isTrue();

        assertThat(r.requests()).extracting(CountingDispatcher.Count::request)
                .contains("POST jobs", "POST workloads", "PATCH jobs", "POST pods", "POST bindings");
        assertThat(r.requests()).filteredOn(c -> c.request().equals("POST bindings"))
                .singleElement().extracting(CountingDispatcher.Count::count).isEqualTo(80L);
        assertThat(Arrays.stream(bound).filter(t -> t >= 0)).hasSize(80);
    }

    @Test
    void theBurstOptionsAreCheckedAndTheLayoutSharesGpusOverTheQueues() throws InterruptedException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        assertThat(OperatorPerfReplay.run(new String[] {"--gpu-nodes", "5"}, out, e)).isEqualTo(2);
        assertThat(OperatorPerfReplay.run(new String[] {"--burst", "10", "--workloads", "5"}, out, e)).isEqualTo(2);
        assertThat(OperatorPerfReplay.run(new String[] {"--burst", "0"}, out, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--gpu-nodes goes with --burst", "--burst takes no SHAPE",
                "--burst must be at least 1");

        BurstLayout l = BurstLayout.of(10_000, 500);
        assertThat(l.queues()).isEqualTo(10);
        assertThat(l.totalGpus()).isEqualTo(2_000);
        assertThat(l.gpuQuota(0)).isEqualTo(200);
        assertThat(l.jobsOfQueue(9)).isEqualTo(1_000);
        assertThat(l.admissible()).isEqualTo(2_000);
        assertThat(BurstLayout.of(3, 0).queues()).isEqualTo(3);
        assertThat(BurstLayout.jobIndex(l.jobName(1234))).isEqualTo(1234);
        assertThat(BurstLayout.jobIndex(l.queueName(3))).isEqualTo(-1);
        assertThat(BurstManifests.job(l, 7).getSpec().getTemplate().getSpec().getSchedulerName()).isEqualTo("muster");
        assertThat(BurstManifests.job(l, 7).getMetadata().getNamespace()).isEqualTo("burst-cq-07");
    }
}
