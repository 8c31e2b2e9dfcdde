package dev.muster.operator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.operator.metrics.MusterMetrics.ClusterQueueStatus;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Prometheus scrapes: Kueue's metric names and labels, exactly. */
class MusterMetricsTest {

    private final MusterMetrics metrics = new MusterMetrics();

    private List<String> samples() {
        return Arrays.stream(metrics.scrape().split("\n")).filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
    }

    private List<String> typeLines() {
        return Arrays.stream(metrics.scrape().split("\n")).filter(l -> l.startsWith("# TYPE")).toList();
    }

    @Test
    void pendingWorkloadsAreAGaugePerClusterQueueAndStatus() {
        metrics.pending("cluster-queue", 3, 1);

        assertThat(typeLines()).contains("# TYPE kueue_pending_workloads gauge");
        assertThat(samples()).contains(
                "kueue_pending_workloads{cluster_queue=\"cluster-queue\",status=\"active\"} 3.0",
                "kueue_pending_workloads{cluster_queue=\"cluster-queue\",status=\"inadmissible\"} 1.0");
    }

    @Test
    void aGaugeShowsTheLastValueSet() {
        metrics.pending("cluster-queue", 3, 1);
        metrics.pending("cluster-queue", 0, 2);
        metrics.admittedActive("cluster-queue", 4);
        metrics.admittedActive("cluster-queue", 2);

        assertThat(samples()).contains(
                "kueue_pending_workloads{cluster_queue=\"cluster-queue\",status=\"active\"} 0.0",
                "kueue_pending_workloads{cluster_queue=\"cluster-queue\",status=\"inadmissible\"} 2.0",
                "kueue_admitted_active_workloads{cluster_queue=\"cluster-queue\"} 2.0");
    }

    @Test
    void anAdmissionCountsTheWorkloadAndRecordsItsWaitInKueuesBuckets() {
        metrics.admitted("cluster-queue", Duration.ofSeconds(3));
        metrics.admitted("cluster-queue", Duration.ofSeconds(60));

        assertThat(typeLines()).contains(
                "# TYPE kueue_admitted_workloads_total counter",
                "# TYPE kueue_admission_wait_time_seconds histogram");
        assertThat(samples()).contains(
                "kueue_admitted_workloads_total{cluster_queue=\"cluster-queue\"} 2.0",
                "kueue_admission_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"1.0\"} 0",
                "kueue_admission_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"5.0\"} 1",
                "kueue_admission_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"80.0\"} 2",
                "kueue_admission_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"10240.0\"} 2",
                "kueue_admission_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"+Inf\"} 2",
                "kueue_admission_wait_time_seconds_count{cluster_queue=\"cluster-queue\"} 2",
                "kueue_admission_wait_time_seconds_sum{cluster_queue=\"cluster-queue\"} 63.0");
    }

    @Test
    void theWaitTimeBucketsAreKueues() {
        assertThat(MusterMetrics.WAIT_TIME_BUCKETS).extracting(d -> d.toMillis() / 1000.0).containsExactly(
                1.0, 2.5, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 640.0, 1280.0, 2560.0, 5120.0, 10240.0);
    }

    @Test
    void aQuotaReservationCountsTheWorkloadAndRecordsItsWait() {
        metrics.quotaReserved("cluster-queue", Duration.ofMillis(500));

        assertThat(typeLines()).contains(
                "# TYPE kueue_quota_reserved_workloads_total counter",
                "# TYPE kueue_quota_reserved_wait_time_seconds histogram");
        assertThat(samples()).contains(
                "kueue_quota_reserved_workloads_total{cluster_queue=\"cluster-queue\"} 1.0",
                "kueue_quota_reserved_wait_time_seconds_bucket{cluster_queue=\"cluster-queue\",le=\"1.0\"} 1");
    }

    @Test
    void evictionsAreCountedPerClusterQueueAndReason() {
        metrics.evicted("cluster-queue", "Preempted");
        metrics.evicted("cluster-queue", "Preempted");
        metrics.evicted("cluster-queue", "PodsReadyTimeout");

        assertThat(typeLines()).contains("# TYPE kueue_evicted_workloads_total counter");
        assertThat(samples()).contains(
                "kueue_evicted_workloads_total{cluster_queue=\"cluster-queue\",reason=\"Preempted\"} 2.0",
                "kueue_evicted_workloads_total{cluster_queue=\"cluster-queue\",reason=\"PodsReadyTimeout\"} 1.0");
    }

    @Test
    void preemptionsAreCountedPerPreemptingClusterQueueAndReason() {
        metrics.preempted("team-a", "InCohortReclamation");

        assertThat(samples()).contains(
                "kueue_preempted_workloads_total{preempting_cluster_queue=\"team-a\",reason=\"InCohortReclamation\"} 1.0");
    }

    @Test
    void usageAndQuotaAreGaugesPerCohortClusterQueueFlavorAndResource() {
        metrics.usage("research", "team-a", "a100", "nvidia.com/gpu", 6);
        metrics.reservation("research", "team-a", "a100", "nvidia.com/gpu", 7);
        metrics.nominalQuota("research", "team-a", "a100", "nvidia.com/gpu", 8);
        metrics.borrowingLimit("research", "team-a", "a100", "nvidia.com/gpu", 4);

        assertThat(typeLines()).contains(
                "# TYPE kueue_cluster_queue_resource_usage gauge",
                "# TYPE kueue_cluster_queue_nominal_quota gauge");
        String labels = "{cluster_queue=\"team-a\",cohort=\"research\",flavor=\"a100\",resource=\"nvidia.com/gpu\"}";
        assertThat(samples()).contains(
                "kueue_cluster_queue_resource_usage" + labels + " 6.0",
                "kueue_cluster_queue_resource_reservation" + labels + " 7.0",
                "kueue_cluster_queue_nominal_quota" + labels + " 8.0",
                "kueue_cluster_queue_borrowing_limit" + labels + " 4.0");
    }

    @Test
    void aClusterQueueOutsideAnyCohortHasAnEmptyCohortLabel() {
        metrics.usage(null, "team-a", "default", "cpu", 2.5);

        assertThat(samples()).contains(
                "kueue_cluster_queue_resource_usage{cluster_queue=\"team-a\",cohort=\"\",flavor=\"default\",resource=\"cpu\"} 2.5");
    }

    @Test
    void theClusterQueueStatusIsOneForItsStatusAndZeroForTheOthers() {
        metrics.clusterQueueStatus("team-a", ClusterQueueStatus.PENDING);
        metrics.clusterQueueStatus("team-a", ClusterQueueStatus.ACTIVE);

        assertThat(samples()).contains(
                "kueue_cluster_queue_status{cluster_queue=\"team-a\",status=\"active\"} 1.0",
                "kueue_cluster_queue_status{cluster_queue=\"team-a\",status=\"pending\"} 0.0",
                "kueue_cluster_queue_status{cluster_queue=\"team-a\",status=\"terminating\"} 0.0");
    }

    @Test
    void admissionAttemptsAreCountedAndTimedByResult() {
        metrics.admissionAttempt(true, Duration.ofMillis(20));
        metrics.admissionAttempt(false, Duration.ofMillis(3));

        assertThat(samples()).contains(
                "kueue_admission_attempts_total{result=\"success\"} 1.0",
                "kueue_admission_attempts_total{result=\"inadmissible\"} 1.0",
                "kueue_admission_attempt_duration_seconds_bucket{result=\"success\",le=\"0.025\"} 1",
                "kueue_admission_attempt_duration_seconds_count{result=\"inadmissible\"} 1");
    }

    @Test
    void schedulingCyclesAreAMusterHistogramInSeconds() {
        metrics.schedulingCycle(Duration.ofMillis(7));

        assertThat(typeLines()).contains("# TYPE muster_scheduling_cycle_seconds histogram");
        assertThat(samples()).contains(
                "muster_scheduling_cycle_seconds_bucket{le=\"0.005\"} 0",
                "muster_scheduling_cycle_seconds_bucket{le=\"0.01\"} 1",
                "muster_scheduling_cycle_seconds_count 1",
                "muster_scheduling_cycle_seconds_sum 0.007");
    }

    @Test
    void theWriteLanesShowWhatIsUnderWayAndWhatWasCoalesced() {
        metrics.writes(12, 3);
        metrics.writes(5, 4);

        assertThat(typeLines()).contains("# TYPE muster_api_writes_in_flight gauge", "# TYPE muster_status_writes_coalesced gauge");
        assertThat(samples()).contains("muster_api_writes_in_flight 5.0", "muster_status_writes_coalesced 4.0");
    }

    @Test
    void noMetricNameGetsADoubledSuffix() {
        metrics.admitted("q", Duration.ofSeconds(1));
        metrics.quotaReserved("q", Duration.ofSeconds(1));
        metrics.evicted("q", "Preempted");
        metrics.schedulingCycle(Duration.ofMillis(1));

        assertThat(metrics.scrape()).doesNotContain("_total_total", "_seconds_seconds");
    }

    @Test
    void forgettingAClusterQueueDropsItsSeriesOnly() {
        metrics.pending("gone", 1, 0);
        metrics.admitted("gone", Duration.ofSeconds(1));
        metrics.usage("", "gone", "default", "cpu", 1);
        metrics.preempted("gone", "InClusterQueue");
        metrics.pending("kept", 2, 0);

        metrics.forgetClusterQueue("gone");

        assertThat(metrics.scrape()).doesNotContain("\"gone\"");
        assertThat(samples()).contains("kueue_pending_workloads{cluster_queue=\"kept\",status=\"active\"} 2.0");
    }

    @Test
    void aForgottenGaugeComesBackWhenSetAgain() {
        metrics.pending("q", 1, 0);
        metrics.forgetClusterQueue("q");

        metrics.pending("q", 5, 0);

        assertThat(samples()).contains("kueue_pending_workloads{cluster_queue=\"q\",status=\"active\"} 5.0");
    }

    @Test
    void forgettingAFlavorDropsItsResourceSeries() {
        metrics.nominalQuota("", "q", "old", "cpu", 4);
        metrics.nominalQuota("", "q", "new", "cpu", 8);

        metrics.forgetFlavor("q", "old");

        assertThat(metrics.scrape()).doesNotContain("flavor=\"old\"").contains("flavor=\"new\"");
    }

    @Test
    void aNegativeWaitIsRecordedAsZero() {
        metrics.admitted("q", Duration.ofSeconds(-5));

        assertThat(samples()).contains("kueue_admission_wait_time_seconds_sum{cluster_queue=\"q\"} 0.0");
    }
}
