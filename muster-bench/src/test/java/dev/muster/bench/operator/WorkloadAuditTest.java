package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The quota audit on hand-made histories of Job and Workload versions. */
class WorkloadAuditTest {

    private static final Map<String, WorkloadAudit.Limit> QUEUES = Map.of(
            "a", new WorkloadAudit.Limit("a", 10_000), "b", new WorkloadAudit.Limit("b", 10_000));
    private static final Map<String, String> COHORT_OF = Map.of("a", "c", "b", "c");
    private static final Map<String, WorkloadAudit.Limit> COHORTS = Map.of("c", new WorkloadAudit.Limit("c", 15_000));

    private static GenericKubernetesResource workload(long rv, String job, String queue, String cpu, String... trueConditions) {
        GenericKubernetesResource w = new GenericKubernetesResource();
        w.setApiVersion(PerfManifests.KUEUE);
        w.setKind("Workload");
        w.setMetadata(new ObjectMetaBuilder().withNamespace("ns").withName("job-" + job).withResourceVersion(Long.toString(rv))
                .withOwnerReferences(new OwnerReferenceBuilder().withKind("Job").withName(job).withController(true).build())
                .build());
        List<Map<String, Object>> conditions = java.util.Arrays.stream(trueConditions)
                .map(t -> Map.<String, Object>of("type", t, "status", "True")).toList();
        Map<String, Object> status = queue == null ? Map.of("conditions", conditions) : Map.of("conditions", conditions,
                "admission", Map.of("clusterQueue", queue, "podSetAssignments",
                        List.of(Map.of("name", "main", "count", 1, "resourceUsage", Map.of("cpu", cpu)))));
        w.setAdditionalProperty("status", status);
        return w;
    }

    @Test
    void quotaIsHeldWhileTheJobRunsWithTheAmountItsWorkloadShows() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/x", true, false);
        audit.job(2, "ns/x", false, false); // started
        audit.workload(workload(3, "x", "a", "6", "QuotaReserved", "Admitted"));
        audit.job(4, "ns/y", false, false); // started in a, 6 + 6 > 10
        audit.workload(workload(5, "y", "a", "6", "QuotaReserved", "Admitted"));

        WorkloadAudit.Result r = audit.check(QUEUES, COHORT_OF, COHORTS);

        assertThat(r.violationCount()).isEqualTo(1);
        assertThat(r.violations().get(0)).contains("ClusterQueue a held 12 cpu (limit 10)");
        assertThat(r.peakByQueue()).containsEntry("a", 12_000L);
    }

    @Test
    void aVictimSuspendedBeforeThePreemptorStartsFreesItsQuotaWhateverOrderTheStatusesComeIn() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/victim", false, false);
        audit.workload(workload(2, "victim", "a", "8", "QuotaReserved", "Admitted"));
        audit.job(3, "ns/victim", true, false); // evicted: suspended first
        audit.job(4, "ns/preemptor", false, false); // then the preemptor starts
        // the statuses of the cycle: the preemptor's first, then the victim's
        audit.workload(workload(5, "preemptor", "a", "8", "QuotaReserved", "Admitted"));
        audit.workload(workload(6, "victim", null, null, "Evicted"));

        WorkloadAudit.Result r = audit.check(QUEUES, COHORT_OF, COHORTS);

        assertThat(r.violations()).isEmpty();
        assertThat(r.peakByQueue()).containsEntry("a", 8_000L);
        assertThat(r.everAdmitted()).containsExactlyInAnyOrder("ns/victim", "ns/preemptor");
    }

    @Test
    void aJobCompleteBeforeItsWorkloadShowsTheAdmissionHoldsNothingAfterwards() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/short", false, false);
        audit.job(2, "ns/short", false, true); // Complete before the controller wrote the status
        audit.workload(workload(3, "short", "a", "10", "QuotaReserved", "Admitted"));
        audit.job(4, "ns/next", false, false);
        audit.workload(workload(5, "next", "a", "10", "QuotaReserved", "Admitted"));
        audit.workload(workload(6, "short", null, null, "Finished"));

        WorkloadAudit.Result r = audit.check(QUEUES, COHORT_OF, COHORTS);

        assertThat(r.violations()).isEmpty();
        assertThat(r.finished()).containsExactly("ns/short");
    }

    @Test
    void theCohortIsCheckedAcrossItsQueues() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/x", false, false);
        audit.workload(workload(2, "x", "a", "9", "QuotaReserved", "Admitted"));
        audit.job(3, "ns/y", false, false);
        audit.workload(workload(4, "y", "b", "9", "QuotaReserved", "Admitted"));

        WorkloadAudit.Result r = audit.check(QUEUES, COHORT_OF, COHORTS);

        assertThat(r.violations()).singleElement().asString().contains("cohort c held 18 cpu (limit 15)");
    }

    @Test
    void aStartRetriedAfterTheStatusWasWrittenHoldsFromTheStart() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/x", true, false);
        audit.workload(workload(2, "x", "a", "10", "QuotaReserved", "Admitted")); // the start patch failed
        audit.job(3, "ns/y", false, false);
        audit.workload(workload(4, "y", "b", "5", "QuotaReserved", "Admitted"));
        audit.job(5, "ns/x", false, false); // retried in the next cycle

        WorkloadAudit.Result r = audit.check(QUEUES, COHORT_OF, COHORTS);

        assertThat(r.violations()).isEmpty();
        assertThat(r.peakByQueue()).containsEntry("a", 10_000L).containsEntry("b", 5_000L);
        assertThat(r.peakByCohort()).containsEntry("c", 15_000L);
    }

    @Test
    void aStartedJobWithoutAWorkloadStatusIsReported() {
        WorkloadAudit audit = new WorkloadAudit();
        audit.job(1, "ns/x", false, false);

        assertThat(audit.check(QUEUES, COHORT_OF, COHORTS).violations()).singleElement().asString()
                .contains("no Workload status ever showed its quota reserved");
    }
}
